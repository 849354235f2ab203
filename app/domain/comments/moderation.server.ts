/**
 * Comment moderation: the transitions of the moderation table (moderation.server.test.ts) and
 * nothing else, the moderation settings, and the orphan clean-up. Admins and editors only.
 */
import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, DbOrTx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import { articles, comments, settings } from "#app/db/schema";
import { COMMENT_STATUSES, type CommentStatus } from "#app/lib/enums";
import { logActivity } from "#app/domain/activity/activity.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { conflict, isDomainError, notFound } from "#app/lib/errors";
import {
  ALLOWED_FROM,
  TARGET,
  COMMENT_MODERATION_TEXT,
  MODERATION_PAGE_SIZE,
  MODERATION_SETTINGS,
  type ModerationAction,
  type ModerationSetting,
} from "./moderation-rules";
import { firstRow } from "#app/db/rows";
import { totalPagesFor } from "#app/lib/pagination";
import { logFailure } from "#app/lib/log.server";

export * from "./moderation-rules";

const requireModerator = (actor: CurrentUser) => {
  if (!can(actor.role, "comments", "moderate")) accessDenied();
};

interface ModerationQuery {
  status: CommentStatus | "all";
  articleId: string;
  q: string;
  page: number;
  pageSize?: number;
}

export async function listForModeration(db: DbOrTx, actor: CurrentUser, query: ModerationQuery) {
  if (!can(actor.role, "comments", "view")) accessDenied();
  const pageSize = query.pageSize ?? MODERATION_PAGE_SIZE;
  const pattern = `%${escapeLike(query.q)}%`;
  const where = and(
    query.status === "all" ? undefined : eq(comments.status, query.status),
    query.articleId ? eq(comments.articleId, query.articleId) : undefined,
    query.q
      ? or(
          ilike(comments.text, pattern),
          ilike(comments.authorName, pattern),
          ilike(comments.authorEmail, pattern),
        )
      : undefined,
  );
  const { total } = firstRow(await db.select({ total: count() }).from(comments).where(where));
  const pageCount = totalPagesFor(total, pageSize);
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await db
    .select({
      id: comments.id,
      text: comments.text,
      authorName: comments.authorName,
      authorEmail: comments.authorEmail,
      status: comments.status,
      createdAt: comments.createdAt,
      articleId: comments.articleId,
      articleTitle: articles.title,
      articleSlug: articles.slug,
    })
    .from(comments)
    .leftJoin(articles, eq(articles.id, comments.articleId))
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows.map((r) => ({ ...r, status: r.status as CommentStatus })), total, page, pageCount };
}
/** Counts per status and in total, over every comment. */
export async function commentStats(db: DbOrTx) {
  const rows = await db
    .select({ status: comments.status, n: count() })
    .from(comments)
    .groupBy(comments.status);
  const stats = { pending: 0, approved: 0, rejected: 0, spam: 0, total: 0 };
  for (const row of rows) {
    if ((COMMENT_STATUSES as readonly string[]).includes(row.status))
      stats[row.status as CommentStatus] += row.n;
    stats.total += row.n;
  }
  return stats;
}

/** How many recent comments the article filter looks at, and how many articles it offers. */
const ARTICLE_FILTER = { recentComments: 1000, articles: 200 } as const;

/**
 * Articles with recent comments, for the article filter, plus the one already chosen: joining every
 * comment to its article to list them all grew with the whole history on every visit.
 */
export async function articlesWithComments(db: DbOrTx, chosenId = "") {
  const recent = db
    .select({ articleId: comments.articleId })
    .from(comments)
    .orderBy(desc(comments.createdAt))
    .limit(ARTICLE_FILTER.recentComments);
  const rows = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(or(inArray(articles.id, recent), chosenId ? eq(articles.id, chosenId) : undefined))
    .orderBy(articles.title)
    .limit(ARTICLE_FILTER.articles);
  const chosen = chosenId ? rows.find((row) => row.id === chosenId) : undefined;
  if (!chosenId || chosen) return rows;
  const [missing] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(eq(articles.id, chosenId));
  return missing ? [...rows, missing] : rows;
}

