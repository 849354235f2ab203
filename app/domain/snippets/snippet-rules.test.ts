import { describe, expect, test } from "vitest";
import {
  isMobileUserAgent,
  matchesDevice,
  matchesPaths,
  matchesSiteDisplay,
  parsePathList,
  pathMatches,
  readStoredSnippets,
  snippetApplies,
  snippetFieldsFrom,
  snippetFromForm,
  snippetHtml,
  snippetListSchema,
  snippetsForPage,
  SNIPPET_DEFAULTS,
  type CodeSnippet,
} from "./snippet-rules";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

const snippet = (over: Partial<CodeSnippet> = {}): CodeSnippet => ({
  id: "s1",
  name: "Tag",
  ...SNIPPET_DEFAULTS,
  includePaths: ["*"],
  excludePaths: [],
  code: '<meta name="x" content="1">',
  ...over,
});

describe("path lists (Snippet add)", () => {
  test("are comma-separated, trimmed, and empty entries are dropped", () => {
    expect(parsePathList(" /a , ,/b/*,, ")).toEqual(["/a", "/b/*"]);
    expect(parsePathList("")).toEqual([]);
    expect(parsePathList(undefined)).toEqual([]);
  });
});

describe("path matching", () => {
  test("a trailing * is a prefix wildcard; otherwise the path must match exactly", () => {
    expect(pathMatches("/article/*", "/article/abc")).toBe(true);
    expect(pathMatches("/article/*", "/articles")).toBe(false);
    expect(pathMatches("*", "/anything/at/all")).toBe(true);
    expect(pathMatches("/about", "/about")).toBe(true);
    expect(pathMatches("/about", "/about/")).toBe(true);
    expect(pathMatches("/about", "/about/team")).toBe(false);
    expect(pathMatches("/", "/contact")).toBe(false);
  });

  test("a path is the page the router opens: any letter case, a trailing slash or escaped letters match the rule", () => {
    for (const path of ["/ABOUT", "/About/", "/%61bout", "/about//"]) {
      expect(pathMatches("/about", path), path).toBe(true);
      expect(matchesPaths({ includePaths: ["*"], excludePaths: ["/about"] }, path), path).toBe(false);
    }
    expect(pathMatches("/About/", "/about")).toBe(true);
    expect(pathMatches("/article/*", "/ARTICLE/abc")).toBe(true);
    expect(pathMatches("/article/*", "/%61rticle/abc")).toBe(true);
    expect(pathMatches("/article/*", "/articles")).toBe(false);
    expect(pathMatches("/about", "/about/team")).toBe(false);
    expect(matchesSiteDisplay("posts", "/Article/abc")).toBe(true);
    expect(matchesSiteDisplay("homepage", "//")).toBe(true);
  });

  test("excludes take priority over includes", () => {
    const rule = { includePaths: ["*"], excludePaths: ["/article/*"] };
    expect(matchesPaths(rule, "/")).toBe(true);
    expect(matchesPaths(rule, "/article/123")).toBe(false);
    expect(matchesPaths({ includePaths: ["/contact"], excludePaths: ["/contact"] }, "/contact")).toBe(false);
  });

  test("only included paths match; an empty include list means '*'", () => {
    const rule = { includePaths: ["/contact", "/category/*"], excludePaths: [] };
    expect(matchesPaths(rule, "/contact")).toBe(true);
    expect(matchesPaths(rule, "/category/sports")).toBe(true);
    expect(matchesPaths(rule, "/")).toBe(false);
    expect(matchesPaths({ includePaths: [], excludePaths: [] }, "/x")).toBe(true);
  });
});

describe("device", () => {
  test("mobile when the user agent matches Mobi or Android", () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID_TABLET)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });

  test("all shows everywhere; desktop and mobile only on their own", () => {
    expect(matchesDevice("all", IPHONE)).toBe(true);
    expect(matchesDevice("mobile", IPHONE)).toBe(true);
    expect(matchesDevice("mobile", DESKTOP)).toBe(false);
    expect(matchesDevice("desktop", DESKTOP)).toBe(true);
    expect(matchesDevice("desktop", ANDROID_TABLET)).toBe(false);
  });
});

describe("site display", () => {
  test.each([
    ["sitewide", "/", true],
    ["sitewide", "/article/1", true],
    ["homepage", "/", true],
    ["homepage", "/contact", false],
    ["posts", "/article/1", true],
    ["posts", "/", false],
    ["pages", "/contact", true],
    ["pages", "/category/news", true],
    ["pages", "/", false],
    ["pages", "/article/1", false],
  ] as const)("%s on %s: %s", (display, path, expected) => {
    expect(matchesSiteDisplay(display, path)).toBe(expected);
  });
});

