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
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { config } from "#app/config.server";
import { markDatabaseClientError } from "#app/lib/database-unreachable.server";
import { lockDataFolder, type DataFolderLock } from "./data-folder-lock.server";
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
    // A connection that cannot be made within 5 s fails the request (a 503) rather than holding the
    // reader: `pg` waits forever by default, and a server gone from the network never refuses.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // PostgreSQL restarting cuts every idle connection at once: a line each, not a stack each; the
    // pool opens new ones as queries need them.
    pool.on("error", (error) =>
      console.warn(
        `[db] An idle database connection was closed (${error.message}); new ones open as needed.`,
      ),
    );
    markErrorsOf(pool);
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
  let lock: DataFolderLock | null = null;
  if ("dataDir" in options) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Before anything is read: a second process on the folder would lose writes (data-folder-lock).
    lock = lockDataFolder(options.dataDir);
    try {
      client = await PGlite.create(path.join(options.dataDir, "pglite"), EMBEDDED_OPTIONS);
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create(EMBEDDED_OPTIONS);
  }
  const embedded = client;
  const pool = embeddedPool(embedded);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    engine: "pglite",
    migrate: (migrationsFolder = config().migrationsDir) => migratePg(db, { migrationsFolder }),
    async close() {
      try {
        await pool.end();
        await embedded.close();
      } finally {
        lock?.release();
      }
    },
  };
}

type Call = (...args: unknown[]) => unknown;

/** `call`, with any error it raises (by promise or callback) marked as the database client's. */
function marking(call: Call): Call {
  return (...args) => {
    const last = args.at(-1);
    if (typeof last === "function") {
      const callback = last as Call;
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) =>
        callback(error ? markDatabaseClientError(error) : error, ...rest);
    }
    const result = call(...args);
    return result instanceof Promise
      ? result.catch((error: unknown) => Promise.reject(markDatabaseClientError(error)))
      : result;
  };
}

/**
 * A refused or cut connection says ECONNREFUSED, ECONNRESET... as an S3 or mail server's would; marked
 * here, where it arises and before Drizzle wraps it, it is told apart as the database's
 * (database-unreachable.server.ts). Connecting, the pool's queries and its clients' (transactions).
 */
function markErrorsOf(pool: pg.Pool) {
  pool.query = marking(pool.query.bind(pool) as Call) as typeof pool.query;
  pool.connect = marking(pool.connect.bind(pool) as Call) as typeof pool.connect;
  pool.on("connect", (client) => {
    client.query = marking(client.query.bind(client) as Call) as typeof client.query;
  });
}

/** Distinct statements kept prepared per embedded database; past it, statements are parsed each time. */
export const MAX_PREPARED_STATEMENTS = 1000;

/**
 * The embedded database is reached through the same `pg` driver as a server (PGlite's node-postgres
 * connection), so both engines run one code path, and each statement with parameters is prepared once
 * under a name and then only bound and executed. PGlite's own `query()` parses, plans and describes
 * every statement in six round trips into WebAssembly: the article page's seven queries took 7.8 ms
 * that way and 2 ms prepared.
 *
 * One connection: PGlite is one Postgres backend, so the pool holds one client and a transaction has
 * it to itself, as PGlite's own transactions did. The pool never closes it while idle, which keeps the
 * prepared statements. Names are counted per database and capped, so that statements whose text
 * varies (IN lists of any length) cannot fill the backend's memory.
 */
function embeddedPool(embedded: PGlite): pg.Pool {
  const names = new Map<string, string>();
  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= MAX_PREPARED_STATEMENTS) return known;
    const name = `newsdesk_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  /** A query config with parameters (in it or beside it, as Drizzle passes them) gets its text's name. */
  const named = (config: unknown, values: unknown): unknown => {
    if (typeof config !== "object" || config === null) return config;
    const { text, name } = config as pg.QueryConfig;
    const params = (config as pg.QueryConfig).values ?? values;
    // Only statements with parameters: they are single statements (the extended protocol allows no
    // more), where a script without parameters may hold several.
    if (name || typeof text !== "string" || !Array.isArray(params) || params.length === 0) return config;
    const prepared = nameFor(text);
    return prepared ? { ...config, name: prepared } : config;
  };
  const pgConfig = createPgConfig(embedded);
  // `pg` hands a query's result type parsers to the Parse message as if they were parameter types; its
  // own serializer skips what is not an array, PGlite's throws, so only an array is passed on.
  const parse = pgConfig.connection.parse.bind(pgConfig.connection);
  pgConfig.connection.parse = (message: { types?: unknown }) =>
    parse({ ...message, types: Array.isArray(message.types) ? message.types : undefined } as never);
  // The pool ends its client after a failed statement and opens another on this same connection.
  // PGlite's end() would say "end" only later, to that new client, which then stops; say it now.
  const connection = pgConfig.connection;
  connection.end = () => {
    connection.emit("end");
    for (const event of connection.eventNames())
      if (event !== "newListener") connection.removeAllListeners(event);
  };
  const pool = new pg.Pool({ ...pgConfig, max: 1, idleTimeoutMillis: 0 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) =>
      query(named(config, rest[0]), ...rest)) as typeof client.query;
  });
  pool.on("error", (error) => console.error("[db] embedded connection error", error));
  return pool;
}

/**
 * PGlite starts Postgres with a server's defaults: 128 MB of shared buffers inside the WebAssembly heap,
 * which never gives memory back. One embedded process does not need that: its data files sit in the
 * operating system's page cache anyway, so 32 MB of buffers hold every hot page of a large site and
 * keep the process within its memory budget (docs/performance.md). Passed as start parameters
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
