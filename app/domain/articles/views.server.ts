/**
 * View counting. The browser asks once per article (it keeps the ids it has counted); the server
 * makes each request one atomic increment on a published article, and limits how often one address
 * may count the same article so a script cannot inflate the trending list.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles } from "#app/db/schema";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { isPublished } from "./published.server";

/**
 * Mobile carriers put many readers behind one address (carrier-grade NAT), so the cap per address is
 * generous; it still stops one script from pushing an article up the trending list.
 */
export const VIEW_RATE_LIMIT: RateLimit = { limit: 30, windowMs: 60 * 60 * 1000 };

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
  // One statement: the database adds 1 to whatever the count is at that moment, so no view is lost.
  const updated = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(and(eq(articles.id, articleId), isPublished()))
    .returning({ id: articles.id });
  return updated.length > 0 ? "counted" : "not-found";
}
