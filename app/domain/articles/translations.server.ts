/**
 * A story's versions in the site's editions (decision record 022, point 3): the editor's Translations
 * panel lists them and starts a new one. A translation is a normal draft of its edition, linked to the
 * original, written by whoever started it; the family's shape is the database's (families.server.ts).
 * A story's language itself changes with a save (`saveArticle`'s `language`), and deleting an original
 * promotes its oldest translation (`deleteArticle`).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { DbOrTx, Tx } from "#app/db/client.server";
import { articles, editions, type Article } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import type { ArticleInput } from "#app/lib/article-form/article-input";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { fieldsRefused } from "#app/lib/errors";
import { safeBody } from "#app/lib/sanitize.server";
import type { Services } from "#app/services.server";
import { lockedArticle, writeArticleRow } from "./admin.server";
import { familyKeyOf, inFamily, isEdition } from "./families.server";
import { withFlagRetry } from "./flags.server";
import { isPublished } from "./published.server";
import { recordRevision } from "./revision-log.server";
import { snapshotOf } from "./revision-rules";
import { articleWriteFor, canEditAllArticles } from "./save-rules";

export { TRANSLATION_TEXT };

export interface StoryVersion {
  id: string;
  title: string;
  status: Article["status"];
  /** The edition's tag, and its name in its own language (the panel's and the switcher's label). */
  language: string;
  editionName: string;
  slug: string | null;
  isOriginal: boolean;
  /** Readers can open it now (`isPublished`: published, its time come). */
  isPublished: boolean;
}

/**
 * The family of the story `articleId` (an original or any translation): the original and every
 * translation, in the editions' order. Empty when the story does not exist. One statement: the family is
 * found by the unique index's expression.
 */
export async function storyVersions(db: DbOrTx, articleId: string): Promise<StoryVersion[]> {
  const key = sql`(SELECT coalesce(translation_of, id) FROM articles WHERE id = ${articleId})`;
  return db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      language: articles.language,
      editionName: editions.name,
      slug: articles.slug,
      isOriginal: articles.isOriginal,
      isPublished: sql<boolean>`coalesce(${isPublished()}, false)`,
    })
    .from(articles)
    .innerJoin(editions, eq(editions.tag, articles.language))
    .where(sql`coalesce(${articles.translationOf}, ${articles.id}) = ${key}`)
    .orderBy(asc(editions.position), asc(editions.tag));
}

/** A writer translates what they may open or readers may read: their own stories and published ones. */
export const mayTranslate = (actor: CurrentUser, original: Pick<Article, "authorId" | "status">) =>
  canEditAllArticles(actor) || original.authorId === actor.id || original.status === "published";

/**
 * The new version's form, as a save would have validated it: the original's category, tags, image and
 * access; title, body and everything else empty (decision record 022, point 3).
 */
const translationInput = (original: Article, language: string): ArticleInput => ({
  title: "",
  content: "",
  excerpt: "",
  status: "draft",
  authorName: "",
  categoryId: original.categoryId ?? "",
  tags: [...original.tags],
  imageUrl: original.imageUrl,
  youtubeUrl: "",
  useManualDate: false,
  manualDate: "",
  featured: false,
  isTopStory: false,
  access: original.access,
  seoTitle: "",
  seoDescription: "",
  slug: "",
  language,
});

/**
 * Starts the `language` version of the story `articleId` (or of its original, when it is a translation):
 * a draft there linked to the original, its author the actor, written as a save writes a new story (row,
 * provisional slug, first revision) with its activity line, in one transaction. When the family already
 * has a version in that language, nothing is written and its id comes back (`created: false`): a second
 * click on "Start translation", or two editors at once, open the same draft.
 */
export async function startTranslation(
  services: Services,
  actor: CurrentUser,
  articleId: string,
  language: string,
): Promise<{ id: string; created: boolean }> {
  const { db } = services;
  if (!can(actor.role, "articles", "create")) accessDenied();
  // The unique index backs the check below against a sibling moved to this language meanwhile: the retry
  // then finds it and returns it.
  return withFlagRetry(() =>
    db.transaction(async (tx) => {
      const story = await lockedArticle(tx, articleId);
      // Locking the original serialises every start of a version of this story.
      const original = story.translationOf ? await lockedArticle(tx, familyKeyOf(story)) : story;
      if (!mayTranslate(actor, original)) accessDenied();
      if (!(await isEdition(tx, language)))
        throw fieldsRefused("invalid", { language: TRANSLATION_TEXT.notAnEdition });
      const [existing] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(inFamily(original.id), eq(articles.language, language)))
        .limit(1);
      if (existing) return { id: existing.id, created: false };
      return { id: await writeTranslation(tx, services, actor, original, language), created: true };
    }),
  );
}

async function writeTranslation(
  tx: Tx,
  services: Services,
  actor: CurrentUser,
  original: Article,
  language: string,
): Promise<string> {
  const write = articleWriteFor({
    actor,
    input: translationInput(original, language),
    current: null,
    body: { ...safeBody(""), imageUrl: original.imageUrl },
    scheduledAt: null,
    autosave: false,
    now: services.clock.now(),
  });
  // Access is the editors' call on a save; a translation takes the one they gave the original.
  const values = { ...write.values, access: original.access };
  const { saved } = await writeArticleRow(
    tx,
    actor,
    null,
    { ...write, values },
    { language, translationOf: original.id },
  );
  await recordRevision(tx, {
    articleId: saved.id,
    actor,
    snapshot: snapshotOf(saved),
    before: null,
    state: "applied",
  });
  await logActivity(tx, {
    type: "article",
    actor,
    action: "started translation",
    title: original.title,
    description: `A draft in ${language}`,
  });
  // A draft: readers see nothing of it, so no page changes until it is published (a save signals that).
  return saved.id;
}
