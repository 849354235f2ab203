/**
 * The reader listing loaders against a real database: what they return, how they treat bad input, and
 * that nothing unpublished ever reaches them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createRequestContext } from "#app/auth/current-user.server";
import {
  createTestDatabase,
  currentTestDb,
  TEST_ENGINES,
  type TestDatabase,
} from "#test-support/test-database";
import { loadOrReport } from "#app/domain/articles/public.server";
import { loader as allArticlesLoader } from "./all-articles";
import { loader as categoryLoader } from "./category";
import { loader as featuredLoader } from "./featured-news";
import { loader as homeLoader } from "./home";
import { loader as latestLoader } from "./latest-news";
import { loader as layoutLoader } from "./layout";
import { loader as searchLoader } from "./search";
import { captureLogEvents } from "#test-support/logs";
import { testServices } from "#test-support/services";

const SECRET = "unpublishedscoop";

/** Loader arguments as React Router hands them over (only what these loaders read). */
function args<P extends Record<string, string>>(path: string, params: P = {} as P) {
  return {
    request: new Request(`http://localhost${path}`),
    params,
    context: createRequestContext(testServices(currentTestDb()), null, "127.0.0.1"),
  } as never;
}

/** `data(value, init)` wraps a value; plain returns do not. */
function unwrap<T>(result: T): { value: T extends { data: infer D; init: unknown } ? D : T; status: number } {
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    return { value: wrapped.data as never, status: wrapped.init?.status ?? 200 };
  }
  return { value: result as never, status: 200 };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the loader to throw a response");
}

