/**
 * Readers' side of the newsletter (decision record 007): signing up with consent, confirming by the e-mailed
 * link, unsubscribing. With e-mail configured (SMTP_URL) a signup stays `pending` until its link is
 * followed (double opt-in); without, it is `confirmed` at once, since no link could reach the reader.
 *
 * The answer to a signup never says whether the address was already known: a stranger must not learn
 * who reads the newsletter. Nor does it mail on every try: a confirmation is sent again only to a
 * pending address, at most once per RESEND_INTERVAL.
 *
 * Each link carries the token of its one purpose (signup.server.test.ts): `confirmToken` only confirms,
 * `token` only unsubscribes, `countsToken` (engagement.server.ts) only counts an open or a click. A mail
 * scanner that follows the confirmation link, or an image proxy that loads the open image, holds nothing that
 * unsubscribes, and the unsubscribe link confirms nothing. Links mailed before migration 0022 carried one
 * token for all: it stays the unsubscribe token (a pending reader's: the confirm token), see that migration.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { newLinkToken, newsletterSubscribers, type NewsletterSubscriber } from "#app/db/schema";
import type { Mailer, OutgoingEmail } from "#app/domain/email/mailer.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { invalid, notFound, rateLimited } from "#app/lib/errors";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "#app/lib/paths";
import { mainEditionTag } from "#app/domain/editions/page-edition.server";
import { editionPrefix, mainTagOf } from "#app/lib/editions";
import { NEWSLETTER_TEXT, parseSignup } from "./newsletter-form";
import { addSubscriberEditions, leaveEdition, replaceSubscriberEditions } from "./subscriber-editions.server";

/** Signups from one client address: a household or an office shares one, so not too tight. */
export const SIGNUP_RATE_LIMIT_PER_CLIENT: RateLimit = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Signups for one e-mail address, from anywhere: nobody needs more, and it caps mail to a victim. */
export const SIGNUP_RATE_LIMIT_PER_EMAIL: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 };
/** A pending address gets its confirmation again at most this often. */
export const RESEND_INTERVAL: RateLimit = { limit: 1, windowMs: 15 * 60 * 1000 };

export interface SignupOptions {
  /** The site's origin (siteOrigin()), for the absolute links in the e-mail. */
  origin: string;
  ip: string;
  /** The process's mailer (app/services.server.ts; tests build theirs with their SMTP server). */
  mailer: Mailer;
  now?: Date;
  /**
   * The editions it asks for, the main edition's when not given; a function (the form's `signupEditions`)
   * is asked only once the newsletter is on and the address and consent are good, so that a reader is told
   * of those first and a switched-off newsletter stays a 404.
   */
  editions?: readonly string[] | (() => Promise<readonly string[]>);
  /** The edition of the page it was made on: the confirmation's links open there (the main one's when not given). */
  edition?: string;
}

/** What the reader is told when the signup is taken. */
export interface SignupResult {
  title: string;
  message: string;
}

/** What a newsletter link is for, and the subscriber's column holding that link's token. */
const LINK_TOKENS = {
  confirm: newsletterSubscribers.confirmToken,
  unsubscribe: newsletterSubscribers.token,
} as const;
export type NewsletterLinkPurpose = keyof typeof LINK_TOKENS;

/** A new token for every purpose: a new signup, or an address that left and signs up again. */
const freshTokens = () => ({
  token: newLinkToken(),
  confirmToken: newLinkToken(),
  countsToken: newLinkToken(),
});

/**
 * The confirmation e-mail's link: its token (`confirmToken`) confirms and does nothing else. `prefix`: the
 * edition's (`editionPrefix`), so that a Twi reader's links open Twi pages (decision record 022, point 11).
 */
export const confirmLink = (origin: string, confirmToken: string, prefix = "") =>
  `${origin}${prefix}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
export const unsubscribeLink = (origin: string, token: string, prefix = "") =>
  `${origin}${prefix}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
/**
 * The `List-Unsubscribe` address of every issue: a mail client's one-click POST there (RFC 8058) leaves the
 * issue's edition (decision record 022, point 11); an address without one (mailed before) unsubscribes.
 */
export const oneClickUnsubscribeLink = (origin: string, token: string, edition: string) =>
  `${origin}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}&edition=${encodeURIComponent(edition)}`;

/** Refuses while the newsletter is switched off: the route answers 404, as for a page that is not there. */
export async function requireNewsletterOn(db: Db) {
  const settings = await getSettings(db);
  if (!settings.enableNewsletter) throw notFound("The newsletter is not available.");
  return settings;
}

