/**
 * Empty drafts: stories started and left before they held anything. The editor autosaves as soon as a
 * title and a word are typed, so every start abandoned leaves a draft behind (it used to keep the title's
 * clean address too; slugs.server.ts now gives that to the story published). The articles list counts
 * them and offers to delete them, each person only the drafts they may delete (`mayDeleteArticle`:
 * editors and admins any, a writer their own).
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, DbOrTx } from "#app/db/client.server";
import { articleRevisions, articles, type Article } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { EMPTY_DRAFT_LIMITS } from "#app/lib/empty-drafts";
import { stripHtml } from "#app/lib/text";
import { mayDeleteArticle } from "./admin.server";

/** What a person writes or picks for a story, in the article row and in each of its revisions. */
type StoryText = Pick<Article, "content" | "excerpt" | "imageUrl" | "youtubeUrl"> &
  Partial<Pick<Article, "seoTitle" | "seoDescription">>;

type DraftRow = StoryText &
  Pick<Article, "id" | "title" | "status" | "publishedAt" | "liveStartedAt" | "featured" | "isTopStory">;

/** Nothing worth keeping: no picture, video, excerpt or search text, and a few words of body at most. */
function holdsNothing(text: StoryText): boolean {
  if (text.imageUrl || text.youtubeUrl) return false;
  if (text.excerpt.trim() || text.seoTitle?.trim() || text.seoDescription?.trim()) return false;
  if (text.content.length > EMPTY_DRAFT_LIMITS.html) return false;
  // An image, an embed or a table in the body is work, whatever the word count.
  if (/<(img|iframe|video|audio|table)\b/i.test(text.content)) return false;
  const plain = stripHtml(text.content);
  return (plain ? plain.split(" ").length : 0) <= EMPTY_DRAFT_LIMITS.words;
}

/**
 * The one definition of an empty draft. A draft (not submitted for review, not scheduled) that was never
 * published (a story taken back to draft had its address out, and its text was approved once), never
 * live, carrying no flag an editor set, whose row and every revision hold nothing (`holdsNothing`): text
 * typed and then erased is still in the history, which deleting the draft would lose.
 *
 * Its age is not part of it; whose it is decides when it is offered (`isOffered`).
 */
export function isEmptyDraft(article: DraftRow, revisions: readonly StoryText[]): boolean {
  return (
    article.status === "draft" &&
    article.publishedAt === null &&
    article.liveStartedAt === null &&
    !article.featured &&
    !article.isTopStory &&
    holdsNothing(article) &&
    revisions.every(holdsNothing)
  );
}

/**
 * Whether this person is offered the empty draft now: their own at once, someone else's once it has not
 * been saved for `EMPTY_DRAFT_LIMITS.othersIdleMinutes` (a draft still being written autosaves every few
 * seconds, and is empty by the definition above until its sixth word).
 */
export function isOffered(
  actor: Pick<CurrentUser, "id">,
  draft: { authorId: string | null; updatedAt: Date },
  now: Date,
): boolean {
  if (draft.authorId === actor.id) return true;
  return now.getTime() - draft.updatedAt.getTime() >= EMPTY_DRAFT_LIMITS.othersIdleMinutes * 60_000;
}

const DRAFT_COLUMNS = {
  id: articles.id,
  title: articles.title,
  authorId: articles.authorId,
  updatedAt: articles.updatedAt,
  status: articles.status,
  publishedAt: articles.publishedAt,
  liveStartedAt: articles.liveStartedAt,
  featured: articles.featured,
  isTopStory: articles.isTopStory,
  content: articles.content,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  youtubeUrl: articles.youtubeUrl,
  seoTitle: articles.seoTitle,
  seoDescription: articles.seoDescription,
};

/** The part of the definition the database can check, so long drafts are never read. */
const mayBeEmpty = and(
  eq(articles.status, "draft"),
  isNull(articles.publishedAt),
  isNull(articles.liveStartedAt),
  eq(articles.imageUrl, ""),
  eq(articles.youtubeUrl, ""),
  sql`length(${articles.content}) <= ${EMPTY_DRAFT_LIMITS.html}`,
);

