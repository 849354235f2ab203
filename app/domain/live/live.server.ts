/**
 * Live coverage (decision record 016): a story marked live gets a stream of updates. Editors and admins start
 * and end the coverage, pin up to three key points, edit, delete and review updates; a writer posts updates
 * to their own live stories. On a published story a writer's update waits for an editor (the review rule of a
 * writer's change to live text) unless an editor lets the story's writers post directly. Every change is in
 * the activity log, and one readers see is signalled to the page cache.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, DbOrTx, Tx } from "#app/db/client.server";
import { articles, liveUpdates } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { lockedArticle } from "#app/domain/articles/admin.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { liveUpdatePublished } from "#app/domain/push/alerts.server";
import { conflict, fieldsRefused, invalid, notFound } from "#app/lib/errors";
import { safeBody, safeBodyHash, sanitizeArticleHtml } from "#app/lib/sanitize.server";
import { siteRelativeMediaUrls } from "#app/domain/media/stored-urls.server";
import type { Services } from "#app/services.server";
import { LIVE_TEXT, parseLiveUpdateForm } from "./live-update-form";

/** Key points shown above the stream, at most. */
export const MAX_PINNED_UPDATES = 3;
/** Updates on one page of the stream (the reader page and its no-script paging). */
export const LIVE_PAGE_SIZE = 20;

type Article = Awaited<ReturnType<typeof lockedArticle>>;

const isLive = (article: Pick<Article, "liveStartedAt" | "liveEndedAt">) =>
  article.liveStartedAt !== null && article.liveEndedAt === null;

const runsLive = (actor: CurrentUser) => can(actor.role, "live", "run");

/** A change readers see on this story's page, and on the listings that show its Live badge. */
function storyChanged(db: Db, article: Pick<Article, "id" | "slug" | "status">, reason: string) {
  if (article.status !== "published") return;
  siteChanged(db, {
    scope: "article",
    articleId: article.id,
    articleSlug: article.slug ?? undefined,
    reason,
  });
}

async function editorArticle(tx: Tx, actor: CurrentUser, articleId: string) {
  if (!runsLive(actor)) accessDenied();
  return lockedArticle(tx, articleId);
}

/** Starts live coverage, or resumes ended coverage (its start time is kept: readers saw it start then). */
export async function startLiveCoverage(db: Db, actor: CurrentUser, articleId: string) {
  const article = await db.transaction(async (tx) => {
    const current = await editorArticle(tx, actor, articleId);
    if (isLive(current)) return current;
    await tx
      .update(articles)
      .set({ liveStartedAt: current.liveStartedAt ?? new Date(), liveEndedAt: null })
      .where(eq(articles.id, articleId));
    await logActivity(tx, { type: "article", actor, action: "started live coverage", title: current.title });
    return current;
  });
  // The Live badge appears on every card of the story: home and listings, not only its own page.
  if (article.status === "published")
    siteChanged(db, { scope: "everything", reason: "live coverage started" });
}

/** Ends the coverage: the badge goes, the page and its updates stay. */
export async function endLiveCoverage(db: Db, actor: CurrentUser, articleId: string) {
  const article = await db.transaction(async (tx) => {
    const current = await editorArticle(tx, actor, articleId);
    if (!isLive(current)) return current;
    await tx.update(articles).set({ liveEndedAt: new Date() }).where(eq(articles.id, articleId));
    await logActivity(tx, { type: "article", actor, action: "ended live coverage", title: current.title });
    return current;
  });
  if (article.status === "published") siteChanged(db, { scope: "everything", reason: "live coverage ended" });
}

/** Lets (or stops letting) the story's writers publish updates without review. */
export async function letWritersPostDirectly(
  db: Db,
  actor: CurrentUser,
  articleId: string,
  allowed: boolean,
) {
  await db.transaction(async (tx) => {
    const current = await editorArticle(tx, actor, articleId);
    await tx.update(articles).set({ writersPostLiveDirectly: allowed }).where(eq(articles.id, articleId));
    await logActivity(tx, {
      type: "article",
      actor,
      action: allowed
        ? "let writers post live updates directly"
        : "made writers' live updates wait for review",
      title: current.title,
    });
  });
}

function validUpdate(values: Record<string, unknown>) {
  const parsed = parseLiveUpdateForm(values);
  if (!parsed.ok) throw fieldsRefused("invalid", parsed.fieldErrors);
  return parsed.data;
}

