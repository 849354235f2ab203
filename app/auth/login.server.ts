/**
 * Signing in: throttling, password check, account status, a fresh session.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { users, type User } from "#app/db/schema";
import { AUTH_TEXT } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { createSession, type SessionMeta } from "./session.server";
import { knownDeviceFor, rememberDevice } from "./known-devices.server";
import { clearAccountFailures, isLoginLocked, recordLoginFailure, type Attempt } from "./throttle.server";
import type { LoginInput } from "./login-form";

type LoginResult =
  | { ok: true; user: User; token: string; deviceToken: string }
  | { ok: false; error: string; locked: boolean };

// Compared against when the e-mail is unknown, so a miss costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function signIn(
  db: Db,
  input: LoginInput,
  meta: Required<SessionMeta> & {
    /** The browser's device token (its nd_device cookie), when it sent one. */
    deviceToken?: string | null;
  },
  now = new Date(),
): Promise<LoginResult> {
  const { email, password } = input;
  const deviceToken = meta.deviceToken ?? null;
  const attempt: Attempt = {
    email,
    ip: meta.ipAddress,
    knownDevice: await knownDeviceFor(db, deviceToken, email),
  };
  if (await isLoginLocked(db, attempt, now)) {
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
  const { token } = await createSession(
    db,
    user.id,
    { ipAddress: meta.ipAddress, userAgent: meta.userAgent },
    now,
  );
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return { ok: true, user, token, deviceToken: await rememberDevice(db, deviceToken, email, now) };
}