async function revisionsOf(db: DbOrTx, ids: readonly string[]) {
  const byArticle = new Map<string, StoryText[]>();
  if (ids.length === 0) return byArticle;
  const rows = await db
    .select({ articleId: articleRevisions.articleId, snapshot: articleRevisions.snapshot })
    .from(articleRevisions)
    .where(inArray(articleRevisions.articleId, [...ids]));
  for (const { articleId, snapshot } of rows) {
    byArticle.set(articleId, [
      ...(byArticle.get(articleId) ?? []),
      {
        content: snapshot.content ?? "",
        excerpt: snapshot.excerpt ?? "",
        imageUrl: snapshot.imageUrl ?? "",
        youtubeUrl: snapshot.youtubeUrl ?? "",
        seoTitle: snapshot.seoTitle,
        seoDescription: snapshot.seoDescription,
      },
    ]);
  }
  return byArticle;
}

/**
 * The empty drafts this person may delete, oldest change first: how many, and the ids of the first
 * `EMPTY_DRAFT_LIMITS.batch` (what one confirmation deletes).
 */
export async function findEmptyDrafts(db: DbOrTx, actor: CurrentUser, now = new Date()) {
  if (!can(actor.role, "articles", "create")) accessDenied();
  const mine = can(actor.role, "articles", "deleteAll") ? undefined : eq(articles.authorId, actor.id);
  const candidates = await db
    .select(DRAFT_COLUMNS)
    .from(articles)
    .where(and(mayBeEmpty, mine))
    .orderBy(asc(articles.updatedAt), asc(articles.id));
  const revisions = await revisionsOf(
    db,
    candidates.map((row) => row.id),
  );
  const ids = candidates
    .filter(
      (row) =>
        mayDeleteArticle(actor, row) &&
        isOffered(actor, row, now) &&
        isEmptyDraft(row, revisions.get(row.id) ?? []),
    )
    .map((row) => row.id);
  return { count: ids.length, ids: ids.slice(0, EMPTY_DRAFT_LIMITS.batch) };
}

/**
 * Deletes the drafts the person confirmed, in one transaction with their activity entries. Each is
 * locked and checked again first: one that got text since (an autosave after the list was shown) is kept,
 * one already gone is skipped, and so is someone else's saved again within the hour (`isOffered`).
 * Asking for a draft this person may not delete refuses the whole request.
 */
export async function deleteEmptyDrafts(
  db: Db,
  actor: CurrentUser,
  ids: readonly string[],
  now = new Date(),
) {
  if (!can(actor.role, "articles", "create")) accessDenied();
  const wanted = [...new Set(ids)].slice(0, EMPTY_DRAFT_LIMITS.batch);
  if (wanted.length === 0) return { deleted: 0, kept: 0 };
  return db.transaction(async (tx) => {
    // Locked in id order, as any other batch would lock them, so two batches cannot deadlock. An
    // autosave locks its row too (saveArticle): it waits for this decision, or this waits for its text.
    const rows = await tx
      .select({ ...DRAFT_COLUMNS })
      .from(articles)
      .where(inArray(articles.id, wanted))
      .orderBy(asc(articles.id))
      .for("update");
    if (rows.some((row) => !mayDeleteArticle(actor, row))) accessDenied();
    const revisions = await revisionsOf(
      tx,
      rows.map((row) => row.id),
    );
    const empty = rows.filter(
      (row) => isOffered(actor, row, now) && isEmptyDraft(row, revisions.get(row.id) ?? []),
    );
    if (empty.length > 0)
      await tx.delete(articles).where(
        inArray(
          articles.id,
          empty.map((row) => row.id),
        ),
      );
    for (const row of empty)
      await logActivity(tx, { type: "article", actor, action: "deleted empty draft", title: row.title });
    return { deleted: empty.length, kept: rows.length - empty.length };
  });
}
