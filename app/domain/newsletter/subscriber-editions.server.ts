/**
 * The editions a subscriber reads the newsletter in (decision record 022, point 11), a row each of
 * `newsletter_subscriber_editions`. The signup form of an edition's page has that edition ticked; where
 * several editions are open it lists them all as check boxes (`edition`, with `editions-listed` saying the
 * list was shown, so that none ticked is told apart from a form that lists none, the footer's on a
 * one-edition site). An issue goes to its edition's confirmed subscribers; its one-click unsubscribe
 * leaves that edition, and a subscriber left with none is unsubscribed.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { newsletterSubscriberEditions, newsletterSubscribers } from "#app/db/schema";
import { feedEditions } from "#app/domain/editions/page-edition.server";
import { allEditions } from "#app/domain/editions/editions.server";
import { messagesFor } from "#app/i18n/messages.server";
import { invalid } from "#app/lib/errors";
import { tickedEditions, type SignupEdition } from "./newsletter-form";

/** The editions a signup may choose (those readers can open, the main one always), in the editions' order. */
export async function signupEditionChoices(db: DbOrTx): Promise<SignupEdition[]> {
  const [{ enabledTags }, editions] = await Promise.all([feedEditions(db), allEditions(db)]);
  return editions
    .filter((edition) => enabledTags.includes(edition.tag))
    .map(({ tag, name }) => ({ tag, name }));
}

/** What the signup page's form lists: every open edition, the page's ticked; null on a one-edition site. */
export async function signupEditionsOffered(
  db: DbOrTx,
  pageTag: string,
): Promise<{ choices: SignupEdition[]; page: string } | null> {
  const choices = await signupEditionChoices(db);
  return choices.length > 1 ? { choices, page: pageTag } : null;
}

/**
 * The editions a signup asks for: the ticked ones when the form listed them, else the page's own. Refused
 * ('invalid', in the page's language) when none is ticked or one is not open to readers.
 */
export async function signupEditions(db: DbOrTx, pageTag: string, form: FormData): Promise<string[]> {
  const asked = tickedEditions(form);
  if (!asked) return [pageTag];
  const open = (await signupEditionChoices(db)).map((edition) => edition.tag);
  if (asked.length === 0 || asked.some((tag) => !open.includes(tag))) {
    const { t } = messagesFor(pageTag);
    throw invalid(t("newsletterEditions.chooseOne"), { title: t("newsletterEditions.problemTitle") });
  }
  return asked;
}

/** Adds editions to a subscriber's (those already there stay). */
export async function addSubscriberEditions(db: DbOrTx, subscriberId: string, tags: readonly string[]) {
  if (tags.length === 0) return;
  await db
    .insert(newsletterSubscriberEditions)
    .values(tags.map((edition) => ({ subscriberId, edition })))
    .onConflictDoNothing();
}

/** The subscriber's editions become exactly these: an address that left and signs up again starts afresh. */
export async function replaceSubscriberEditions(db: DbOrTx, subscriberId: string, tags: readonly string[]) {
  await db
    .delete(newsletterSubscriberEditions)
    .where(eq(newsletterSubscriberEditions.subscriberId, subscriberId));
  await addSubscriberEditions(db, subscriberId, tags);
}

/** A subscriber's editions, in tag order (the tests' and the account's reading). */
export async function subscriberEditions(db: DbOrTx, subscriberId: string): Promise<string[]> {
  const rows = await db
    .select({ edition: newsletterSubscriberEditions.edition })
    .from(newsletterSubscriberEditions)
    .where(eq(newsletterSubscriberEditions.subscriberId, subscriberId))
    .orderBy(newsletterSubscriberEditions.edition);
  return rows.map((row) => row.edition);
}

/**
 * Leaves one edition (an issue's one-click unsubscribe): its row goes, and with none left the subscriber
 * is unsubscribed, as the unsubscribe page does at once. One statement each, in one transaction. Says
 * whether the subscriber still reads another edition.
 */
export async function leaveEdition(
  db: DbOrTx,
  subscriberId: string,
  edition: string,
  now: Date,
): Promise<{ readsOthers: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .delete(newsletterSubscriberEditions)
      .where(
        and(
          eq(newsletterSubscriberEditions.subscriberId, subscriberId),
          eq(newsletterSubscriberEditions.edition, edition),
        ),
      );
    const [stillSubscribed] = await tx
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.id, subscriberId),
          sql`${newsletterSubscribers.status} <> 'unsubscribed'`,
          sql`exists (select 1 from ${newsletterSubscriberEditions} where ${newsletterSubscriberEditions.subscriberId} = ${subscriberId})`,
        ),
      );
    if (stillSubscribed) return { readsOthers: true };
    await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: now })
      .where(
        and(
          eq(newsletterSubscribers.id, subscriberId),
          sql`${newsletterSubscribers.status} <> 'unsubscribed'`,
        ),
      );
    return { readsOthers: false };
  });
}
