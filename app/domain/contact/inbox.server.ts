/**
 * The contact inbox (/admin/messages, for admins and editors, lists, opens, marks handled and
 * deletes them). Opening a new message makes it `read`; "Mark handled" sets `archived` (inbox-rules.ts).
 * Every function but the dashboard's count takes the actor and refuses a role without the `messages`
 * permission.
 */
import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import { accessDenied } from "#app/auth/guard.server";
import { can, type Action } from "#app/auth/permissions";
import type { DbOrTx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import { firstRow } from "#app/db/rows";
import { contactMessages } from "#app/db/schema";
import { notFound } from "#app/lib/errors";
import { totalPagesFor } from "#app/lib/pagination";
import { INBOX_PAGE_SIZE, INBOX_TEXT } from "./inbox-rules";

function requireInbox(actor: CurrentUser, action: Action<"messages">) {
  if (!can(actor.role, "messages", action)) accessDenied();
}

interface InboxQuery {
  q: string;
  page: number;
  pageSize?: number;
}

/** Unread first, then newest first; search over name, e-mail, subject and text. */
export async function listContactMessages(db: DbOrTx, actor: CurrentUser, query: InboxQuery) {
  requireInbox(actor, "view");
  const pageSize = query.pageSize ?? INBOX_PAGE_SIZE;
  const pattern = `%${escapeLike(query.q)}%`;
  const where = query.q
    ? or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.subject, pattern),
        ilike(contactMessages.message, pattern),
      )
    : undefined;
  const { total } = firstRow(await db.select({ total: count() }).from(contactMessages).where(where));
  const pageCount = totalPagesFor(total, pageSize);
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      excerpt: sql<string>`left(${contactMessages.message}, 160)`,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(
      asc(sql`(${contactMessages.status} <> 'new')`),
      desc(contactMessages.createdAt),
      desc(contactMessages.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount, pageSize };
}

/** Opens one message; a new one becomes read (by whoever opened it first). */
export async function openContactMessage(db: DbOrTx, actor: CurrentUser, id: string) {
  requireInbox(actor, "view");
  await db
    .update(contactMessages)
    .set({ status: "read" })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "new")));
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!row) throw notFound(INBOX_TEXT.notFound, { title: INBOX_TEXT.notFoundTitle });
  return row;
}

export async function setContactHandled(db: DbOrTx, actor: CurrentUser, id: string, handled: boolean) {
  requireInbox(actor, "manage");
  const [row] = await db
    .update(contactMessages)
    .set({ status: handled ? "archived" : "read" })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!row) throw notFound(INBOX_TEXT.notFound, { title: INBOX_TEXT.notFoundTitle });
}

export async function deleteContactMessage(db: DbOrTx, actor: CurrentUser, id: string) {
  requireInbox(actor, "manage");
  const [row] = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!row) throw notFound(INBOX_TEXT.notFound, { title: INBOX_TEXT.notFoundTitle });
}

/** For the dashboard (which checks the permission itself): messages nobody has opened yet. */
export async function unreadContactCount(db: DbOrTx): Promise<number> {
  return firstRow(
    await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
  ).n;
}
