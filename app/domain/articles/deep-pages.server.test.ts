/**
 * Deep pages (docs/architecture.md, "How a request flows"): a page far into all articles, a category, an
 * author's stories, a tag or a search is found from remembered marks instead of reading every story before it
 * (page-marks.server.ts). A reader must not be able to tell: each page holds exactly the stories, in exactly
 * the order, that reading every story before it gives, with the real total, and a story published since shows
 * at once.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRequestContext } from "#app/auth/current-user.server";
import { settings, users } from "#app/db/schema";
import {
  createTestDatabase,
  currentTestDb,
  TEST_ENGINES,
  type TestDatabase,
} from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { loader as allArticlesLoader } from "#app/routes/site/all-articles";
import { saveArticle } from "./admin.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { DIRECT_OFFSETS_BELOW, MARK_STRIDE } from "./page-marks.server";
import {
  articlesByAuthorSlug,
  articlesByCategorySlug,
  articlesByTagSlug,
  publishedArticlesPage,
} from "./public.server";
import { SEARCH_WINDOW, searchArticles } from "./search.server";
import { testServices } from "#test-support/services";

/** Enough stories that most pages of ten lie past the offsets read directly. */
const STORIES = 2400;
const WORD = "kakaoberry";

describe.each(TEST_ENGINES)("deep pages on %s", (engine) => {
  let database: TestDatabase;
  const writer = staff("writer", "Ama Mensah");

  /** Every published story matching `where`, newest first, read the plain way (nothing skipped). */
  async function everyStory(where: SQL = sql`true`): Promise<string[]> {
    const { rows } = (await database.db.execute(sql`
      SELECT id FROM articles WHERE status = 'published' AND published_at <= now() AND ${where}
      ORDER BY display_date DESC, id DESC`)) as unknown as { rows: Array<{ id: string }> };
    return rows.map((row) => row.id);
  }
  const ids = (cards: Array<{ id: string }>) => cards.map((card) => card.id);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    const db = database.db;
    await db.insert(settings).values({ id: 1 });
    await db.execute(sql`INSERT INTO categories (id, name, slug) VALUES ('c-business', 'Business', 'business'),
      ('c-sports', 'Sports', 'sports')`);
    await db
      .insert(users)
      .values({ id: writer.id, email: writer.email, name: writer.name, role: "writer", slug: "ama-mensah" });
    // Stories three to an hour with the very same date (to the microsecond, which a JavaScript Date
    // would round away), so the id decides their order: half in Business, two in three by Ama, three in
    // four tagged Harvest, every other one mentions the search word. Drafts and stories dated tomorrow
    // share those dates and must never show.
    await db.execute(sql`
      INSERT INTO articles (id, title, content, status, published_at, category_id, author_id, author_name, tags)
      SELECT gen_random_uuid()::text, 'Story ' || g,
             CASE WHEN g % 2 = 1 THEN ${`<p>The ${WORD} harvest.</p>`} ELSE '<p>Market day.</p>' END,
             'published', date_trunc('hour', now()) - (g / 3) * interval '1 hour' - interval '0.123456 seconds',
             CASE WHEN g % 2 = 0 THEN 'c-business' ELSE 'c-sports' END,
             CASE WHEN g % 3 <> 0 THEN ${writer.id} END, CASE WHEN g % 3 <> 0 THEN ${writer.name} ELSE 'Guest' END,
             CASE WHEN g % 4 <> 0 THEN ARRAY['Harvest'] ELSE ARRAY['Market'] END
      FROM generate_series(1, ${STORIES}) AS g`);
    await db.execute(sql`
      INSERT INTO articles (id, title, content, status, published_at, category_id, author_id, author_name, tags)
      SELECT gen_random_uuid()::text, 'Hidden ' || g, ${`<p>${WORD}</p>`},
             CASE WHEN g % 2 = 0 THEN 'draft' ELSE 'published' END,
             CASE WHEN g % 2 = 0 THEN date_trunc('hour', now()) - (g * 7 / 3) * interval '1 hour' - interval '0.123456 seconds'
                  ELSE now() + interval '1 day' END,
             'c-business', ${writer.id}, ${writer.name}, ARRAY['Harvest']
      FROM generate_series(1, 60) AS g`);
    await db.execute(sql`ANALYZE`);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("all articles, page after page: each page the stories a full read gives, in its order, each once", async () => {
    const every = await everyStory();
    expect(every).toHaveLength(STORIES);
    const pages = Math.ceil(STORIES / 10);
    for (let page = 1; page <= pages; page++) {
      const shown = await publishedArticlesPage(database.db, "en", page, 10);
      expect({ page, total: shown.total, totalPages: shown.totalPages, ids: ids(shown.articles) }).toEqual({
        page,
        total: STORIES,
        totalPages: pages,
        ids: every.slice((page - 1) * 10, page * 10),
      });
    }
    // Most of them lay past the offsets read directly, so the marks were used.
    expect(pages * 10).toBeGreaterThan(DIRECT_OFFSETS_BELOW + 10 * MARK_STRIDE);
  });

  test("a category, an author and a tag read deep show the same stories in the same order as a full read", async () => {
    const business = await everyStory(sql`category_id = 'c-business'`);
    const amas = await everyStory(sql`author_id = ${writer.id}`);
    const harvest = await everyStory(sql`tag_slugs @> array['harvest']`);
    expect([business.length, amas.length, harvest.length]).toEqual([1200, 1600, 1800]);
    const pageOf = (every: string[], page: number, perPage: number) =>
      every.slice((page - 1) * perPage, page * perPage);
    for (const page of [1, 100, 101, 102, 111, 120]) {
      const category = await articlesByCategorySlug(database.db, "en", "business", page, 10);
      expect({ page, total: category.total, ids: ids(category.articles) }).toEqual({
        page,
        total: 1200,
        ids: pageOf(business, page, 10),
      });
    }
    for (const page of [1, 101, 150, 159, 160]) {
      const author = await articlesByAuthorSlug(database.db, "en", "ama-mensah", page, 10);
      expect({ page, total: author?.total, ids: ids(author?.articles ?? []) }).toEqual({
        page,
        total: 1600,
        ids: pageOf(amas, page, 10),
      });
    }
    for (const page of [1, 36, 60, 61, 87, 90]) {
      const tag = await articlesByTagSlug(database.db, "en", "harvest", page, 20);
      expect({ page, total: tag?.total, ids: ids(tag?.articles ?? []) }).toEqual({
        page,
        total: 1800,
        ids: pageOf(harvest, page, 20),
      });
    }
  });

  test("search: the true total, and deep pages hold the older matches in date order, to the last one", async () => {
    const matches = await everyStory(sql`content LIKE ${`%${WORD}%`}`);
    expect(matches).toHaveLength(STORIES / 2);
    const first = await searchArticles(database.db, "en", WORD, 1, 10);
    expect(first.total).toBe(STORIES / 2);
    // The newest SEARCH_WINDOW matches are ranked; every match after them comes in date order.
    const lastPage = Math.ceil(matches.length / 10);
    for (const page of [SEARCH_WINDOW / 10 + 1, 101, 102, 110, lastPage]) {
      const found = await searchArticles(database.db, "en", WORD, page, 10);
      expect({ page, total: found.total, ids: ids(found.results) }).toEqual({
        page,
        total: STORIES / 2,
        ids: matches.slice((page - 1) * 10, page * 10),
      });
    }
    expect(await searchArticles(database.db, "en", WORD, lastPage + 1, 10)).toEqual({
      results: [],
      total: STORIES / 2,
    });
  });

  test("every search is planned for its own words, never one plan kept for all (embedded database)", async () => {
    // A kept plan guesses every word rare: at 100,000 stories it read all 25,000 matches of a common
    // word to find the newest 200 (80-90 ms instead of 7).
    if (engine !== "pglite") return;
    for (let run = 0; run < 8; run++)
      for (const [words, page] of [
        [WORD, 1],
        ["market day", 1],
        [WORD, 30],
        ["harvest", 25],
      ] as const)
        await searchArticles(database.db, "en", words, page, 10);
    const { rows } = (await database.db.execute(sql`
      SELECT statement, generic_plans FROM pg_prepared_statements
      WHERE statement LIKE '%search_vector%' AND statement LIKE '%order by%'`)) as unknown as {
      rows: Array<{ statement: string; generic_plans: number }>;
    };
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows)
      expect({ statement: row.statement.slice(0, 80), genericPlans: Number(row.generic_plans) }).toEqual({
        statement: row.statement.slice(0, 80),
        genericPlans: 0,
      });
  });

  test("the all-articles page 200 (ten a page): the real total and stories 1,991 to 2,000 of a full read", async () => {
    const every = await everyStory();
    const loaded = (await allArticlesLoader({
      request: new Request("http://localhost/all-articles?page=200"),
      params: {},
      context: createRequestContext(testServices(currentTestDb()), null, "127.0.0.1"),
    } as never)) as unknown as { ok: true; page: number; total: number; articles: Array<{ id: string }> };
    // Posts Per Page: 10 (the setting's default).
    expect({ page: loaded.page, total: loaded.total, ids: ids(loaded.articles) }).toEqual({
      page: 200,
      total: STORIES,
      ids: every.slice(1990, 2000),
    });
  });

  test("a story published after deep pages were read moves them on at once", async () => {
    const before = await publishedArticlesPage(database.db, "en", 150, 10);
    const business = await articlesByCategorySlug(database.db, "en", "business", 110, 10);
    const editor = staff("editor", "Edem Editor");
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
    await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Breaking: harvest record", status: "published", categoryId: "c-business" }),
    );
    const every = await everyStory();
    expect(every).toHaveLength(STORIES + 1);
    const after = await publishedArticlesPage(database.db, "en", 150, 10);
    expect({ total: after.total, ids: ids(after.articles) }).toEqual({
      total: STORIES + 1,
      ids: every.slice(1490, 1500),
    });
    // One story moved down into this page from the one before.
    expect(ids(after.articles).slice(1)).toEqual(ids(before.articles).slice(0, 9));
    const businessAfter = await articlesByCategorySlug(database.db, "en", "business", 110, 10);
    expect(ids(businessAfter.articles).slice(1)).toEqual(ids(business.articles).slice(0, 9));
  });
});
