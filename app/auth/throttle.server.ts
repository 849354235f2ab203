/**
 * Server-side sign-in throttling (decision record 010; OWASP "Blocking Brute Force Attacks"). Nobody
 * can lock someone else out by guessing at their account:
 * - 5 failures for one account from one client address lock that pair for 15 minutes;
 * - 20 failures from one address lock the address (readers and staff share carrier addresses);
 * - ACCOUNT_CEILING failures for one account from anywhere within 15 minutes (only a distributed attack
 *   gets there) lock the account for browsers it does not know;
 * - a browser that has signed in to the account before (its device cookie, `known_devices`) is held back
 *   by none of those, only by its own 5 failures.
 * The checks of the current password inside the back office (Profile's password change, new recovery
 * codes, turning two-factor sign-in off) count against the account alone (checkCurrentPassword): 5 wrong
 * passwords lock them for 15 minutes, so a browser left signed in is no way to guess the password.
 */
import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { loginThrottle, users } from "#app/db/schema";
import { firstRow } from "#app/db/rows";
import { verifyPassword } from "./password.server";

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const ACCOUNT_CEILING = 100;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_DURATION_MS = 15 * 60 * 1000;

const normal = (email: string) => email.trim().toLowerCase();
export const accountKey = (email: string) => `account:${normal(email)}`;
export const addressKey = (ip: string) => `ip:${ip || "unknown"}`;
export const pairKey = (email: string, ip: string) => `pair:${normal(email)}|${ip || "unknown"}`;
export const currentPasswordKey = (userId: string) => `current-password:${userId}`;
export const deviceKey = (deviceTokenHash: string, email: string) =>
  `device:${deviceTokenHash.slice(0, 32)}|${normal(email)}`;

/** Who is trying: from where, and, when this browser has signed in to the account before, which browser. */
export interface Attempt {
  email: string;
  ip: string;
  /** SHA-256 of the browser's device token when it is known for this account (known-devices.server.ts). */
  knownDevice?: string | null;
}

/** The counters that decide for this attempt, each with its limit. */
function countersFor({ email, ip, knownDevice }: Attempt): Array<{ key: string; limit: number }> {
  if (knownDevice) return [{ key: deviceKey(knownDevice, email), limit: ACCOUNT_FAILURE_LIMIT }];
  return [
    { key: pairKey(email, ip), limit: ACCOUNT_FAILURE_LIMIT },
    { key: addressKey(ip), limit: ADDRESS_FAILURE_LIMIT },
    { key: accountKey(email), limit: ACCOUNT_CEILING },
  ];
}

export const hashDeviceToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether this attempt's way in is locked now (a read only: a sign-in claims its attempt with claimLoginAttempt). */
export async function isLoginLocked(db: DbOrTx, attempt: Attempt, now = new Date()): Promise<boolean> {
  const keys = countersFor(attempt).map((c) => c.key);
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  return rows.some((row) => row.lockedUntil !== null && row.lockedUntil > now);
}

/**
 * Counts an attempt against a key before its password is checked, in one statement, and says whether it
 * may go on: the key is not locked and this attempt is within its limit. Counting after the check let
 * parallel requests through: each read "not locked" before any had failed, so fifty guesses sent at once
 * were all checked. A refused attempt takes its count back at once; an allowed one keeps it until the
 * password is known (releaseClaim on success).
 */
async function claim(db: DbOrTx, key: string, limit: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  // A window that has run out (or a lock that has expired) starts counting afresh.
  const stale = sql`(${loginThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz OR (${loginThrottle.lockedUntil} IS NOT NULL AND ${loginThrottle.lockedUntil} <= ${now.toISOString()}::timestamptz))`;
  const row = firstRow(
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${stale} THEN ${now.toISOString()}::timestamptz ELSE ${loginThrottle.windowStartedAt} END`,
          lockedUntil: sql`CASE WHEN ${stale} THEN NULL ELSE ${loginThrottle.lockedUntil} END`,
        },
      })
      .returning({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil }),
  );
  const isLocked = row.lockedUntil !== null && row.lockedUntil > now;
  if (isLocked || row.failures > limit) {
    await releaseClaim(db, key);
    return false;
  }
  return true;
}

/** Takes back one counted attempt (a refused one, or one whose password was right). */
async function releaseClaim(db: DbOrTx, key: string) {
  await db
    .update(loginThrottle)
    .set({ failures: sql`GREATEST(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** A claimed attempt whose password was wrong: its count stays; the key locks once it reaches its limit. */
async function lockIfReached(db: DbOrTx, key: string, limit: number, now: Date): Promise<boolean> {
  const lockedUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  const [row] = await db
    .select({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  if (!row || row.failures < limit) return false;
  if (row.lockedUntil === null || row.lockedUntil <= now) {
    await db.update(loginThrottle).set({ lockedUntil }).where(eq(loginThrottle.key, key));
  }
  return true;
}

/**
 * Counts a sign-in attempt before its password is checked; false when its way in is locked (nothing is
 * then checked, and nothing stays counted).
 */
export async function claimLoginAttempt(db: DbOrTx, attempt: Attempt, now = new Date()): Promise<boolean> {
  const claimed: string[] = [];
  for (const { key, limit } of countersFor(attempt)) {
    if (!(await claim(db, key, limit, now))) {
      for (const done of claimed) await releaseClaim(db, done);
      return false;
    }
    claimed.push(key);
  }
  return true;
}

/** A claimed sign-in whose password was wrong; returns true when this attempt's way in is now locked. */
export async function recordLoginFailure(db: DbOrTx, attempt: Attempt, now = new Date()) {
  let locked = false;
  for (const { key, limit } of countersFor(attempt)) {
    if (await lockIfReached(db, key, limit, now)) locked = true;
  }
  return locked;
}

/**
 * A successful sign-in clears what this browser and address had counted against the account. The
 * account's ceiling and the address's own count stay (an attack elsewhere goes on being counted), less
 * this attempt's own claim.
 */
export async function clearAccountFailures(db: DbOrTx, attempt: Attempt) {
  const keys = [pairKey(attempt.email, attempt.ip)];
  if (attempt.knownDevice) keys.push(deviceKey(attempt.knownDevice, attempt.email));
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
  for (const { key } of countersFor(attempt)) {
    if (!keys.includes(key)) await releaseClaim(db, key);
  }
}

export type CurrentPasswordCheck = "right" | "wrong" | "locked";

/**
 * The signed-in user's current password, checked before a change that needs it. Locked after
 * ACCOUNT_FAILURE_LIMIT wrong ones within the window (the right one is refused too until the lock ends);
 * a right one clears the count. Counted before the check, as sign-in is (claim).
 */
export async function checkCurrentPassword(
  db: DbOrTx,
  userId: string,
  password: string,
  now = new Date(),
): Promise<CurrentPasswordCheck> {
  const key = currentPasswordKey(userId);
  if (!(await claim(db, key, ACCOUNT_FAILURE_LIMIT, now))) return "locked";
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (user && (await verifyPassword(password, user.passwordHash))) {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    return "right";
  }
  await lockIfReached(db, key, ACCOUNT_FAILURE_LIMIT, now);
  return "wrong";
}
