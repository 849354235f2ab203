/**
 * Newsroom notifications, created by the server for the events staff need to hear about (a comment
 * waiting for moderation, a contact message, an article submitted for review, a new user). They belong to
 * the newsroom, not to one person: any signed-in, enabled staff member sees and clears the same list.
 */
import { count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { notifications } from "#app/db/schema";
import type { NotificationType, UserRole } from "#app/lib/enums";
import { firstRow } from "#app/db/rows";

/** The bell and the notifications page show the latest 50 (spec section 9). */
const NOTIFICATION_LIST_LIMIT = 50;

interface NewNotification {
  type: NotificationType;
  message: string;
  /** Where clicking the notification leads (a back-office path). */
  link: string;
  /** The roles that may see it (those who can open the link). */
  audience?: UserRole[];
  /** For one person only (e.g. the writer whose proposal was rejected). */
  recipientId?: string;
}

export async function createNotification(db: DbOrTx, notification: NewNotification) {
  await db.insert(notifications).values(notification);
}

export function listNotifications(db: DbOrTx, limit = NOTIFICATION_LIST_LIMIT) {
  return db
    .select()
    .from(notifications)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Counted by the database from the rows themselves, so it can never drift below zero. */
export async function unreadNotificationCount(db: DbOrTx): Promise<number> {
  const row = firstRow(
    await db.select({ n: count() }).from(notifications).where(eq(notifications.read, false)),
  );
  return row.n;
}

/** Marks one notification read and returns its link (null when it no longer exists). */
export async function markNotificationRead(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<{ link: string } | null> {
  const [row] = await db
    .update(notifications)
    // A second click keeps the first reading time.
    .set({ read: true, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(notifications.id, id))
    .returning({ link: notifications.link });
  return row ? { link: row.link } : null;
}

/** One UPDATE for every unread notification; returns how many changed. */
export async function markAllNotificationsRead(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true, readAt: now })
    .where(eq(notifications.read, false))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.id, id))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Only back-office paths are followed after a click: a stored link is data, and an absolute or
 * protocol-relative URL there must not turn the bell into an open redirect.
 */
export function safeNotificationLink(link: string): string {
  return /^\/(?![/\\])/.test(link) ? link : "/admin/notifications";
}
