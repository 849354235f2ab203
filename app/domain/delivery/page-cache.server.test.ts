import { describe, expect, test } from "vitest";
import { articleSaveChange } from "#app/domain/articles/admin.server";
import {
  articleIdsLinkedFrom,
  chooseEncoding,
  isCacheableRequest,
  isStorableResponse,
  matchesEtag,
  PageCache,
  pageBytes,
  pageCacheKey,
  storedPage,
} from "./page-cache.server";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

async function page(html: string, expiresAt = Number.MAX_SAFE_INTEGER, encoding: "br" | "gzip" = "br") {
  return storedPage(Buffer.from(html), { status: 200, headers: [], expiresAt }, encoding);
}

describe("the page cache store", () => {
  test("keeps a page under its key, compressed once in the encoding its first reader takes", async () => {
    const cache = new PageCache(1024 * 1024);
    const stored = await page(`<a href="/article/${A}">A</a>`.repeat(50));
    expect(cache.set("/", stored, cache.generation)).toBe(true);
    const hit = cache.get("/");
    expect(hit).toBe(stored);
    const zlib = await import("node:zlib");
    expect(zlib.brotliDecompressSync(hit!.bodies.br!).toString()).toContain(A);
    expect(hit!.bodies.gzip).toBeUndefined();
    expect(hit!.etag).toMatch(/^W\/"[\w-]+"$/);
    const plain = await page("plain", undefined, "gzip");
    expect(zlib.gunzipSync(plain.bodies.gzip!).toString()).toBe("plain");
  });

  test("another form of the same page replaces it only while it is still the one kept", async () => {
    const cache = new PageCache(1024 * 1024);
    const stored = await page(`<a href="/article/${A}">A</a>`.repeat(50));
    cache.set("/", stored, 0);
    cache.get("/");
    const withGzip = { ...stored, bodies: { ...stored.bodies, gzip: Buffer.alloc(300) } };
    expect(cache.replace("/", stored, withGzip)).toBe(true);
    expect(cache.usedBytes).toBe(pageBytes(withGzip));
    expect(cache.get("/")).toBe(withGzip);
    expect(withGzip.hits).toBe(2); // the hits before the swap count on
    // Purged meanwhile: the late form is not put back.
    cache.purge({ scope: "article", articleId: A, reason: "test" });
    expect(cache.replace("/", withGzip, { ...withGzip })).toBe(false);
    expect(cache.get("/")).toBeUndefined();
  });

  test("the same bytes get the same ETag, other bytes another", async () => {
    expect((await page("one")).etag).toBe((await page("one")).etag);
    expect((await page("one")).etag).not.toBe((await page("two")).etag);
  });

  test("is bounded by bytes: the least recently used page goes first", async () => {
    const one = await page(`page 0 ${"x".repeat(100)}`);
    const size = pageBytes(one);
    const cache = new PageCache(Math.floor(size * 8.5)); // room for eight, not nine
    for (let i = 0; i < 8; i++) cache.set(`/p${i}`, await page(`page ${i} ${"x".repeat(100)}`), 0);
    cache.get("/p0"); // used: now the newest
    cache.set("/p8", await page(`page 8 ${"x".repeat(100)}`), 0);
    expect(cache.get("/p0")).toBeDefined();
    expect(cache.get("/p1")).toBeUndefined();
    expect(cache.usedBytes).toBeLessThanOrEqual(cache.maxBytes);
  });

  test("refuses a page bigger than an eighth of the cache", async () => {
    const cache = new PageCache(4096);
    expect(cache.set("/big", await page(crypto.randomUUID().repeat(400)), 0)).toBe(false);
    expect(cache.size).toBe(0);
  });

  test("an expired page is a miss and frees its bytes", async () => {
    let now = 1_000;
    const cache = new PageCache(1024 * 1024, () => now);
    cache.set("/", await page("home", 2_000), 0);
    expect(cache.get("/")).toBeDefined();
    now = 2_000;
    expect(cache.get("/")).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
  });

  test("an article change purges exactly the pages that link to it", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.set("/", await page(`<a href="/article/${A}">A</a><a href="/article/${B}">B</a>`), 0);
    cache.set(`/article/${B}`, await page(`<link rel="canonical" href="https://x/article/${B}">`), 0);
    cache.set("/privacy", await page("<p>Privacy</p>"), 0);
    cache.purge({ scope: "article", articleId: A, reason: "test" });
    expect(cache.get("/")).toBeUndefined();
    expect(cache.get(`/article/${B}`)).toBeDefined();
    expect(cache.get("/privacy")).toBeDefined();
  });

  test("a site-wide change purges everything", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.set("/privacy", await page("<p>Privacy</p>"), 0);
    cache.purge({ scope: "everything", reason: "test" });
    expect(cache.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });

  test("a render that overlapped a purge is not stored: it may hold what the change replaced", async () => {
    const cache = new PageCache(1024 * 1024);
    const startedAt = cache.generation;
    cache.purge({ scope: "article", articleId: A, reason: "saved while rendering" });
    expect(cache.set("/", await page("rendered before the save"), startedAt)).toBe(false);
    expect(cache.get("/")).toBeUndefined();
  });
});

