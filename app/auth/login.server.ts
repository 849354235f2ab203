/**
 * Signing in: throttling, password check, account status, then a fresh session; or, for an account with
 * two-factor sign-in, a challenge that the code turns into the session (two-factor.server.ts).
 */
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { users, type User } from "#app/db/schema";
import { AUTH_TEXT } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { createSession, type SessionMeta } from "./session.server";
import { knownDeviceFor, rememberDevice } from "./known-devices.server";
import { claimLoginAttempt, clearAccountFailures, recordLoginFailure, type Attempt } from "./throttle.server";
import type { LoginInput } from "./login-form";
import { createChallenge, isTwoFactorEnabled } from "./two-factor.server";

export interface SignedIn {
  ok: true;
  secondFactor: false;
  user: User;
  token: string;
  deviceToken: string;
}
type LoginResult =
  | SignedIn
  /** The password was right; the browser must now send a code for this challenge. */
  | { ok: true; secondFactor: true; challenge: string }
  | { ok: false; error: string; locked: boolean };

export type SignInMeta = Required<SessionMeta> & {
  /** The browser's device token (its nd_device cookie), when it sent one. */
  deviceToken?: string | null;
};

// Compared against when the e-mail is unknown, so a miss costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function signIn(
  db: Db,
  input: LoginInput,
  meta: SignInMeta,
  now = new Date(),
): Promise<LoginResult> {
  const { email, password } = input;
  const deviceToken = meta.deviceToken ?? null;
  const attempt: Attempt = {
    email,
    ip: meta.ipAddress,
    knownDevice: await knownDeviceFor(db, deviceToken, email),
  };
  // Counted before the password is checked, so parallel guesses cannot all be checked (throttle.server.ts).
  if (!(await claimLoginAttempt(db, attempt, now))) {
    return { ok: false, error: AUTH_TEXT.tooManyAttempts, locked: true };
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  decoyHash ??= hashPassword("decoy-password-1");
  const passwordMatches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !user.passwordHash || !passwordMatches) {
    const locked = await recordLoginFailure(db, attempt, now);
    return { ok: false, error: locked ? AUTH_TEXT.tooManyAttempts : AUTH_TEXT.loginFailed, locked };
  }
  await clearAccountFailures(db, attempt);
  if (user.status === "inactive") return { ok: false, error: AUTH_TEXT.accountDisabled, locked: false };
  if (user.status === "pending") return { ok: false, error: AUTH_TEXT.accountPending, locked: false };
  if (await isTwoFactorEnabled(db, user.id)) {
    return { ok: true, secondFactor: true, challenge: await createChallenge(db, user.id, now) };
  }
  return completeSignIn(db, user, meta, now);
}

/** The session at the end of a sign-in, and this browser remembered for the account. */
export async function completeSignIn(
  db: Db,
  user: User,
  meta: SignInMeta,
  now = new Date(),
): Promise<SignedIn> {
  const deviceToken = meta.deviceToken ?? null;
  const { token } = await createSession(
    db,
    user.id,
    { ipAddress: meta.ipAddress, userAgent: meta.userAgent },
    now,
  );
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return {
    ok: true,
    secondFactor: false,
    user,
    token,
    deviceToken: await rememberDevice(db, deviceToken, user.email, now),
  };
}
