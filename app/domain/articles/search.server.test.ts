/**
 * Search reaches every match : 'Found N results' is the real number of published
 * matches, not the newest 200, and every page of them can be reached, each story once.
 */
import { sql } from "drizzle-orm";
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
import { loader as searchLoader } from "#app/routes/site/search";
import { saveArticle } from "./admin.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { searchArticles } from "./search.server";
import { testServices } from "#test-support/services";

const MATCHES = 230;

describe.each(TEST_ENGINES)("search past the newest 200 matches on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    // 230 published stories that mention the harmattan, an hour apart, and drafts that must not count.
    await database.db.execute(sql`
      INSERT INTO articles (id, title, content, status, published_at)
      SELECT gen_random_uuid()::text, 'Weather report ' || g, '<p>Harmattan dust over Accra, day ' || g || '.</p>', 'published',
        now() - g * interval '1 hour'
      FROM generate_series(1, ${MATCHES}) AS g`);
    await database.db.execute(sql`
      INSERT INTO articles (id, title, content, status)
      SELECT gen_random_uuid()::text, 'Draft ' || g, '<p>Harmattan draft ' || g || '.</p>', 'draft' FROM generate_series(1, 5) AS g`);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("the total is every published match, and paging through reaches each story exactly once", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(MATCHES / 20); page++) {
      const { results, total } = await searchArticles(database.db, "en", "harmattan", page, 20);
      expect(total, `page ${page}`).toBe(MATCHES);
      expect(results.length, `page ${page}`).toBe(page <= 11 ? 20 : MATCHES - 220);
      seen.push(...results.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(MATCHES);
    expect(await searchArticles(database.db, "en", "harmattan", 13, 20)).toEqual({
      results: [],
      total: MATCHES,
    });
  });

  test("a page that straddles the newest 200 holds the last ranked matches and then the older ones", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 8; page++) {
      const { results } = await searchArticles(database.db, "en", "harmattan", page, 30);
      expect(results.length, `page ${page}`).toBe(page <= 7 ? 30 : MATCHES - 210);
      seen.push(...results.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(MATCHES);
  });

  test("the search page: 'Found 230 results' in pages of Posts Per Page, the last page reachable", async () => {
    const load = async (path: string) =>
      (await searchLoader({
        request: new Request(`http://localhost${path}`),
        params: {},
        context: createRequestContext(testServices(currentTestDb()), null, "127.0.0.1"),
      } as never)) as unknown as {
        data: { totalPages: number; search: { ok: true; value: { total: number; results: unknown[] } } };
      };
    const first = await load("/search?q=harmattan");
    expect(first.data.search.value.total).toBe(MATCHES);
    expect(first.data.totalPages).toBe(23); // Posts Per Page: 10
    const last = await load("/search?q=harmattan&page=23");
    expect(last.data.search.value.results).toHaveLength(10);
  });

  test("a story published since is counted at once (the remembered total is forgotten)", async () => {
    const editor = staff("editor", "Edem Editor");
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
    expect((await searchArticles(database.db, "en", "harmattan", 1, 20)).total).toBe(MATCHES);
    await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Harmattan again", status: "published" }, "<p>Harmattan returns.</p>"),
    );
    expect((await searchArticles(database.db, "en", "harmattan", 1, 20)).total).toBe(MATCHES + 1);
    await database.db.execute(sql`DELETE FROM articles WHERE title = 'Harmattan again'`);
  });
});
