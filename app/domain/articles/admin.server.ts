/**
 * The newsroom's article rules (docs/architecture.md, "Finding a rule"): who may see, write,
 * publish, flag and delete an article. Every back-office path that changes an article comes here.
 */
import { MAIN_EDITION_TAG_SQL } from "#app/domain/editions/page-edition.server";
import { allEditions } from "#app/domain/editions/editions.server";
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, DbOrTx, Tx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import {
  articleRevisions,
  articles,
  categories,
  comments,
  users,
  type Article,
  type RevisionSnapshot,
} from "#app/db/schema";
import type { ArticleStatus } from "#app/lib/enums";
import { shortSlug, tagSlug } from "#app/lib/slug";
import { logActivity } from "#app/domain/activity/activity.server";
import { createNotification, rolesThatCan } from "#app/domain/notifications/notifications.server";
import { siteChanged, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { breakingNewsMayHaveChanged } from "./breaking-news.server";
import type { ArticleInput } from "#app/lib/article-form/article-input";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { AUTOSAVE_TEXT } from "#app/lib/article-autosave";
import { conflict, fieldsRefused, isDomainError, notFound } from "#app/lib/errors";
import { safeBody } from "#app/lib/sanitize.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import { siteRelativeMediaUrls } from "#app/domain/media/stored-urls.server";
import type { Services } from "#app/services.server";
import { flagBadges } from "./flag-rules";
import { stripHtml } from "#app/lib/text";
import { firstRow } from "#app/db/rows";
import { closeEarlierProposals, recordRevision } from "./revision-log.server";
import { snapshotOf } from "./revision-rules";
import { articleWriteFor, canEditAllArticles, canPublishArticles, type ArticleWrite } from "./save-rules";
import { type Flag, takeFlag, takeFlagsOnPublish, withFlagRetry } from "./flags.server";
import { scheduleChanged } from "./scheduler.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { zonedTimeToInstant } from "#app/lib/zoned-time";
import { totalPagesFor } from "#app/lib/pagination";
import { changeArticleSlug, claimTitleSlug, slugForSave, uniqueSlugFor } from "./slugs.server";
import { checkStoryLanguage, promoteOldestTranslation } from "./families.server";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { logFailure } from "#app/lib/log.server";

const ADMIN_PAGE_SIZE = 20;

const canEditAll = canEditAllArticles;
const canPublish = canPublishArticles;

/** A writer's view of the list is their own articles only. */
const visibleTo = (actor: CurrentUser): SQL | undefined =>
  can(actor.role, "articles", "viewAll") ? undefined : eq(articles.authorId, actor.id);

/** A proposed change to a live story is waiting for an editor. */
const hasProposal = sql<boolean>`exists (select 1 from ${articleRevisions} where ${articleRevisions.articleId} = ${articles.id} and ${articleRevisions.state} = 'proposed')`;

/** The list's filters: every status, and "review" (submitted stories plus live ones with a proposed change). */
export type AdminListFilter = ArticleStatus | "all" | "review";

function statusWhere(filter: AdminListFilter): SQL | undefined {
  if (filter === "all") return undefined;
  if (filter === "review") return or(eq(articles.status, "pending"), hasProposal);
  return eq(articles.status, filter);
}

interface AdminListQuery {
  q: string;
  status: AdminListFilter;
  page: number;
  pageSize?: number;
  /** One edition's stories only (the Edition filter); absent or null: every edition. */
  language?: string | null;
}

export async function listAdminArticles(db: DbOrTx, actor: CurrentUser, query: AdminListQuery) {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const pattern = `%${escapeLike(query.q)}%`;
  const where = and(
    visibleTo(actor),
    statusWhere(query.status),
    query.language ? eq(articles.language, query.language) : undefined,
    query.q
      ? or(
          ilike(articles.title, pattern),
          ilike(articles.excerpt, pattern),
          ilike(articles.authorName, pattern),
          ilike(articles.content, pattern),
        )
      : undefined,
  );
  const { total } = firstRow(await db.select({ total: count() }).from(articles).where(where));
  const pageCount = totalPagesFor(total, pageSize);
  const page = Math.min(Math.max(1, query.page), pageCount);
  const commentCount = db
    .select({ articleId: comments.articleId, n: count().as("n") })
    .from(comments)
    .groupBy(comments.articleId)
    .as("comment_counts");
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      imageUrl: articles.imageUrl,
      authorName: articles.authorName,
      authorId: articles.authorId,
      categoryName: categories.name,
      tags: articles.tags,
      status: articles.status,
      featured: articles.featured,
      isTopStory: articles.isTopStory,
      access: articles.access,
      displayDate: articles.displayDate,
      scheduledAt: articles.scheduledAt,
      comments: sql<number>`coalesce(${commentCount.n}, 0)::int`,
      hasProposal,
      language: articles.language,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(commentCount, eq(commentCount.articleId, articles.id))
    .where(where)
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((row) => ({ ...row, flags: flagBadges(row) })),
    total,
    page,
    pageCount,
    pageSize,
  };
}
/** Any status, for the edit screen; 404 when missing, 403 for a writer's look at another's article. */
export async function getArticleForEdit(db: DbOrTx, actor: CurrentUser, id: string): Promise<Article> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row)
    throw notFound("This article does not exist or has been deleted.", { title: "Article not found" });
  if (!canEditAll(actor) && row.authorId !== actor.id) accessDenied();
  return row;
}