/**
 * Takes a reader's signup. Refuses with a DomainError: the newsletter switched off ('not_found'), a bad
 * address or no consent ('invalid', with the form's title and text), too many signups from one client
 * or for one address ('rate_limited').
 */
export async function subscribe(
  db: Db,
  values: Record<string, unknown>,
  options: SignupOptions,
): Promise<SignupResult> {
  const settings = await requireNewsletterOn(db);
  const parsed = parseSignup(values);
  if (!parsed.ok) throw invalid(parsed.message, { title: parsed.title });
  const { email } = parsed.data;
  const editions = typeof options.editions === "function" ? await options.editions() : options.editions;
  const now = options.now ?? new Date();
  const { mailer } = options;
  const canMail = mailer.isConfigured();

  const withinLimits =
    (await consumeRateLimit(db, addressKey("newsletter", options.ip), SIGNUP_RATE_LIMIT_PER_CLIENT, now)) &&
    (await consumeRateLimit(db, `newsletter-email:${email}`, SIGNUP_RATE_LIMIT_PER_EMAIL, now));
  if (!withinLimits) throw rateLimited(NEWSLETTER_TEXT.rateLimited, { title: NEWSLETTER_TEXT.failedTitle });

  const subscriber = await recordSignup(db, email, {
    ip: options.ip,
    now,
    canMail,
    editions,
  });
  if (subscriber?.status === "pending" && canMail) {
    // The first mail goes out at once; a repeat waits out the interval (the signup counts as the first).
    const mayResend = await consumeRateLimit(db, `newsletter-resend:${email}`, RESEND_INTERVAL, now);
    // After the answer, so that a new address is answered as fast as a known one (Mailer.sendInBackground).
    // A failure is logged; trying again after the interval sends the link then.
    if (mayResend)
      mailer.sendInBackground(
        confirmationEmail(subscriber, {
          origin: options.origin,
          siteTitle: settings.siteTitle,
          prefix: editionPrefix(options.edition ?? mainTagOf(settings), mainTagOf(settings)),
        }),
        "[newsletter] sending a confirmation e-mail failed",
      );
  }
  return {
    title: NEWSLETTER_TEXT.thanksTitle,
    message: canMail ? NEWSLETTER_TEXT.thanksConfirm : NEWSLETTER_TEXT.thanksConfirmed,
  };
}

/**
 * Stores the signup: a new address with this consent; an unsubscribed or bounced one starts again (new consent, new
 * tokens, so links from before stay dead); a pending one records the renewed consent; a confirmed one is
 * left alone. A known address gains the editions asked for; one that starts again reads those alone (the
 * main edition's when none are given). Returns the row as it is now. `canMail: false` confirms at once: no link can reach the reader,
 * or (a signed-in reader's own address, own-address.server.ts) they already proved the address. The row
 * and its editions are written together: a subscriber is never left without an edition.
 */
export async function recordSignup(
  db: DbOrTx,
  email: string,
  { ip, now, canMail, ...asked }: { ip: string; now: Date; canMail: boolean; editions?: readonly string[] },
): Promise<NewsletterSubscriber | undefined> {
  const editions = asked.editions ?? [await mainEditionTag(db)];
  return db.transaction(async (tx) => {
    const row = await storeSignup(tx, email, { ip, now, canMail });
    if (row?.isFresh) await replaceSubscriberEditions(tx, row.subscriber.id, editions);
    else if (row) await addSubscriberEditions(tx, row.subscriber.id, editions);
    return row?.subscriber;
  });
}

/** The subscriber row of a signup, and whether it starts afresh (new, or back after leaving). */
async function storeSignup(
  db: DbOrTx,
  email: string,
  { ip, now, canMail }: { ip: string; now: Date; canMail: boolean },
): Promise<{ subscriber: NewsletterSubscriber; isFresh: boolean } | undefined> {
  const fresh = {
    status: canMail ? ("pending" as const) : ("confirmed" as const),
    consentAt: now,
    confirmedAt: canMail ? null : now,
    unsubscribedAt: null,
    ipAddress: ip,
  };
  const [existing] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .limit(1);
  if (!existing) {
    // Two signups for one address at the same moment: the other one stored it (no row here); answered as
    // for a known one. Not a caught unique violation: that would end the transaction on PostgreSQL.
    const [row] = await db
      .insert(newsletterSubscribers)
      .values({ email, ...freshTokens(), createdAt: now, ...fresh })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    return row && { subscriber: row, isFresh: true };
  }
  if (existing.status === "confirmed") return { subscriber: existing, isFresh: false };
  // An address that left, or whose mail server refused an issue, starts again with this consent.
  const isFresh = existing.status === "unsubscribed" || existing.status === "bounced";
  const changes = isFresh
    ? { ...fresh, ...freshTokens(), bouncedAt: null, bounceReason: "" }
    : {
        consentAt: now,
        ipAddress: ip,
        ...(canMail ? {} : { status: "confirmed" as const, confirmedAt: now }),
      };
  const [row] = await db
    .update(newsletterSubscribers)
    .set(changes)
    .where(eq(newsletterSubscribers.id, existing.id))
    .returning();
  return row && { subscriber: row, isFresh };
}

