import { describe, expect, test } from "vitest";
import { diffWords, type DiffPart } from "./word-diff";

const rebuild = (parts: DiffPart[], side: "before" | "after") =>
  parts
    .filter((p) => p.kind === "same" || p.kind === (side === "before" ? "removed" : "added"))
    .map((p) => p.text)
    .join("");

describe("word diff", () => {
  test("a one-word change shows that word removed and its replacement added, the rest unchanged", () => {
    expect(diffWords("Heavy rain in Accra today", "Heavy rain in Kumasi today")).toEqual([
      { kind: "same", text: "Heavy rain in " },
      { kind: "removed", text: "Accra" },
      { kind: "added", text: "Kumasi" },
      { kind: "same", text: " today" },
    ]);
  });

  test("added and removed words in several places; both texts rebuild exactly", () => {
    const before = "The minister said the road will open in May, officials confirmed it on Monday .";
    const after = "The minister said the new road will open in June, officials confirmed it .";
    const parts = diffWords(before, after);
    expect(rebuild(parts, "before")).toBe(before);
    expect(rebuild(parts, "after")).toBe(after);
    // Punctuation is a token of its own: only the word that changed is marked.
    expect(parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["new", "June"]);
    expect(parts.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual(["May", "on Monday"]);
  });

  test("identical, empty and wholly new texts", () => {
    expect(diffWords("same text", "same text")).toEqual([{ kind: "same", text: "same text" }]);
    expect(diffWords("", "")).toEqual([]);
    expect(diffWords("", "new words")).toEqual([{ kind: "added", text: "new words" }]);
    expect(diffWords("old words", "")).toEqual([{ kind: "removed", text: "old words" }]);
  });

  test("a long body with edits at both ends stays exact and fast", () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i % 97}`);
    const before = words.join(" ");
    const after = ["Intro", ...words.slice(1, 2500), "inserted", ...words.slice(2500, -1), "Outro"].join(" ");
    const started = performance.now();
    const parts = diffWords(before, after);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(rebuild(parts, "before")).toBe(before);
    expect(rebuild(parts, "after")).toBe(after);
    expect(parts.filter((p) => p.kind !== "same").length).toBeLessThanOrEqual(6);
  });

  test("two unrelated long texts: old removed and new added, in bounded time", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old${i}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, i) => `new${i}`).join(" ");
    const started = performance.now();
    const parts = diffWords(before, after);
    // About 0.4 s on an idle core; the diff's own time limit (1 s) caps it on a loaded one.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(parts).toEqual([
      { kind: "removed", text: before },
      { kind: "added", text: after },
    ]);
  });

  test("many scattered edits in a long body are all found, and both texts rebuild", () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i % 97}`);
    const before = words.join(" ");
    const after = words.map((w, i) => (i % 10 === 0 ? `fixed${i}` : w)).join(" ");
    const parts = diffWords(before, after);
    expect(rebuild(parts, "before")).toBe(before);
    expect(rebuild(parts, "after")).toBe(after);
    expect(parts.filter((p) => p.kind === "added")).toHaveLength(500);
  });
});
