import { describe, expect, test } from "vitest";
import { canonicalPagePath, pageWindow, parsePageParam, showingRange, totalPagesFor } from "./pagination";

describe("pageWindow", () => {
  test("few pages: all of them", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 4)).toEqual([1, 2, "ellipsis-end", 4]);
  });
  test("first, last, current ±1 and ellipses elsewhere", () => {
    expect(pageWindow(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(pageWindow(10, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, "ellipsis-end", 10]);
  });
  test("an out-of-range page is clamped, no pages gives nothing", () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

test("showingRange", () => {
  expect(showingRange(1, 12, 30)).toEqual({ from: 1, to: 12 });
  expect(showingRange(3, 12, 30)).toEqual({ from: 25, to: 30 });
  expect(showingRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
});

test("totalPagesFor and parsePageParam", () => {
  expect(totalPagesFor(0, 12)).toBe(1);
  expect(totalPagesFor(25, 12)).toBe(3);
  expect(parsePageParam("3")).toBe(3);
  expect(parsePageParam(null)).toBe(1);
  expect(parsePageParam("0")).toBe(1);
  expect(parsePageParam("-2")).toBe(1);
  expect(parsePageParam("2abc")).toBe(1);
  expect(parsePageParam("99999999999")).toBe(1);
});

test("each listing page has one address", () => {
  expect(canonicalPagePath("/all-articles", null, 1)).toBeNull();
  expect(canonicalPagePath("/all-articles", "3", 3)).toBeNull();
  expect(canonicalPagePath("/all-articles", "1", 1)).toBe("/all-articles");
  expect(canonicalPagePath("/all-articles", "99", 4)).toBe("/all-articles?page=4");
  expect(canonicalPagePath("/category/sports", "abc", 1)).toBe("/category/sports");
});
