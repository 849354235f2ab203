import { getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "./schema";
import { articles, comments, users } from "./schema";
import { emptyTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { firstRow } from "#app/db/rows";
import { one } from "#test-support/test-database";

const SCHEMA_TABLES = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** The PostgreSQL error code behind a failed query (drizzle wraps the driver's error). */
async function pgErrorCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? "no code";
  }
  return undefined;
}
const CHECK_VIOLATION = "23514";
/** A value the column's type already refuses: the database must refuse it too, whatever writes it. */
const outside = (value: string) => value as never;
const UNIQUE_VIOLATION = "23505";

describe.each(TEST_ENGINES)("migrations on %s", (engine) => {
  let database: TestDatabase;

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };
  const publicTables = async () =>
    (
      await rows<{ table_name: string }>(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).map((r) => r.table_name);

  beforeAll(async () => {
    database = await emptyTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("an empty database gets every table and every column of the schema", async () => {
    expect(await publicTables()).toEqual([]);
    await database.migrate();
    const expectedTables = SCHEMA_TABLES.map((t) => getTableName(t)).sort();
    expect(expectedTables.length).toBeGreaterThanOrEqual(12);
    expect(await publicTables()).toEqual(expectedTables);
    const columns = await rows<{ table_name: string; column_name: string }>(
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    for (const table of SCHEMA_TABLES) {
      const name = getTableName(table);
      const inDatabase = columns
        .filter((c) => c.table_name === name)
        .map((c) => c.column_name)
        .sort();
      const inSchema = Object.values(getTableColumns(table))
        .map((c) => c.name)
        .sort();
      expect(inDatabase, name).toEqual(inSchema);
    }
  });

  test("CHECK constraints refuse values outside the enums", async () => {
    const author = one(
      await database.db.insert(users).values({ email: "check@example.com", name: "Check" }).returning(),
    );
    expect(
      await pgErrorCode(() =>
        database.db.insert(users).values({ email: "su@example.com", name: "Su", role: outside("superuser") }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(() =>
        database.db.insert(users).values({ email: "st@example.com", name: "St", status: outside("banned") }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(() =>
        database.db.insert(users).values({ email: "Upper@Example.com", name: "Upper" }),
      ),
    ).toBe(CHECK_VIOLATION);
    // The legacy roles are gone since drizzle/0002 made them writers (legacy-roles.server.test.ts).
    for (const role of ["author", "subscriber"]) {
      expect(
        await pgErrorCode(() =>
          database.db
            .insert(users)
            .values({ email: `${role}@example.com`, name: "Old", role: outside(role) }),
        ),
        role,
      ).toBe(CHECK_VIOLATION);
    }

    expect(
      await pgErrorCode(() =>
        database.db.insert(articles).values({ title: "Bogus", status: outside("bogus") }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(() => database.db.insert(articles).values({ title: "Negative", views: -1 })),
    ).toBe(CHECK_VIOLATION);
    const article = one(
      await database.db
        .insert(articles)
        .values({ title: "Fine", status: "published", authorId: author.id })
        .returning(),
    );
    const comment = (status: string) => ({
      articleId: article.id,
      authorName: "R",
      authorEmail: "r@example.com",
      text: "Hi",
      status: outside(status),
    });
    expect(await pgErrorCode(() => database.db.insert(comments).values(comment("hidden")))).toBe(
      CHECK_VIOLATION,
    );
    for (const status of ["pending", "approved", "rejected", "spam"]) {
      expect(await pgErrorCode(() => database.db.insert(comments).values(comment(status))), status).toBe(
        undefined,
      );
    }
    expect(await pgErrorCode(() => database.db.insert(schema.settings).values({ id: 2 }))).toBe(
      CHECK_VIOLATION,
    );
  });

  test("at most one published featured and one published top-story article, whatever writes the flag", async () => {
    const live = { status: "published" } as const;
    await database.db.insert(articles).values({ title: "Featured one", featured: true, ...live });
    expect(
      await pgErrorCode(() =>
        database.db.insert(articles).values({ title: "Featured two", featured: true, ...live }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    await database.db.insert(articles).values({ title: "Top one", isTopStory: true, ...live });
    expect(
      await pgErrorCode(() =>
        database.db.insert(articles).values({ title: "Top two", isTopStory: true, ...live }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // A plain UPDATE cannot sneak a second one in either, nor publish a second flagged story.
    expect(
      await pgErrorCode(() =>
        database.db
          .update(articles)
          .set({ featured: true })
          .where(sql`title = 'Fine'`),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // A story not yet live may hold a flag (it takes it when published: app/domain/articles/flags.server.ts).
    await database.db
      .insert(articles)
      .values({ title: "Tomorrow's lead", isTopStory: true, status: "scheduled" });
    expect(
      await pgErrorCode(() =>
        database.db
          .update(articles)
          .set({ status: "published" })
          .where(sql`title = 'Tomorrow''s lead'`),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // The index is partial: any number of articles may be neither.
    await database.db.insert(articles).values([{ title: "Plain a" }, { title: "Plain b" }]);
    const [counts] = await rows<{ featured: number; top: number }>(
      sql`SELECT count(*) FILTER (WHERE featured)::int AS featured, count(*) FILTER (WHERE is_top_story)::int AS top FROM articles WHERE status = 'published'`,
    );
    expect(counts).toEqual({ featured: 1, top: 1 });
  });

  test("the stored search vector is filled and found by websearch_to_tsquery, also after an edit", async () => {
    const article = one(
      await database.db
        .insert(articles)
        .values({
          title: "Harbour news",
          content: "<p>Fishermen counted seventeen dolphins near the lighthouse.</p>",
          status: "published",
        })
        .returning(),
    );
    const find = (query: string) =>
      rows<{ id: string }>(
        sql`SELECT id FROM articles WHERE search_vector @@ websearch_to_tsquery('english', ${query})`,
      );
    const vector = firstRow(
      await rows<{ v: string }>(sql`SELECT search_vector::text AS v FROM articles WHERE id = ${article.id}`),
    );
    expect(vector.v).toContain("dolphin");
    expect((await find("dolphin")).map((r) => r.id)).toEqual([article.id]);
    expect((await find("lighthouse dolphins")).map((r) => r.id)).toEqual([article.id]);
    expect(await find("elephants")).toEqual([]);
    await database.db
      .update(articles)
      .set({ content: "Now about elephants." })
      .where(sql`id = ${article.id}`);
    expect((await find("elephants")).map((r) => r.id)).toEqual([article.id]);
    expect(await find("dolphin")).toEqual([]);
  });

  test("display_date: the manual date when used, else the publish date, else the creation date", async () => {
    const created = new Date("2026-01-01T08:00:00Z");
    const published = new Date("2026-01-02T08:00:00Z");
    const manual = new Date("2025-12-24T08:00:00Z");
    const insert = async (values: Partial<typeof articles.$inferInsert>) => {
      const row = one(
        await database.db
          .insert(articles)
          .values({ title: "Dated", createdAt: created, ...values })
          .returning({ displayDate: articles.displayDate }),
      );
      return row.displayDate;
    };
    expect(await insert({})).toEqual(created);
    expect(await insert({ publishedAt: published })).toEqual(published);
    expect(await insert({ publishedAt: published, useManualDate: true, manualDate: manual })).toEqual(manual);
    expect(await insert({ useManualDate: true, manualDate: manual })).toEqual(manual);
    // A manual date that is switched off, or switched on without a date, does not count.
    expect(await insert({ publishedAt: published, useManualDate: false, manualDate: manual })).toEqual(
      published,
    );
    expect(await insert({ publishedAt: published, useManualDate: true, manualDate: null })).toEqual(
      published,
    );
  });

  test("running the migrations again is harmless", async () => {
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM articles`);
    const applied = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBeGreaterThanOrEqual(1);
    await database.migrate();
    await database.migrate();
    expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM articles`)).toEqual(before);
    expect(
      await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
    ).toEqual(applied);
    expect(await publicTables()).toEqual(SCHEMA_TABLES.map((t) => getTableName(t)).sort());
  });
});