describe.each(TEST_ENGINES)("reader listing loaders on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "secret123" });
    await database.db.insert(articles).values([
      {
        title: `Draft ${SECRET}`,
        excerpt: SECRET,
        content: `<p>${SECRET}</p>`,
        status: "draft",
        views: 5000,
      },
      {
        title: `Pending ${SECRET}`,
        excerpt: SECRET,
        content: `<p>${SECRET}</p>`,
        status: "pending",
        views: 5000,
      },
    ]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const noSecret = (value: unknown) => expect(JSON.stringify(value)).not.toContain(SECRET);

  test("layout: settings, categories in the preferred order and the site's meta origin", async () => {
    const { value: data } = unwrap(await layoutLoader(args("/")));
    expect(data.settings.siteTitle).toBe("Newsdesk");
    expect(data.categories.slice(0, 7).map((c) => c.name)).toEqual([
      "News",
      "Business",
      "Entertainment",
      "Sports",
      "Travel & Events",
      "Religious",
      "Gallery",
    ]);
    expect(data.site).toEqual({
      siteTitle: "Newsdesk",
      siteDescription: "Your Trusted Source for News",
      origin: "http://localhost",
      // Settings → SEO, empty on a new install.
      metaDescription: "",
      metaKeywords: "",
      googleSiteVerification: "",
      bingSiteVerification: "",
      // A full page: the reader neither saves data nor chose Lite.
      lite: false,
      // The main edition's pages name their bare addresses (decision record 022).
      editionPrefix: "",
      // The texts a failed page and the breadcrumb show, in the page's language.
      words: { articleFailed: "Error Loading Article", failed: "Something went wrong", home: "Home" },
    });
    expect(data.lite).toBeNull();
    expect(data.settings).not.toHaveProperty("adsPublisherId");
  });

  test("layout: ?redirect= goes to our own paths only", async () => {
    const response = await thrown(layoutLoader(args("/?redirect=/search%3Fq%3Dcocoa")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search?q=cocoa");
    for (const evil of [
      "//evil.example.com",
      "https://evil.example.com",
      "/\\evil.example.com",
      "javascript:alert(1)",
    ]) {
      const { value: data } = unwrap(await layoutLoader(args(`/?redirect=${encodeURIComponent(evil)}`)));
      expect(data.settings.siteTitle).toBe("Newsdesk");
    }
  });

  test("home: top story, latest 6, trending 5, featured; nothing unpublished", async () => {
    const data = await homeLoader(args("/"));
    expect(data.hero.ok && data.hero.value?.title).toBe(
      "Accra traders welcome new opening hours at Makola Market",
    );
    expect(data.latest.ok && data.latest.value.length).toBe(4);
    expect(data.trending.ok && data.trending.value.length).toBeLessThanOrEqual(5);
    expect(data.featured.ok && data.featured.value.map((a) => a.title)).toEqual([
      "Black Stars name young squad for World Cup qualifiers",
    ]);
    noSecret(data);
  });

  test("category: found by any case, unknown ones are empty", async () => {
    const found = unwrap(
      await categoryLoader(args("/category/TRAVEL-AND-EVENTS", { categorySlug: "TRAVEL-AND-EVENTS" })),
    );
    expect(found.value.name).toBe("Travel & Events");
    expect(found.value.listing.ok && found.value.listing.value.articles).toHaveLength(1);
    const unknown = unwrap(
      await categoryLoader(args("/category/%3Cscript%3E", { categorySlug: "<script>" })),
    );
    expect(unknown.value.listing.ok && unknown.value.listing.value.articles).toEqual([]);
    // A page that does not exist goes to one that does, with its own address.
    for (const bad of ["9", "1", "abc"]) {
      const moved = await thrown(
        categoryLoader(args(`/category/sports?page=${bad}`, { categorySlug: "sports" })),
      );
      expect(moved.status).toBe(302);
      expect(moved.headers.get("Location")).toBe("/category/sports");
    }
  });

  test("all articles: the real count; bad and out-of-range pages redirect to one that exists", async () => {
    const first = unwrap(await allArticlesLoader(args("/all-articles")));
    expect(first.value).toMatchObject({ ok: true, total: 4, page: 1, totalPages: 1 });
    noSecret(first.value);
    for (const bad of ["99", "0", "abc", "-1", "1"]) {
      const response = await thrown(allArticlesLoader(args(`/all-articles?page=${bad}`)));
      expect(response.headers.get("Location")).toBe("/all-articles");
    }
  });

  test("search: ranked results, no results, harmless input, never unpublished", async () => {
    const found = unwrap(await searchLoader(args("/search?q=cocoa")));
    expect(found.value.search?.ok && found.value.search.value.results[0]?.title).toBe(
      "Cocoa farmers in Western North expect a stronger harvest",
    );
    const none = unwrap(await searchLoader(args(`/search?q=${SECRET}`)));
    expect(none.value.search).toEqual({ ok: true, value: { results: [], total: 0 } });
    const script = unwrap(
      await searchLoader(args(`/search?q=${encodeURIComponent("<script>alert('x')</script> & | !")}`)),
    );
    expect(script.status).toBe(200);
    const empty = unwrap(await searchLoader(args("/search?q=%20%20")));
    expect(empty.value).toEqual({
      q: "",
      page: 1,
      totalPages: 1,
      search: null,
      images: {},
      title: "Search",
      description: "Search every story we have published.",
    });
    // Paged: the page is in the URL; a page past the last starts the results again.
    const firstPage = unwrap(await searchLoader(args("/search?q=year")));
    expect(firstPage.value).toMatchObject({ q: "year", page: 1, totalPages: 1 });
    const pastTheEnd = await thrown(searchLoader(args("/search?q=year&page=9")));
    expect(pastTheEnd.status).toBe(302);
    expect(pastTheEnd.headers.get("Location")).toBe("/search?q=year");
    const long = unwrap(await searchLoader(args(`/search?q=${"a".repeat(5000)}`)));
    expect(long.value.q).toHaveLength(200);
  });

  test("latest and featured news", async () => {
    const latest = unwrap(await latestLoader(args("/latest-news")));
    expect(latest.value.latest.ok && latest.value.latest.value).toHaveLength(4);
    noSecret(latest.value);
    const featured = unwrap(await featuredLoader(args("/featured-news")));
    expect(featured.value.featured.ok && featured.value.featured.value.every((a) => a.featured)).toBe(true);
  });
});

test("a failing read is reported, logged and never replaced by invented content", async () => {
  const log = captureLogEvents();
  const result = await loadOrReport("the latest articles", () =>
    Promise.reject(new Error("connection refused")),
  );
  expect(result).toEqual({ ok: false });
  log.stop();
  expect(log.events).toMatchObject([
    {
      level: "error",
      component: "articles",
      msg: "could not load the latest articles",
      err: { message: "connection refused" },
    },
  ]);
});
