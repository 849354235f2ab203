/**
 * Two-factor sign-in for staff (decision record 010): an authenticator app's codes (TOTP, totp.server.ts) and
 * one-time recovery codes.
 *
 * - Set-up: a new secret waits as `pendingSecret` (shown as a QR code) until a code from the app proves
 *   the app has it; then it becomes the secret and ten recovery codes are made, shown once.
 * - Sign-in: a right password on such an account gives a challenge (sign_in_challenges), not a session;
 *   the code (or a recovery code) turns the challenge into a session. A challenge lives 5 minutes and
 *   takes 5 wrong codes; an account takes 20 codes an hour, so a stolen password alone cannot get
 *   through by trying codes.
 * - No code works twice: the last accepted time step is kept and only a later one is accepted (one
 *   UPDATE, so two requests racing with one code cannot both win); a recovery code is used up.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { recoveryCodes, signInChallenges, twoFactor } from "#app/db/schema";
import { consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { getSettings, SettingsMissing } from "#app/domain/settings/settings.server";
import { isHeldToTwoFactor } from "./permissions";
import { cleanCode, matchTotp, newTotpSecret } from "./totp.server";

export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_FAILURES = 5;
/** Codes one account may try per hour, right or wrong, across all its challenges. */
export const CODES_PER_ACCOUNT: RateLimit = { limit: 20, windowMs: 60 * 60 * 1000 };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export interface TwoFactorState {
  enabled: boolean;
  /** The secret being set up, while set-up is under way. */
  pendingSecret: string | null;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: DbOrTx, userId: string): Promise<TwoFactorState> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.secret),
    pendingSecret: row?.pendingSecret ?? null,
    recoveryCodesLeft: row?.secret ? (left?.n ?? 0) : 0,
  };
}

export async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  return Boolean(row?.secret);
}

/**
 * Whether Settings → Advanced requires two-factor sign-in of admins and editors. A database that has not
 * been seeded has no settings row and so no such rule (the server seeds before it serves; tests may not).
 */
async function twoFactorRequired(db: DbOrTx): Promise<boolean> {
  try {
    return (await getSettings(db)).requireTwoFactor;
  } catch (error) {
    if (error instanceof SettingsMissing) return false;
    throw error;
  }
}

/**
 * Whether the site holds this role to two-factor sign-in now: the matrix names the role
 * (`twoFactor.required` in permissions.ts) and the setting is on. A role it does not name reads no setting.
 */
export async function isTwoFactorRequiredOf(db: DbOrTx, role: string | null | undefined): Promise<boolean> {
  return isHeldToTwoFactor(role) && (await twoFactorRequired(db));
}

/** Starts (or starts again) setting up: a new secret to show, not yet in force. */
export async function startSetup(db: DbOrTx, userId: string): Promise<string> {
  const pendingSecret = newTotpSecret();
  await db
    .insert(twoFactor)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret } });
  return pendingSecret;
}

/**
 * Finishes setting up when `typed` is a current code of the pending secret: the secret is in force from
 * now on, and the new recovery codes are returned, to be shown once. Null when the code does not match.
 */
export async function confirmSetup(db: Db, userId: string, typed: string, now = new Date()) {
  const { pendingSecret } = await twoFactorState(db, userId);
  if (!pendingSecret) return null;
  const step = matchTotp(pendingSecret, typed, now);
  if (step === null) return null;
  return db.transaction(async (tx) => {
    await tx
      .update(twoFactor)
      .set({ secret: pendingSecret, pendingSecret: null, enabledAt: now, lastStep: step })
      .where(eq(twoFactor.userId, userId));
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Turns two-factor sign-in off: the secret and the recovery codes are deleted. */
export async function turnOffTwoFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
}

/** Ten new recovery codes (`abcde-fghjk`), the old ones void. Only hashes are kept. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(normalRecoveryCode(code)) })));
  return codes;
}

// No 0/o, 1/l/i: a code is read off paper.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalRecoveryCode = (typed: string) => cleanCode(typed).toLowerCase();

export type SecondFactorResult = "ok" | "wrong" | "reused" | "too-many";

/**
 * Checks a code typed at sign-in: the app's 6 digits, or a recovery code. A TOTP code is accepted only
 * for a time step later than the last one accepted; a recovery code only once.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  userId: string,
  typed: string,
  now = new Date(),
): Promise<SecondFactorResult> {
  if (!(await consumeRateLimit(db, `two-factor:${userId}`, CODES_PER_ACCOUNT, now))) return "too-many";
  const code = cleanCode(typed);
  if (/^\d{6}$/.test(code)) {
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row?.secret) return "wrong";
    const step = matchTotp(row.secret, code, now);
    if (step === null) return "wrong";
    const taken = await db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
      .returning({ userId: twoFactor.userId });
    return taken.length > 0 ? "ok" : "reused";
  }
  const normal = normalRecoveryCode(code);
  if (!/^[a-z2-9]{10}$/.test(normal)) return "wrong";
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normal)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  if (used.length > 0) return "ok";
  const [spent] = await db
    .select({ usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normal))))
    .limit(1);
  return spent ? "reused" : "wrong";
}

/** A sign-in waiting for its second factor; the browser keeps the token in a short-lived cookie. */
export async function createChallenge(db: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Old challenges of this account are of no more use; nor are anyone's expired ones.
  await db
    .delete(signInChallenges)
    .where(or(eq(signInChallenges.userId, userId), lt(signInChallenges.expiresAt, now)));
  await db.insert(signInChallenges).values({
    id: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
  return token;
}

export async function findChallenge(db: DbOrTx, token: string, now = new Date()) {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(eq(signInChallenges.id, sha256(token)))
    .limit(1);
  if (!row || row.expiresAt <= now || row.failures >= CHALLENGE_MAX_FAILURES) return null;
  return row;
}

/** Counts a wrong code against the challenge; false once it has had its last try. */
export async function failChallenge(db: DbOrTx, challengeId: string): Promise<boolean> {
  const [row] = await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, challengeId))
    .returning({ failures: signInChallenges.failures });
  return (row?.failures ?? CHALLENGE_MAX_FAILURES) < CHALLENGE_MAX_FAILURES;
}

export async function endChallenge(db: DbOrTx, challengeId: string) {
  await db.delete(signInChallenges).where(eq(signInChallenges.id, challengeId));
}
