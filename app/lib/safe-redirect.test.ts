import fc from "fast-check";
import { expect, test } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const THIS_SITE = "http://this.invalid";

/** Where a browser on this site goes when it follows `Location: <target>`. */
function followedTo(location: string): URL {
  return new URL(location, THIS_SITE);
}

test("same-site paths pass, as parsed", () => {
  expect(safeRedirectPath("/category/news")).toBe("/category/news");
  expect(safeRedirectPath("/search?q=a%20b#top")).toBe("/search?q=a%20b#top");
  expect(safeRedirectPath("/a/../b")).toBe("/b");
});

test.each([
  "/\t/evil.example/x",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/a/..//evil.example",
  "/./\\evil.example",
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

// Pieces a hostile `?redirect=` is built from: dot segments (plain and percent-encoded), slashes and
// backslashes, the whitespace browsers drop, schemes and hosts.
const PIECE = fc.constantFrom(
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2f",
  "%5c",
  "\t",
  "\n",
  "\r",
  " ",
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "a",
  "https:",
  "http:",
  "javascript:",
  "%09",
  "%00",
  "\u3002",
  "\uff0f",
  "\uff3c",
);
const TARGET = fc.oneof(
  fc.array(PIECE, { maxLength: 8 }).map((pieces) => pieces.join("")),
  fc.array(PIECE, { maxLength: 8 }).map((pieces) => `/${pieces.join("")}`),
  fc.string({ unit: "binary", maxLength: 24 }),
);

test("whatever the target, the redirect it gives stays on this site when a browser follows it", () => {
  fc.assert(
    fc.property(TARGET, (target) => {
      const location = safeRedirectPath(target);
      if (location === null) return;
      expect(location.startsWith("/")).toBe(true);
      expect(followedTo(location).origin).toBe(THIS_SITE);
      // What we emit is already what the browser would make of it: following it again goes nowhere else.
      const followed = followedTo(location);
      expect(`${followed.pathname}${followed.search}${followed.hash}`).toBe(location);
    }),
    { numRuns: 5000 },
  );
});

test.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2e%2e/%2e//evil.example"])(
  "dot segments never turn %j into another host",
  (target) => {
    const location = safeRedirectPath(target);
    expect(location === null || followedTo(location).origin === THIS_SITE).toBe(true);
  },
);
