/**
 * Device cookies (OWASP): a browser that signs in to an account gets a random token in a long-lived
 * cookie; the database keeps its SHA-256 with the accounts it signed in to. The throttle lets such a
 * browser through lockouts that someone else's guessing set off (throttle.server.ts). The token proves
 * nothing by itself: the password is still checked, and the cookie is no session.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { knownDevices } from "#app/db/schema";
import { wantsSecureCookie } from "./session.server";
import { hashDeviceToken } from "./throttle.server";

export const DEVICE_COOKIE_NAME = "nd_device";
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A random token (32 bytes, base64url) in the named cookie, if the browser sent one of that shape. */
export function readTokenCookie(cookieHeader: string | null | undefined, cookieName: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === cookieName) {
      const token = value.join("=");
      return TOKEN.test(token) ? token : null;
    }
  }
  return null;
}

/** The device token the browser sent, if it has one of our shape. */
export const readDeviceToken = (cookieHeader: string | null | undefined) =>
  readTokenCookie(cookieHeader, DEVICE_COOKIE_NAME);

/** The token's hash when this browser has signed in to `email` before; null otherwise (or no token). */
export async function knownDeviceFor(
  db: DbOrTx,
  token: string | null,
  email: string,
): Promise<string | null> {
  if (!token) return null;
  const tokenHash = hashDeviceToken(token);
  const [row] = await db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.email, email.trim().toLowerCase())))
    .limit(1);
  return row ? tokenHash : null;
}

/** After a successful sign-in: this browser (its token, or a new one) is known for `email` from now on. */
export async function rememberDevice(
  db: DbOrTx,
  token: string | null,
  email: string,
  now = new Date(),
): Promise<string> {
  const kept = token ?? randomBytes(32).toString("base64url");
  await db
    .insert(knownDevices)
    .values({
      tokenHash: hashDeviceToken(kept),
      email: email.trim().toLowerCase(),
      createdAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.email],
      set: { lastSeenAt: now },
    });
  return kept;
}

/** The Set-Cookie value for the device token: HttpOnly, Lax, Secure over https, a year. */
export function deviceCookie(request: Request, token: string): string {
  const secure = wantsSecureCookie(request) ? "; Secure" : "";
  return `${DEVICE_COOKIE_NAME}=${token}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
