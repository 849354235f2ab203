/**
 * Readable article addresses (/article/<slug>). A story gets its slug from its title on its first save;
 * editors may change it, and every earlier slug stays in `article_slugs` so old links answer 301.
 */
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "#app/db/client.server";
import { articleSlugs, articles } from "#app/db/schema";
import { isValidSlug, SLUG_TEXT } from "#app/lib/article-form";
import { fieldsRefused } from "#app/lib/errors";
import { slugify } from "#app/lib/slug";
import { isPublished } from "./published.server";

export { SLUG_TEXT };

/** The longest slug made from a title: shared links stay short (the migration's backfill uses the same cut). */
const SHORT_SLUG = 60;

/** The title's slug, cut to at most 60 characters at a dash so no word is split; `fallback` when nothing is left. */
export function shortSlug(title: string, max = SHORT_SLUG, fallback = "story"): string {
  const full = slugify(title);
  if (full.length <= max) return full || fallback;
  const cut = full.slice(0, max + 1);
  const atDash = cut.lastIndexOf("-");
  const short = (atDash > 0 ? cut.slice(0, atDash) : full.slice(0, max)).replace(/-+$/, "");
  return short || fallback;
}

/**
 * The slug a save gives an existing story when no one typed one: a story never published follows its
 * title (its first autosave may have had half a title), one that has been published keeps its address.
 */
export async function slugForSave(
  db: DbOrTx,
  current: { id: string; title: string; slug: string | null; publishedAt: Date | null },
  title: string,
): Promise<string> {
  if (current.slug && (current.publishedAt || shortSlug(current.title) === shortSlug(title)))
    return current.slug;
  return uniqueSlugFor(db, title, current.id);
}

/** Whether another story uses the slug now or used it before (an old link must keep leading to its story). */
export async function slugTaken(db: DbOrTx, slug: string, articleId: string | null): Promise<boolean> {
  const other = articleId ? ne(articles.id, articleId) : undefined;
  const [current] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.slug, slug), other))
    .limit(1);
  if (current) return true;
  const [earlier] = await db
    .select({ id: articleSlugs.articleId })
    .from(articleSlugs)
    .where(and(eq(articleSlugs.slug, slug), articleId ? ne(articleSlugs.articleId, articleId) : undefined))
    .limit(1);
  return !!earlier;
}

/** A free slug from the title: the short slug, or it with the start of the id added (as the backfill does). */
export async function uniqueSlugFor(db: DbOrTx, title: string, articleId: string): Promise<string> {
  const base = shortSlug(title);
  if (!(await slugTaken(db, base, articleId))) return base;
  const withId = `${base}-${articleId.slice(0, 8).toLowerCase()}`;
  if (!(await slugTaken(db, withId, articleId))) return withId;
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Gives the article `wanted` as its slug inside the save's transaction: refused when another story has
 * (or had) it; the slug it had before is kept for the redirect, and an earlier slug taken back is no
 * longer a redirect. Returns whether the slug changed.
 */
export async function changeArticleSlug(
  tx: Tx,
  article: { id: string; slug: string | null; publishedAt?: Date | null },
  wanted: string,
): Promise<boolean> {
  if (!isValidSlug(wanted)) throw fieldsRefused("invalid", { slug: SLUG_TEXT.invalid });
  if (article.slug === wanted) return false;
  if (await slugTaken(tx, wanted, article.id)) throw fieldsRefused("invalid", { slug: SLUG_TEXT.taken });
  await tx.delete(articleSlugs).where(eq(articleSlugs.slug, wanted));
  // A story never published was never linked: its earlier slug need not be kept.
  if (article.slug && article.publishedAt) {
    await tx
      .insert(articleSlugs)
      .values({ slug: article.slug, articleId: article.id })
      .onConflictDoUpdate({ target: articleSlugs.slug, set: { articleId: article.id } });
  }
  await tx.update(articles).set({ slug: wanted }).where(eq(articles.id, article.id));
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ArticleAddress =
  /** The address is the published story's own: serve it (by id when the row has no slug yet). */
  | { kind: "current"; id: string }
  /** An earlier slug, or the id of a story that has a slug: 301 to this slug. */
  | { kind: "moved"; id: string; slug: string };

/** Which published story an /article/<…> address names, and whether it is its current address; null: none. */
export async function resolveArticleAddress(db: DbOrTx, address: string): Promise<ArticleAddress | null> {
  const key = address.trim();
  if (!key || key.length > 120) return null;
  const byId = UUID.test(key) ? eq(articles.id, key.toLowerCase()) : undefined;
  const earlier = sql`${articles.id} in (select ${articleSlugs.articleId} from ${articleSlugs} where ${articleSlugs.slug} = ${key})`;
  const rows = await db
    .select({ id: articles.id, slug: articles.slug })
    .from(articles)
    .where(and(isPublished(), or(eq(articles.slug, key), byId, earlier)))
    .limit(3);
  // The current slug wins over anything else that could match.
  const current = rows.find((row) => row.slug === key) ?? rows.find((row) => row.id === key.toLowerCase());
  const found = current ?? rows[0];
  if (!found) return null;
  if (found.slug === key || (!found.slug && found.id === key.toLowerCase()))
    return { kind: "current", id: found.id };
  if (!found.slug) return null;
  return { kind: "moved", id: found.id, slug: found.slug };
}
