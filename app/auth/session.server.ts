/**
 * Database-backed sessions. The cookie carries a 256-bit random token; the database stores only its
 * SHA-256, so a leaked sessions table cannot be replayed. Sessions end after IDLE_TIMEOUT_MS without a
 * request or ABSOLUTE_TIMEOUT_MS after sign-in, whichever comes first.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { createCookie } from "react-router";
import { config } from "#app/config.server";
import type { DbOrTx } from "#app/db/client.server";
import { sessions, users, type User } from "#app/db/schema";
import { readCookie } from "#app/lib/cookie-header";

export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const SESSION_COOKIE_NAME = "nd_session";

const cookies = new Map<boolean, ReturnType<typeof createCookie>>();
function sessionCookie(secure: boolean) {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
    });
    cookies.set(secure, cookie);
  }
  return cookie;
}

/**
 * Secure whenever the site is served over https: PUBLIC_URL says so, or (in production) the request
 * arrived over https. A Secure cookie cannot work over plain http, so it is not set there.
 */
export function wantsSecureCookie(request: Request): boolean {
  const { publicUrl, isProduction } = config();
  if (publicUrl) return publicUrl.startsWith("https://");
  return isProduction && new URL(request.url).protocol === "https:";
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionMeta {
  ipAddress?: string;
  userAgent?: string;
}

export async function createSession(db: DbOrTx, userId: string, meta: SessionMeta = {}, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ipAddress: meta.ipAddress ?? "",
    userAgent: (meta.userAgent ?? "").slice(0, 500),
  });
  return { token, expiresAt };
}

function isSessionExpired(session: { lastSeenAt: Date; expiresAt: Date }, now = new Date()): boolean {
  return now >= session.expiresAt || now.getTime() - session.lastSeenAt.getTime() >= IDLE_TIMEOUT_MS;
}

interface SessionWithUser {
  sessionId: string;
  user: User;
}

/** The user behind a session token, or null when the token is unknown or the session has expired. */
export async function findSessionUser(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<SessionWithUser | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (isSessionExpired(row.session, now)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user };
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user at once (deactivation, deletion, password change). */
export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export interface ActiveSession {
  /** The stored id: the token's SHA-256, which cannot be turned back into a cookie. */
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ipAddress: string;
  userAgent: string;
}

/** A user's sessions that have not expired, the most recently used first (Profile → Active Sessions). */
export async function listActiveSessions(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows
    .filter((row) => !isSessionExpired(row, now))
    .map(({ expiresAt: _expiresAt, ...session }) => session);
}

/** Ends one of the user's own sessions; false when it is not theirs or already over. */
export async function endUserSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** "Sign out everywhere else": every session of the user but the one asking. Returns how many ended. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The stored id of the session a Cookie header carries (whether or not it is still valid). */
export async function sessionIdOf(cookieHeader: string | null | undefined): Promise<string | null> {
  const token = await readSessionToken(cookieHeader);
  return token ? hashToken(token) : null;
}

/** The session token of a request's Cookie header, if it carries one that could be valid. */
export async function readSessionToken(cookieHeader: string | null | undefined): Promise<string | null> {
  // Found by the reading the page cache uses too (app/lib/cookie-header.ts); React Router decodes it.
  const raw = readCookie(cookieHeader, SESSION_COOKIE_NAME);
  if (raw === undefined) return null;
  const value: unknown = await sessionCookie(false).parse(`${SESSION_COOKIE_NAME}=${raw}`);
  return typeof value === "string" && value.length >= 32 ? value : null;
}

export const commitSessionCookie = (request: Request, token: string) =>
  sessionCookie(wantsSecureCookie(request)).serialize(token);
export const destroySessionCookie = (request: Request) =>
  sessionCookie(wantsSecureCookie(request)).serialize("", { maxAge: 0, expires: new Date(0) });
