/**
 * The database handle. One code path for both engines: PGlite (embedded, data under DATA_DIR) when no
 * DATABASE_URL is set, a PostgreSQL server through `pg` otherwise.
 *
 * The server opens it once at start and hands it to every loader and action through the request
 * context (app/context.ts); nothing looks it up globally.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { config } from "#app/config.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** Applies what is new in the migrations folder (by default the configured one). */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
}

type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { memory: true };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on("error", (error) => console.error("[db] idle client error", error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: "postgres",
      async migrate(migrationsFolder = config().migrationsDir) {
        // Several instances may start at once: an advisory lock lets one migrate at a time.
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock(734001)");
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("SELECT pg_advisory_unlock(734001)").catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ("dataDir" in options) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(path.join(options.dataDir, "pglite"), EMBEDDED_OPTIONS);
  } else {
    client = await PGlite.create(EMBEDDED_OPTIONS);
  }
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    engine: "pglite",
    migrate: (migrationsFolder = config().migrationsDir) => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * PGlite starts Postgres with a server's defaults: 128 MB of shared buffers inside the WebAssembly heap,
 * which never gives memory back. One embedded process does not need that: its data files sit in the
 * operating system's page cache anyway, so 32 MB of buffers hold every hot page of a large site and
 * keep the process within its memory budget (README, "Speed budgets"). Passed as start parameters
 * rather than `postgresqlconf`, which would overwrite the data folder's postgresql.conf.
 */
const EMBEDDED_OPTIONS = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...["-c", "shared_buffers=32MB", "-c", "work_mem=2MB", "-c", "maintenance_work_mem=32MB"],
    ...["-c", "temp_buffers=2MB"],
  ],
};

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
