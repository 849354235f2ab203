/**
 * An article's revision history and the review of writers' changes to published stories
 * (a writer may edit their own articles whatever their status; docs/architecture.md, "Finding a rule").
 * Anyone who may edit the article reads its history, compares two revisions and restores one (through
 * saveArticle, so a restore goes live only by the normal publishing rules); editors and admins approve or
 * reject proposals. Revisions are kept by revision-log.server.ts inside every save.
 */
import { getSettings } from "#app/domain/settings/settings.server";
import { instantToZonedTime } from "#app/lib/zoned-time";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, DbOrTx, Tx } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { articleRevisions, articles, categories, type Article } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { siteChanged, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { conflict, invalid, notFound } from "#app/lib/errors";
import { safeBody } from "#app/lib/sanitize.server";
import { readTimeFor } from "#app/lib/text";
import type { ArticleInput } from "#app/lib/article-form/article-input";
import {
  articleSaveChange,
  existingCategoryId,
  getArticleForEdit,
  lockedArticle,
  saveArticle,
} from "./admin.server";
import type { Services } from "#app/services.server";
import { staffName } from "./revision-log.server";
import {
  changedFields,
  checkNote,
  REVISION_TEXT,
  snapshotDiff,
  snapshotOf,
  STORY_FIELDS,
  type FieldDiff,
} from "./revision-rules";

const canReview = (actor: CurrentUser) => can(actor.role, "articles", "publish");

/** A revision as the history lists it (no snapshot: those are read only for the two being compared). */
const listColumns = {
  id: articleRevisions.id,
  authorId: articleRevisions.authorId,
  authorName: articleRevisions.authorName,
  state: articleRevisions.state,
  changedFields: articleRevisions.changedFields,
  autosave: articleRevisions.autosave,
  isCorrection: articleRevisions.isCorrection,
  correctionNote: articleRevisions.correctionNote,
  reviewedByName: articleRevisions.reviewedByName,
  reviewedAt: articleRevisions.reviewedAt,
  reviewNote: articleRevisions.reviewNote,
  createdAt: articleRevisions.createdAt,
};

export type RevisionListItem = Awaited<ReturnType<typeof revisionsOf>>[number];

const revisionsOf = (db: DbOrTx, articleId: string) =>
  db
    .select(listColumns)
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));

/**
 * The revision whose text is live on the article: the applied one that was applied last (an approved
 * proposal is applied when reviewed, later than it was written).
 */
function liveRevisionId(revisions: readonly RevisionListItem[]): string | null {
  let live: RevisionListItem | null = null;
  const appliedAt = (r: RevisionListItem) => (r.reviewedAt ?? r.createdAt).getTime();
  for (const revision of revisions) {
    if (revision.state !== "applied") continue;
    if (!live || appliedAt(revision) > appliedAt(live)) live = revision;
  }
  return live?.id ?? null;
}

