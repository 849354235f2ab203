/**
 * Contact messages from readers: stored with status new, and the newsroom is told through a
 * notification. No activity-log entry: the log records staff changes, and its types have no place
 * for a reader's message (the notification is the record staff see).
 */
import type { Db } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { CONTACT_TEXT, parseContact } from "./contact-form";
import { firstRow } from "#app/db/rows";

export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 };

/** Where the notification leads: the message in the inbox (only those who can open it are told). */
export const contactNotificationLink = (id: string) => `/admin/messages/${id}`;

type ContactResult = { ok: true; id: string } | { ok: false; status: number; title: string; message: string };

export async function submitContactMessage(
  db: Db,
  values: Record<string, unknown>,
  client: { ip: string },
  now = new Date(),
): Promise<ContactResult> {
  const parsed = parseContact(values);
  if (!parsed.ok) return { ok: false, status: 400, title: parsed.title, message: parsed.message };
  if (!(await consumeRateLimit(db, addressKey("contact", client.ip), CONTACT_RATE_LIMIT, now))) {
    return { ok: false, status: 429, title: CONTACT_TEXT.failedTitle, message: CONTACT_TEXT.rateLimited };
  }
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
  return { ok: true, id };
}

export { unreadContactCount } from "./inbox.server";
