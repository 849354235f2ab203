/**
 * What a save of the article form writes, decided without the database: from the validated form, the
 * stored article (null for a new one) and who saves, the row's values, the status the role allows, the
 * flags, the "Updated" mark and the slug asked for. `saveArticle` (admin.server.ts) keeps the records:
 * it locks the row, writes these values and logs the save in one transaction. Pure, so each rule has a
 * plain unit test (save-rules.test.ts).
 */
import type { CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Article, RevisionSnapshot } from "#app/db/schema";
import type { ArticleStatus } from "#app/lib/enums";
import type { ArticleInput } from "#app/lib/article-form/article-input";
import { readTimeFor } from "#app/lib/text";
import { changedFields, snapshotOf, STORY_FIELDS } from "./revision-rules";

export const canEditAllArticles = (actor: CurrentUser) => can(actor.role, "articles", "editAll");
export const canPublishArticles = (actor: CurrentUser) => can(actor.role, "articles", "publish");

/**
 * What a save may set, after the role's limits. Publishing and unpublishing both need the publish
 * permission: a writer's 'published' becomes 'pending', and a writer's correction to a live article keeps
 * it live rather than pulling it from the site.
 */
export function effectiveStatus(
  actor: CurrentUser,
  requested: ArticleStatus,
  current: ArticleStatus | null,
): ArticleStatus {
  if (canPublishArticles(actor)) return requested;
  if (current === "published") return "published";
  return requested === "published" ? "pending" : requested;
}

const manualDateOf = (input: ArticleInput) =>
  input.useManualDate ? new Date(`${input.manualDate}T12:00:00Z`) : null;

/** A save as it arrives, the body already made safe and its photos' addresses site-relative. */
export interface ArticleSave {
  actor: CurrentUser;
  input: ArticleInput;
  /** The stored article, locked for this save; null for a new one. */
  current: Article | null;
  body: { content: string; contentSafeHash: string; imageUrl: string };
  /** The instant a scheduled save goes live (checked before the transaction), else null. */
  scheduledAt: Date | null;
  autosave: boolean;
  correctionNote?: string;
  now: Date;
}

/** The row's values and what the record keeping needs to know of them. */
export function articleWriteFor(save: ArticleSave) {
  const { actor, input, current, body, autosave, now } = save;
  const status = autosave
    ? "draft"
    : effectiveStatus(actor, input.status, current?.status as ArticleStatus | null);
  // The flags change home's slots for readers: only a deliberate save moves them.
  const mayFlag = canEditAllArticles(actor) && !autosave;
  const wasLive = current?.status === "published";
  const values = {
    title: input.title,
    content: body.content,
    contentSafeHash: body.contentSafeHash,
    // Only what an editor wrote: an empty excerpt is derived from the body when read, so it follows
    // every later edit of the body (a stored copy of the opening froze at the first save).
    excerpt: input.excerpt,
    readTime: readTimeFor(body.content),
    authorName: (mayFlag && input.authorName) || current?.authorName || actor.name,
    categoryId: input.categoryId || null,
    tags: input.tags,
    imageUrl: body.imageUrl,
    youtubeUrl: input.youtubeUrl,
    // Who reads it in full is the editors' call, as the flags are (decision record 021).
    access: (mayFlag && input.access) || current?.access || "public",
    useManualDate: input.useManualDate,
    manualDate: manualDateOf(input),
    // Absent (a restore of an older revision): what is stored stays.
    seoTitle: input.seoTitle ?? current?.seoTitle ?? "",
    seoDescription: input.seoDescription ?? current?.seoDescription ?? "",
    status,
    publishedAt: status === "published" ? (current?.publishedAt ?? now) : (current?.publishedAt ?? null),
    // Set only with the status 'scheduled' (checked before), cleared by every other status.
    scheduledAt: status === "scheduled" ? save.scheduledAt : null,
    updatedAt: now,
  };
  // The address: editors and admins may type one; otherwise a new story (or an old row without one)
  // takes its title's, and a story keeps the one it has.
  const wantedSlug = (mayFlag && input.slug) || "";
  const snapshot = snapshotOf(values);
  return {
    status,
    values,
    snapshot,
    featured: mayFlag ? input.featured : (current?.featured ?? false),
    isTopStory: mayFlag ? input.isTopStory : (current?.isTopStory ?? false),
    wasLive,
    /** A writer's change to a live story: kept as a proposal, the row untouched. */
    isProposal: !!current && wasLive && !canPublishArticles(actor),
    ...revisionMark(save, status, snapshot),
    wantedSlug,
    // A slug typed now (not the one the form shows back unchanged) is the editor's choice: it stays.
    wantedSlugTyped: !!wantedSlug && wantedSlug !== current?.slug,
  };
}

export type ArticleWrite = ReturnType<typeof articleWriteFor>;

/** "Updated <time>" for readers: the live story's text changed, or an editor marked a correction. */
function revisionMark(save: ArticleSave, status: ArticleStatus, snapshot: RevisionSnapshot) {
  const { current, now } = save;
  const staysLive = current?.status === "published" && status === "published";
  const correctionNote = staysLive ? (save.correctionNote ?? "") : "";
  const storyChanged =
    !!current && changedFields(snapshotOf(current), snapshot).some((f) => STORY_FIELDS.includes(f));
  const revised = staysLive && (storyChanged || !!correctionNote);
  return {
    /** The note the revision records (this save's only). */
    correctionNote,
    /** The columns that say when and why the live story was last corrected. */
    revision: {
      revisedAt: revised ? now : (current?.revisedAt ?? null),
      correctionNote: correctionNote || current?.correctionNote || "",
    },
  };
}
