/**
 * A story's family (decision record 022, point 3): its original and the translations that name it, one
 * version per edition. The database holds the shape whatever writes (the composite key onto
 * `articles_id_original`, the unique index `articles_one_version_per_language`); this module is what the
 * saves, the translations and the delete ask first, so a refusal arrives in words rather than as a
 * violated constraint, and what the delete does so the key lets the original go.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "#app/db/client.server";
import { articles, editions } from "#app/db/schema";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { fieldsRefused } from "#app/lib/errors";

/** The original's id: the family's key, as the unique index computes it. */
export const familyKeyOf = (story: { id: string; translationOf: string | null }) =>
  story.translationOf ?? story.id;

/** Every member of the family keyed by `key`: the index's own expression, so it reads the index. */
export const inFamily = (key: string) => sql`coalesce(${articles.translationOf}, ${articles.id}) = ${key}`;

export async function isEdition(db: DbOrTx, tag: string): Promise<boolean> {
  const [row] = await db.select({ tag: editions.tag }).from(editions).where(eq(editions.tag, tag)).limit(1);
  return !!row;
}

/**
 * Refuses `language` for a story (null: a new original) when it is no edition, or when another member of
 * its family is in it already. Field errors, so the editor marks its language select.
 */
export async function checkStoryLanguage(
  db: DbOrTx,
  story: { id: string; translationOf: string | null } | null,
  language: string,
): Promise<void> {
  if (!(await isEdition(db, language)))
    throw fieldsRefused("invalid", { language: TRANSLATION_TEXT.notAnEdition });
  if (!story) return;
  const [holder] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(inFamily(familyKeyOf(story)), eq(articles.language, language), ne(articles.id, story.id)))
    .limit(1);
  if (holder) throw fieldsRefused("conflict", { language: TRANSLATION_TEXT.languageTaken });
}

/**
 * Before an original is deleted: its oldest translation becomes the original and the others name it, in
 * the caller's transaction (the composite key refuses deleting a row translations name). Returns the
 * promoted translation, or null when the story had none.
 */
export async function promoteOldestTranslation(tx: Tx, originalId: string) {
  const translations = await tx
    .select({ id: articles.id, title: articles.title, language: articles.language, status: articles.status })
    .from(articles)
    .where(eq(articles.translationOf, originalId))
    .orderBy(asc(articles.createdAt), asc(articles.id))
    .for("update");
  const [oldest] = translations;
  if (!oldest) return null;
  // First the new original (nothing names it yet), then the others may name it: each statement keeps the key.
  await tx.update(articles).set({ translationOf: null }).where(eq(articles.id, oldest.id));
  await tx.update(articles).set({ translationOf: oldest.id }).where(eq(articles.translationOf, originalId));
  return { ...oldest, anyPublished: translations.some((row) => row.status === "published") };
}
