/**
 * drizzle/0030 (decision record 022, point 11): the newsletter per edition. Subscribers and issues stored
 * before it are the main edition's; the digest is once per day and edition; renaming the main edition
 * carries both along.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rowsOf } from "#app/db/rows";
import { isUniqueViolation } from "#app/db/errors";
import { testDatabaseBefore, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

const EDITIONS_MIGRATION = "0030_newsletter_editions";

describe.each(TEST_ENGINES)("migration 0030 on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  beforeAll(async () => {
    ({ database, olderMigrations } = await testDatabaseBefore(engine, EDITIONS_MIGRATION));
    await database.db.execute(sql`
      INSERT INTO newsletter_subscribers (id, email, status, token, confirm_token, counts_token) VALUES
        ('s-confirmed', 'confirmed@example.com', 'confirmed', 'confirmed-token-xxxxxxxxxxxxxxxxx', 'c1', 'n1'),
        ('s-left', 'left@example.com', 'unsubscribed', 'left-token-xxxxxxxxxxxxxxxxxxxxxx', 'c2', 'n2')`);
    await database.db.execute(sql`
      INSERT INTO newsletter_issues (id, kind, subject, digest_day) VALUES
        ('i-digest', 'digest', 'Daily digest', '2026-11-27'),
        ('i-composed', 'issue', 'Morning', NULL)`);
    await database.migrate();
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  test("existing subscribers and issues are the main edition's", async () => {
    expect(
      await rowsOf(
        database.db,
        sql`SELECT subscriber_id, edition FROM newsletter_subscriber_editions ORDER BY subscriber_id`,
      ),
    ).toEqual([
      { subscriber_id: "s-confirmed", edition: "en" },
      { subscriber_id: "s-left", edition: "en" },
    ]);
    expect(await rowsOf(database.db, sql`SELECT id, edition FROM newsletter_issues ORDER BY id`)).toEqual([
      { id: "i-composed", edition: "en" },
      { id: "i-digest", edition: "en" },
    ]);
  });

  test("a day's digest is once per edition; renaming the main edition carries subscribers and issues", async () => {
    await database.db.execute(sql`INSERT INTO editions (tag, name, enabled) VALUES ('tw', 'Twi', true)`);
    await database.db.execute(
      sql`INSERT INTO newsletter_issues (id, kind, subject, digest_day, edition) VALUES ('i-tw', 'digest', 'Twi', '2026-11-27', 'tw')`,
    );
    const again = await database.db
      .execute(
        sql`INSERT INTO newsletter_issues (id, kind, subject, digest_day, edition) VALUES ('i-tw2', 'digest', 'Twi', '2026-11-27', 'tw')`,
      )
      .catch((error: unknown) => error);
    expect(isUniqueViolation(again)).toBe(true);
    await database.db.execute(sql`UPDATE editions SET tag = 'fr' WHERE tag = 'en'`);
    expect(
      await rowsOf(database.db, sql`SELECT DISTINCT edition FROM newsletter_subscriber_editions`),
    ).toEqual([{ edition: "fr" }]);
    expect(
      await rowsOf(database.db, sql`SELECT edition FROM newsletter_issues WHERE id = 'i-digest'`),
    ).toEqual([{ edition: "fr" }]);
  });
});
