/**
 * Opens the database (PGlite under DATA_DIR, or DATABASE_URL), applies migrations and seeds a first start.
 * With several workers on PostgreSQL the cluster's primary prepares it once and each worker only opens it
 * (server/workers.ts).
 */
import { config, type Config } from "#app/config.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { seedDatabase } from "#app/db/seed.server";
import { sanitizeStoredBodies } from "#app/domain/articles/body-safety.server";
import { logFor } from "#app/lib/log.server";
import { sql } from "drizzle-orm";

const log = logFor("server");

/**
 * The embedded database has no autovacuum, so nothing else keeps its tables in shape:
 * - its planner statistics never follow the content: with stale statistics the trending query sorted
 *   every article (53 ms at 5,000) instead of reading an index (0.5 ms);
 * - new rows' entries in the tag and search indexes (GIN) wait in a pending list that every lookup reads
 *   whole: at 100,000 stories a tag lookup read 330 pages for 5 rows (26 ms, 0.6 ms once flushed), which
 *   made an article's related stories cost 31 ms instead of 8;
 * - tables' visibility maps stay empty, so no listing can be answered from its index alone.
 * VACUUM (ANALYZE) does all three (about a second at 100,000 stories). Its statistics sample 7,500 rows
 * a table instead of 30,000: the WebAssembly heap never gives memory back, and the default sample of
 * 100,000 stories grew it by 86 MB for good (23 MB at this target), past most of the 400 MB budget. The
 * estimates our queries need stay as good. PostgreSQL servers keep their own statistics.
 */
export async function refreshPlannerStatistics(database: Database) {
  if (database.engine !== "pglite") return;
  // VACUUM cannot run inside a transaction, so the setting is the session's (its one connection) and
  // is put back after.
  await database.db.execute(sql`SET default_statistics_target = ${sql.raw(String(STATISTICS_TARGET))}`);
  try {
    await database.db.execute(sql`VACUUM (ANALYZE)`);
  } finally {
    await database.db.execute(sql`RESET default_statistics_target`);
  }
}

/** Rows sampled per table: 300 times this. PostgreSQL's default is 100. */
const STATISTICS_TARGET = 25;

/** Where the data lives, for the start-up log (a server's address without its credentials). */
function describeDatabase(cfg: Config): string {
  if (!cfg.databaseUrl) return `the embedded database in ${cfg.dataDir}`;
  const url = new URL(cfg.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

/** The configured database, opened as it is: a worker's, once the primary has prepared it. */
export function openConfiguredDatabase(cfg: Config = config()): Promise<Database> {
  return openDatabase(cfg.databaseUrl ? { databaseUrl: cfg.databaseUrl } : { dataDir: cfg.dataDir });
}

export async function prepareDatabase(cfg: Config = config()): Promise<Database> {
  log.info(`Opening ${describeDatabase(cfg)} and applying migrations...`);
  const database = await openConfiguredDatabase(cfg);
  try {
    await prepare(database, cfg);
  } catch (error) {
    // The primary prepares again at a reload and lives on if that fails: no pool left behind.
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/** The cluster's primary: migrations, seed and the first admin's line once, for every worker (server/workers.ts). */
export async function prepareDatabaseForWorkers(cfg: Config = config()): Promise<void> {
  const database = await prepareDatabase(cfg);
  await database.close();
}

async function prepare(database: Database, cfg: Config) {
  await database.migrate();
  const seeded = await seedDatabase(database.db, {
    adminEmail: cfg.adminEmail,
    adminPassword: cfg.adminPassword,
    siteUrl: cfg.publicUrl,
  });
  const resanitised = await sanitizeStoredBodies(database.db);
  if (resanitised > 0) log.info({ count: resanitised }, `Re-sanitised ${resanitised} stored article bodies.`);
  if (seeded.createdSampleContent) log.info("First start: default settings and sample content created.");
  if (seeded.admin) {
    const url = `${cfg.publicUrl ?? `http://localhost:${cfg.port}`}/admin/login`;
    log.info({ email: seeded.admin.email, url }, "First start: an admin account was created.");
    // The one text that is not a log event: the first admin's sign-in, for the person at the terminal
    // (README, "Signing in the first time"). A made-up password appears here only, never in a JSON line.
    process.stdout.write(
      [
        "",
        "  An admin account has been created. Sign in at " + url,
        `    email:    ${seeded.admin.email}`,
        seeded.admin.password
          ? `    password: ${seeded.admin.password}   (shown only this once: change it after signing in)`
          : "    password: the ADMIN_PASSWORD you set",
        "",
        "",
      ].join("\n"),
    );
  }
}
