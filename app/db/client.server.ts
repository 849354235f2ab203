/**
 * The database handle. One code path for both engines: PGlite (embedded, data under DATA_DIR) when no
 * DATABASE_URL is set, a PostgreSQL server through `pg` otherwise.
 *
 * The handle lives on globalThis so that one connection survives a module being loaded twice (Vite's
 * hot reload in development re-evaluates changed modules; PGlite allows a single connection) and so
 * that tests can install one database per suite.
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
    client = await PGlite.create(path.join(options.dataDir, "pglite"));
  } else {
    client = await PGlite.create();
  }
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    engine: "pglite",
    migrate: (migrationsFolder = config().migrationsDir) => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

const GLOBAL_KEY = Symbol.for("newsdesk.database");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Database> };
const globalStore = globalThis as GlobalWithDb;

/** Installs the process-wide database (the server does this once at start, tests per suite). */
export function setDatabase(database: Promise<Database> | undefined) {
  globalStore[GLOBAL_KEY] = database;
}

export async function getDatabase(): Promise<Database> {
  const database = globalStore[GLOBAL_KEY];
  if (!database) throw new Error("The database is not open yet: the server opens it at start.");
  return database;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
