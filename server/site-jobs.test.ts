/**
 * The serving process's jobs (server/site-jobs.ts): the daily digest is made without SMTP_URL (making it
 * is one job, sending it another that needs SMTP), and on PostgreSQL under the digest's lease.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.server";
import { seedDatabase } from "#app/db/seed.server";
import { newsletterIssues, settings } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { openServices } from "#app/services.server";
import { startJobs } from "./jobs";
import { siteJobs } from "./site-jobs";
import { captureLogEvents } from "#test-support/logs";

describe.each(TEST_ENGINES)("the site's jobs on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db);
    // Due since midnight wherever the site is.
    await database.db
      .update(settings)
      .set({ newsletterDigestEnabled: true, newsletterDigestHour: 0, timezone: "Africa/Accra" });
    forgetCachedSettings(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  // The engine's setting as a server would have it, and no SMTP_URL.
  const configuration = () => parseConfig(engine === "postgres" ? { DATABASE_URL: database.url } : {});

  test("without SMTP_URL nothing sends mail, and today's digest is made all the same", async () => {
    const cfg = configuration();
    expect(cfg.smtpUrl).toBeUndefined();
    const jobs = siteJobs({ cfg, database, services: await openServices(cfg, database.db) });
    expect(jobs.map((job) => job.name)).not.toContain("newsletter sending");
    const digest = jobs.find((job) => job.name === "daily digest")!;
    expect(digest.lease).toBe(engine === "postgres" ? "leased" : undefined);

    const log = captureLogEvents();
    const running = await startJobs([digest]);
    const deadline = Date.now() + 20_000;
    let made: (typeof newsletterIssues.$inferSelect)[] = [];
    while (made.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      made = await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.kind, "digest"));
    }
    await running.stop();
    log.stop();
    expect(log.events).toMatchObject([
      {
        component: "jobs",
        job: "daily digest",
        msg: `daily digest made at its hour, looked for every 1 min${engine === "postgres" ? " (leased)" : ""}`,
      },
    ]);
    expect(made).toHaveLength(1);
    expect(made[0]!.status).toBe("scheduled");
    expect(made[0]!.stories.length).toBeGreaterThan(0);
  }, 30_000);
});
