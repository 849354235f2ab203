import { describe, expect, test } from "vitest";
import { searchUrl } from "./search";

describe("the address of as-you-type results", () => {
  test("is the query, trimmed, encoded as a form would", () => {
    expect(searchUrl("/search", "  cocoa harv ")).toBe("/search?q=cocoa+harv");
    expect(searchUrl("/search", "50% & more")).toBe("/search?q=50%25+%26+more");
  });

  test("an empty box is the search page itself (Popular Searches)", () => {
    expect(searchUrl("/search", "")).toBe("/search");
    expect(searchUrl("/search", "   ")).toBe("/search");
  });
});
