/**
 * E-mail for staff (decision record 010): "Forgot password?" sends a single-use link valid 30 minutes, and an
 * admin can invite a new staff member by e-mail instead of typing a password for them (valid 7 days).
 * Both links lead to /admin/set-password, where the account's password is chosen.
 *
 * - The link carries a 256-bit random token; `account_links` keeps only its SHA-256.
 * - Using a link deletes it, and every other link of the account, in the same transaction that sets the
 *   password; every session of the account ends with it. Any other change of the account's e-mail or
 *   password (Profile, Edit User) ends its links too (endAccountLinks).
 * - Asking for a reset answers the same whether the address belongs to an account or not, and the
 *   e-mail goes out after the answer is decided, so neither the words nor the timing tell.
 * - Requests are throttled per client address and per e-mail address, so nobody can flood a mailbox.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { accountLinks, users, type User } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import type { Mailer, OutgoingEmail } from "#app/domain/email/mailer.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import type { AccountLinkPurpose } from "#app/lib/enums";
import { invalid, notFound, rateLimited } from "#app/lib/errors";
import { cleanLoginInput, LOGIN_EMAIL_PATTERN } from "./login-form";
import { ACCOUNT_LINK_TEXT } from "./account-links-text";
import { AUTH_TEXT } from "./messages";
import { hashPassword } from "./password.server";
import { deleteUserSessions } from "./session.server";
import { logFailure } from "#app/lib/log.server";

export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  reset: 30 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

/** Reset requests from one client address: an office shares one, so not too tight. */
export const RESET_RATE_LIMIT_PER_CLIENT: RateLimit = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Reset e-mails to one address, whoever asks: enough for a person, too few to flood them. */
export const RESET_RATE_LIMIT_PER_EMAIL: RateLimit = { limit: 3, windowMs: 60 * 60 * 1000 };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The page an e-mailed link opens, on the site's own origin (siteOrigin(): never an unchecked Host). */
export const accountLinkUrl = (origin: string, token: string) =>
  `${origin}/admin/set-password?token=${encodeURIComponent(token)}`;

/**
 * A new link for the account. An earlier unused link for the same purpose stops working: only the newest
 * e-mail is good.
 */
export async function issueAccountLink(
  db: DbOrTx,
  userId: string,
  purpose: AccountLinkPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(accountLinks)
    .where(and(eq(accountLinks.userId, userId), eq(accountLinks.purpose, purpose)));
  await db.insert(accountLinks).values({
    id: hashToken(token),
    userId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Ends every outstanding link of the account. Called in the transaction of any change of its e-mail
 * address or password (by the member or an admin): a link mailed to a mistyped address, or before the
 * password was changed, must not open the corrected account later.
 */
export async function endAccountLinks(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(accountLinks).where(eq(accountLinks.userId, userId));
}

export interface OpenAccountLink {
  purpose: AccountLinkPurpose;
  user: Pick<User, "id" | "name" | "email">;
}

/** The link behind a token while it can still be used (unexpired, its account active), else null. */
export async function findAccountLink(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<OpenAccountLink | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      purpose: accountLinks.purpose,
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
    })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.userId))
    .where(and(eq(accountLinks.id, hashToken(token)), gt(accountLinks.expiresAt, now)))
    .limit(1);
  if (!row || row.status !== "active") return null;
  return { purpose: row.purpose, user: { id: row.id, name: row.name, email: row.email } };
}

/**
 * Sets the account's password through the link, once: the link is deleted in the same transaction (a
 * second use, even a concurrent one, finds nothing), with the account's other links and sessions.
 * Returns the account, or null when the link could not be used.
 */
