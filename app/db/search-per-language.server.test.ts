/**
 * drizzle/0029 (decision record 022, point 9): each story's search document is made in its own language,
 * PostgreSQL's stemmer where it has one and folded letters where it has none, by two functions the
 * queries use too; stories stored before the migration are indexed anew.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { firstRow, rowsOf } from "#app/db/rows";
import { articles } from "#app/db/schema";
import { LANGUAGES } from "#app/domain/settings/settings-form";
import { testDatabaseBefore, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

const SEARCH_MIGRATION = "0029_search_per_language";

/** The settings' languages (Settings → General) with a stemmer on both engines; the others fold. */
const STEMMED: Record<string, string> = {
  en: "english",
  es: "spanish",
  fr: "french",
  de: "german",
  it: "italian",
  pt: "portuguese",
  ru: "russian",
};

const TWI_TITLE = "Kɔ̀fi Ɔmanpanin kɔ Kumasi ɛnnɛ";
const ENGLISH_TITLE = "Elections in Accra";

describe.each(TEST_ENGINES)("migration 0029 on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;
  const vectorOf = async (id: string) =>
    firstRow(
      await rowsOf<{ v: string }>(
        database.db,
        sql`SELECT search_vector::text AS v FROM articles WHERE id = ${id}`,
      ),
    ).v;

  beforeAll(async () => {
    ({ database, olderMigrations } = await testDatabaseBefore(engine, SEARCH_MIGRATION));
    await database.db.execute(sql`INSERT INTO editions (tag, name, enabled) VALUES ('tw', 'Twi', true)`);
    // Stored under 0028's English-only vector.
    await database.db.insert(articles).values([
      { id: "a-twi", title: TWI_TITLE, slug: "kofi", language: "tw", status: "published" },
      { id: "a-en", title: ENGLISH_TITLE, slug: "elections", language: "en", status: "published" },
    ]);
    expect(await vectorOf("a-twi")).toContain("'kɔ̀fi'");
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  test("the two functions are immutable: a stemmer per language where there is one, else folded text", async () => {
    const volatility = await rowsOf<{ proname: string; provolatile: string }>(
      database.db,
      sql`SELECT proname, provolatile FROM pg_proc
          WHERE proname IN ('newsdesk_search_config', 'newsdesk_search_text') ORDER BY proname`,
    );
    expect(volatility).toEqual([
      { proname: "newsdesk_search_config", provolatile: "i" },
      { proname: "newsdesk_search_text", provolatile: "i" },
    ]);
    for (const tag of [...LANGUAGES, "tw", "gaa", "ee", "ha", "dag", "pt-br", "en-gb", "nl", "sv"]) {
      const row = firstRow(
        await rowsOf<{ config: string; text: string }>(
          database.db,
          sql`SELECT newsdesk_search_config(${tag})::text AS config, newsdesk_search_text(${tag}, ${TWI_TITLE}) AS text`,
        ),
      );
      const stemmer = STEMMED[tag.split("-")[0] ?? ""] ?? { nl: "dutch", sv: "swedish" }[tag];
      expect(row.config, tag).toBe(stemmer ?? "simple");
      expect(row.text, tag).toBe(stemmer ? TWI_TITLE : "kofi omanpanin ko kumasi enne");
    }
  });

  test("the column is made again over them, generated and indexed", async () => {
    const column = firstRow(
      await rowsOf<{ is_generated: string; generation_expression: string; is_nullable: string }>(
        database.db,
        sql`SELECT is_generated, generation_expression, is_nullable FROM information_schema.columns
            WHERE table_name = 'articles' AND column_name = 'search_vector'`,
      ),
    );
    expect(column.is_generated).toBe("ALWAYS");
    expect(column.is_nullable).toBe("NO");
    expect(column.generation_expression).toContain("newsdesk_search_config(language)");
    expect(column.generation_expression).toContain("newsdesk_search_text(language,");
    expect(column.generation_expression).not.toContain("'english'");
    const index = await rowsOf<{ indexdef: string }>(
      database.db,
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'articles' AND indexname = 'articles_search_idx'`,
    );
    expect(index.map((row) => row.indexdef)).toEqual([expect.stringMatching(/USING gin \(search_vector\)$/)]);
  });

  test("stories stored before are indexed in their language: Twi folded, English stemmed, weights kept", async () => {
    const twi = await vectorOf("a-twi");
    expect(twi).toBe("'enne':5A 'ko':3A 'kofi':1A 'kumasi':4A 'omanpanin':2A");
    expect(await vectorOf("a-en")).toBe("'accra':3A 'elect':1A");
    const found = async (tag: string, query: string) =>
      (
        await rowsOf<{ id: string }>(
          database.db,
          sql`SELECT id FROM articles WHERE search_vector @@
              websearch_to_tsquery(newsdesk_search_config(${tag}), newsdesk_search_text(${tag}, ${query}))
              ORDER BY id`,
        )
      ).map((row) => row.id);
    expect(await found("tw", "Kofi")).toEqual(["a-twi"]);
    expect(await found("tw", "KƆFI ɛ́nnɛ")).toEqual(["a-twi"]);
    expect(await found("en", "election")).toEqual(["a-en"]);
    // Body and excerpt keep their weights.
    await database.db.execute(
      sql`UPDATE articles SET excerpt = 'Ɔhene', author_name = 'Yaw', content = '<p>Nsɛm pa</p>' WHERE id = 'a-twi'`,
    );
    expect(await vectorOf("a-twi")).toBe(
      "'enne':5A 'ko':3A 'kofi':1A 'kumasi':4A 'nsem':8C 'ohene':6B 'omanpanin':2A 'pa':9C 'yaw':7B",
    );
  });

  test("a story moved to another edition is indexed in its new language", async () => {
    await database.db.execute(sql`UPDATE articles SET language = 'en' WHERE id = 'a-twi'`);
    expect(await vectorOf("a-twi")).toContain("'kɔ̀fi':1A");
    await database.db.execute(sql`UPDATE articles SET language = 'tw' WHERE id = 'a-twi'`);
    expect(await vectorOf("a-twi")).toContain("'kofi':1A");
  });
});