/**
 * Posts an update to a live story. Published at once by an editor or admin, and by a writer on a story
 * not yet published or whose writers may post directly; otherwise it waits for review.
 */
export async function postLiveUpdate(
  services: Services,
  actor: CurrentUser,
  articleId: string,
  values: Record<string, unknown>,
) {
  const { db } = services;
  if (!can(actor.role, "live", "post")) accessDenied();
  const input = validUpdate(values);
  const { update, article } = await db.transaction(async (tx) => {
    const article = await lockedArticle(tx, articleId);
    if (!runsLive(actor) && article.authorId !== actor.id) accessDenied();
    if (!isLive(article)) throw invalid(LIVE_TEXT.notLive);
    const waitsForReview =
      !runsLive(actor) && article.status === "published" && !article.writersPostLiveDirectly;
    const [update] = await tx
      .insert(liveUpdates)
      .values({
        articleId,
        authorId: actor.id,
        authorName: actor.name || actor.email,
        title: input.title,
        ...safeBody((await siteRelativeMediaUrls(tx, services.media, [input.content] as const))[0]),
        // Alerts reach readers' phones: only an editor or admin sends one.
        isAlert: runsLive(actor) && input.isAlert,
        status: waitsForReview ? "pending" : "published",
      })
      .returning();
    await logActivity(tx, {
      type: "article",
      actor,
      action: waitsForReview ? "sent a live update for review" : "posted a live update",
      title: article.title,
      description: input.title,
    });
    return { update: update!, article };
  });
  if (update.status === "published") {
    storyChanged(db, article, "live update posted");
    liveUpdatePublished(services, update.id);
  }
  return update;
}

async function lockedUpdate(tx: Tx, updateId: string) {
  const [row] = await tx
    .select()
    .from(liveUpdates)
    .where(eq(liveUpdates.id, updateId))
    .for("update")
    .limit(1);
  if (!row) throw notFound(LIVE_TEXT.updateMissing);
  return row;
}

/** An editor's change to an update; a published one is shown to readers as edited. */
export async function editLiveUpdate(
  services: Services,
  actor: CurrentUser,
  updateId: string,
  values: Record<string, unknown>,
) {
  const { db } = services;
  if (!runsLive(actor)) accessDenied();
  const input = validUpdate(values);
  const { article, update } = await db.transaction(async (tx) => {
    const current = await lockedUpdate(tx, updateId);
    const article = await lockedArticle(tx, current.articleId);
    const [update] = await tx
      .update(liveUpdates)
      .set({
        title: input.title,
        ...safeBody((await siteRelativeMediaUrls(tx, services.media, [input.content] as const))[0]),
        isAlert: input.isAlert,
        editedAt: current.status === "published" ? services.clock.now() : null,
      })
      .where(eq(liveUpdates.id, updateId))
      .returning();
    await logActivity(tx, {
      type: "article",
      actor,
      action: "edited a live update",
      title: article.title,
      description: input.title,
    });
    return { article, update: update! };
  });
  if (update.status === "published") storyChanged(db, article, "live update edited");
  return update;
}

export async function deleteLiveUpdate(db: Db, actor: CurrentUser, updateId: string) {
  if (!runsLive(actor)) accessDenied();
  const { article, removed } = await db.transaction(async (tx) => {
    const removed = await lockedUpdate(tx, updateId);
    const article = await lockedArticle(tx, removed.articleId);
    await tx.delete(liveUpdates).where(eq(liveUpdates.id, updateId));
    await logActivity(tx, {
      type: "article",
      actor,
      action: "deleted a live update",
      title: article.title,
      description: removed.title,
    });
    return { article, removed };
  });
  if (removed.status === "published") storyChanged(db, article, "live update deleted");
}