async function categoryNames(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

export interface RevisionPage {
  article: Pick<Article, "id" | "title" | "status" | "authorId">;
  revisions: RevisionListItem[];
  liveId: string | null;
  /** Proposals waiting for review, newest first. */
  proposals: RevisionListItem[];
  compare: { fromId: string; toId: string; diffs: FieldDiff[] } | null;
  canReview: boolean;
}

/**
 * The history screen: every revision, and the diff between two of them. Without a choice it compares the
 * live text with the newest proposal waiting for review, else the newest revision with the one before.
 */
export async function revisionPage(
  db: DbOrTx,
  actor: CurrentUser,
  articleId: string,
  chosen: { from?: string | null; to?: string | null } = {},
): Promise<RevisionPage> {
  const article = await getArticleForEdit(db, actor, articleId);
  const revisions = await revisionsOf(db, articleId);
  const liveId = liveRevisionId(revisions);
  const proposals = revisions.filter((r) => r.state === "proposed");
  const known = (id: string | null | undefined) => (id && revisions.some((r) => r.id === id) ? id : null);
  let fromId = known(chosen.from);
  let toId = known(chosen.to);
  if (!fromId || !toId) {
    if (proposals[0] && liveId) {
      fromId = liveId;
      toId = proposals[0].id;
    } else if (revisions.length >= 2) {
      fromId = revisions[1]!.id;
      toId = revisions[0]!.id;
    }
  }
  let compare: RevisionPage["compare"] = null;
  if (fromId && toId) {
    const rows = await db
      .select({ id: articleRevisions.id, snapshot: articleRevisions.snapshot })
      .from(articleRevisions)
      .where(inArray(articleRevisions.id, [fromId, toId]));
    const snapshot = (id: string) => firstRow(rows.filter((row) => row.id === id)).snapshot;
    compare = {
      fromId,
      toId,
      diffs: snapshotDiff(snapshot(fromId), snapshot(toId), await categoryNames(db)),
    };
  }
  return {
    article: { id: article.id, title: article.title, status: article.status, authorId: article.authorId },
    revisions,
    liveId,
    proposals,
    compare,
    canReview: canReview(actor),
  };
}

/** What the editor shows about reviews: one's own proposal waiting (its text), a rejection, or work to review. */
export async function editorReviewState(db: DbOrTx, actor: CurrentUser, article: Article) {
  const [own] = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, article.id), eq(articleRevisions.authorId, actor.id)))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(1);
  const waiting = canReview(actor)
    ? firstRow(
        await db
          .select({ n: count() })
          .from(articleRevisions)
          .where(and(eq(articleRevisions.articleId, article.id), eq(articleRevisions.state, "proposed"))),
      ).n
    : 0;
  return {
    ownProposal:
      own?.state === "proposed" ? { id: own.id, snapshot: own.snapshot, createdAt: own.createdAt } : null,
    // A proposal closed by a newer one of the same writer is not a rejection to show (no reviewer).
    rejection:
      own?.state === "rejected" && own.reviewedByName
        ? { note: own.reviewNote, reviewerName: own.reviewedByName, reviewedAt: own.reviewedAt }
        : null,
    proposalsToReview: waiting,
  };
}

/** How many proposals wait for review across the site (the dashboard's pending work). */
export async function countProposedRevisions(db: DbOrTx): Promise<number> {
  return firstRow(
    await db.select({ n: count() }).from(articleRevisions).where(eq(articleRevisions.state, "proposed")),
  ).n;
}

async function lockedProposal(tx: Tx, revisionId: string) {
  const [row] = await tx
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.id, revisionId))
    .for("update")
    .limit(1);
  if (!row) throw notFound(REVISION_TEXT.noSuchRevision);
  if (row.state !== "proposed") throw conflict(REVISION_TEXT.notProposed);
  return row;
}

/**
 * An editor or admin approves a proposal: its snapshot becomes the article's text (status and flags stay
 * as they are now), readers see "Updated <time>" and, when marked, the correction note; the writer is told.
 */
export async function approveRevision(
  db: Db,
  actor: CurrentUser,
  revisionId: string,
  input: { correctionNote?: unknown } = {},
): Promise<{ articleId: string }> {
  if (!canReview(actor)) accessDenied();
  const checked = checkNote(input.correctionNote, false);
  if (!checked.ok) throw invalid(checked.message);
  let change: SiteChange | null = null;
  const result = await db.transaction(async (tx) => {
    const revision = await lockedProposal(tx, revisionId);
    const current = await lockedArticle(tx, revision.articleId);
    const { snapshot } = revision;
    const categoryId = await existingCategoryId(tx, snapshot.categoryId);
    const { content, contentSafeHash } = safeBody(snapshot.content);
    const now = new Date();
    const isLive = current.status === "published";
    const fields = changedFields(snapshotOf(current), snapshot);
    const correctionNote = isLive ? checked.note : "";
    const revised = isLive && (fields.some((f) => STORY_FIELDS.includes(f)) || !!correctionNote);
    const saved = firstRow(
      await tx
        .update(articles)
        .set({
          title: snapshot.title,
          content,
          contentSafeHash,
          excerpt: snapshot.excerpt,
          readTime: readTimeFor(content),
          authorName: snapshot.authorName,
          categoryId,
          tags: snapshot.tags,
          imageUrl: snapshot.imageUrl,
          youtubeUrl: snapshot.youtubeUrl,
          useManualDate: snapshot.useManualDate,
          manualDate: snapshot.manualDate ? new Date(snapshot.manualDate) : null,
          seoTitle: snapshot.seoTitle ?? current.seoTitle,
          seoDescription: snapshot.seoDescription ?? current.seoDescription,
          updatedAt: now,
          revisedAt: revised ? now : current.revisedAt,
          correctionNote: correctionNote || current.correctionNote,
        })
        .where(eq(articles.id, current.id))
        .returning(),
    );
    await tx
      .update(articleRevisions)
      .set({
        state: "applied",
        changedFields: fields,
        isCorrection: !!correctionNote,
        correctionNote,
        reviewedById: actor.id,
        reviewedByName: staffName(actor),
        reviewedAt: now,
      })
      .where(eq(articleRevisions.id, revision.id));
    if (revision.authorId && revision.authorId !== actor.id) {
      await createNotification(tx, {
        type: "article",
        message: `Your changes to "${saved.title}" were approved and are live.`,
        link: `/admin/articles/edit/${saved.id}`,
        recipientId: revision.authorId,
      });
    }
    await logActivity(tx, {
      type: "article",
      actor,
      action: "approved proposed changes",
      title: saved.title,
      description: correctionNote ? `Correction: ${correctionNote}` : undefined,
    });
    change = articleSaveChange(current, saved);
    return { articleId: saved.id };
  });
  if (change) siteChanged(db, change);
  return result;
}