/** Moves one comment along the spec's table; any other transition is refused (409) and changes nothing. */
export async function moderateComment(db: Db, actor: CurrentUser, id: string, action: ModerationAction) {
  requireModerator(actor);
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(comments).where(eq(comments.id, id)).for("update").limit(1);
    if (!current) throw notFound(COMMENT_MODERATION_TEXT.notFound);
    const from = current.status as CommentStatus;
    if (!ALLOWED_FROM[action].includes(from)) throw conflict(COMMENT_MODERATION_TEXT.notAllowed);
    const to = TARGET[action];
    await tx.update(comments).set({ status: to, updatedAt: new Date() }).where(eq(comments.id, id));
    await logActivity(tx, {
      type: "comment",
      actor,
      action: `${from} → ${to}`,
      title: current.authorName,
      description: current.text,
    });
    return { from, to, articleId: current.articleId };
  });
  // The article's comment list and count change (which statuses show is a setting).
  if (moved.articleId)
    siteChanged(db, { scope: "article", articleId: moved.articleId, reason: "comment moderated" });
  return { from: moved.from, to: moved.to };
}

export async function deleteComment(db: Db, actor: CurrentUser, id: string) {
  requireModerator(actor);
  const removed = await db.transaction(async (tx) => {
    const [removed] = await tx.delete(comments).where(eq(comments.id, id)).returning();
    if (!removed) throw notFound(COMMENT_MODERATION_TEXT.notFound);
    await logActivity(tx, {
      type: "comment",
      actor,
      action: "deleted comment",
      title: removed.authorName,
      description: removed.text,
    });
    return removed;
  });
  if (removed.articleId)
    siteChanged(db, { scope: "article", articleId: removed.articleId, reason: "comment deleted" });
}

type BulkCommentAction = ModerationAction | "delete";

/**
 * Applies the action to each selected comment on its own; comments whose status does not allow it
 * are skipped and counted as failed, never forced.
 */
export async function bulkModerate(
  db: Db,
  actor: CurrentUser,
  ids: readonly string[],
  action: BulkCommentAction,
) {
  requireModerator(actor);
  let processed = 0;
  let failed = 0;
  for (const id of new Set(ids)) {
    try {
      if (action === "delete") await deleteComment(db, actor, id);
      else await moderateComment(db, actor, id, action);
      processed++;
    } catch (error) {
      if (!isDomainError(error)) logFailure("[comments] a bulk action failed", error, { action, id });
      failed++;
    }
  }
  return { processed, failed };
}

/** Writes one or more of the five comment flags to the settings row and drops the cached copy. */
export async function updateModerationSettings(
  db: Db,
  actor: CurrentUser,
  values: Partial<Record<ModerationSetting, boolean>>,
) {
  requireModerator(actor);
  const changes = Object.fromEntries(
    Object.entries(values).filter(([key]) => (MODERATION_SETTINGS as readonly string[]).includes(key)),
  );
  if (Object.keys(changes).length === 0) return;
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(settings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(settings.id, 1))
      .returning({ id: settings.id });
    if (updated.length === 0) throw new Error("The settings row is missing.");
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "updated comment settings",
      description: Object.entries(changes)
        .map(([key, on]) => `${key}: ${on ? "on" : "off"}`)
        .join(", "),
    });
  });
  forgetCachedSettings();
  siteChanged(db, { scope: "everything", reason: "comment settings changed" });
}

/**
 * Removes comments whose article no longer exists. The foreign key normally prevents them; this
 * clears what an import or a manual database edit left behind, and reports how many it removed.
 */
export async function cleanupOrphanedComments(db: Db, actor: CurrentUser) {
  requireModerator(actor);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(comments)
      .where(sql`NOT EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.id} = ${comments.articleId})`)
      .returning({ id: comments.id });
    if (removed.length > 0) {
      await logActivity(tx, {
        type: "comment",
        actor,
        action: "cleaned up orphaned comments",
        description: `${removed.length} removed`,
      });
    }
    return removed.length;
  });
}
