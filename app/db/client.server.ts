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
import { keepPrivate, type PrivateFolder } from "./private-data-folder.server";
import * as schema from "./schema";
import { logFor } from "#app/lib/log.server";

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
      logFor("db").warn(
        { reason: error.message },
        "An idle database connection was closed; new ones open as needed.",
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
  let folder: PrivateFolder | null = null;
  if ("dataDir" in options) {
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    // Before anything is read: a second process on the folder would lose writes (data-folder-lock).
    lock = lockDataFolder(options.dataDir);
    try {
      folder = keepPrivate(options.dataDir);
      client = await PGlite.create(path.join(options.dataDir, "pglite"), EMBEDDED_OPTIONS);
      // PGlite unpacks a new cluster 0666: private before anyone could read it.
      folder.sweep();
    } catch (error) {
      folder?.close();
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
    async migrate(migrationsFolder = config().migrationsDir) {
      await migratePg(db, { migrationsFolder });
      folder?.sweep();
    },
    async close() {
      try {
        await pool.end();
        await embedded.close();
      } finally {
        folder?.close();
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
 * One client: PGlite is one Postgres backend, so the pool holds one client and a transaction has it
 * to itself, as PGlite's own transactions did. The pool never closes it while idle, nor after a statement
 * fails (`query` below), which keeps the prepared statements. Names are counted per database and capped,
 * so that statements whose text varies (IN lists of any length) cannot fill the backend's memory.
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
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    Client: embeddedClients(embedded),
    // Before the pool hands a new client out; if this fails, the pool ends the client and the request
    // that waited for it fails with this error.
    onConnect: async (client) => {
      // pg fails every query of a client whose connection errs, and the pool drops the client when it
      // comes back; without a listener the error would be thrown inside PGlite's connection while the
      // client is out of the pool (pg-pool listens only while it is idle).
      client.on("error", () => {});
      // A new client is a new session to pg: nothing prepared, no transaction. But the backend is the
      // one the client before it left: maybe inside that client's transaction, with statements prepared
      // (or one closed) that the new connection knows nothing of.
      await client.query("ROLLBACK; DEALLOCATE ALL");
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((config: unknown, ...rest: unknown[]) =>
        query(named(config, rest[0]), ...rest)) as typeof client.query;
    },
  });
  // pg-pool's own query() gives the client back with the statement's error, and the pool ends a client
  // given back with an error. But an ERROR is the backend's whole answer to one statement (ErrorResponse,
  // then ReadyForQuery) and the session goes on, so the client goes back as usual and only the caller
  // hears of it. Anything else still ends the client: FATAL, a connection error, or pg failing on its
  // side (a value it cannot send: it then closes the named statement, which its bookkeeping misses).
  // The pool also ends a client whose connection erred however it comes back. Drizzle calls query()
  // with a config and values and awaits it, never with a callback.
  pool.query = (async (config: pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let result: pg.QueryResult;
    try {
      result = await client.query(config, values);
    } catch (error) {
      client.release(isStatementError(error) ? undefined : (error as Error));
      throw error;
    }
    client.release();
    return result;
  }) as typeof pool.query;
  // Not the error itself: pg-pool hangs the whole client on it (`error.client`), PGlite and all.
  pool.on("error", (error) =>
    logFor("db").error({ reason: error.message, stack: error.stack }, "embedded connection error"),
  );
  return pool;
}

/** The backend refused one statement (severity ERROR); FATAL and PANIC end the session. */
const isStatementError = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { severity?: unknown }).severity === "ERROR";

/**
 * The pool's `Client` for the embedded database: a `pg` client on a connection of its own (PGlite's
 * node-postgres connection) onto the one backend. A client the pool replaces must not share its
 * connection with the next one, which would hear the answers still due to the old client and its "end"
 * (PGlite's connection says it once those answers are in; the pool waits for it, and a shared connection
 * that said it at once left the pool waiting for ever). And a connection starts only once the one before
 * it has ended, so that the messages of two clients never interleave in the backend.
 */
function embeddedClients(embedded: PGlite): new () => pg.ClientBase {
  let previousEnded: Promise<void> = Promise.resolve();
  function EmbeddedClient(config: pg.PoolConfig) {
    const pgConfig = createPgConfig(embedded);
    const connection = pgConfig.connection;
    // `pg` hands a query's result type parsers to the Parse message as if they were parameter types;
    // its own serializer skips what is not an array, PGlite's throws, so only an array is passed on.
    const parse = connection.parse.bind(connection);
    connection.parse = (message: { types?: unknown }) =>
      parse({ ...message, types: Array.isArray(message.types) ? message.types : undefined } as never);
    // PGlite's serializer writes a Bind into buffers that every connection shares and, unlike pg's own,
    // leaves there what it wrote when a value fails to convert (a circular object): the next message
    // of any client then went out malformed ("invalid message format"). Converted first, a value that
    // fails throws before anything is written.
    const bind = connection.bind.bind(connection);
    connection.bind = (message: {
      values?: unknown[];
      valueMapper?: (value: unknown, index: number) => unknown;
    }) => {
      const { values, valueMapper } = message;
      bind(
        valueMapper && values
          ? {
              ...message,
              values: values.map((value, index) => valueMapper(value, index)),
              valueMapper: undefined,
            }
          : message,
      );
    };
    const after = previousEnded;
    let ended!: () => void;
    previousEnded = new Promise((resolve) => (ended = resolve));
    const connect = connection.connect.bind(connection);
    connection.connect = async (port: number, host: string) => {
      connection._connecting = true; // pg's end() ends only a connection that has started connecting
      await after;
      return connect(port, host);
    };
    const end = connection.end.bind(connection);
    connection.end = () => {
      end(); // drops every listener now, says "end" once the answers still due are in
      // An answer still due may be an error (PGlite failing), thrown inside the connection's queue
      // without a listener: then "end" would never come and the pool would wait for ever.
      connection.on("error", () => {});
      connection.once("end", ended);
    };
    return new pg.Client({ ...config, ...pgConfig } as pg.ClientConfig);
  }
  // pg-pool calls `new Client(options)`; a function that returns an object gives that object to `new`.
  return EmbeddedClient as unknown as new () => pg.ClientBase;
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
