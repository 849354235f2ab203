/**
 * Opens the database (PGlite under DATA_DIR, or DATABASE_URL), applies migrations and seeds a first start.
 * With several workers on PostgreSQL the cluster's primary prepares it once and each worker only opens it
 * (server/workers.ts).
 */
import { config, type Config } from "#app/config.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { seedDatabase } from "#app/db/seed.server";
import { sanitizeStoredBodies } from "#app/domain/articles/body-safety.server";
import { sql } from "drizzle-orm";

/**
 * The embedded database has no autovacuum, so its planner statistics never follow the content: with
 * stale statistics the trending query sorted every article (53 ms at 5,000) instead of reading an index
 * (0.5 ms). PostgreSQL servers keep their own statistics.
 */
/** Rows sampled per table: 300 times this. PostgreSQL's default is 100. */
const STATISTICS_TARGET = 25;

export async function refreshPlannerStatistics(database: Database) {
  if (database.engine !== "pglite") return;
  // A smaller sample (7,500 rows a table instead of 30,000): the WebAssembly heap never gives memory
  // back, and the default sample of 100,000 stories grew it by 86 MB for good (23 MB at this target),
  // which took the process past its 400 MB budget. The estimates our queries need stay as good.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL default_statistics_target = ${sql.raw(String(STATISTICS_TARGET))}`);
    await tx.execute(sql`ANALYZE`);
  });
}

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
  console.log(`[newsdesk] Opening ${describeDatabase(cfg)} and applying migrations...`);
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
  if (resanitised > 0) console.log(`[newsdesk] Re-sanitised ${resanitised} stored article bodies.`);
  await refreshPlannerStatistics(database);
  if (seeded.createdSampleContent)
    console.log("[newsdesk] First start: default settings and sample content created.");
  if (seeded.admin) {
    const url = `${cfg.publicUrl ?? `http://localhost:${cfg.port}`}/admin/login`;
    console.log("");
    console.log("  An admin account has been created. Sign in at " + url);
    console.log(`    email:    ${seeded.admin.email}`);
    console.log(
      seeded.admin.password
        ? `    password: ${seeded.admin.password}   (shown only this once: change it after signing in)`
        : "    password: the ADMIN_PASSWORD you set",
    );
    console.log("");
  }
}
