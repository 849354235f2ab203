/**
 * The shared parts of reader pages kept as HTML (decision record 020): a part is reused only on a page
 * whose navigation links it would mark the same way, and it is purged, refused and bounded as the page
 * cache's pages are (decision record 006). The clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { fragmentCacheFor, FragmentCache, fragmentShare, type NavMark } from "./fragment-cache.server";
import { siteChanged } from "./site-changes.server";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const MINUTE = 60_000;

/** The header's links as a page at `pathname` marks them: Home (only itself), News, Contact. */
function headerMarks(currentOn: "news" | "none"): NavMark[] {
  return [
    { href: "/", end: true, current: false },
    { href: "/category/news", end: false, current: currentOn === "news" },
    { href: "/contact", end: false, current: false },
  ];
}

/** What a variant costs, as the cache counts it (its text twice over, a fixed share, its marks). */
const costOf = (html: string, marks = 0) => html.length * 2 + 512 + 64 * marks;

function clockedCache(maxBytes = 1024 * 1024, maxAgeMs = MINUTE) {
  const clock = { now: 1_000_000 };
  return { cache: new FragmentCache(maxBytes, maxAgeMs, () => clock.now), clock };
}

describe("the shared parts store", () => {
  test("a header kept from a story's page is reused where it would be marked the same, not on the News page", () => {
    const { cache } = clockedCache();
    const plainHeader = '<header><a href="/category/news">News</a></header>';
    expect(cache.set("header", plainHeader, headerMarks("none"), cache.generation)).toBe(true);

    // Rendered on /article/x: no link current. /search and /about mark none of them either.
    expect(cache.get("header", "/search")?.html).toBe(plainHeader);
    expect(cache.get("header", "/about")?.html).toBe(plainHeader);
    expect(cache.get("header", "/article/rain-in-accra")?.html).toBe(plainHeader);
    // News would be current there (and below it, whatever the case), Home on the home page.
    expect(cache.get("header", "/category/news")).toBeUndefined();
    expect(cache.get("header", "/Category/News/page/2")).toBeUndefined();
    expect(cache.get("header", "/")).toBeUndefined();
    expect(cache.get("header", "/contact")).toBeUndefined();
    // Another part's name is another part.
    expect(cache.get("footer", "/search")).toBeUndefined();
  });

  test("the News page's own variant is kept beside the first, and each page gets its own", () => {
    const { cache } = clockedCache();
    const plainHeader = '<header><a href="/category/news">News</a></header>';
    const newsHeader = '<header><a href="/category/news" aria-current="page">News</a></header>';
    cache.set("header", plainHeader, headerMarks("none"), cache.generation);
    expect(cache.set("header", newsHeader, headerMarks("news"), cache.generation)).toBe(true);

    expect(cache.get("header", "/category/news")?.html).toBe(newsHeader);
    expect(cache.get("header", "/category/news/")?.html).toBe(newsHeader);
    expect(cache.get("header", "/search")?.html).toBe(plainHeader);
    // The marks a kept part was made with come back with it (an enclosing part takes them on).
    expect(cache.get("header", "/category/news")?.marks).toEqual(headerMarks("news"));
    expect(cache.usedBytes).toBe(costOf(plainHeader, 3) + costOf(newsHeader, 3));
  });

  test("the same marks again replace the variant kept, they do not pile up", () => {
    const { cache } = clockedCache();
    cache.set("header", "<header>old</header>", headerMarks("none"), cache.generation);
    cache.set("header", "<header>new</header>", headerMarks("none"), cache.generation);
    expect(cache.get("header", "/search")?.html).toBe("<header>new</header>");
    expect(cache.usedBytes).toBe(costOf("<header>new</header>", 3));
  });

  test("a site-wide change drops every part", () => {
    const { cache } = clockedCache();
    cache.set("header", "<header>Site</header>", headerMarks("none"), cache.generation);
    cache.set("footer", "<footer>Site</footer>", [], cache.generation);
    cache.purge({ scope: "everything", reason: "settings saved" });
    expect(cache.get("header", "/search")).toBeUndefined();
    expect(cache.get("footer", "/search")).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
  });

  test("a story's change drops exactly the parts that link to it, by its id or by its slug", () => {
    const { cache } = clockedCache();
    const byId = `<li><a href="/article/${A}">Old link by id</a></li>`;
    const bySlug = '<li><a href="/article/rain-in-accra">Rain in Accra</a></li>';
    const byPageMark = `<div data-view-article="${A}"></div>`;
    const other = `<li><a href="/article/${B}">Another story</a></li>`;
    const header = '<header><a href="/category/news">News</a></header>';
    cache.set("card-a", byId, [], cache.generation);
    cache.set("card-a-slug", bySlug, [], cache.generation);
    cache.set("mark-a", byPageMark, [], cache.generation);
    cache.set("card-b", other, [], cache.generation);
    cache.set("header", header, headerMarks("none"), cache.generation);
    // A second variant of the list, on the News page: it links to A as well, so it goes too.
    cache.set("list", byId, headerMarks("news"), cache.generation);
    cache.set("list", other, headerMarks("none"), cache.generation);

    cache.purge({ scope: "article", articleId: A, articleSlug: "rain-in-accra", reason: "story edited" });
    expect(cache.get("card-a", "/")).toBeUndefined();
    expect(cache.get("card-a-slug", "/")).toBeUndefined();
    expect(cache.get("mark-a", "/")).toBeUndefined();
    expect(cache.get("list", "/category/news")).toBeUndefined();
    // What links elsewhere stays, and the bytes count only what stays.
    expect(cache.get("card-b", "/")?.html).toBe(other);
    expect(cache.get("header", "/search")?.html).toBe(header);
    expect(cache.get("list", "/search")?.html).toBe(other);
    expect(cache.usedBytes).toBe(costOf(other) + costOf(header, 3) + costOf(other, 3));

    // The slug alone finds it too (a change that names the story's address).
    cache.set("card-a-slug", bySlug, [], cache.generation);
    cache.purge({ scope: "article", articleId: B, articleSlug: "rain-in-accra", reason: "slug named" });
    expect(cache.get("card-a-slug", "/")).toBeUndefined();
    expect(cache.get("header", "/search")).toBeDefined();
  });

  test("a part rendered while a purge happened is refused: it may show what the change replaced", () => {
    const { cache } = clockedCache();
    const startedAt = cache.generation;
    cache.purge({ scope: "article", articleId: A, reason: "saved while the page rendered" });
    expect(cache.set("footer", "<footer>before the save</footer>", [], startedAt)).toBe(false);
    expect(cache.get("footer", "/")).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
    // A render that starts after the purge is kept.
    expect(cache.set("footer", "<footer>after the save</footer>", [], cache.generation)).toBe(true);
    expect(cache.get("footer", "/")?.html).toBe("<footer>after the save</footer>");
  });

  test("a part ages out after maxAgeMs, and one rendered again takes its place", () => {
    const { cache, clock } = clockedCache(1024 * 1024, MINUTE);
    cache.set("trending", "<ol>views then</ol>", [], cache.generation);
    clock.now += MINUTE - 1;
    expect(cache.get("trending", "/")?.html).toBe("<ol>views then</ol>");
    clock.now += 1;
    expect(cache.get("trending", "/")).toBeUndefined();
    cache.set("trending", "<ol>views now</ol>", [], cache.generation);
    expect(cache.get("trending", "/")?.html).toBe("<ol>views now</ol>");
    // The aged variant is gone from the count, not only from view.
    expect(cache.usedBytes).toBe(costOf("<ol>views now</ol>"));
  });

  test("bounded by bytes: the least recently used part goes first", () => {
    const html = (i: number) => `<p>part ${i} ${"x".repeat(1000)}</p>`;
    const size = costOf(html(0));
    // Room for eight parts, not nine (a part may take at most an eighth).
    const { cache } = clockedCache(size * 8 + size / 2);
    for (let i = 0; i < 8; i++) expect(cache.set(`part ${i}`, html(i), [], cache.generation)).toBe(true);
    expect(cache.usedBytes).toBe(size * 8);
    expect(cache.get("part 0", "/")).toBeDefined(); // used: now the newest
    cache.set("part 8", html(8), [], cache.generation);
    expect(cache.get("part 0", "/")?.html).toBe(html(0));
    expect(cache.get("part 1", "/")).toBeUndefined();
    expect(cache.get("part 8", "/")?.html).toBe(html(8));
    expect(cache.usedBytes).toBe(size * 8);
    expect(cache.usedBytes).toBeLessThanOrEqual(cache.maxBytes);
  });

  test("a part bigger than an eighth of the memory is not kept", () => {
    const { cache } = clockedCache(8 * 4096);
    expect(cache.set("huge", "x".repeat(4096), [], cache.generation)).toBe(false);
    expect(cache.get("huge", "/")).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
  });

  test("at most 32 variants of one part: the oldest go", () => {
    const { cache, clock } = clockedCache();
    // A categories bar marked on each of 40 category pages: one variant per page.
    const marks = (i: number): NavMark[] => [{ href: `/category/c${i}`, end: false, current: true }];
    for (let i = 0; i < 40; i++) {
      clock.now += 1;
      cache.set("bar", `<nav>c${i}</nav>`, marks(i), cache.generation);
    }
    for (let i = 0; i < 8; i++) expect(cache.get("bar", `/category/c${i}`), `c${i}`).toBeUndefined();
    for (let i = 8; i < 40; i++)
      expect(cache.get("bar", `/category/c${i}`)?.html, `c${i}`).toBe(`<nav>c${i}</nav>`);
    let kept = 0;
    for (let i = 8; i < 40; i++) kept += costOf(`<nav>c${i}</nav>`, 1);
    expect(cache.usedBytes).toBe(kept);
  });

  test("the parts' memory is a sixteenth of the page cache's", () => {
    expect(fragmentShare(64 * 1024 * 1024)).toBe(4 * 1024 * 1024);
    expect(fragmentShare(100)).toBe(6);
  });
});

describe("a site's shared parts", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.destroy();
  });

  test("one store per database, purged by its changes", () => {
    const options = { maxBytes: 1024 * 1024, maxAgeMs: MINUTE };
    const cache = fragmentCacheFor(database.db, options);
    expect(fragmentCacheFor(database.db, options)).toBe(cache);

    cache.set("card", `<a href="/article/${A}">A</a>`, [], cache.generation);
    cache.set("footer", "<footer>Site</footer>", [], cache.generation);
    const startedAt = cache.generation;
    siteChanged(database.db, { scope: "article", articleId: A, reason: "story edited" });
    expect(cache.get("card", "/")).toBeUndefined();
    expect(cache.get("footer", "/")).toBeDefined();
    // A render that began before the change keeps nothing.
    expect(cache.set("card", `<a href="/article/${A}">A</a>`, [], startedAt)).toBe(false);

    siteChanged(database.db, { scope: "everything", reason: "settings saved" });
    expect(cache.get("footer", "/")).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
  });
});
