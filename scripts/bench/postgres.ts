/**
 * With DATABASE_URL the bench runs on that PostgreSQL server, in a database of its own that it creates
 * at the start and drops at the end (the one named in DATABASE_URL is only used to connect). BENCH_AGAINST
 * gives the other build a copy of it (`CREATE DATABASE ... TEMPLATE`), dropped the same way.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { sqlStateOf } from "#app/lib/sql-state";

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** SQLSTATE object_in_use: a template still has a session (a stopped server's backend not gone yet). */
const OBJECT_IN_USE = "55006";

/** A new database, empty or, with `template`, a copy of that one (which nobody may be connected to). */
export async function createBenchDatabase(
  serverUrl: string,
  { template }: { template?: string } = {},
): Promise<BenchDatabase> {
  const name = `newsdesk_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
        break;
      } catch (error) {
        // A server's backends end a moment after the server has exited: a few seconds are given them.
        if (sqlStateOf(error) !== OBJECT_IN_USE || attempt >= 20) throw error;
        await sleep(500);
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The address without its password, for the log. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}
