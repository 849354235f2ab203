import { expect, test } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

test("same-site paths pass, as parsed", () => {
  expect(safeRedirectPath("/category/news")).toBe("/category/news");
  expect(safeRedirectPath("/search?q=a%20b#top")).toBe("/search?q=a%20b#top");
  expect(safeRedirectPath("/a/../b")).toBe("/b");
});

test.each([
  "/\t/evil.example/x",
  "/\t\\evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "//evil.example",
  "/ /evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\u0000/x",
  "/\u007f/x",
  "https://evil.example/",
  "http:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  "",
])("refused: %j", (target) => {
  expect(safeRedirectPath(target)).toBeNull();
});

test("a target that still reaches another origin after parsing is refused", () => {
  // Percent-encoded slashes stay in the path; they never make a second authority.
  expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  expect(safeRedirectPath(null)).toBeNull();
});
