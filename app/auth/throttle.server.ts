/**
 * Server-side sign-in throttling (deviations.md): 5 failures for one account lock that account for
 * 15 minutes; 20 failures from one client address within 15 minutes lock the address for 15 minutes.
 * The address limit is higher because readers and staff share carrier addresses.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { loginThrottle } from "#app/db/schema";
import { firstRow } from "#app/db/rows";

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_DURATION_MS = 15 * 60 * 1000;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip || "unknown"}`;

export async function isLoginLocked(
  db: DbOrTx,
  email: string,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [accountKey(email), addressKey(ip)]));
  return rows.some((row) => row.lockedUntil !== null && row.lockedUntil > now);
}

/** Counts one failure against a key; returns whether the key is now locked. */
async function countFailure(db: DbOrTx, key: string, limit: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const lockedUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  // A window that has run out (or a lock that has expired) starts counting afresh.
  const stale = sql`(${loginThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz OR (${loginThrottle.lockedUntil} IS NOT NULL AND ${loginThrottle.lockedUntil} <= ${now.toISOString()}::timestamptz))`;
  const row = firstRow(
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? lockedUntil : null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${stale} THEN ${now.toISOString()}::timestamptz ELSE ${loginThrottle.windowStartedAt} END`,
          lockedUntil: sql`CASE WHEN ${stale} THEN NULL ELSE ${loginThrottle.lockedUntil} END`,
        },
      })
      .returning({ failures: loginThrottle.failures }),
  );
  if (row.failures >= limit) {
    await db.update(loginThrottle).set({ lockedUntil }).where(eq(loginThrottle.key, key));
    return true;
  }
  return false;
}

/** Records a failed sign-in; returns true when the account or the address is now locked. */
export async function recordLoginFailure(db: DbOrTx, email: string, ip: string, now = new Date()) {
  const accountLocked = await countFailure(db, accountKey(email), ACCOUNT_FAILURE_LIMIT, now);
  const addressLocked = await countFailure(db, addressKey(ip), ADDRESS_FAILURE_LIMIT, now);
  return accountLocked || addressLocked;
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearAccountFailures(db: DbOrTx, email: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email)));
}
