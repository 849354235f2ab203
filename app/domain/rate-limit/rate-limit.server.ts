/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so every instance shares the counts.
 * Used by the public writes anyone can make without signing in: comments, contact messages, view counts.
 */
import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { rateLimits } from "#app/db/schema";
import { firstRow } from "#app/db/rows";

export interface RateLimit {
  /** Most hits allowed per window. */
  limit: number;
  windowMs: number;
}

/** Windows older than this are of no use to any limit and get swept. */
const KEEP_WINDOWS_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit against `key` and says whether it is within the limit. One upsert, so concurrent
 * requests cannot both slip under it.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<boolean> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const row = firstRow(
    await db
      .insert(rateLimits)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { hits: sql`${rateLimits.hits} + 1` },
      })
      .returning({ hits: rateLimits.hits }),
  );
  // Sweeping on a small share of hits keeps the table small without a scheduler.
  if (Math.random() < 0.01) await sweepRateLimits(db, now);
  return row.hits <= rule.limit;
}

async function sweepRateLimits(db: DbOrTx, now = new Date()) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - KEEP_WINDOWS_MS)));
}

/** Rate-limit key for one client address (empty when unknown, which still groups such clients). */
export const addressKey = (scope: string, ip: string) => `${scope}:${ip || "unknown"}`;