export async function lockedArticle(tx: Tx, id: string) {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for("update").limit(1);
  if (!row) throw notFound("This article no longer exists.");
  return row;
}

/** The id when that category still exists, else null (a revision may name one deleted since). */
export async function existingCategoryId(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row?.id ?? null;
}

/**
 * The instant a scheduled save goes live: only those who may publish schedule (a writer's request is
 * refused, as any other attempt to publish is), and the time, typed in the site's timezone, must be a
 * real one in the future. Any other status has no schedule.
 */
async function scheduledTimeFor(
  db: Db,
  actor: CurrentUser,
  input: ArticleInput,
  autosave: boolean,
  now: Date,
): Promise<Date | null> {
  if (autosave || input.status !== "scheduled") return null;
  if (!canPublish(actor)) accessDenied();
  if (!input.scheduledAt) throw fieldsRefused("invalid", { scheduledAt: ARTICLE_TEXT.scheduleMissing });
  const { timezone } = await getSettings(db);
  const at = zonedTimeToInstant(input.scheduledAt, timezone);
  if (!at) throw fieldsRefused("invalid", { scheduledAt: ARTICLE_TEXT.scheduleMissing });
  if (at.getTime() <= now.getTime())
    throw fieldsRefused("invalid", { scheduledAt: ARTICLE_TEXT.schedulePast });
  return at;
}

export type SaveResult = {
  id: string;
  status: ArticleStatus;
  submittedForReview: boolean;
  /** A writer's change to a published story: kept as a proposal, the live text untouched. */
  proposed: boolean;
  /** Whether readers could see the story before this save (the editor says what the save did). */
  wasPublished: boolean;
  revisionId: string;
};

export interface SaveOptions {
  /** The editor's autosave: its revision replaces the same person's last one when that was an autosave. */
  autosave?: boolean;
  /** An editor's note when a change to a published story corrects an error (readers see it). */
  correctionNote?: string;
}

/**
 * What readers may see of an article, and where: a change to any of these moves it between pages (its
 * tags and author choose the tag and author pages it is listed on, and their totals).
 */
type Placement = Pick<
  Article,
  | "status"
  | "categoryId"
  | "featured"
  | "isTopStory"
  | "publishedAt"
  | "useManualDate"
  | "manualDate"
  | "tags"
  | "authorId"
> &
  // The edition (decision record 022): a story moved to another is on other listings.
  Partial<Pick<Article, "language">>;

/** The tag pages an article is on: tags are compared by their slugs, in any order. */
const tagPages = (tags: readonly string[]) => [...new Set(tags.map((tag) => tagSlug(tag)))].sort().join(" ");

