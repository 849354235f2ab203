/**
 * Readers' sessions (decision record 021). Apart from staff sessions in every way: their own table,
 * their own cookie (`nd_member`), their own lookup, so that a reader's cookie can never name a staff
 * account and no staff guard ever reads it. The cookie carries a 256-bit random token as it is (base64url,
 * no encoding of React Router's: the page cache reads it before React Router runs); the database keeps
 * only its SHA-256.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { members, memberSessions, type Member } from "#app/db/schema";
import { readCookie } from "#app/lib/cookie-header";
import { MEMBER_HINT_COOKIE_NAME } from "#app/lib/member-hint";
import { wantsSecureCookie } from "./session.server";

export const MEMBER_COOKIE_NAME = "nd_member";
/** A reader stays signed in for 90 days from the link they followed, and 30 days without a visit. */
export const MEMBER_ABSOLUTE_TIMEOUT_MS = 90 * 24 * 60 * 60 * 1000;
export const MEMBER_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface CurrentMember {
  id: string;
  email: string;
  name: string;
  /** The stored id of this browser's session (the token's hash). */
  sessionId: string;
}

export async function createMemberSession(db: DbOrTx, memberId: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + MEMBER_ABSOLUTE_TIMEOUT_MS);
  await db
    .insert(memberSessions)
    .values({ id: hashToken(token), memberId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** The token a Cookie header carries for a reader, if it could be one (never a staff session's). */
export function readMemberToken(cookieHeader: string | null | undefined): string | null {
  const raw = readCookie(cookieHeader, MEMBER_COOKIE_NAME);
  return raw !== undefined && TOKEN_PATTERN.test(raw) ? raw : null;
}

/** The member behind a token, or null when it is unknown or its session has run out (then deleted). */
export async function findSessionMember(db: DbOrTx, token: string, now: Date): Promise<CurrentMember | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: memberSessions, member: members })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.id, id))
    .limit(1);
  if (!row) return null;
  const { session, member } = row;
  if (now >= session.expiresAt || now.getTime() - session.lastSeenAt.getTime() >= MEMBER_IDLE_TIMEOUT_MS) {
    await db.delete(memberSessions).where(eq(memberSessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(memberSessions).set({ lastSeenAt: now }).where(eq(memberSessions.id, id));
    await db.update(members).set({ lastSeenAt: now }).where(eq(members.id, member.id));
  }
  return toCurrentMember(member, id);
}

const toCurrentMember = (member: Member, sessionId: string): CurrentMember => ({
  id: member.id,
  email: member.email,
  name: member.name,
  sessionId,
});

/** Signs this browser out. */
export async function endMemberSession(db: DbOrTx, sessionId: string) {
  await db.delete(memberSessions).where(eq(memberSessions.id, sessionId));
}

/** "Sign out everywhere": every browser of the member. Returns how many were signed out. */
export async function endAllMemberSessions(db: DbOrTx, memberId: string): Promise<number> {
  const ended = await db
    .delete(memberSessions)
    .where(eq(memberSessions.memberId, memberId))
    .returning({ id: memberSessions.id });
  return ended.length;
}

const CLEARED = ["Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT"];

/**
 * The Set-Cookie values that sign a reader in on this browser: the session, and the signed-in hint the
 * reader script may read (app/lib/member-hint.ts), which lasts as long.
 */
export function memberCookieHeaders(request: Request, token: string, expiresAt: Date): string[] {
  const maxAge = `Max-Age=${Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}`;
  return [
    cookieLine(request, { httpOnly: true }, `${MEMBER_COOKIE_NAME}=${token}`, maxAge),
    hintLine(request, maxAge),
  ];
}

/** The Set-Cookie values that forget the reader's session on this browser, and its hint. */
export function clearMemberCookieHeaders(request: Request): string[] {
  return [
    cookieLine(request, { httpOnly: true }, `${MEMBER_COOKIE_NAME}=`, ...CLEARED),
    clearMemberHintCookieHeader(request),
  ];
}

/** The hint alone (/account/me.json keeps it true to the session it finds). */
export const memberHintCookieHeader = (request: Request) =>
  hintLine(request, `Max-Age=${Math.floor(MEMBER_ABSOLUTE_TIMEOUT_MS / 1000)}`);
const hintLine = (request: Request, maxAge: string) =>
  cookieLine(request, { httpOnly: false }, `${MEMBER_HINT_COOKIE_NAME}=1`, maxAge);
export const clearMemberHintCookieHeader = (request: Request) =>
  cookieLine(request, { httpOnly: false }, `${MEMBER_HINT_COOKIE_NAME}=`, ...CLEARED);

function cookieLine(request: Request, { httpOnly }: { httpOnly: boolean }, ...parts: string[]): string {
  const flags = [
    "Path=/",
    ...(httpOnly ? ["HttpOnly"] : []),
    "SameSite=Lax",
    ...(wantsSecureCookie(request) ? ["Secure"] : []),
  ];
  return [...parts, ...flags].join("; ");
}
