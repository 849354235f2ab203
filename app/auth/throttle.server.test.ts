import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loginThrottle } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#app/db/testing.server";
import {
  accountKey,
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  addressKey,
  clearAccountFailures,
  isLoginLocked,
  LOCK_DURATION_MS,
  recordLoginFailure,
  THROTTLE_WINDOW_MS,
} from "./throttle.server";
import { firstRow } from "#app/db/rows";

const MINUTE = 60 * 1000;
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

test("the limits are the ones of deviations.md", () => {
  expect(ACCOUNT_FAILURE_LIMIT).toBe(5);
  expect(ADDRESS_FAILURE_LIMIT).toBe(20);
  expect(THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
  expect(LOCK_DURATION_MS).toBe(15 * MINUTE);
});

test("keys: one per account (case and spaces ignored), one per address", () => {
  expect(accountKey("  Jane@Example.COM ")).toBe(accountKey("jane@example.com"));
  expect(addressKey("10.0.0.1")).not.toBe(addressKey("10.0.0.2"));
  expect(addressKey("")).toBe("ip:unknown");
});

describe.each(TEST_ENGINES)("sign-in throttling on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const fail = (email: string, ip: string, now: Date) => recordLoginFailure(database.db, email, ip, now);
  const locked = (email: string, ip: string, now: Date) => isLoginLocked(database.db, email, ip, now);

  test("the 5th failure for one account locks it for 15 minutes, from any address", async () => {
    const email = "five@example.com";
    for (let i = 1; i <= 4; i++) {
      expect(await fail(email, `10.1.0.${i}`, at(i * 1000)), `failure ${i}`).toBe(false);
      expect(await locked(email, "10.1.9.9", at(i * 1000))).toBe(false);
    }
    expect(await fail(email, "10.1.0.5", at(5000))).toBe(true);
    expect(await locked(email, "10.1.9.9", at(5000))).toBe(true);
    expect(await locked(email, "10.1.9.9", at(5000 + LOCK_DURATION_MS - 1000))).toBe(true);
    expect(await locked(email, "10.1.9.9", at(5000 + LOCK_DURATION_MS))).toBe(false);
    // Another account from the same addresses is not locked.
    expect(await locked("someone-else@example.com", "10.1.0.5", at(5000))).toBe(false);
  });

  test("after the lock runs out the count starts afresh", async () => {
    const email = "again@example.com";
    for (let i = 1; i <= 5; i++) await fail(email, "10.2.0.1", at(i * 1000));
    const afterLock = 5000 + LOCK_DURATION_MS + 1000;
    expect(await fail(email, "10.2.0.1", at(afterLock))).toBe(false);
    expect(await locked(email, "10.2.0.1", at(afterLock))).toBe(false);
    const row = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, accountKey(email))),
    );
    expect(row.failures).toBe(1);
  });

  test("failures further apart than the 15-minute window do not add up", async () => {
    const email = "slow@example.com";
    for (let i = 0; i < 4; i++) await fail(email, "10.3.0.1", at(i * MINUTE));
    // The window opened at T0; 16 minutes later it has run out.
    expect(await fail(email, "10.3.0.1", at(16 * MINUTE))).toBe(false);
    expect(await locked(email, "10.3.0.1", at(16 * MINUTE))).toBe(false);
  });

  test("clearing an account's failures (a success) resets its count but not the address's", async () => {
    const email = "cleared@example.com";
    const ip = "10.4.0.1";
    for (let i = 1; i <= 4; i++) await fail(email, ip, at(i * 1000));
    await clearAccountFailures(database.db, email);
    const rows = await database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, accountKey(email)));
    expect(rows).toHaveLength(0);
    // Four more failures would have locked the account without the reset.
    for (let i = 5; i <= 8; i++) expect(await fail(email, ip, at(i * 1000))).toBe(false);
    const address = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, addressKey(ip))),
    );
    expect(address.failures).toBe(8);
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
});
