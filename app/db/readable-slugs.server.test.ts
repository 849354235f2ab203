/**
 * drizzle/0028 (decision record 022, point 10): the database folds letters as `slugify` does, so the tag
 * slugs it stores are the ones pages link to, and tags stored before the migration move to their readable
 * slugs (`/tag/k-fi` to `/tag/kofi`).
 */
import fs from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { config } from "#app/config.server";
import { openDatabase } from "#app/db/client.server";
import { firstRow, rowsOf } from "#app/db/rows";
import { articles } from "#app/db/schema";
import { foldLetters, slugify, tagSlug } from "#app/lib/slug";
import {
  testDatabaseBefore,
  createTestDatabase,
  TEST_ENGINES,
  type TestDatabase,
} from "#test-support/test-database";

const READABLE_SLUGS_MIGRATION = "0028_readable_slugs";

/** Every letter of the table in both cases, tone marks (precomposed and combining), ʼ and ’, '&', digits. */
const TITLES = [
  "Ɔmanpanin kɔ Kumasi",
  "ɛɔŋɖƒɣʋʒɓɗƙƴ",
  "ƐƆŊƉƑƔƲƷƁƊƘƳ",
  "Ɛnnɛ Nsɛm: Ɔhene & Ɔmanfoɔ 2024",
  "Gã Mashie",
  "Gã Mashie (combining tilde)",
  "Àkwàbá, Ŋkɔ́ ɖé!",
  "Ɖevi Ƒe Ɣeyiɣi Ʋu",
  "Ƙasar ʼYan Ɗalibai ’yan’uwa",
  "Ɓarawo ƴaƴa 100%",
  "Ʒiŋli Dagbaŋ Ŋun Nyɛ Yɔɣu",
  "Ghana’s Black Stars & Hearts of Oak",
  "ÉCOLE Français — Côte d’Ivoire",
  "  --Kɔfi--  ",
  "中文 news 3",
  "̀́",
  "",
];

describe.each(TEST_ENGINES)("newsdesk_slug against slugify on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("the same fold and the same slug for every title", async () => {
    for (const title of TITLES) {
      const rows = await rowsOf<{ fold: string; slug: string }>(
        database.db,
        sql`SELECT newsdesk_fold(${title}) AS fold, newsdesk_slug(${title}) AS slug`,
      );
      expect(firstRow(rows), JSON.stringify(title)).toEqual({
        fold: foldLetters(title),
        slug: slugify(title),
      });
    }
  });

  test("a story's stored tag slugs are the ones tag links use", async () => {
    const tags = ["Kɔfi", "kofi", "Ƙasar ʼYan", "Gã", "Ʒiŋli & Ŋun"];
    await database.db.insert(articles).values({ id: "a-tags", title: "Tags", slug: "tags", tags });
    const row = firstRow(
      await rowsOf<{ tag_slugs: string[] }>(
        database.db,
        sql`SELECT tag_slugs FROM articles WHERE id = 'a-tags'`,
      ),
    );
    expect([...row.tag_slugs].sort()).toEqual([...new Set(tags.map(tagSlug))].sort());
    expect([...row.tag_slugs].sort()).toEqual(["ga", "kasar-yan", "kofi", "zinli-and-nun"]);
  });
});

describe.each(TEST_ENGINES)("tags stored before migration 0028 on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;
  const tagSlugsOf = async () => {
    const rows = await rowsOf<{ id: string; tag_slugs: string[]; updated_at: unknown }>(
      database.db,
      sql`SELECT id, tag_slugs, updated_at FROM articles ORDER BY id`,
    );
    return Object.fromEntries(
      rows.map((r) => [r.id, { slugs: r.tag_slugs, updatedAt: String(r.updated_at) }]),
    );
  };

  beforeAll(async () => {
    ({ database, olderMigrations } = await testDatabaseBefore(engine, READABLE_SLUGS_MIGRATION));
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  test("tags with these letters move to their readable slugs; the rest, and the stories' dates, stay", async () => {
    // Migrations up to 0027 leave the schema as app/db/schema.ts has it (0028 adds no column).
    await database.db.insert(articles).values([
      { id: "a-twi", title: "Ɔmanpanin kɔ Kumasi", slug: "manpanin-k-kumasi", tags: ["Kɔfi", "Accra"] },
      { id: "a-hausa", title: "Labarai", slug: "labarai", tags: ["ʼYan Ƙasa", "Ghana’s Stars"] },
      { id: "a-ga", title: "Gã", slug: "ga-story", tags: ["Gã Mashie"] },
      { id: "a-english", title: "News", slug: "news", tags: ["Politics", "Travel & Events"] },
      { id: "a-none", title: "Untagged", slug: "untagged", tags: [] },
    ]);
    const before = await tagSlugsOf();
    // What the old rule made of them: every letter beyond a-z a dash.
    expect(before["a-twi"]?.slugs.sort()).toEqual(["accra", "k-fi"]);
    expect(before["a-hausa"]?.slugs.sort()).toEqual(["ghana-s-stars", "yan-asa"]);
    expect(before["a-ga"]?.slugs).toEqual(["g-mashie"]);

    await database.migrate();
    const after = await tagSlugsOf();
    // The slugs that move, all of them.
    expect(after["a-twi"]?.slugs.sort()).toEqual(["accra", "kofi"]);
    expect(after["a-hausa"]?.slugs.sort()).toEqual(["ghanas-stars", "yan-kasa"]);
    expect(after["a-ga"]?.slugs).toEqual(["ga-mashie"]);
    expect(after["a-english"]).toEqual(before["a-english"]);
    expect(after["a-none"]).toEqual(before["a-none"]);
    // A recomputed slug is not an edit: nobody's story reads as updated.
    for (const id of Object.keys(before)) expect(after[id]?.updatedAt, id).toBe(before[id]?.updatedAt);
    // Stored story slugs stay (decision record 022, point 10): only tags move.
    const stored = await rowsOf<{ slug: string }>(
      database.db,
      sql`SELECT slug FROM articles WHERE id = 'a-twi'`,
    );
    expect(firstRow(stored).slug).toBe("manpanin-k-kumasi");
    // A tag page finds the story under its new slug through the GIN index's operator.
    const found = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM articles WHERE tag_slugs @> ARRAY['kofi']`,
    );
    expect(found.map((r) => r.id)).toEqual(["a-twi"]);
  });
});

/** PGlite is always UTF-8; a PostgreSQL server can be asked for another encoding. */
describe.each(TEST_ENGINES.filter((engine) => engine === "postgres"))("a non-UTF8 database on %s", () => {
  let empty: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    const name = `newsdesk_ascii_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: config().testDatabaseUrl });
    await admin.connect();
    await admin.query(
      `CREATE DATABASE "${name}" ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`,
    );
    await admin.end();
    const url = new URL(config().testDatabaseUrl!);
    url.pathname = `/${name}`;
    empty = {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: config().testDatabaseUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  });
  afterAll(async () => {
    await empty?.drop();
  });

  test("the migrations stop, saying the database must be UTF8", async () => {
    const database = await openDatabase({ databaseUrl: empty.url });
    try {
      const failure = await database.migrate().catch((error: unknown) => error as Error & { cause?: Error });
      expect(failure).toBeInstanceOf(Error);
      const message = `${(failure as Error).message} ${(failure as { cause?: Error }).cause?.message ?? ""}`;
      expect(message).toContain("Newsdesk needs a UTF8 database");
      expect(message).toContain("SQL_ASCII");
    } finally {
      await database.close();
    }
  });
});