export function confirmationEmail(
  subscriber: Pick<NewsletterSubscriber, "email" | "token" | "confirmToken">,
  { origin, siteTitle, prefix = "" }: { origin: string; siteTitle: string; prefix?: string },
): OutgoingEmail {
  const confirm = confirmLink(origin, subscriber.confirmToken, prefix);
  const unsubscribe = unsubscribeLink(origin, subscriber.token, prefix);
  const text = [
    `Someone, hopefully you, asked to receive the ${siteTitle} newsletter at ${subscriber.email}.`,
    "",
    "To confirm your subscription, open this link:",
    confirm,
    "",
    "If you did not ask for it, ignore this e-mail: you will not receive anything more.",
    `To unsubscribe at any time: ${unsubscribe}`,
  ].join("\n");
  const html = `<p>Someone, hopefully you, asked to receive the ${escapeHtml(siteTitle)} newsletter at ${escapeHtml(subscriber.email)}.</p>
<p><a href="${escapeHtml(confirm)}">Confirm your subscription</a></p>
<p>If you did not ask for it, ignore this e-mail: you will not receive anything more.</p>
<p><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`;
  return { to: subscriber.email, subject: `${NEWSLETTER_TEXT.emailSubject} - ${siteTitle}`, text, html };
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An e-mailed link's token: the page's form field after a POST, else the address's `?token=`. */
export async function linkToken(request: Request): Promise<string> {
  if (request.method === "POST") {
    const token = (await request.formData()).get("token");
    if (typeof token === "string") return token;
  }
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** Tokens are 32 characters of base64url (64 hex digits from migration 0022); anything else needs no query. */
export const isLinkTokenShaped = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

/** The subscriber whose token for this purpose it is: another purpose's token finds nobody. */
async function subscriberByToken(db: Db, purpose: NewsletterLinkPurpose, token: string) {
  if (!isLinkTokenShaped(token)) return undefined;
  const [row] = await db.select().from(newsletterSubscribers).where(eq(LINK_TOKENS[purpose], token)).limit(1);
  return row;
}

/** The confirmation page's button: pending becomes confirmed (again: confirmed). An unsubscribed address stays out. */
export async function confirmSubscription(db: Db, token: string, now = new Date()): Promise<boolean> {
  await requireNewsletterOn(db);
  const row = await subscriberByToken(db, "confirm", token);
  if (!row || row.status === "unsubscribed" || row.status === "bounced") return false;
  if (row.status === "pending")
    await db
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now })
      .where(eq(newsletterSubscribers.id, row.id));
  return true;
}

/**
 * The confirm and unsubscribe pages (GET) show whose subscription the link is for, without changing it:
 * mail scanners open links, so only the page's button (a POST) confirms or unsubscribes.
 */
export async function subscriberForLink(db: Db, purpose: NewsletterLinkPurpose, token: string) {
  const row = await subscriberByToken(db, purpose, token);
  return row ? { email: row.email, status: row.status } : null;
}

/**
 * An issue's one-click unsubscribe: the subscriber leaves that edition, and is unsubscribed when it was
 * their last (`leaveEdition`). Works while the newsletter is off, as every way to leave does.
 */
export async function unsubscribeFromEdition(
  db: Db,
  token: string,
  edition: string,
  now = new Date(),
): Promise<"unknown-token" | "left-edition" | "unsubscribed"> {
  const row = await subscriberByToken(db, "unsubscribe", token);
  if (!row) return "unknown-token";
  const { readsOthers } = await leaveEdition(db, row.id, edition, now);
  return readsOthers ? "left-edition" : "unsubscribed";
}

/**
 * Ends a subscription (the page's button, a POST). Works while the newsletter is switched off too: a
 * reader must always be able to leave.
 */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await subscriberByToken(db, "unsubscribe", token);
  if (!row) return false;
  if (row.status !== "unsubscribed")
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: now })
      .where(eq(newsletterSubscribers.id, row.id));
  return true;
}
