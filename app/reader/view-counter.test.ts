import { describe, expect, test } from "vitest";
import { readViewedIds, rememberViewedId, VIEWED_ARTICLES_KEY } from "./view-counter";

function memoryStorage(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[VIEWED_ARTICLES_KEY, initial]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("the once-per-browser list of viewed articles", () => {
  test("starts empty and remembers each id once", () => {
    const storage = memoryStorage();
    expect(readViewedIds(storage)).toEqual([]);
    rememberViewedId(storage, "a");
    rememberViewedId(storage, "b");
    rememberViewedId(storage, "a");
    expect(readViewedIds(storage)).toEqual(["b", "a"]);
  });

  test("a damaged stored value counts as empty instead of breaking the page", () => {
    expect(readViewedIds(memoryStorage("{not json"))).toEqual([]);
    expect(readViewedIds(memoryStorage(`{"a":1}`))).toEqual([]);
    expect(readViewedIds(memoryStorage(`["a", 3, null, "b"]`))).toEqual(["a", "b"]);
  });

  test("keeps the newest 500 ids", () => {
    const storage = memoryStorage(JSON.stringify(Array.from({ length: 500 }, (_, i) => `id-${i}`)));
    rememberViewedId(storage, "newest");
    const ids = readViewedIds(storage);
    expect(ids).toHaveLength(500);
    expect(ids[0]).toBe("id-1");
    expect(ids.at(-1)).toBe("newest");
  });
});
