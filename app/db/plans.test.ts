import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import {
  articlesByCategorySlug,
  featuredArticles,
  latestArticles,
  topStory,
} from "#app/domain/articles/public.server";
import { literalCount } from "./plans";

describe("literalCount", () => {
  test("writes a whole number into the statement", () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 limit ${literalCount(10)}`);
    expect(query).toEqual({ sql: "select 1 limit 10", params: [] });
  });

  test.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses %s", (count) => {
    expect(() => literalCount(count)).toThrow(RangeError);
  });
});

/**
 * The listings every reader page runs are planned once on the embedded database, not on every run
 * (each plan reads the size of every table and index it may use): after Postgres's five trial runs it
 * keeps the generic plan.
 */
describe("listing plans on the embedded database", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminPassword: "secret123" });
    // Enough stories for plans to differ: with a dozen, any plan costs the same.
    await database.db.execute(sql`
      INSERT INTO articles (id, slug, title, excerpt, content, category_id, author_name, status,
                            read_time, published_at, created_at)
      SELECT gen_random_uuid()::text, 'plan-story-' || g, 'Plan story ' || g, '', '<p>Story</p>',
             c.ids[g % array_length(c.ids, 1) + 1], 'Plan Writer', 'published', '1 min read',
             now() - make_interval(hours => g), now() - make_interval(hours => g)
      FROM generate_series(1, 3000) AS g, (SELECT array_agg(id ORDER BY name) AS ids FROM categories) AS c`);
    await database.db.execute(sql`ANALYZE`);
  });
  afterAll(() => database.destroy());

  test("latest, featured, the top story and a category page keep one generic plan", async () => {
    const db = database.db;
    for (let run = 0; run < 10; run++) {
      await latestArticles(db, "en", 10);
      await featuredArticles(db, "en", 6);
      await topStory(db, "en");
      await articlesByCategorySlug(db, "en", "business", 1, 10);
    }
    const { rows } = (await db.execute(
      sql`SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
          WHERE statement LIKE '%from "articles" left join "categories"%'`,
    )) as unknown as { rows: Array<{ statement: string; generic_plans: number; custom_plans: number }> };
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect({ statement: row.statement.slice(-120), customPlans: Number(row.custom_plans) }).toEqual({
        statement: row.statement.slice(-120),
        customPlans: 5,
      });
    }
  });
});