const samePlacement = (a: Placement, b: Placement) =>
  a.status === b.status &&
  a.categoryId === b.categoryId &&
  a.authorId === b.authorId &&
  a.language === b.language &&
  tagPages(a.tags) === tagPages(b.tags) &&
  a.featured === b.featured &&
  a.isTopStory === b.isTopStory &&
  a.publishedAt?.getTime() === b.publishedAt?.getTime() &&
  a.useManualDate === b.useManualDate &&
  a.manualDate?.getTime() === b.manualDate?.getTime();

/**
 * What a save changes for readers: nothing while the article is unpublished before and after; only the
 * pages that link to it when it stays published in the same place; every page when it appears, leaves
 * or moves (listings, home's slots, its category, feeds and sitemaps).
 */
export function articleSaveChange(
  before: Placement | null,
  after: Placement & { id: string; slug?: string | null },
  slugMoved = false,
): SiteChange | null {
  const wasLive = before?.status === "published";
  const isLive = after.status === "published";
  if (!wasLive && !isLive) return null;
  // A new address changes every link to the story (listings, feeds, sitemaps): like a move.
  if (before && wasLive && isLive && !slugMoved && samePlacement(before, after)) {
    return {
      scope: "article",
      articleId: after.id,
      articleSlug: after.slug ?? undefined,
      reason: "published article edited",
    };
  }
  return { scope: "everything", reason: isLive ? "article published or moved" : "article unpublished" };
}

/**
 * A writer's save of a published story (docs/architecture.md, "a writer's change to a live story waits for
 * review"): the article row is not touched, so readers keep the approved text; the change waits as a proposed
 * revision, and editors and admins hear of it once (not again for each further save of the same proposal, nor
 * for autosaves).
 */
async function proposeChange(
  tx: Tx,
  actor: CurrentUser,
  current: Article,
  snapshot: RevisionSnapshot,
  autosave: boolean,
): Promise<SaveResult> {
  const { id: revisionId } = await recordRevision(tx, {
    articleId: current.id,
    actor,
    snapshot,
    before: current,
    state: "proposed",
    autosave,
  });
  const { hadManualProposal } = await closeEarlierProposals(tx, current.id, actor, revisionId);
  if (!autosave && !hadManualProposal) {
    await createNotification(tx, {
      type: "article",
      message: `${actor.name || actor.email} proposed changes to "${current.title}" for review.`,
      link: `/admin/articles/revisions/${current.id}`,
      audience: rolesThatCan("articles", "publish"),
    });
  }
  await logActivity(tx, {
    type: "article",
    actor,
    action: "proposed changes to a published article",
    title: current.title,
  });
  return {
    id: current.id,
    status: "published",
    submittedForReview: false,
    proposed: true,
    wasPublished: true,
    revisionId,
  };
}

/**
 * Creates (no id) or updates an article from the validated form. The body is sanitised, the read time
 * derives from it, an excerpt left empty stays empty (readers get the body's opening), flags move in the
 * same transaction. What is written is decided by `articleWriteFor` (save-rules.ts); this keeps the
 * records: the row, its slug and flags, the notification, the activity and the revision, in one
 * transaction, then tells readers' pages and the scheduler once it has committed.
 */
