/**
 * drizzle/0022: links mailed before the newsletter had one token per purpose keep doing what they were
 * for. A confirmed reader's old token (in every issue already sent: the footer, List-Unsubscribe, the
 * open image) still unsubscribes and no longer counts; a pending reader's (only ever in their
 * confirmation e-mail) still confirms and no longer unsubscribes; every other token is new.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { confirmSubscription, subscriberForLink, unsubscribe } from "#app/domain/newsletter/signup.server";
import { settings } from "./schema";
import { seedDatabase } from "./seed.server";
import { testDatabaseBefore, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

const TOKENS_MIGRATION = "0022_newsletter_link_tokens";

const OLD_CONFIRMED = "old-confirmed-token-xxxxxxxxxxxxxx";
const OLD_PENDING = "old-pending-token-xxxxxxxxxxxxxxxx";

describe.each(TEST_ENGINES)("newsletter links mailed before migration 0022 on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };
  const tokensOf = async (email: string) =>
    (
      await rows<{ token: string; confirm_token: string; counts_token: string; status: string }>(
        sql`SELECT token, confirm_token, counts_token, status FROM newsletter_subscribers WHERE email = ${email}`,
      )
    )[0]!;

  beforeAll(async () => {
    ({ database, olderMigrations } = await testDatabaseBefore(engine, TOKENS_MIGRATION));
    await database.db.execute(sql`
      INSERT INTO newsletter_subscribers (id, email, status, token) VALUES
        ('s-confirmed', 'confirmed@example.com', 'confirmed', ${OLD_CONFIRMED}),
        ('s-pending', 'pending@example.com', 'pending', ${OLD_PENDING})`);
    await database.migrate();
    await seedDatabase(database.db);
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  test("every reader has three different tokens, each of them unique", async () => {
    for (const email of ["confirmed@example.com", "pending@example.com"]) {
      const row = await tokensOf(email);
      expect(new Set([row.token, row.confirm_token, row.counts_token]).size).toBe(3);
      for (const token of [row.token, row.confirm_token, row.counts_token])
        expect(token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    }
  });

  test("a confirmed reader's old token still unsubscribes and confirms nothing", async () => {
    expect(await subscriberForLink(database.db, "confirm", OLD_CONFIRMED)).toBeNull();
    expect(await subscriberForLink(database.db, "unsubscribe", OLD_CONFIRMED)).toEqual({
      email: "confirmed@example.com",
      status: "confirmed",
    });
    expect(await unsubscribe(database.db, OLD_CONFIRMED)).toBe(true);
    expect((await tokensOf("confirmed@example.com")).status).toBe("unsubscribed");
  });

  test("a pending reader's old confirmation link still confirms; its token no longer unsubscribes", async () => {
    expect(await unsubscribe(database.db, OLD_PENDING)).toBe(false);
    expect((await tokensOf("pending@example.com")).status).toBe("pending");
    await database.db.update(settings).set({ enableNewsletter: true });
    expect(await confirmSubscription(database.db, OLD_PENDING)).toBe(true);
    expect((await tokensOf("pending@example.com")).status).toBe("confirmed");
  });

  test("a copy of an issue may now be recorded as `sending`", async () => {
    await database.db.execute(
      sql`INSERT INTO newsletter_issues (id, subject, edition) VALUES ('i-1', 'Old issue', 'en')`,
    );
    await database.db.execute(sql`
      INSERT INTO newsletter_deliveries (issue_id, subscriber_id, position, status)
      VALUES ('i-1', 's-pending', 1, 'sending')`);
    expect(await rows(sql`SELECT status FROM newsletter_deliveries`)).toEqual([{ status: "sending" }]);
  });
});
