/**
 * Test databases. Integration tests run on PGlite (in memory) always, and on PostgreSQL too when
 * TEST_DATABASE_URL is set: each PostgreSQL test database gets a unique name and is dropped after,
 * so two runs never collide.
 */
import { backgroundSettled } from "#app/lib/background.server";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { config } from "#app/config.server";
import { openDatabase, type Database, type Db } from "#app/db/client.server";

type Engine = "pglite" | "postgres";

export const TEST_ENGINES: Engine[] = config().testDatabaseUrl ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Database {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
  /** PostgreSQL: the database's address, for a test that opens a second connection as another instance would. */
  url?: string;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: config().testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The suite's database, for helpers that build a request context (tests/support/route-calls.ts). */
let suiteDb: Db | undefined;

export function currentTestDb(): Db {
  if (!suiteDb) throw new Error("No test database: call createTestDatabase() in beforeAll first.");
  return suiteDb;
}

/** A fresh, migrated database; also the suite's current one (see currentTestDb). */
export async function createTestDatabase(engine: Engine = "pglite"): Promise<TestDatabase> {
  if (engine === "pglite") {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    suiteDb = database.db;
    return {
      ...database,
      destroy: async () => {
        await backgroundSettled(database.db);
        await database.close();
      },
    };
  }
  const empty = await createEmptyPostgresDatabase("newsdesk_test");
  const database = await openDatabase({ databaseUrl: empty.url });
  await database.migrate();
  suiteDb = database.db;
  return {
    ...database,
    url: empty.url,
    async destroy() {
      await backgroundSettled(database.db);
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server, under a unique name (`prefix`_time_random) so
 * that parallel runs never meet: its address, and how to drop it (connections still open are ended).
 */
export async function createEmptyPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = config().testDatabaseUrl;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The single row of a result; fails the test, saying how many there were, unless there is exactly one. */
export function one<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (rows.length !== 1 || row === undefined) throw new Error(`expected exactly one row, got ${rows.length}`);
  return row;
}

/**
 * A copy of the migrations folder that stops just before the migration `tag`: a test of a data
 * migration migrates a database this far, writes rows as an older install left them, then migrates on.
 */
export function migrationsBefore(tag: string): string {
  const source = config().migrationsDir;
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut <= 0) throw new Error(`No migration ${tag} after the first in ${source}.`);
  const earlier = journal.entries.slice(0, cut);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: earlier }),
  );
  for (const entry of earlier)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** A test database with nothing in it, not even the migrations' own table: where a migration test starts. */
export async function emptyTestDatabase(engine: Engine): Promise<TestDatabase> {
  const database = await createTestDatabase(engine);
  await database.db.execute(sql`DROP SCHEMA public CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  return database;
}

/**
 * A test database migrated up to just before the migration `tag`, as an older install left it, and the
 * folder of those older migrations (`migrationsBefore`).
 */
export async function testDatabaseBefore(
  engine: Engine,
  tag: string,
): Promise<{ database: TestDatabase; olderMigrations: string }> {
  const database = await emptyTestDatabase(engine);
  const olderMigrations = migrationsBefore(tag);
  await database.migrate(olderMigrations);
  return { database, olderMigrations };
}
