import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loginThrottle, users } from "#app/db/schema";
import { hashPassword } from "./password.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import {
  ACCOUNT_CEILING,
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  accountKey,
  addressKey,
  checkCurrentPassword,
  claimLoginAttempt,
  clearAccountFailures,
  hashDeviceToken,
  isLoginLocked,
  LOCK_DURATION_MS,
  pairKey,
  recordLoginFailure,
  THROTTLE_WINDOW_MS,
} from "./throttle.server";
import { firstRow } from "#app/db/rows";

const MINUTE = 60 * 1000;
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

test("the limits: 5 per account and address, 20 per address, a ceiling per account, 15 minutes", () => {
  expect(ACCOUNT_FAILURE_LIMIT).toBe(5);
  expect(ADDRESS_FAILURE_LIMIT).toBe(20);
  expect(ACCOUNT_CEILING).toBe(100);
  expect(THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
  expect(LOCK_DURATION_MS).toBe(15 * MINUTE);
});

test("keys: accounts by e-mail (case and spaces ignored), addresses, pairs of both", () => {
  expect(accountKey("  Jane@Example.COM ")).toBe(accountKey("jane@example.com"));
  expect(addressKey("10.0.0.1")).not.toBe(addressKey("10.0.0.2"));
  expect(addressKey("")).toBe("ip:unknown");
  expect(pairKey("Jane@example.com", "10.0.0.1")).toBe("pair:jane@example.com|10.0.0.1");
});

describe.each(TEST_ENGINES)("sign-in throttling on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A sign-in with a wrong password: counted first, then its failure recorded (login.server.ts). */
  const fail = async (email: string, ip: string, now: Date, knownDevice?: string) => {
    const attempt = { email, ip, knownDevice };
    if (!(await claimLoginAttempt(database.db, attempt, now))) return true;
    return recordLoginFailure(database.db, attempt, now);
  };
  const locked = (email: string, ip: string, now: Date, knownDevice?: string) =>
    isLoginLocked(database.db, { email, ip, knownDevice }, now);
  const device = hashDeviceToken("a".repeat(43));

  test("5 failures from one address lock that address for that account only (finding 2: no lock-out of others)", async () => {
    const email = "admin-target@example.com";
    for (let i = 1; i <= 4; i++)
      expect(await fail(email, "10.1.0.1", at(i * 1000)), `failure ${i}`).toBe(false);
    expect(await fail(email, "10.1.0.1", at(5000))).toBe(true);
    expect(await locked(email, "10.1.0.1", at(5000))).toBe(true);
    expect(await locked(email, "10.1.0.1", at(5000 + LOCK_DURATION_MS - 1000))).toBe(true);
    expect(await locked(email, "10.1.0.1", at(5000 + LOCK_DURATION_MS))).toBe(false);
    // The account's owner elsewhere, and a browser that signed in before, are not held back.
    expect(await locked(email, "10.1.9.9", at(5000))).toBe(false);
    expect(await locked(email, "10.1.0.1", at(5000), device)).toBe(false);
  });

  test("after a lock runs out the count starts afresh", async () => {
    const email = "again@example.com";
    for (let i = 1; i <= 5; i++) await fail(email, "10.2.0.1", at(i * 1000));
    const afterLock = 5000 + LOCK_DURATION_MS + 1000;
    expect(await fail(email, "10.2.0.1", at(afterLock))).toBe(false);
    expect(await locked(email, "10.2.0.1", at(afterLock))).toBe(false);
    const row = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, pairKey(email, "10.2.0.1"))),
    );
    expect(row.failures).toBe(1);
  });

  test("failures further apart than the 15-minute window do not add up", async () => {
    const email = "slow@example.com";
    for (let i = 0; i < 4; i++) await fail(email, "10.3.0.1", at(i * MINUTE));
    expect(await fail(email, "10.3.0.1", at(16 * MINUTE))).toBe(false);
    expect(await locked(email, "10.3.0.1", at(16 * MINUTE))).toBe(false);
  });

  test("a success clears this address's count for the account, not the address's own nor the ceiling", async () => {
    const email = "cleared@example.com";
    const ip = "10.4.0.1";
    for (let i = 1; i <= 4; i++) await fail(email, ip, at(i * 1000));
    // The fifth attempt is the right password: counted like any, then cleared.
    expect(await claimLoginAttempt(database.db, { email, ip }, at(4500))).toBe(true);
    await clearAccountFailures(database.db, { email, ip });
    expect(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, pairKey(email, ip))),
    ).toHaveLength(0);
    for (let i = 5; i <= 8; i++) expect(await fail(email, ip, at(i * 1000))).toBe(false);
    const address = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, addressKey(ip))),
    );
    expect(address.failures).toBe(8);
    const ceiling = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, accountKey(email))),
    );
    expect(ceiling.failures).toBe(8);
  });

  test("20 failures from one address across different accounts lock the address, not the accounts", async () => {
    const ip = "10.5.0.1";
    for (let i = 1; i <= 19; i++) {
      expect(await fail(`victim${i}@example.com`, ip, at(i * 1000)), `failure ${i}`).toBe(false);
    }
    expect(await fail("victim20@example.com", ip, at(20_000))).toBe(true);
    expect(await locked("anyone@example.com", ip, at(21_000))).toBe(true);
    expect(await locked("anyone@example.com", "10.5.0.2", at(21_000))).toBe(false);
    expect(await locked("anyone@example.com", ip, at(20_000 + LOCK_DURATION_MS))).toBe(false);
  });

  test("a distributed attack over the ceiling locks unknown browsers out, never a known one", async () => {
    const email = "ceiling@example.com";
    for (let i = 0; i < ACCOUNT_CEILING; i++)
      await fail(email, `10.6.${Math.floor(i / 4)}.${i % 4}`, at(i * 100));
    expect(await locked(email, "10.6.200.1", at(ACCOUNT_CEILING * 100))).toBe(true);
    expect(await locked(email, "10.6.200.1", at(ACCOUNT_CEILING * 100), device)).toBe(false);
  });

  test("a known browser's own 5 failures lock that browser, not the account elsewhere", async () => {
    const email = "own-device@example.com";
    for (let i = 1; i <= 4; i++) expect(await fail(email, "10.7.0.1", at(i * 1000), device)).toBe(false);
    expect(await fail(email, "10.7.0.1", at(5000), device)).toBe(true);
    expect(await locked(email, "10.7.0.1", at(5000), device)).toBe(true);
    expect(await locked(email, "10.7.0.1", at(5000))).toBe(false);
  });

  test("a refused attempt is not counted: the lock still runs out on time, and the count stays at the limit", async () => {
    const email = "refused@example.com";
    for (let i = 1; i <= 5; i++) await fail(email, "10.8.0.1", at(i * 1000));
    for (let i = 6; i <= 9; i++) expect(await fail(email, "10.8.0.1", at(i * 1000))).toBe(true);
    const pair = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, pairKey(email, "10.8.0.1"))),
    );
    expect(pair.failures).toBe(ACCOUNT_FAILURE_LIMIT);
    expect(await locked(email, "10.8.0.1", at(5000 + LOCK_DURATION_MS))).toBe(false);
  });

  test("guesses sent at once are counted before any is checked: no more than the limit are let through", async () => {
    const email = "parallel@example.com";
    const ip = "10.9.0.1";
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => claimLoginAttempt(database.db, { email, ip }, at(1000))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
  });
});

describe.each(TEST_ENGINES)("current-password checks on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("thirty checks sent at once: five are checked, and the right password at the end is refused", async () => {
    const user = firstRow(
      await database.db
        .insert(users)
        .values({
          name: "Parallel",
          email: "current-parallel@example.com",
          passwordHash: await hashPassword("RightPass123"),
          role: "editor",
        })
        .returning(),
    );
    const guesses = [...Array.from({ length: 29 }, (_, i) => `Wrong${i}pass`), "RightPass123"];
    const outcomes = await Promise.all(
      guesses.map((guess) => checkCurrentPassword(database.db, user.id, guess, at(1000))),
    );
    expect(outcomes.filter((o) => o === "wrong")).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(outcomes.at(-1)).toBe("locked");
    // And the owner, one at a time after the lock has run out, gets in.
    expect(
      await checkCurrentPassword(database.db, user.id, "RightPass123", at(1000 + LOCK_DURATION_MS)),
    ).toBe("right");
  });
});