describe("which snippets go into a page", () => {
  test("only active snippets whose display, paths and device all match, grouped by location", () => {
    const list = [
      snippet({ id: "a", code: "<meta name=a>" }),
      snippet({ id: "b", status: "inactive", code: "<meta name=b>" }),
      snippet({ id: "c", location: "body_end", siteDisplay: "posts", code: "<p>c</p>" }),
      snippet({ id: "d", location: "body_start", deviceDisplay: "mobile", code: "<p>d</p>" }),
      snippet({ id: "e", excludePaths: ["/article/*"], code: "<meta name=e>" }),
    ];
    expect(snippetsForPage(list, { path: "/article/9", userAgent: IPHONE })).toEqual({
      head: ["<meta name=a>"],
      body_start: ["<p>d</p>"],
      body_end: ["<p>c</p>"],
    });
    expect(snippetsForPage(list, { path: "/", userAgent: DESKTOP })).toEqual({
      head: ["<meta name=a>", "<meta name=e>"],
      body_start: [],
      body_end: [],
    });
    expect(snippetApplies(snippet({ status: "inactive" }), { path: "/", userAgent: DESKTOP })).toBe(false);
  });

  test("a bare-JavaScript script snippet gets a script tag; tagged code and html go in as written", () => {
    expect(snippetHtml({ type: "script", code: "window.x=1" })).toBe("<script>window.x=1</script>");
    expect(snippetHtml({ type: "script", code: '<script src="/a.js"></script>' })).toBe(
      '<script src="/a.js"></script>',
    );
    expect(snippetHtml({ type: "script", code: '<meta name="k">' })).toBe('<meta name="k">');
    expect(snippetHtml({ type: "html", code: "<b>hi</b>" })).toBe("<b>hi</b>");
  });
});

describe("the add form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    return snippetFieldsFrom(data);
  };

  test("'Name and code are required'", () => {
    expect(snippetFromForm(form({ name: "", code: "<meta>" }), "x")).toEqual({
      ok: false,
      error: "Name and code are required",
    });
    expect(snippetFromForm(form({ name: "Tag", code: "   " }), "x")).toEqual({
      ok: false,
      error: "Name and code are required",
    });
    expect(snippetFromForm(form({ name: "  ", code: "" }), "x")).toMatchObject({ ok: false });
  });

  test("builds a snippet with the spec's defaults and cleaned path lists", () => {
    expect(snippetFromForm(form({ name: " GA ", code: "ga()" }), "id-1")).toEqual({
      ok: true,
      snippet: {
        id: "id-1",
        name: "GA",
        type: "script",
        siteDisplay: "sitewide",
        includePaths: ["*"],
        excludePaths: [],
        location: "head",
        deviceDisplay: "all",
        status: "active",
        code: "ga()",
      },
    });
    const built = snippetFromForm(
      form({
        name: "Banner",
        code: "<p>x</p>",
        type: "html",
        siteDisplay: "pages",
        includePaths: " /contact, ,/category/* ",
        excludePaths: "/category/private ,",
        location: "body_start",
        deviceDisplay: "mobile",
        status: "inactive",
      }),
      "id-2",
    );
    expect(built).toMatchObject({
      ok: true,
      snippet: {
        type: "html",
        siteDisplay: "pages",
        includePaths: ["/contact", "/category/*"],
        excludePaths: ["/category/private"],
        location: "body_start",
        deviceDisplay: "mobile",
        status: "inactive",
      },
    });
    // A cleared include list falls back to '*' rather than silencing the snippet.
    expect(snippetFromForm(form({ name: "A", code: "b", includePaths: " , " }), "i")).toMatchObject({
      snippet: { includePaths: ["*"] },
    });
  });
});

describe("the saved list", () => {
  test("is checked field by field", () => {
    expect(snippetListSchema.safeParse([snippet()]).success).toBe(true);
    expect(snippetListSchema.safeParse([snippet({ name: "" })]).success).toBe(false);
    expect(snippetListSchema.safeParse([{ ...snippet(), location: "footer" }]).success).toBe(false);
    expect(snippetListSchema.safeParse("nope").success).toBe(false);
  });

  test("stored entries that do not fit are dropped, the rest kept", () => {
    expect(readStoredSnippets([snippet(), { name: "broken" }, null])).toEqual([snippet()]);
    expect(readStoredSnippets(undefined)).toEqual([]);
  });
});
