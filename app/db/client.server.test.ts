import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_PREPARED_STATEMENTS, openDatabase, type Database } from "./client.server";
import { sqlStateOf } from "./errors";

/** The rows of a raw statement (the same shape on both engines now: pg's result). */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** The embedded database through `pg`: prepared statements, failures and transactions on one connection. */
describe("the embedded database's connection", () => {
  let database: Database;
  const preparedCount = async () => {
    const [row] = await rowsOf<{ n: number }>(
      database.db.execute(sql`SELECT count(*)::int AS n FROM pg_prepared_statements`),
    );
    return row?.n ?? -1;
  };

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await database.db.execute(sql`CREATE TABLE t (k int PRIMARY KEY CHECK (k > 0))`);
  });
  afterAll(() => database.close());

  test("a statement with parameters is prepared once and reused; one without is not kept", async () => {
    const before = await preparedCount();
    for (let k = 1; k <= 3; k++) await database.db.execute(sql`INSERT INTO t VALUES (${k})`);
    await database.db.execute(sql`SELECT 1`);
    expect(await preparedCount()).toBe(before + 1);
    const rows = await rowsOf<{ k: number }>(
      database.db.execute(sql`SELECT k FROM t WHERE k >= ${2} ORDER BY k`),
    );
    expect(rows.map((row) => row.k)).toEqual([2, 3]);
  });

  test("a failed statement leaves the connection working, with the database's own error code", async () => {
    const refused = await database.db.execute(sql`INSERT INTO t VALUES (${-1})`).catch((e: unknown) => e);
    expect(sqlStateOf(refused)).toBe("23514");
    const duplicate = await database.db.execute(sql`INSERT INTO t VALUES (${1})`).catch((e: unknown) => e);
    expect(sqlStateOf(duplicate)).toBe("23505");
    await database.db.execute(sql`INSERT INTO t VALUES (${4})`);
    const count = await rowsOf<{ n: number }>(
      database.db.execute(sql`SELECT count(*)::int AS n FROM t WHERE k > ${0}`),
    );
    expect(count[0]?.n).toBe(4);
  });

  test("a transaction has the connection to itself: others wait and see only what it committed", async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (${10})`);
        inside();
        await held;
        tx.rollback();
      })
      .catch(() => "rolled back");
    await started;
    const outside = rowsOf<{ n: number }>(
      database.db.execute(sql`SELECT count(*)::int AS n FROM t WHERE k = ${10}`),
    );
    finish();
    expect(await transaction).toBe("rolled back");
    expect((await outside)[0]?.n).toBe(0);
  });

  test("statements whose text keeps changing stop being prepared at the cap", async () => {
    for (let size = 1; size <= MAX_PREPARED_STATEMENTS + 20; size++) {
      const list = sql.join(
        Array.from({ length: size }, (_, i) => sql`${i + 1}`),
        sql`, `,
      );
      await database.db.execute(sql`SELECT count(*) FROM t WHERE k IN (${list})`);
    }
    expect(await preparedCount()).toBe(MAX_PREPARED_STATEMENTS);
    // Past the cap, statements still run (parsed each time).
    const rows = await rowsOf<{ k: number }>(
      database.db.execute(sql`SELECT k FROM t WHERE k = ${4} AND k < ${100}`),
    );
    expect(rows).toEqual([{ k: 4 }]);
  });
});
