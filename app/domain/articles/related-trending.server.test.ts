/**
 * The article page's two boxes of other stories : Trending never lists the story being read,
 * and Related Articles prefer the same category, then shared tags, then the newest of any.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, categories } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { getPublishedArticle, relatedArticles } from "./public.server";
import { trendingArticles } from "./trending.server";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A published story in `categoryId`, `days` old. */
const publishedIn =
  (categoryId: string) =>
  (title: string, days: number, tags: string[] = []) => ({
    title,
    content: `<p>${title}</p>`,
    status: "published" as const,
    categoryId,
    tags,
    publishedAt: daysAgo(days),
    createdAt: daysAgo(days),
  });

describe.each(TEST_ENGINES)("related and trending on %s", (engine) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "secret123" });
    const db = database.db;
    const category = async (name: string) =>
      one(await db.insert(categories).values({ name, slug: name.toLowerCase() }).returning()).id;
    const metro = await category("Metro");
    const weather = await category("Weather");
    const story = async (key: string, values: Partial<typeof articles.$inferInsert>) => {
      const row = one(
        await db
          .insert(articles)
          .values({ title: key, content: `<p>${key}</p>`, status: "published", ...values })
          .returning({ id: articles.id }),
      );
      ids[key] = row.id;
    };
    // The story being read: Metro, tagged Korle Lagoon and Floods, and by far the most read.
    await story("reading", {
      categoryId: metro,
      tags: ["Korle Lagoon", "Floods"],
      publishedAt: daysAgo(0.1),
      createdAt: daysAgo(0.1),
      views: 50_000,
    });
    await story("same category, shared tag", {
      categoryId: metro,
      tags: ["Floods"],
      publishedAt: daysAgo(5),
    });
    await story("same category", { categoryId: metro, publishedAt: daysAgo(4) });
    // 'KORLE  LAGOON' has the slug of 'Korle Lagoon': tags are compared by their slugs.
    await story("shared tag", { categoryId: weather, tags: ["KORLE  LAGOON"], publishedAt: daysAgo(6) });
    await story("newest of any", { publishedAt: daysAgo(0.01) });
    await story("a draft in the category", { categoryId: metro, tags: ["Floods"], status: "draft" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  test("related: same category sharing a tag, same category, shared tag, then the newest; never itself or a draft", async () => {
    const reading = (await getPublishedArticle(database.db, ids.reading!))!;
    const titles = async (limit: number) =>
      (await relatedArticles(database.db, reading, limit)).map((card) => card.title);
    expect(await titles(4)).toEqual([
      "same category, shared tag",
      "same category",
      "shared tag",
      "newest of any",
    ]);
    expect(await titles(2)).toEqual(["same category, shared tag", "same category"]);
    expect(await titles(6)).not.toContain("reading");
    expect(await titles(6)).not.toContain("a draft in the category");
  });

  test("related without a category or tags: the newest stories", async () => {
    const related = await relatedArticles(
      database.db,
      { language: "en", id: ids.reading!, categoryId: null, tags: [] },
      2,
    );
    expect(related.map((card) => card.title)[0]).toBe("newest of any");
    expect(related).toHaveLength(2);
  });

  test("trending leaves out the story being read, and still fills the list", async () => {
    const everywhere = await trendingArticles(database.db, "en", 5);
    expect(everywhere[0]?.id).toBe(ids.reading);
    const onItsPage = await trendingArticles(database.db, "en", 5, { excluding: ids.reading });
    expect(onItsPage.map((card) => card.id)).not.toContain(ids.reading);
    // The list closes up: the next stories move up in the same order.
    expect(onItsPage.slice(0, 4).map((card) => card.id)).toEqual(
      everywhere.slice(1, 5).map((card) => card.id),
    );
    const ranked = await trendingArticles(database.db, "en", 5, { now: new Date(), excluding: ids.reading });
    expect(ranked.map((card) => card.id)).not.toContain(ids.reading);
  });
});

// Each test has a category of its own, so their stories never meet in the tiers they test.
describe.each(TEST_ENGINES)("related stories behind many newer ones on %s", (engine) => {
  let database: TestDatabase;
  const category = async (slug: string) =>
    one(await database.db.insert(categories).values({ name: slug, slug }).returning()).id;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  test("stories sharing a tag are found behind 300 newer ones in the category, newest first, drafts and future stories left out", async () => {
    const db = database.db;
    const metro = await category("metro");
    const published = publishedIn(metro);
    await db
      .insert(articles)
      .values(Array.from({ length: 300 }, (_, i) => published(`newer ${i}`, 1 + i / 1000)));
    await db
      .insert(articles)
      .values([
        published("older sharing the tag", 30, ["Odaw Drain"]),
        published("oldest sharing the tag", 60, ["odaw drain"]),
        { ...published("a draft sharing the tag", 20, ["Odaw Drain"]), status: "draft" as const },
        { ...published("a story for tomorrow", -1, ["Odaw Drain"]), status: "scheduled" as const },
      ]);
    const reading = one(
      await db
        .insert(articles)
        .values(published("reading", 0.5, ["Odaw Drain"]))
        .returning({ id: articles.id }),
    );
    const related = await relatedArticles(
      db,
      { language: "en", id: reading.id, categoryId: metro, tags: ["Odaw Drain"] },
      4,
    );
    expect(related.map((card) => card.title)).toEqual([
      "older sharing the tag",
      "oldest sharing the tag",
      "newer 0",
      "newer 1",
    ]);
  });

  test("a tag on 600 older stories, none of them among the newest 150, still gives its newest", async () => {
    const db = database.db;
    const politics = await category("politics");
    const published = publishedIn(politics);
    await db
      .insert(articles)
      .values(Array.from({ length: 150 }, (_, i) => published(`newer ${i}`, 1 + i / 1000)));
    await db
      .insert(articles)
      .values(Array.from({ length: 600 }, (_, i) => published(`election ${i}`, 30 + i, ["Election 2024"])));
    const reading = one(
      await db
        .insert(articles)
        .values(published("reading", 0.5, ["Election 2024"]))
        .returning({ id: articles.id }),
    );
    const related = await relatedArticles(
      db,
      { id: reading.id, language: "en", categoryId: politics, tags: ["Election 2024"] },
      4,
    );
    expect(related.map((card) => card.title)).toEqual([
      "election 0",
      "election 1",
      "election 2",
      "election 3",
    ]);
  });
});
