import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articles, articleViews, rateLimits } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { recordArticleView, totalViews, VIEW_RATE_LIMIT } from "./views.server";

describe.each(TEST_ENGINES)("view counting on %s", (engine) => {
  let database: TestDatabase;
  let publishedId: string;
  let draftId: string;
  let scheduledId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const rows = await database.db
      .insert(articles)
      .values([
        { title: "Published", status: "published", publishedAt: sql`now() - interval '1 hour'`, views: 7 },
        { title: "Draft", status: "draft", views: 0 },
        { title: "Scheduled", status: "published", publishedAt: sql`now() + interval '1 day'`, views: 0 },
      ])
      .returning({ id: articles.id });
    const [published, draft, scheduled] = rows;
    if (!published || !draft || !scheduled) throw new Error(`expected three articles, got ${rows.length}`);
    [publishedId, draftId, scheduledId] = [published.id, draft.id, scheduled.id];
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  const viewsOf = async (id: string) =>
    one(await database.db.select({ views: totalViews() }).from(articles).where(eq(articles.id, id))).views;

  test("views are counted per UTC day on top of the carried-over total, without rewriting the article row", async () => {
    const rowVersion = async () =>
      one(
        await database.db
          .select({ version: sql<string>`xmin::text`, views: articles.views })
          .from(articles)
          .where(eq(articles.id, publishedId)),
      );
    const before = await rowVersion();
    const total = await viewsOf(publishedId);
    const day1 = new Date("2026-03-01T23:59:00Z");
    const day2 = new Date("2026-03-02T00:01:00Z");
    expect(await recordArticleView(database.db, publishedId, { ip: "10.9.0.1" }, day1)).toBe("counted");
    expect(await recordArticleView(database.db, publishedId, { ip: "10.9.0.2" }, day1)).toBe("counted");
    expect(await recordArticleView(database.db, publishedId, { ip: "10.9.0.1" }, day2)).toBe("counted");
    const days = await database.db
      .select({ day: articleViews.day, views: articleViews.views })
      .from(articleViews)
      .where(
        sql`${articleViews.articleId} = ${publishedId} and ${articleViews.day} in ('2026-03-01', '2026-03-02')`,
      )
      .orderBy(articleViews.day);
    expect(days).toEqual([
      { day: "2026-03-01", views: 2 },
      { day: "2026-03-02", views: 1 },
    ]);
    expect(await viewsOf(publishedId)).toBe(total + 3);
    expect(await rowVersion()).toEqual(before);
  });

  test("a view of a published article adds one", async () => {
    const before = await viewsOf(publishedId);
    expect(await recordArticleView(database.db, publishedId, { ip: "10.0.0.1" })).toBe("counted");
    expect(await viewsOf(publishedId)).toBe(before + 1);
  });

  test("drafts, scheduled and missing articles are never counted", async () => {
    expect(await recordArticleView(database.db, draftId, { ip: "10.0.0.1" })).toBe("not-found");
    expect(await recordArticleView(database.db, scheduledId, { ip: "10.0.0.1" })).toBe("not-found");
    expect(await recordArticleView(database.db, "no-such-id", { ip: "10.0.0.1" })).toBe("not-found");
    expect(await viewsOf(draftId)).toBe(0);
    expect(await viewsOf(scheduledId)).toBe(0);
    // Unknown ids leave no rate-limit rows behind.
    expect(await database.db.select().from(rateLimits)).toHaveLength(0);
  });

  test("concurrent views are all counted (the increment is atomic)", async () => {
    const before = await viewsOf(publishedId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordArticleView(database.db, publishedId, { ip: `10.1.0.${i}` }),
      ),
    );
    expect(results.every((r) => r === "counted")).toBe(true);
    expect(await viewsOf(publishedId)).toBe(before + 20);
  });

  test("one address counts the same article only a few times per window", async () => {
    const before = await viewsOf(publishedId);
    const now = new Date("2026-01-05T10:00:00Z");
    for (let i = 0; i < VIEW_RATE_LIMIT.limit; i++) {
      expect(await recordArticleView(database.db, publishedId, { ip: "10.2.0.1" }, now)).toBe("counted");
    }
    expect(await recordArticleView(database.db, publishedId, { ip: "10.2.0.1" }, now)).toBe("rate-limited");
    expect(await viewsOf(publishedId)).toBe(before + VIEW_RATE_LIMIT.limit);
  });
});
