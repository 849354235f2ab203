import { describe, expect, test } from "vitest";
import {
  readViewedIds,
  readViewTotals,
  rememberViewedId,
  rememberViewTotal,
  shownViews,
  VIEW_TOTALS_KEY,
  VIEWED_ARTICLES_KEY,
} from "./view-counter";

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

describe("the count the article page shows", () => {
  function totalsStorage() {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  }

  test("a reader's own counted view shows even on an older copy of the page", () => {
    expect(shownViews(41, 42)).toBe(42);
    expect(shownViews(50, 42)).toBe(50);
    expect(shownViews(41, undefined)).toBe(41);
  });

  test("remembers the total each view came back with, and ignores damaged values", () => {
    const storage = totalsStorage();
    rememberViewTotal(storage, "a", 7);
    rememberViewTotal(storage, "b", 3);
    rememberViewTotal(storage, "a", 8);
    expect(readViewTotals(storage)).toEqual({ b: 3, a: 8 });
    storage.setItem(VIEW_TOTALS_KEY, `{"a":"x","b":2,"c":1.5}`);
    expect(readViewTotals(storage)).toEqual({ b: 2 });
    storage.setItem(VIEW_TOTALS_KEY, "[1,2]");
    expect(readViewTotals(storage)).toEqual({});
  });
});
