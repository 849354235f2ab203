import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { MAX_PREPARED_STATEMENTS, openDatabase, type Database } from "./client.server";
import { sqlStateOf } from "./errors";
import { captureLogEvents } from "#test-support/logs";

/** The rows of a raw statement (the same shape on both engines now: pg's result). */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** What a statement failed with (undefined when it succeeded). */
const failureOf = (query: Promise<unknown>): Promise<unknown> =>
  query.then(
    () => undefined,
    (error: unknown) => error,
  );

/** The first error in a chain of causes that is not Drizzle's wrapper ("Failed query: ..."). */
function rootOf(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause === undefined ? error : rootOf(cause);
}

/** The promise's outcome, or a failure after `ms`: a pool that hangs fails the test in seconds, saying so. */
async function within<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms: the pool hangs`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
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

/**
 * One client serves every request, so a failure must neither stop the requests queued behind it nor
 * cost the prepared statements: before the fix, a statement failing while others waited for the client
 * left them (and any later statement queued behind the next failure) waiting for ever.
 */
describe("the embedded database when statements fail while others wait", () => {
  let database: Database;
  const execute = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const childIds = async () =>
    (await rowsOf<{ id: number }>(execute(sql`SELECT id FROM child ORDER BY id`))).map((row) => row.id);
  /** VACUUM refuses to run inside a transaction block: it passing shows the session is between transactions. */
  const isOutsideTransaction = () =>
    execute(sql`VACUUM child`).then(
      () => true,
      () => false,
    );
  const prepared = () =>
    rowsOf<{ name: string; prepare_time: string }>(
      execute(sql`SELECT name, prepare_time::text FROM pg_prepared_statements ORDER BY name`),
    );

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await execute(sql`CREATE TABLE parent (id int PRIMARY KEY)`);
    await execute(sql`CREATE TABLE child (id int PRIMARY KEY, parent_id int REFERENCES parent(id))`);
    await execute(sql`INSERT INTO parent VALUES (1)`);
  });
  afterAll(() => database.close());

  test("statements queued behind failing ones all run, and each failure reaches only its caller", async () => {
    const refusals: Promise<unknown>[] = [];
    const answers: Promise<{ x: number }[]>[] = [];
    for (let i = 0; i < 5; i++) {
      refusals.push(failureOf(execute(sql`INSERT INTO child VALUES (${100 + i}, ${999})`)));
      answers.push(rowsOf<{ x: number }>(execute(sql`SELECT ${i}::int AS x`)));
    }
    const [refused, answered] = await within(Promise.all([Promise.all(refusals), Promise.all(answers)]));
    expect(refused.map(sqlStateOf)).toEqual(Array(5).fill("23503"));
    expect(answered).toEqual([0, 1, 2, 3, 4].map((x) => [{ x }]));
    expect(await childIds()).toEqual([]);
  });

  test("a failed statement queued between two transactions: both commit and what waits behind them runs", async () => {
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO parent VALUES (${2})`);
      await tx.execute(sql`INSERT INTO child VALUES (${1}, ${2})`);
    });
    const refused = failureOf(execute(sql`INSERT INTO child VALUES (${2}, ${999})`));
    const second = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO child VALUES (${3}, ${1})`);
    });
    const last = rowsOf<{ x: number }>(execute(sql`SELECT ${7}::int AS x`));
    const [, error, , answer] = await within(Promise.all([first, refused, second, last]));
    expect(sqlStateOf(error)).toBe("23503");
    expect(answer).toEqual([{ x: 7 }]);
    expect(await childIds()).toEqual([1, 3]);
  });

  test("a statement failing inside a transaction while others wait: it rolls back, then they run, outside it", async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = failureOf(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO child VALUES (${10}, ${1})`);
        inside();
        await tx.execute(sql`INSERT INTO child VALUES (${11}, ${999})`);
      }),
    );
    await started;
    const waiting = Promise.all([
      rowsOf<{ n: number }>(execute(sql`SELECT count(*)::int AS n FROM child WHERE id = ${10}`)),
      failureOf(execute(sql`INSERT INTO child VALUES (${12}, ${999})`)),
      execute(sql`INSERT INTO child VALUES (${13}, ${1})`),
    ]);
    const [error, [seen, refused]] = await within(Promise.all([transaction, waiting]));
    expect(sqlStateOf(error)).toBe("23503");
    expect(seen).toEqual([{ n: 0 }]);
    expect(sqlStateOf(refused)).toBe("23503");
    expect(await isOutsideTransaction()).toBe(true);
    expect(await childIds()).toEqual([1, 3, 13]);
  });

  test("failures keep the prepared statements: the same statement runs before and after, never prepared again", async () => {
    const lookup = (id: number) =>
      rowsOf<{ id: number }>(execute(sql`SELECT id FROM parent WHERE id = ${id}`));
    const refuse = () => failureOf(execute(sql`INSERT INTO child VALUES (${20}, ${999})`));
    expect(await lookup(1)).toEqual([{ id: 1 }]);
    await refuse();
    const before = await prepared();
    const [, first, , second] = await within(Promise.all([refuse(), lookup(1), refuse(), lookup(2)]));
    expect([first, second]).toEqual([[{ id: 1 }], [{ id: 2 }]]);
    expect(await lookup(1)).toEqual([{ id: 1 }]);
    expect(await prepared()).toEqual(before);
  });

  test("a value pg cannot send fails on its side; the client is replaced and every statement runs again", async () => {
    // pg closes the named statement when a value fails to convert, without forgetting it was parsed:
    // kept, that client would answer 'prepared statement does not exist' to this statement for ever.
    const pick = (value: unknown) =>
      rowsOf<{ value: unknown }>(execute(sql`SELECT ${value}::jsonb AS value`));
    const lookup = (id: number) =>
      rowsOf<{ id: number }>(execute(sql`SELECT id FROM parent WHERE id = ${id}`));
    expect(await pick({ a: 1 })).toEqual([{ value: { a: 1 } }]);
    expect(await lookup(1)).toEqual([{ id: 1 }]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const [error, after, found] = await within(
      Promise.all([failureOf(pick(circular)), pick({ b: 2 }), lookup(1)]),
    );
    expect(rootOf(error)).toBeInstanceOf(TypeError);
    expect(after).toEqual([{ value: { b: 2 } }]);
    expect(found).toEqual([{ id: 1 }]);
    expect(await pick({ c: 3 })).toEqual([{ value: { c: 3 } }]);
    expect(await lookup(2)).toEqual([{ id: 2 }]);
    expect(sqlStateOf(await failureOf(execute(sql`INSERT INTO child VALUES (${40}, ${999})`)))).toBe("23503");
  });

  test("a broken connection is not hidden: the statements fail with its error, and none is left waiting or half done", async () => {
    const gone = new Error("PGlite went away");
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    let breakNow!: () => void;
    const broken = new Promise<void>((resolve) => (breakNow = resolve));
    const transaction = failureOf(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO child VALUES (${30}, ${1})`);
        inside();
        await broken;
        await tx.execute(sql`INSERT INTO child VALUES (${31}, ${1})`);
      }),
    );
    await started;
    const waiting = [
      failureOf(execute(sql`SELECT id FROM parent WHERE id = ${1}`)),
      failureOf(execute(sql`SELECT 1`)),
    ];
    // PGlite failing as WebAssembly does, some time into a call: answers are still due when pg gives up.
    const failing = vi
      .spyOn(PGlite.prototype, "execProtocolStream")
      .mockImplementation(() => new Promise((_, reject) => setTimeout(() => reject(gone), 5)));
    const logged = captureLogEvents();
    try {
      breakNow();
      expect(await within(transaction)).toBeInstanceOf(Error);
      expect((await within(Promise.all(waiting))).map(rootOf)).toEqual([gone, gone]);
      expect(logged.events).toContainEqual(
        expect.objectContaining({
          component: "db",
          msg: "embedded connection error",
          reason: expect.stringContaining(gone.message),
        }),
      );
    } finally {
      failing.mockRestore();
      logged.stop();
    }
    expect(await within(childIds())).not.toContain(30);
    expect(await isOutsideTransaction()).toBe(true);
    expect(await rowsOf(execute(sql`SELECT id FROM parent WHERE id = ${1}`))).toEqual([{ id: 1 }]);
  });
});
