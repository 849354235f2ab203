/**
 * Readable article addresses (/article/<slug>). A story gets its slug from its title on its first save;
 * editors may change it, and every earlier slug stays in `article_slugs` so old links answer 301.
 */
import { and, eq, ne, or, sql } from "drizzle-orm";
import { slugTaken, uniqueSlugFor } from "#app/db/article-slugs.server";
import type { DbOrTx, Tx } from "#app/db/client.server";
import { articleSlugs, articles } from "#app/db/schema";
import { isValidSlug, SLUG_TEXT } from "#app/lib/article-form/slug-rules";
import { fieldsRefused } from "#app/lib/errors";
import { shortSlug } from "#app/lib/slug";
import { isPublished } from "./published.server";

export { SLUG_TEXT, shortSlug, slugTaken, uniqueSlugFor };

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

/** A story whose slug is still provisional: never published, not on its way, slug the one its title gave. */
const isProvisional = (row: {
  title: string;
  slug: string | null;
  status: string;
  publishedAt: Date | null;
}) =>
  row.publishedAt === null &&
  (row.status === "draft" || row.status === "pending") &&
  row.slug === shortSlug(row.title);

/**
 * A story going out (published or scheduled) for the first time takes the clean address of its title
 * when a story that was never published holds it only because its title gave it (an autosaved draft
 * abandoned after its title was typed): that draft moves to a suffixed slug, which costs nothing since
 * no link to it was ever given out. A slug an editor typed (it differs from the title's), any story that
 * has been published, and an earlier slug kept for a redirect keep theirs. Call inside the save's
 * transaction, after the story's own slug is decided. Returns whether the story's slug changed.
 */
export async function claimTitleSlug(
  tx: Tx,
  article: { id: string; title: string; slug: string | null; publishedAt: Date | null },
): Promise<boolean> {
  const base = shortSlug(article.title);
  // Published before (its address is out) or already clean: nothing moves.
  if (article.publishedAt || !base || article.slug === base) return false;
  // Only a story whose slug its title made: a typed one stays the editor's choice.
  if (!article.slug || !article.slug.startsWith(`${base}-`)) return false;
  const [holder] = await tx
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      status: articles.status,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(eq(articles.slug, base))
    .for("update")
    .limit(1);
  if (holder && (holder.id === article.id || !isProvisional(holder))) return false;
  // An earlier slug of another story: its old links must keep leading there.
  const [redirect] = await tx
    .select({ slug: articleSlugs.slug })
    .from(articleSlugs)
    .where(and(eq(articleSlugs.slug, base), ne(articleSlugs.articleId, article.id)))
    .limit(1);
  if (redirect) return false;
  if (holder) {
    const moved = await suffixedSlugFor(tx, base, holder.id);
    await tx.update(articles).set({ slug: moved }).where(eq(articles.id, holder.id));
  }
  return changeArticleSlug(tx, { ...article, publishedAt: null }, base);
}

/** A free slug for a story that gives up `base`: `base-<start of its id>`, else a random suffix. */
async function suffixedSlugFor(tx: Tx, base: string, articleId: string): Promise<string> {
  const withId = `${base}-${articleId.slice(0, 8).toLowerCase()}`;
  if (!(await slugTaken(tx, withId, articleId))) return withId;
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}
