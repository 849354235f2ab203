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
});
