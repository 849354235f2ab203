/**
 * Which article slugs are free. A story's slug, and every slug it had before (kept in `article_slugs` so
 * old links answer 301), belong to that story alone. Here in the database layer because the first
 * start's sample stories need free slugs too (seed.server.ts), and the database layer never imports the
 * domain; the domain's slug rules (app/domain/articles/slugs.server.ts) build on these two.
 */
import { and, eq, ne } from "drizzle-orm";
import { shortSlug } from "#app/lib/slug";
import type { DbOrTx } from "./client.server";
import { articleSlugs, articles } from "./schema";

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