export async function saveArticle(
  services: Services,
  actor: CurrentUser,
  input: ArticleInput,
  id?: string,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const { db } = services;
  if (!can(actor.role, "articles", "create")) accessDenied();
  const body = await checkedBody(db, services.media, input);
  const { autosave = false } = options;
  const scheduledAt = await scheduledTimeFor(db, actor, input, autosave, services.clock.now());
  let change: SiteChange | null = null;
  let scheduledBefore = false;
  const result = await withFlagRetry(() =>
    db.transaction(async (tx) => {
      const current = id ? await lockedArticle(tx, id) : null;
      if (current && !canEditAll(actor) && current.authorId !== actor.id) accessDenied();
      scheduledBefore = current?.status === "scheduled";
      // An autosave only ever keeps a draft: checked on the locked row, so a story published meanwhile
      // is never pulled back to draft or changed live by a late autosave.
      if (autosave && current && current.status !== "draft") throw conflict(AUTOSAVE_TEXT.notDraft);
      const write = articleWriteFor({
        ...options,
        actor,
        input,
        current,
        body,
        scheduledAt,
        autosave,
        now: services.clock.now(),
      });
      const language = await languageForSave(tx, current, input, write.isProposal);
      if (current && write.isProposal) return proposeChange(tx, actor, current, write.snapshot, autosave);
      const { saved, slugMoved } = await writeArticleRow(tx, actor, current, write, { language });
      const saveRecord = await recordSave(tx, actor, current, saved, write, autosave);
      change = articleSaveChange(
        current,
        { ...saved, featured: write.featured, isTopStory: write.isTopStory },
        slugMoved,
      );
      return {
        id: saved.id,
        status: write.status,
        proposed: false,
        wasPublished: write.wasLive,
        ...saveRecord,
      };
    }),
  );
  if (change) siteChanged(db, change);
  if (result.status === "published") breakingNewsMayHaveChanged(services, result.id);
  // Scheduled, rescheduled or taken off the schedule: this instance's scheduler sets its next wake-up.
  if (result.status === "scheduled" || scheduledBefore) scheduleChanged(db);
  return result;
}

/**
 * The edition a save files the story in when the form names one it is not in already (decision record
 * 022, point 3): refused when it is no edition or its family has a version there; undefined keeps the
 * stored one. A writer's change to a live story is a proposal, which has no edition to propose: moving a
 * live story changes the listings readers see, an editor's call. Checked on the locked row; a version
 * written meanwhile in that language trips the unique index, and `withFlagRetry`'s next try says so here.
 */
async function languageForSave(tx: Tx, current: Article | null, input: ArticleInput, isProposal: boolean) {
  const wanted = input.language;
  if (!wanted || wanted === current?.language) return undefined;
  if (isProposal) throw fieldsRefused("invalid", { language: TRANSLATION_TEXT.movedLiveNeedsEditor });
  await checkStoryLanguage(tx, current, wanted);
  return wanted;
}

/**
 * The body as it is stored (sanitised, our photos kept by their site-relative path whatever host the
 * address was written with), refused when it shows nothing or names a category that no longer exists.
 */
async function checkedBody(db: Db, store: MediaServices, input: ArticleInput) {
  const [imageUrl, body] = await siteRelativeMediaUrls(db, store, [input.imageUrl, input.content] as const);
  const { content, contentSafeHash } = safeBody(body);
  if (!stripHtml(content) && !/<(img|iframe)\b/i.test(content)) {
    throw fieldsRefused("invalid", { content: ARTICLE_TEXT.missingContent });
  }
  if (input.categoryId && !(await existingCategoryId(db, input.categoryId))) {
    throw fieldsRefused("invalid", { categoryId: ARTICLE_TEXT.invalidCategory });
  }
  return { content, contentSafeHash, imageUrl };
}

/** Where a story is filed (decision record 022): undefined keeps the stored edition, or the main one. */
export interface StoryEdition {
  language?: string;
  /** A new translation's original (translations.server.ts). */
  translationOf?: string;
}

/**
 * Updates the stored row or inserts the new one, with its address (the one typed, else the title's for a
 * new story or an old row without one; a story keeps the one it has), its edition and its flags, which
 * may take them from the story that held them (in its edition).
 */
