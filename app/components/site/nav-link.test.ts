import { describe, expect, test } from "vitest";
import { isCurrentPath } from "#app/lib/current-path";

describe("which header link is the current page", () => {
  test("a link is current on its own page and below it, whatever the case", () => {
    expect(isCurrentPath("/category/sports", "/category/sports")).toBe(true);
    expect(isCurrentPath("/category/Sports/", "/category/sports")).toBe(true);
    expect(isCurrentPath("/contact/more", "/contact")).toBe(true);
    expect(isCurrentPath("/contacts", "/contact")).toBe(false);
  });

  test("Home (`end`) is current only on the home page", () => {
    expect(isCurrentPath("/", "/", true)).toBe(true);
    expect(isCurrentPath("/search", "/", true)).toBe(false);
  });

  test("an edition's links (decision record 022): its home only on its home, its pages below it", () => {
    expect(isCurrentPath("/tw/", "/tw/", true)).toBe(true);
    expect(isCurrentPath("/tw", "/tw/", true)).toBe(true);
    expect(isCurrentPath("/tw/search", "/tw/", true)).toBe(false);
    expect(isCurrentPath("/tw/category/sports", "/tw/category/sports")).toBe(true);
    expect(isCurrentPath("/category/sports", "/tw/category/sports")).toBe(false);
    expect(isCurrentPath("/tw/category/sports", "/category/sports")).toBe(false);
    expect(isCurrentPath("/tw/", "/", true)).toBe(false);
  });
});