describe("what the cache may hold", () => {
  test("only an anonymous GET or HEAD of a public path is looked up", () => {
    expect(isCacheableRequest({ method: "GET", path: "/" })).toBe(true);
    expect(isCacheableRequest({ method: "HEAD", path: "/article/x" })).toBe(true);
    expect(isCacheableRequest({ method: "POST", path: "/contact" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "nd_session=abc" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "nd_flash=abc" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "_ga=1" })).toBe(true);
  });

  test("nothing under /admin, in any letter case, nor the /resources endpoints or static files", () => {
    for (const path of [
      "/assets/reader-abc.js",
      "/media/0123.webp",
      "/admin",
      "/admin/login",
      "/Admin/dashboard",
      "/ADMIN/settings",
      "/resources/article-views/1",
    ]) {
      expect(isCacheableRequest({ method: "GET", path })).toBe(false);
    }
    expect(isCacheableRequest({ method: "GET", path: "/administrators-guide" })).toBe(true);
  });

  test("only a 200 or a 404 without a cookie and not private or no-store is stored", () => {
    const response = (status: number, headers: Record<string, string> = {}) => ({
      status,
      headers: new Headers(headers),
    });
    expect(isStorableResponse(response(200, { "Cache-Control": "public, max-age=0, s-maxage=3600" }))).toBe(
      true,
    );
    expect(isStorableResponse(response(404))).toBe(true);
    for (const status of [301, 302, 400, 403, 429, 500, 503])
      expect(isStorableResponse(response(status))).toBe(false);
    expect(isStorableResponse(response(200, { "Set-Cookie": "nd_flash=; Max-Age=0" }))).toBe(false);
    expect(isStorableResponse(response(200, { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isStorableResponse(response(200, { "Cache-Control": "no-store" }))).toBe(false);
  });

  test("the key tells apart URL, maintenance, device class and lite pages", () => {
    const base = { url: "http://site/", maintenance: false, lite: false };
    const keys = new Set([
      pageCacheKey(base),
      pageCacheKey({ ...base, url: "http://site/?page=2" }),
      pageCacheKey({ ...base, url: "http://other/" }),
      pageCacheKey({ ...base, maintenance: true }),
      pageCacheKey({ ...base, deviceClass: "mobile" }),
      pageCacheKey({ ...base, deviceClass: "desktop" }),
      pageCacheKey({ ...base, lite: true }),
    ]);
    expect(keys.size).toBe(7);
  });

  test("a page's articles are read off its links (by id or slug), relative or absolute, and the article page's own mark", () => {
    const C = "c0ffee00-0000-4000-8000-000000000003";
    const ids = articleIdsLinkedFrom(
      `<a href="/article/${A}">x</a><link>https://news.example/article/${B.toUpperCase()}</link><a href="/article/accra-floods">` +
        `<main data-view-article="${C}">`,
    );
    expect([...ids].sort()).toEqual([A, B, C, "accra-floods"].sort());
  });
});

describe("sending a stored page", () => {
  test("brotli when accepted, else gzip, else plain bytes; q=0 refuses", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });

  test("If-None-Match matches the ETag weakly, in a list, or as *", () => {
    const etag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"zzz", W/"abc"', etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
    expect(matchesEtag('"zzz"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});

describe("what an article save changes for readers", () => {
  const placed = {
    id: A,
    status: "published" as const,
    categoryId: "c1",
    featured: false,
    isTopStory: false,
    publishedAt: new Date("2026-11-01T10:00:00Z"),
    useManualDate: false,
    manualDate: null,
    tags: ["Floods", "Korle Lagoon"],
    authorId: "u1",
  };

  test("nothing while it is not published before or after", () => {
    expect(articleSaveChange(null, { ...placed, status: "draft" })).toBeNull();
    expect(articleSaveChange({ ...placed, status: "draft" }, { ...placed, status: "pending" })).toBeNull();
  });

  test("an edit that leaves it where it was purges the pages that link to it", () => {
    expect(articleSaveChange(placed, { ...placed, publishedAt: new Date(placed.publishedAt) })).toMatchObject(
      {
        scope: "article",
        articleId: A,
      },
    );
    // The same tag pages: tags are compared by their slugs, in any order.
    expect(articleSaveChange(placed, { ...placed, tags: ["KORLE  LAGOON", "floods"] })?.scope).toBe(
      "article",
    );
  });

  test("publishing, unpublishing or moving it purges every page", () => {
    expect(articleSaveChange(null, placed)?.scope).toBe("everything");
    expect(articleSaveChange({ ...placed, status: "draft" }, placed)?.scope).toBe("everything");
    expect(articleSaveChange(placed, { ...placed, status: "draft" })?.scope).toBe("everything");
    expect(articleSaveChange(placed, { ...placed, categoryId: "c2" })?.scope).toBe("everything");
    expect(articleSaveChange(placed, { ...placed, featured: true })?.scope).toBe("everything");
    // Onto another tag's page, off one, or onto another author's page (and their totals).
    expect(articleSaveChange(placed, { ...placed, tags: [...placed.tags, "Odaw"] })?.scope).toBe(
      "everything",
    );
    expect(articleSaveChange(placed, { ...placed, tags: ["Floods"] })?.scope).toBe("everything");
    expect(articleSaveChange(placed, { ...placed, authorId: "u2" })?.scope).toBe("everything");
    expect(articleSaveChange(placed, { ...placed, useManualDate: true, manualDate: new Date() })?.scope).toBe(
      "everything",
    );
  });
});