export async function setPasswordWithLink(
  db: Db,
  token: string,
  newPassword: string,
  now = new Date(),
): Promise<OpenAccountLink | null> {
  const link = await findAccountLink(db, token, now);
  if (!link) return null;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const used = await tx
      .delete(accountLinks)
      .where(and(eq(accountLinks.id, hashToken(token)), gt(accountLinks.expiresAt, now)))
      .returning({ userId: accountLinks.userId });
    if (used[0]?.userId !== link.user.id) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.user.id));
    await endAccountLinks(tx, link.user.id);
    await deleteUserSessions(tx, link.user.id);
    await logActivity(tx, {
      type: "user",
      actor: link.user,
      action: link.purpose === "invite" ? "accepted invitation" : "reset password",
      title: link.user.name,
    });
    return link;
  });
}

interface MailOptions {
  /** The site's origin (siteOrigin()), for the link. */
  origin: string;
  siteTitle: string;
  /** The process's mailer (app/services.server.ts; tests build theirs with their SMTP server). */
  mailer: Mailer;
  now?: Date;
}

/**
 * "Forgot password?": mails a reset link when the address is an active account's. The answer is the
 * same either way; the e-mail is sent without the answer waiting for it. Refuses with a DomainError:
 * e-mail not configured ('not_found'), a malformed address ('invalid'), too many requests from one
 * client ('rate_limited').
 */
export async function requestPasswordReset(
  db: Db,
  rawEmail: string,
  options: MailOptions & { ip: string },
): Promise<void> {
  const { mailer } = options;
  if (!mailer.isConfigured()) throw notFound(ACCOUNT_LINK_TEXT.emailNotConfigured);
  const email = cleanLoginInput(rawEmail).toLowerCase();
  if (!LOGIN_EMAIL_PATTERN.test(email) || email.length > 254) throw invalid(AUTH_TEXT.invalidEmail);
  const now = options.now ?? new Date();
  if (
    !(await consumeRateLimit(db, addressKey("password-reset", options.ip), RESET_RATE_LIMIT_PER_CLIENT, now))
  )
    throw rateLimited(ACCOUNT_LINK_TEXT.rateLimited);
  // Over the per-address limit the asker hears the usual answer: a refusal would say the address is known.
  if (!(await consumeRateLimit(db, `password-reset-email:${email}`, RESET_RATE_LIMIT_PER_EMAIL, now))) return;

  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user?.status === "active") {
    const token = await issueAccountLink(db, user.id, "reset", now);
    mailer.sendInBackground(
      resetEmail(user, accountLinkUrl(options.origin, token), options.siteTitle),
      "[account-links] sending a reset e-mail failed",
    );
  }
}

/** An invitation for an account just created: the caller says whether it went (the admin is told). */
export async function sendInvitation(
  db: Db,
  user: Pick<User, "id" | "name" | "email" | "role">,
  invitedBy: string,
  options: MailOptions,
): Promise<boolean> {
  const token = await issueAccountLink(db, user.id, "invite", options.now);
  try {
    await options.mailer.send(
      invitationEmail(user, invitedBy, accountLinkUrl(options.origin, token), options.siteTitle),
    );
    return true;
  } catch (error) {
    logFailure("[account-links] sending an invitation failed", error);
    return false;
  }
}

function resetEmail(user: { name: string; email: string }, link: string, siteTitle: string): OutgoingEmail {
  return {
    to: user.email,
    subject: `Reset your ${siteTitle} password`,
    text: [
      `Hello ${user.name},`,
      "",
      `Someone asked to reset the password of your ${siteTitle} account (${user.email}). To choose a new password, open this link. It works once, for 30 minutes:`,
      "",
      link,
      "",
      "If you did not ask, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

function invitationEmail(
  user: { name: string; email: string; role: string },
  invitedBy: string,
  link: string,
  siteTitle: string,
): OutgoingEmail {
  return {
    to: user.email,
    subject: `You are invited to ${siteTitle}`,
    text: [
      `Hello ${user.name},`,
      "",
      `${invitedBy} has added you to ${siteTitle} as ${/^[aeiou]/.test(user.role) ? "an" : "a"} ${user.role}. To choose your password and sign in, open this link. It works once, for 7 days:`,
      "",
      link,
      "",
      `You will sign in with this e-mail address: ${user.email}`,
    ].join("\n"),
  };
}
