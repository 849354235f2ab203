/**
 * Newsroom notifications, created by the server for the events staff need to hear about (a comment
 * waiting for moderation, a contact message, an article submitted for review, a new user). Each one is
 * addressed to one person (`recipientId`) or to the roles that can open its link (`audience`); read and
 * dismissed are per person, in `notification_receipts` (each staff member has their own
 * read/dismissed state and sees only what their role can open"). Every query takes the reader, so one
 * person's "mark all read" or "delete" never touches anyone else's list.
 */
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { and, arrayContains, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { can, permissionForAdminPath, type Action, type Area } from "#app/auth/permissions";
import type { DbOrTx } from "#app/db/client.server";
import { notificationReceipts, notifications } from "#app/db/schema";
import { USER_ROLES, type NotificationType, type UserRole } from "#app/lib/enums";
import { firstRow } from "#app/db/rows";

/** The bell and the notifications page show the latest 50 (spec section 9). */
const NOTIFICATION_LIST_LIMIT = 50;

/** Who is reading: only the id and the role matter, the role as it is now (a demoted editor stops seeing comments). */
export interface NotificationReader {
  id: string;
  role: UserRole | null;
}

interface NewNotification {
  type: NotificationType;
  message: string;
  /** Where clicking the notification leads (a back-office path). */
  link: string;
  /** The roles that may see it; by default those who can open the link (`audienceForLink`). */
  audience?: UserRole[];
  /** For one person only (e.g. the writer whose proposal was rejected): the audience is then ignored. */
  recipientId?: string;
}

/** The roles holding a permission, as an audience ("submitted for review" goes to those who can publish). */
export const rolesThatCan = <A extends Area>(area: A, action: Action<A>): UserRole[] =>
  USER_ROLES.filter((role) => can(role, area, action));

/** The roles that can open a back-office link, read from the same table the guard uses. */
export function audienceForLink(link: string): UserRole[] {
  const path = safeNotificationLink(link).split(/[?#]/)[0] ?? "";
  const needed = permissionForAdminPath(path);
  return needed === null ? [...USER_ROLES] : rolesThatCan(needed.area, needed.action);
}

export async function createNotification(db: DbOrTx, notification: NewNotification) {
  const { recipientId, audience } = notification;
  await db.insert(notifications).values({
    ...notification,
    audience: audience ?? (recipientId ? [] : audienceForLink(notification.link)),
  });
}

/** Addressed to the reader, or to their role; `null` role (an unknown stored value) sees only their own. */
function addressedTo(reader: NotificationReader): SQL {
  const mine = eq(notifications.recipientId, reader.id);
  if (!reader.role) return mine;
  return or(
    mine,
    and(isNull(notifications.recipientId), arrayContains(notifications.audience, [reader.role])),
  )!;
}

/** The reader's receipt joins each row; a dismissed notification is gone from their list only. */
const receiptOf = (reader: NotificationReader) =>
  and(eq(notificationReceipts.notificationId, notifications.id), eq(notificationReceipts.userId, reader.id));

const visibleTo = (reader: NotificationReader) =>
  and(addressedTo(reader), isNull(notificationReceipts.dismissedAt));

export async function listNotifications(
  db: DbOrTx,
  reader: NotificationReader,
  limit = NOTIFICATION_LIST_LIMIT,
) {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      message: notifications.message,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notificationReceipts.readAt,
    })
    .from(notifications)
    .leftJoin(notificationReceipts, receiptOf(reader))
    .where(visibleTo(reader))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, read: row.readAt !== null }));
}

/** Counted by the database from the reader's own receipts, so it can never drift below zero. */
export async function unreadNotificationCount(db: DbOrTx, reader: NotificationReader): Promise<number> {
  const row = firstRow(
    await db
      .select({ n: count() })
      .from(notifications)
      .leftJoin(notificationReceipts, receiptOf(reader))
      .where(and(visibleTo(reader), isNull(notificationReceipts.readAt))),
  );
  return row.n;
}

/** The ids of the reader's visible notifications, optionally only one of them. */
const visibleIds = (db: DbOrTx, reader: NotificationReader, where?: SQL) =>
  db
    .select({ id: notifications.id, link: notifications.link })
    .from(notifications)
    .leftJoin(notificationReceipts, receiptOf(reader))
    .where(and(visibleTo(reader), where));

/**
 * Marks one of the reader's notifications read and returns its link; null when they cannot see it
 * (never existed, dismissed, or meant for someone else: that person's state stays as it was).
 */
export async function markNotificationRead(
  db: DbOrTx,
  reader: NotificationReader,
  id: string,
  now = new Date(),
): Promise<{ link: string } | null> {
  const [row] = await visibleIds(db, reader, eq(notifications.id, id));
  if (!row) return null;
  await db
    .insert(notificationReceipts)
    .values({ notificationId: id, userId: reader.id, readAt: now })
    .onConflictDoUpdate({
      target: [notificationReceipts.notificationId, notificationReceipts.userId],
      // A second click keeps the first reading time.
      set: { readAt: sql`coalesce(${notificationReceipts.readAt}, excluded.read_at)` },
    });
  return { link: row.link };
}

/** Every notification the reader has not read, in one insert of their receipts; returns how many changed. */
export async function markAllNotificationsRead(
  db: DbOrTx,
  reader: NotificationReader,
  now = new Date(),
): Promise<number> {
  const unread = await visibleIds(db, reader, isNull(notificationReceipts.readAt));
  if (unread.length === 0) return 0;
  await db
    .insert(notificationReceipts)
    .values(unread.map((n) => ({ notificationId: n.id, userId: reader.id, readAt: now })))
    .onConflictDoUpdate({
      target: [notificationReceipts.notificationId, notificationReceipts.userId],
      set: { readAt: sql`coalesce(${notificationReceipts.readAt}, excluded.read_at)` },
    });
  return unread.length;
}

/** "Delete" dismisses it from the reader's list; colleagues keep theirs. False when it was not in the list. */
export async function deleteNotification(
  db: DbOrTx,
  reader: NotificationReader,
  id: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await visibleIds(db, reader, eq(notifications.id, id));
  if (!row) return false;
  await db
    .insert(notificationReceipts)
    .values({ notificationId: id, userId: reader.id, dismissedAt: now })
    .onConflictDoUpdate({
      target: [notificationReceipts.notificationId, notificationReceipts.userId],
      set: { dismissedAt: now },
    });
  return true;
}

/**
 * Only back-office paths are followed after a click: a stored link is data, and an absolute or
 * protocol-relative URL there must not turn the bell into an open redirect.
 */
export function safeNotificationLink(link: string): string {
  return safeRedirectPath(link) ?? "/admin/notifications";
}
