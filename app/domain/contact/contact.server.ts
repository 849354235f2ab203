/**
 * Contact messages from readers: stored with status new, and the newsroom is told through a
 * notification. No activity-log entry: the log records staff changes, and its types have no place
 * for a reader's message (the notification is the record staff see).
 */
import type { Db } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { invalid, rateLimited } from "#app/lib/errors";
import { CONTACT_TEXT, parseContact } from "./contact-form";
import { firstRow } from "#app/db/rows";

export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 };

/** Where the notification leads: the message in the inbox (only those who can open it are told). */
export const contactNotificationLink = (id: string) => `/admin/messages/${id}`;

/**
 * Stores a reader's message. Refuses with a DomainError carrying the spec's title and text: bad input
 * ('invalid') and too many messages from one address ('rate_limited').
 */
export async function submitContactMessage(
  db: Db,
  values: Record<string, unknown>,
  client: { ip: string },
  now = new Date(),
): Promise<{ id: string }> {
  const parsed = parseContact(values);
  if (!parsed.ok) throw invalid(parsed.message, { title: parsed.title });
  if (!(await consumeRateLimit(db, addressKey("contact", client.ip), CONTACT_RATE_LIMIT, now)))
    throw rateLimited(CONTACT_TEXT.rateLimited, { title: CONTACT_TEXT.failedTitle });
  const { name, email, subject, message } = parsed.data;
  const id = await db.transaction(async (tx) => {
    const row = firstRow(
      await tx
        .insert(contactMessages)
        .values({ name, email: email.toLowerCase(), subject, message, status: "new", createdAt: now })
        .returning({ id: contactMessages.id }),
    );
    await createNotification(tx, {
      type: "other",
      message: `New contact message from ${name}${subject ? `: ${subject}` : ""}`,
      link: contactNotificationLink(row.id),
    });
    return row.id;
  });
  return { id };
}

export { unreadContactCount } from "./inbox.server";
