/**
 * View counting. The browser asks once per article (it keeps the ids it has counted); the server
 * makes each request one atomic upsert of today's count in `article_views`, and limits how often one
 * address may count the same article so a script cannot inflate the trending list.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { SQLSTATE, sqlStateOf } from "#app/db/errors";
import { articles, articleViews } from "#app/db/schema";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { isPublished } from "./published.server";

/**
 * Mobile carriers put many readers behind one address (carrier-grade NAT), so the cap per address is
 * generous; it still stops one script from pushing an article up the trending list.
 */
export const VIEW_RATE_LIMIT: RateLimit = { limit: 30, windowMs: 60 * 60 * 1000 };

/**
 * An article's views: the total carried over from before per-day counting plus its days. Read per shown
 * row (the primary key of article_views finds an article's days), never over every article on a page.
 */
export const totalViews = () =>
  sql<number>`(${articles.views} + coalesce((select sum(${articleViews.views}) from ${articleViews} where ${articleViews.articleId} = ${articles.id}), 0))::int`;

/** The UTC day a view is counted under. */
export const viewDay = (now: Date) => now.toISOString().slice(0, 10);

type ViewResult = "counted" | "not-found" | "rate-limited";

export async function recordArticleView(
  db: DbOrTx,
  articleId: string,
  client: { ip: string },
  now = new Date(),
): Promise<ViewResult> {
  // Unknown or unpublished ids are answered before they can create rate-limit rows.
  const [exists] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished()))
    .limit(1);
  if (!exists) return "not-found";
  if (!(await consumeRateLimit(db, addressKey(`view:${articleId}`, client.ip), VIEW_RATE_LIMIT, now)))
    return "rate-limited";
  // One statement: the database adds 1 to whatever today's count is at that moment, so no view is lost.
  // (An article deleted in between fails the foreign key: not counted.)
  try {
    await db
      .insert(articleViews)
      .values({ articleId, day: viewDay(now), views: 1 })
      .onConflictDoUpdate({
        target: [articleViews.articleId, articleViews.day],
        set: { views: sql`${articleViews.views} + 1` },
      });
  } catch (error) {
    if (sqlStateOf(error) === SQLSTATE.foreignKeyViolation) return "not-found";
    throw error;
  }
  return "counted";
}

/**
 * An article's total views now: the counter answers with it, so a reader's own view shows at once even
 * on a page the page cache kept from before it (0 for an unknown id).
 */
export async function articleViewTotal(db: DbOrTx, articleId: string): Promise<number> {
  const [row] = await db
    .select({ views: totalViews() })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1);
  return row?.views ?? 0;
}
