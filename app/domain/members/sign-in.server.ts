/**
 * Readers sign in by a mailed link (decision record 021, point 2): asking stores a link row (its token's
 * SHA-256, 30 minutes, where the reader was) and mails the token; following it shows a page whose one
 * button (a POST) deletes the row and signs the browser in. A link preview or a mail scanner that fetches
 * the address therefore uses nothing. An address with no account becomes a free member only then, so an
 * address nobody confirmed never becomes an account, and the answer to asking is the same either way.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { members, memberSignInLinks, type Member } from "#app/db/schema";
import type { OutgoingEmail } from "#app/domain/email/mailer.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { invalid, notFound, rateLimited, unavailable } from "#app/lib/errors";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import type { Services } from "#app/services.server";
import { createMemberSession } from "#app/auth/member-session.server";
import { ACCOUNT_PATH, MEMBER_TEXT, parseSignInEmail } from "./member-text";

export const SIGN_IN_LINK_TTL_MS = 30 * 60 * 1000;
/** Mails to one address, from anywhere: enough for a lost mail or two, and it caps mail to a victim. */
export const SIGN_IN_RATE_LIMIT_PER_EMAIL: RateLimit = { limit: 3, windowMs: 15 * 60 * 1000 };
/** Links asked for from one client address: a household or an office shares one, so not too tight. */
export const SIGN_IN_RATE_LIMIT_PER_CLIENT: RateLimit = { limit: 10, windowMs: 60 * 60 * 1000 };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only a path on this site, and never the sign-in pages themselves (the reader would land on a form). */
export function signInReturnPath(target: unknown): string {
  const path = safeRedirectPath(typeof target === "string" ? target : null);
  if (!path || /^\/account\/(sign-in|verify)(\/|\?|#|$)/i.test(path)) return ACCOUNT_PATH;
  return path;
}

export const signInLink = (origin: string, token: string) =>
  `${origin}/account/verify?token=${encodeURIComponent(token)}`;

/** Refuses while no mail can be sent: a link nobody receives is no way to sign in. */
export function requireSignInByEmail(services: Pick<Services, "mailer">) {
  if (!services.mailer.isConfigured())
    throw unavailable(MEMBER_TEXT.noEmail, { title: MEMBER_TEXT.noEmailTitle });
}

export interface SignInRequest {
  email: unknown;
  returnTo: unknown;
  /** The client's address, for its rate limit. */
  ip: string;
  /** The site's origin (siteOrigin()), for the mailed link. */
  origin: string;
}

/**
 * Stores a link for the address and mails it after the answer (the same answer, as fast, whether the
 * address has an account or not). Refuses with a DomainError: no e-mail ('unavailable'), a bad address
 * ('invalid'), too many links for the address or the client ('rate_limited').
 */
export async function requestSignInLink(services: Services, input: SignInRequest): Promise<void> {
  requireSignInByEmail(services);
  const { db, mailer } = services;
  const parsed = parseSignInEmail(input.email);
  if (!parsed.ok) throw invalid(parsed.message, { title: MEMBER_TEXT.invalidTitle });
  const email = parsed.value;
  const now = services.clock.now();
  const withinLimits =
    (await consumeRateLimit(
      db,
      addressKey("member-sign-in", input.ip),
      SIGN_IN_RATE_LIMIT_PER_CLIENT,
      now,
    )) && (await consumeRateLimit(db, `member-sign-in-email:${email}`, SIGN_IN_RATE_LIMIT_PER_EMAIL, now));
  if (!withinLimits) throw rateLimited(MEMBER_TEXT.rateLimited, { title: MEMBER_TEXT.rateLimitedTitle });

  const token = randomBytes(32).toString("base64url");
  await db.delete(memberSignInLinks).where(lt(memberSignInLinks.expiresAt, now));
  await db.insert(memberSignInLinks).values({
    id: hashToken(token),
    email,
    returnTo: signInReturnPath(input.returnTo),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
  });
  const { siteTitle } = await getSettings(db);
  mailer.sendInBackground(
    signInEmail(email, signInLink(input.origin, token), siteTitle),
    "[members] sending a sign-in link failed",
  );
}

function signInEmail(to: string, link: string, siteTitle: string): OutgoingEmail {
  const text = [
    `Someone, hopefully you, asked to sign in to ${siteTitle} as ${to}.`,
    "",
    "To sign in, open this link within 30 minutes:",
    link,
    "",
    "If you did not ask for it, ignore this e-mail: nothing happens until the link is used.",
  ].join("\n");
  const html = `<p>Someone, hopefully you, asked to sign in to ${escapeHtml(siteTitle)} as ${escapeHtml(to)}.</p>
<p><a href="${escapeHtml(link)}">Sign in</a> (the link works once, within 30 minutes)</p>
<p>If you did not ask for it, ignore this e-mail: nothing happens until the link is used.</p>`;
  return { to, subject: `${MEMBER_TEXT.emailSubject} - ${siteTitle}`, text, html };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What an unused, unexpired link is for (the GET page): reading it changes nothing. */
export async function signInLinkFor(db: DbOrTx, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ email: memberSignInLinks.email, expiresAt: memberSignInLinks.expiresAt })
    .from(memberSignInLinks)
    .where(eq(memberSignInLinks.id, hashToken(token)))
    .limit(1);
  return row && row.expiresAt > now ? { email: row.email } : null;
}

/** The member with this address, made a free member now if it has none (two at once: both find one row). */
export async function findOrCreateMember(db: DbOrTx, email: string, now: Date): Promise<Member> {
  return firstRow(
    await db
      .insert(members)
      .values({ email: email.toLowerCase(), createdAt: now, lastSeenAt: now })
      .onConflictDoUpdate({ target: members.email, set: { lastSeenAt: now } })
      .returning(),
  );
}

/**
 * The link page's button: uses the link (deleted whatever happens next, so it works once), finds or
 * creates the member and opens a session for this browser. Refuses an unknown, used or expired link
 * ('not_found').
 */
export async function redeemSignInLink(db: Db, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) throw notFound(MEMBER_TEXT.expired, { title: MEMBER_TEXT.expiredTitle });
  const used = await db.transaction(async (tx) => {
    const [link] = await tx
      .delete(memberSignInLinks)
      .where(eq(memberSignInLinks.id, hashToken(token)))
      .returning();
    if (!link || link.expiresAt <= now) return null;
    const member = await findOrCreateMember(tx, link.email, now);
    const session = await createMemberSession(tx, member.id, now);
    return { member, session, returnTo: signInReturnPath(link.returnTo) };
  });
  if (!used) throw notFound(MEMBER_TEXT.expired, { title: MEMBER_TEXT.expiredTitle });
  return used;
}