export async function writeArticleRow(
  tx: Tx,
  actor: CurrentUser,
  current: Article | null,
  write: ArticleWrite,
  edition: StoryEdition = {},
) {
  const { values, revision, wantedSlug, status, featured, isTopStory } = write;
  let saved: Article;
  let slugMoved = false;
  if (current) {
    slugMoved = await changeArticleSlug(
      tx,
      current,
      wantedSlug || (await slugForSave(tx, current, values.title)),
    );
    saved = firstRow(
      await tx
        .update(articles)
        .set({
          ...values,
          ...revision,
          featured: false,
          isTopStory: false,
          ...(edition.language ? { language: edition.language } : {}),
        })
        .where(eq(articles.id, current.id))
        .returning(),
    );
  } else {
    const newId = crypto.randomUUID();
    const slug = wantedSlug || (await uniqueSlugFor(tx, values.title, newId));
    const inserted = firstRow(
      await tx
        .insert(articles)
        .values({
          ...values,
          id: newId,
          authorId: actor.id,
          createdAt: values.updatedAt,
          language: edition.language ?? MAIN_EDITION_TAG_SQL,
          translationOf: edition.translationOf ?? null,
        })
        .returning(),
    );
    await changeArticleSlug(tx, inserted, slug);
    saved = { ...inserted, slug };
  }
  // Going out for the first time: the title's clean address, if an unpublished draft only held it.
  if ((status === "published" || status === "scheduled") && !current?.publishedAt && !write.wantedSlugTyped) {
    const claimed = await claimTitleSlug(tx, { ...saved, publishedAt: null });
    if (claimed) {
      saved = { ...saved, slug: shortSlug(saved.title) };
      slugMoved = true;
    }
  }
  if (status === "published") await takeFlagsOnPublish(tx, { id: saved.id, featured, isTopStory });
  if (featured || isTopStory)
    await tx.update(articles).set({ featured, isTopStory }).where(eq(articles.id, saved.id));
  return { saved, slugMoved };
}

/** The save's notification (a submission for review), its activity line and its revision. */
async function recordSave(
  tx: Tx,
  actor: CurrentUser,
  current: Article | null,
  saved: Article,
  write: ArticleWrite,
  autosave: boolean,
) {
  const { status } = write;
  const submittedForReview = status === "pending" && current?.status !== "pending";
  if (submittedForReview) {
    await createNotification(tx, {
      type: "article",
      message: `"${saved.title}" by ${actor.name || actor.email} was submitted for review.`,
      link: `/admin/articles/edit/${saved.id}`,
      // Writers can open the edit screen too, but only those who can publish act on a submission.
      audience: rolesThatCan("articles", "publish"),
    });
  }
  // An autosave every few seconds would bury the activity log: only its first save (the creation) is logged.
  if (!autosave || !current)
    await logActivity(tx, {
      type: "article",
      actor,
      action: submittedForReview
        ? "submitted article for review"
        : status === "scheduled"
          ? "scheduled article"
          : current
            ? "updated article"
            : "created article",
      title: saved.title,
      description:
        status === "scheduled" && saved.scheduledAt
          ? `Publishes at ${saved.scheduledAt.toISOString()}`
          : `Status: ${status}`,
    });
  const { id: revisionId } = await recordRevision(tx, {
    articleId: saved.id,
    actor,
    snapshot: snapshotOf(saved),
    before: current,
    state: "applied",
    autosave,
    correctionNote: write.correctionNote,
  });
  return { submittedForReview, revisionId };
}

/** Publish (records the first publish time) or move back to draft; editors and admins only. */
export async function setArticleStatus(
  services: Services,
  actor: CurrentUser,
  id: string,
  status: "published" | "draft",
) {
  const { db } = services;
  if (!canPublish(actor)) accessDenied();
  const before = await db.transaction(async (tx) => {
    const current = await lockedArticle(tx, id);
    const now = services.clock.now();
    if (status === "published") await takeFlagsOnPublish(tx, current);
    if (status === "published") await claimTitleSlug(tx, current);
    await tx
      .update(articles)
      .set({
        status,
        publishedAt: status === "published" ? (current.publishedAt ?? now) : current.publishedAt,
        // Published now or back to draft: a schedule it had no longer applies.
        scheduledAt: null,
        updatedAt: now,
      })
      .where(eq(articles.id, id));
    await logActivity(tx, {
      type: "article",
      actor,
      action: status === "published" ? "published article" : "moved article to draft",
      title: current.title,
    });
    return current;
  });
  if (before.status === "published" || status === "published") {
    siteChanged(db, { scope: "everything", reason: `article ${status}` });
  }
  if (status === "published") breakingNewsMayHaveChanged(services, id);
}

