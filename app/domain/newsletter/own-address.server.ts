/**
 * The newsletter as a signed-in reader manages it from their account page (decision record 021): their
 * own address, which they proved by following its sign-in link, so a subscription from there is
 * confirmed at once (no confirmation mail). The consent is the account page's button.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { newsletterSubscribers } from "#app/db/schema";
import { recordSignup, requireNewsletterOn } from "./signup.server";

/** The address's subscription as the account page shows it, or null when it never signed up. */
export async function subscriptionOf(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      status: newsletterSubscribers.status,
      consentAt: newsletterSubscribers.consentAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Subscribes the reader's proven address, confirmed at once. Refused while the newsletter is off. */
export async function subscribeOwnAddress(db: Db, email: string, { ip, now }: { ip: string; now: Date }) {
  await requireNewsletterOn(db);
  await recordSignup(db, email.toLowerCase(), { ip, now, canMail: false });
}

/** Ends the reader's subscription (works while the newsletter is off: a reader must always be able to leave). */
export async function unsubscribeOwnAddress(db: DbOrTx, email: string, now: Date) {
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.email, email.toLowerCase()),
        ne(newsletterSubscribers.status, "unsubscribed"),
      ),
    );
}

/** Removes the address and its consent record for good (a deleted account keeps nothing). */
export async function forgetOwnAddress(db: DbOrTx, email: string) {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
}