/** An editor or admin rejects a proposal with a note; readers never see it, the writer is told why. */
export async function rejectRevision(
  db: Db,
  actor: CurrentUser,
  revisionId: string,
  input: { note?: unknown },
): Promise<{ articleId: string }> {
  if (!canReview(actor)) accessDenied();
  const checked = checkNote(input.note, true);
  if (!checked.ok) throw invalid(checked.message, { fieldErrors: { note: checked.message } });
  return db.transaction(async (tx) => {
    const revision = await lockedProposal(tx, revisionId);
    const current = await lockedArticle(tx, revision.articleId);
    await tx
      .update(articleRevisions)
      .set({
        state: "rejected",
        reviewNote: checked.note,
        reviewedById: actor.id,
        reviewedByName: staffName(actor),
        reviewedAt: new Date(),
      })
      .where(eq(articleRevisions.id, revision.id));
    if (revision.authorId && revision.authorId !== actor.id) {
      await createNotification(tx, {
        type: "article",
        message: `Your changes to "${current.title}" were rejected: ${checked.note}`,
        link: `/admin/articles/edit/${current.id}`,
        recipientId: revision.authorId,
      });
    }
    await logActivity(tx, {
      type: "article",
      actor,
      action: "rejected proposed changes",
      title: current.title,
      description: checked.note,
    });
    return { articleId: current.id };
  });
}

/**
 * Restoring saves the old snapshot again as a NEW revision through saveArticle, with the article's
 * current status and flags: an editor's restore goes live on a published story, a writer's becomes a
 * proposal, and restoring never publishes or unpublishes by itself.
 */
export async function restoreRevision(services: Services, actor: CurrentUser, revisionId: string) {
  const { db } = services;
  const [revision] = await db
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.id, revisionId))
    .limit(1);
  if (!revision) throw notFound(REVISION_TEXT.noSuchRevision);
  const article = await getArticleForEdit(db, actor, revision.articleId);
  const { snapshot } = revision;
  const categoryId = await existingCategoryId(db, snapshot.categoryId);
  const input: ArticleInput = {
    title: snapshot.title,
    content: snapshot.content,
    excerpt: snapshot.excerpt,
    status: article.status as ArticleInput["status"],
    authorName: snapshot.authorName,
    categoryId: categoryId ?? "",
    tags: snapshot.tags,
    imageUrl: snapshot.imageUrl,
    youtubeUrl: snapshot.youtubeUrl,
    useManualDate: snapshot.useManualDate,
    manualDate: snapshot.manualDate ? snapshot.manualDate.slice(0, 10) : "",
    // A scheduled story keeps its time (the form's wall clock in the site's timezone).
    scheduledAt: article.scheduledAt
      ? instantToZonedTime(article.scheduledAt, (await getSettings(db)).timezone)
      : "",
    featured: article.featured,
    isTopStory: article.isTopStory,
    // An older revision has none: saveArticle then keeps the stored ones.
    seoTitle: snapshot.seoTitle,
    seoDescription: snapshot.seoDescription,
  };
  return saveArticle(services, actor, input, article.id);
}
