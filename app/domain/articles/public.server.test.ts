import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { articles, categories } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { FALLBACK_CATEGORIES, navCategories } from "#app/domain/categories/public.server";
import {
  articlesByCategorySlug,
  featuredArticles,
  getPublishedArticle,
  latestArticles,
  publishedArticlesPage,
  relatedArticles,
  topStory,
} from "./public.server";
import { prefixQuery, searchArticles } from "./search.server";
import { trendingArticles } from "./trending.server";
import { firstRow } from "#app/db/rows";
import { captureLogEvents } from "#test-support/logs";

const HIDDEN_WORD = "zanzibarquokka";

describe.each(TEST_ENGINES)("public article reads on %s", (engine) => {
  let database: TestDatabase;
  let hiddenIds: string[];
  let sportsId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "secret123" });
    const db = database.db;
    const sports = firstRow(await db.select().from(categories).where(eq(categories.name, "Sports")));
    sportsId = sports.id;
    // Drafts, pending articles and articles scheduled for later carry every flag a listing looks at.
    const hidden = await db
      .insert(articles)
      .values([
        {
          title: `Draft ${HIDDEN_WORD}`,
          content: `<p>${HIDDEN_WORD}</p>`,
          status: "draft",
          views: 99999,
          categoryId: sportsId,
        },
        {
          title: `Pending ${HIDDEN_WORD}`,
          content: `<p>${HIDDEN_WORD}</p>`,
          status: "pending",
          views: 99999,
          categoryId: sportsId,
        },
        {
          title: `Scheduled ${HIDDEN_WORD}`,
          content: `<p>${HIDDEN_WORD}</p>`,
          status: "published",
          publishedAt: new Date(Date.now() + 86_400_000),
          views: 99999,
          categoryId: sportsId,
        },
      ])
      .returning({ id: articles.id });
    hiddenIds = hidden.map((h) => h.id);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const expectNoHidden = (list: Array<{ id: string }>) => {
    for (const id of hiddenIds) expect(list.map((a) => a.id)).not.toContain(id);
  };

  test("latest: published only, newest first, with plain-text summaries", async () => {
    const list = await latestArticles(database.db, "en", 50);
    expect(list).toHaveLength(4);
    expectNoHidden(list);
    expect(list[0]?.title).toBe("Accra traders welcome new opening hours at Makola Market");
    const dates = list.map((a) => a.displayDate.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const card of list) {
      expect(card.summary).not.toMatch(/[<>]/);
      expect(card.summary.length).toBeLessThanOrEqual(203);
    }
  });

  test("featured and top story", async () => {
    const featured = await featuredArticles(database.db, "en");
    expect(featured.map((a) => a.title)).toEqual(["Black Stars name young squad for World Cup qualifiers"]);
    const hero = await topStory(database.db, "en");
    expect(hero?.isTopStory).toBe(true);
    expect(hero?.title).toBe("Accra traders welcome new opening hours at Makola Market");
  });

  test("a category slug matches whatever its case and punctuation", async () => {
    for (const slug of ["sports", "SPORTS", "Sports-"]) {
      const listing = await articlesByCategorySlug(database.db, "en", slug);
      expect(listing.exists).toBe(true);
      expect(listing.name).toBe("Sports");
      expect(listing.articles.map((a) => a.title)).toEqual([
        "Black Stars name young squad for World Cup qualifiers",
      ]);
    }
    const travel = await articlesByCategorySlug(database.db, "en", "Travel-And-Events");
    expect(travel.name).toBe("Travel & Events");
    expect(travel.exists).toBe(true);
    // Pages: the total counts published articles only (the hidden Sports ones are not counted).
    const onePage = await articlesByCategorySlug(database.db, "en", "sports", 1, 1);
    expect(onePage).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    const extra = one(
      await database.db
        .insert(articles)
        .values({
          title: "Second sports story",
          categoryId: sportsId,
          status: "published",
          publishedAt: new Date(Date.now() - 60_000),
        })
        .returning({ id: articles.id }),
    );
    // Written by hand, so the test gives the signal a newsroom write gives (totals are kept in memory).
    siteChanged(database.db, { scope: "everything", reason: "test: a story published" });
    const first = await articlesByCategorySlug(database.db, "en", "sports", 1, 1);
    const second = await articlesByCategorySlug(database.db, "en", "sports", 2, 1);
    expect(first).toMatchObject({ total: 2, page: 1, totalPages: 2 });
    expect(second).toMatchObject({ total: 2, page: 2, totalPages: 2 });
    expect(first.articles[0]?.id).toBe(extra.id);
    expect(second.articles.map((a) => a.title)).toEqual([
      "Black Stars name young squad for World Cup qualifiers",
    ]);
    expect((await articlesByCategorySlug(database.db, "en", "sports", 99, 1)).page).toBe(2);
    await database.db.delete(articles).where(eq(articles.id, extra.id));
    siteChanged(database.db, { scope: "everything", reason: "test: a story deleted" });
    const missing = await articlesByCategorySlug(database.db, "en", "arts-and-culture");
    expect(missing).toMatchObject({ name: "Arts & Culture", exists: false, articles: [] });
  });

  test("all articles: a real count and pages", async () => {
    const first = await publishedArticlesPage(database.db, "en", 1, 3);
    expect(first).toMatchObject({ total: 4, page: 1, totalPages: 2 });
    expect(first.articles).toHaveLength(3);
    const second = await publishedArticlesPage(database.db, "en", 2, 3);
    expect(second.articles).toHaveLength(1);
    expect(new Set([...first.articles, ...second.articles].map((a) => a.id)).size).toBe(4);
    // Past the end: the last page, not an empty one.
    const beyond = await publishedArticlesPage(database.db, "en", 99, 3);
    expect(beyond.page).toBe(2);
    expectNoHidden([...first.articles, ...second.articles]);
  });

  test("related: same category first, never the article itself nor hidden ones", async () => {
    const black = firstRow(
      await latestArticles(database.db, "en", 50).then((l) => l.filter((a) => a.categoryName === "Sports")),
    );
    const related = await relatedArticles(
      database.db,
      { language: "en", id: black.id, categoryId: sportsId },
      4,
    );
    expect(related).toHaveLength(3);
    expect(related.map((a) => a.id)).not.toContain(black.id);
    expectNoHidden(related);
  });

  test("trending ranks by the score, ignores hidden articles with huge views", async () => {
    // The sample stories have no views of their own; these are counts imported from an older site.
    const imported = { "Accra traders": 412, "Black Stars": 1280 };
    for (const [start, views] of Object.entries(imported))
      await database.db
        .update(articles)
        .set({ views })
        .where(like(articles.title, `${start}%`));
    const list = await trendingArticles(database.db, "en", 5, { now: new Date() });
    expectNoHidden(list);
    // 412 views in 3 hours beat 1,280 in 20 hours.
    expect(list.map((a) => [a.title.split(" ").slice(0, 2).join(" "), a.views])).toEqual([
      ["Accra traders", 412],
      ["Black Stars", 1280],
    ]);
  });

  test("search: ranked, as you type, by category, never hidden ones", async () => {
    const full = await searchArticles(database.db, "en", "Black Stars squad");
    expect(full.results[0]?.title).toBe("Black Stars name young squad for World Cup qualifiers");
    const typing = await searchArticles(database.db, "en", "cocoa harv");
    expect(typing.results.map((a) => a.title)).toContain(
      "Cocoa farmers in Western North expect a stronger harvest",
    );
    const byCategory = await searchArticles(database.db, "en", "business");
    expect(byCategory.results.map((a) => a.categoryName)).toContain("Business");
    const byAuthor = await searchArticles(database.db, "en", "Serwaa");
    expect(byAuthor.total).toBeGreaterThan(0);
    const hidden = await searchArticles(database.db, "en", HIDDEN_WORD);
    expect(hidden).toEqual({ results: [], total: 0 });
    expect(await searchArticles(database.db, "en", "   ")).toEqual({ results: [], total: 0 });
    // Query syntax characters are harmless.
    await expect(searchArticles(database.db, "en", "it's a & | ! ( :* <-> 'quote")).resolves.toBeDefined();
  });

  test("search pages: the total counts every match, each page holds the next ones", async () => {
    const everything = await searchArticles(database.db, "en", "year");
    expect(everything.total).toBeGreaterThan(2);
    const first = await searchArticles(database.db, "en", "year", 1, 2);
    const second = await searchArticles(database.db, "en", "year", 2, 2);
    expect(first.total).toBe(everything.total);
    expect(second.total).toBe(everything.total);
    expect(first.results).toHaveLength(2);
    expect(second.results.length).toBeGreaterThan(0);
    const firstIds = first.results.map((a) => a.id);
    expect(second.results.every((a) => !firstIds.includes(a.id))).toBe(true);
    expect(everything.results.slice(0, 4).map((a) => a.id)).toEqual([
      ...firstIds,
      ...second.results.map((a) => a.id),
    ]);
  });

  test("a hidden article cannot be opened by id", async () => {
    for (const id of hiddenIds) expect(await getPublishedArticle(database.db, id)).toBeNull();
  });

  test("the navigation's categories come in the preferred order", async () => {
    const list = await navCategories(database.db, { tag: "en", main: true });
    expect(list.map((c) => c.name)).toEqual([
      "News",
      "Business",
      "Entertainment",
      "Sports",
      "Travel & Events",
      "Religious",
      "Gallery",
      "Lifestyle",
    ]);
    expect(firstRow(list).slug).toBe("news");
  });
});

test("the navigation falls back to the seven preferred names when categories cannot be loaded", async () => {
  const broken = {
    select: () => {
      throw new Error("database down");
    },
  } as unknown as Parameters<typeof navCategories>[0];
  const log = captureLogEvents();
  try {
    expect(await navCategories(broken, { tag: "en", main: true })).toBe(FALLBACK_CATEGORIES);
  } finally {
    log.stop();
  }
  expect(log.events).toMatchObject([{ component: "categories", err: { message: "database down" } }]);
  expect(FALLBACK_CATEGORIES.map((c) => c.slug)).toEqual([
    "news",
    "business",
    "entertainment",
    "sports",
    "travel-and-events",
    "religious",
    "gallery",
  ]);
});

test("prefix queries keep only words", () => {
  expect(prefixQuery("Black sta")).toBe("black:* & sta:*");
  expect(prefixQuery("it's <-> !")).toBe("it:* & s:*");
  expect(prefixQuery("  ")).toBe("");
  // A tone mark stays in its word; a word with nothing left once folded is no word (search.server.test.ts).
  expect(prefixQuery("Kɔ̀fi ʼ \u0301 ʼyan")).toBe("kɔ̀fi:* & ʼyan:*");
});
