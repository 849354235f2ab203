import { describe, expect, test } from "vitest";
import { keyBatches } from "./key-batches.server";
import { TierRefusal } from "./tier.server";

const limits = { maxKeys: 3, maxBytes: 11, maxKeyBytes: 5, separator: " " };

describe("cutting purge keys into batches", () => {
  test("keeps the order and fills each batch up to the key count and the byte limit, never past", () => {
    expect(keyBatches("T", ["a", "b", "c", "d", "e"], limits)).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
    // "aaaaa bbbbb" is 11 bytes; a third key would make 17.
    expect(keyBatches("T", ["aaaaa", "bbbbb", "c"], limits)).toEqual([["aaaaa", "bbbbb"], ["c"]]);
  });

  test("counts bytes as sent (UTF-8), not characters", () => {
    // "éé" is 4 bytes: "éé éé" is 9, a third would make 14.
    expect(keyBatches("T", ["éé", "éé", "éé"], limits)).toEqual([["éé", "éé"], ["éé"]]);
  });

  test("nothing to purge is no batch", () => {
    expect(keyBatches("T", [], limits)).toEqual([]);
  });

  test("a key no batch can carry, or an empty one, is refused before any batch is made", () => {
    expect(() => keyBatches("Tier X", ["ok", "toolong"], limits)).toThrow(TierRefusal);
    expect(() => keyBatches("Tier X", ["ok", "toolong"], limits)).toThrow(
      /Tier X cannot purge the key "toolong": 7 bytes/,
    );
    expect(() => keyBatches("Tier X", [""], limits)).toThrow(TierRefusal);
  });
});