/** Sets or clears Featured / Breaking News; setting it clears it on the other article in the same transaction. */
export async function setArticleFlag(
  services: Services,
  actor: CurrentUser,
  id: string,
  flag: Flag,
  on: boolean,
) {
  const { db } = services;
  if (!canEditAll(actor)) accessDenied();
  await withFlagRetry(() =>
    db.transaction(async (tx) => {
      const current = await lockedArticle(tx, id);
      if (on && current.status === "published") await takeFlag(tx, flag, id);
      await tx
        .update(articles)
        .set({ [flag]: on, updatedAt: new Date() })
        .where(eq(articles.id, id));
      const label = flag === "featured" ? "Featured" : "Breaking News";
      await logActivity(tx, {
        type: "article",
        actor,
        action: on ? `marked article ${label}` : `removed ${label} from article`,
        title: current.title,
      });
    }),
  );
  // Home's slots change, and setting a flag may take it from another published article.
  siteChanged(db, { scope: "everything", reason: `article ${flag} changed` });
  if (flag === "isTopStory" && on) breakingNewsMayHaveChanged(services, id);
}

/** Editors and admins delete any article; a writer only their own unpublished ones. */
export const mayDeleteArticle = (actor: CurrentUser, article: Pick<Article, "authorId" | "status">) =>
  can(actor.role, "articles", "deleteAll") ||
  (article.authorId === actor.id && article.status !== "published");

/**
 * Deletes an article. An original with translations first hands its place to its oldest translation
 * (decision record 022, point 3: the composite key refuses deleting a row translations name), in the
 * same transaction, and the activity line says which.
 */
export async function deleteArticle(db: Db, actor: CurrentUser, id: string) {
  const { deleted, promoted } = await db.transaction(async (tx) => {
    const current = await lockedArticle(tx, id);
    if (!mayDeleteArticle(actor, current)) accessDenied();
    const promoted = current.translationOf === null ? await promoteOldestTranslation(tx, id) : null;
    await tx.delete(articles).where(eq(articles.id, id));
    await logActivity(tx, {
      type: "article",
      actor,
      action: "deleted article",
      title: current.title,
      description: promoted ? `Its ${promoted.language} version "${promoted.title}" is now the original` : "",
    });
    return { deleted: current, promoted };
  });
  // A published version now links another original (its readers' version list changes with it).
  if (deleted.status === "published" || promoted?.anyPublished)
    siteChanged(db, { scope: "everything", reason: "article deleted" });
}

type BulkArticleAction = "publish" | "draft" | "delete";

/** Each article is its own change, so one failure does not undo the others; the caller reports the counts. */
export async function bulkArticles(
  services: Services,
  actor: CurrentUser,
  ids: readonly string[],
  action: BulkArticleAction,
) {
  if (action !== "delete" && !canPublish(actor)) accessDenied();
  let processed = 0;
  let failed = 0;
  for (const id of new Set(ids)) {
    try {
      if (action === "delete") await deleteArticle(services.db, actor, id);
      else await setArticleStatus(services, actor, id, action === "publish" ? "published" : "draft");
      processed++;
    } catch (error) {
      if (!isDomainError(error)) logFailure("[articles] a bulk action failed", error, { action, id });
      failed++;
    }
  }
  return { processed, failed };
}

/**
 * The choices the form offers: categories, the staff who may be named as author, and the site's editions
 * (the language select, switched-off ones too: their stories are written before they open).
 */
export async function articleFormOptions(db: DbOrTx) {
  const [categoryList, staff] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.name),
    db
      .select({ name: users.name })
      .from(users)
      .where(inArray(users.status, ["active"]))
      .orderBy(users.name),
  ]);
  const editionList = (await allEditions(db)).map(({ tag, name, enabled }) => ({ tag, name, enabled }));
  return { categories: categoryList, authors: staff.map((s) => s.name), editions: editionList };
}
