/**
 * The work waiting for someone, as counts that link to their lists: comments to moderate, stories to
 * review (articles submitted for review plus proposed changes to live stories) and unread contact
 * messages. Each count is computed, and sent to the browser, only for a role that can open its list.
 */
import { eq, sql } from "drizzle-orm";
import { can } from "#app/auth/permissions";
import type { UserRole } from "#app/lib/enums";
import type { DbOrTx } from "#app/db/client.server";
import { articles, comments } from "#app/db/schema";
import { countProposedRevisions } from "#app/domain/articles/revisions.server";
import { unreadContactCount } from "#app/domain/contact/inbox.server";
import { firstRow } from "#app/db/rows";

export const PENDING_WORK = {
  comments: { label: "Comments awaiting moderation", to: "/admin/comments?status=pending" },
  // The articles list is open to writers too, but shows them their own stories only: the newsroom's count
  // belongs to those who review, and proposed revisions are theirs to approve.
  reviews: { label: "Stories awaiting review", to: "/admin/articles?status=review" },
  messages: { label: "Unread messages", to: "/admin/messages" },
} as const;

export type PendingKey = keyof typeof PENDING_WORK;

const MAY_OPEN: Record<PendingKey, (role: UserRole | null) => boolean> = {
  comments: (role) => can(role, "comments", "view"),
  reviews: (role) => can(role, "articles", "publish"),
  messages: (role) => can(role, "messages", "view"),
};

export interface PendingCount {
  key: PendingKey;
  label: string;
  to: string;
  count: number;
}

const count = sql<number>`count(*)::int`;

export async function pendingCommentCount(db: DbOrTx): Promise<number> {
  return firstRow(await db.select({ n: count }).from(comments).where(eq(comments.status, "pending"))).n;
}

/** Articles submitted for review plus proposed changes to published stories. */
export async function pendingReviewCount(db: DbOrTx): Promise<number> {
  const submitted = firstRow(
    await db.select({ n: count }).from(articles).where(eq(articles.status, "pending")),
  ).n;
  return submitted + (await countProposedRevisions(db));
}

const COUNTERS: Record<PendingKey, (db: DbOrTx) => Promise<number>> = {
  comments: pendingCommentCount,
  reviews: pendingReviewCount,
  messages: unreadContactCount,
};

/** The counts the viewer's role may open, in the order of PENDING_WORK. */
export async function pendingWork(db: DbOrTx, viewer: { role: UserRole | null }): Promise<PendingCount[]> {
  const shown: PendingCount[] = [];
  for (const key of Object.keys(PENDING_WORK) as PendingKey[]) {
    if (!MAY_OPEN[key](viewer.role)) continue;
    shown.push({ key, ...PENDING_WORK[key], count: await COUNTERS[key](db) });
  }
  return shown;
}