/** Pins an update as a key point (at most three a story), or unpins it. */
export async function pinLiveUpdate(db: Db, actor: CurrentUser, updateId: string, pinned: boolean) {
  if (!runsLive(actor)) accessDenied();
  const { article, update } = await db.transaction(async (tx) => {
    const update = await lockedUpdate(tx, updateId);
    // The story's row lock serialises two editors pinning at once, so the count below stays true.
    const article = await lockedArticle(tx, update.articleId);
    if (pinned && !update.isPinned) {
      const [row] = await tx
        .select({ pinned: count() })
        .from(liveUpdates)
        .where(and(eq(liveUpdates.articleId, update.articleId), eq(liveUpdates.isPinned, true)));
      if ((row?.pinned ?? 0) >= MAX_PINNED_UPDATES) throw conflict(LIVE_TEXT.tooManyPinned);
    }
    await tx.update(liveUpdates).set({ isPinned: pinned }).where(eq(liveUpdates.id, updateId));
    await logActivity(tx, {
      type: "article",
      actor,
      action: pinned ? "pinned a live update as a key point" : "unpinned a live update",
      title: article.title,
      description: update.title,
    });
    return { article, update };
  });
  if (update.status === "published") storyChanged(db, article, "key points changed");
}

/** An editor publishes an update a writer sent for review. */
export async function approveLiveUpdate(services: Services, actor: CurrentUser, updateId: string) {
  const { db } = services;
  if (!runsLive(actor)) accessDenied();
  const article = await db.transaction(async (tx) => {
    const update = await lockedUpdate(tx, updateId);
    if (update.status !== "pending") throw conflict(LIVE_TEXT.notPending);
    const article = await lockedArticle(tx, update.articleId);
    // Its time is when readers get it, so it comes in at the top of the stream.
    await tx
      .update(liveUpdates)
      .set({ status: "published", createdAt: services.clock.now() })
      .where(eq(liveUpdates.id, updateId));
    await logActivity(tx, {
      type: "article",
      actor,
      action: "approved a live update",
      title: article.title,
      description: update.title,
    });
    return article;
  });
  storyChanged(db, article, "live update approved");
  liveUpdatePublished(services, updateId);
}

/** Every update of a story for the back office, newest first, pending ones included. */
export async function listLiveUpdatesForEditing(db: DbOrTx, actor: CurrentUser, articleId: string) {
  if (!can(actor.role, "live", "post")) accessDenied();
  const [article] = await db
    .select({ authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1);
  if (!article) throw notFound("This article does not exist or has been deleted.");
  if (!runsLive(actor) && article.authorId !== actor.id) accessDenied();
  return db
    .select()
    .from(liveUpdates)
    .where(eq(liveUpdates.articleId, articleId))
    .orderBy(desc(liveUpdates.createdAt), desc(liveUpdates.id));
}

export interface PublicLiveUpdate {
  id: string;
  title: string;
  /** Safe HTML: sanitised when saved, or here when its hash does not vouch for it. */
  content: string;
  authorName: string;
  createdAt: Date;
  editedAt: Date | null;
  isPinned: boolean;
}

const publicColumns = {
  id: liveUpdates.id,
  title: liveUpdates.title,
  content: liveUpdates.content,
  contentSafeHash: liveUpdates.contentSafeHash,
  authorName: liveUpdates.authorName,
  createdAt: liveUpdates.createdAt,
  editedAt: liveUpdates.editedAt,
  isPinned: liveUpdates.isPinned,
};

function readerUpdate({
  contentSafeHash,
  ...row
}: PublicLiveUpdate & { contentSafeHash: string }): PublicLiveUpdate {
  const isSafe = contentSafeHash === safeBodyHash(row.content);
  return { ...row, content: isSafe ? row.content : sanitizeArticleHtml(row.content) };
}

/**
 * What readers see of a story's coverage: its published updates newest first, a page at a time, the
 * key points, and the total. Pending updates never leave the back office.
 */
export async function publicLiveStream(db: DbOrTx, articleId: string, page = 1) {
  const published = and(eq(liveUpdates.articleId, articleId), eq(liveUpdates.status, "published"));
  const [updates, keyPoints, [total]] = await Promise.all([
    db
      .select(publicColumns)
      .from(liveUpdates)
      .where(published)
      .orderBy(desc(liveUpdates.createdAt), desc(liveUpdates.id))
      .limit(LIVE_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * LIVE_PAGE_SIZE),
    db
      .select(publicColumns)
      .from(liveUpdates)
      .where(and(published, eq(liveUpdates.isPinned, true)))
      .orderBy(desc(liveUpdates.createdAt))
      .limit(MAX_PINNED_UPDATES),
    db.select({ total: count() }).from(liveUpdates).where(published),
  ]);
  return {
    updates: updates.map(readerUpdate),
    keyPoints: keyPoints.map(readerUpdate),
    total: total?.total ?? 0,
  };
}
