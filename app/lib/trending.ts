/** Trending (trending.test.ts): a pure score so the rule can be tested without a database. */

const HOUR_MS = 3_600_000;

interface TrendingInput {
  views: number;
  createdAt: Date | string;
}

/** Newer stories get a boost: x2 within 24 h, 1.5 within 48 h, 1.2 within 72 h, 1.1 within a week. */
export function recencyFactor(ageHours: number): number {
  if (ageHours <= 24) return 2;
  if (ageHours <= 48) return 1.5;
  if (ageHours <= 72) return 1.2;
  if (ageHours <= 168) return 1.1;
  return 1;
}

/** Views per hour since creation (at least 1 hour) x recency factor x min(1.5, 1 + views / 100). */
export function trendingScore(article: TrendingInput, now: Date = new Date()): number {
  const ageHours = Math.max(1, (now.getTime() - new Date(article.createdAt).getTime()) / HOUR_MS);
  const viewsPerHour = article.views / ageHours;
  return viewsPerHour * recencyFactor(ageHours) * Math.min(1.5, 1 + article.views / 100);
}

/** Only articles with views are ranked; the highest score first, the newer first on a tie. */
export function rankTrending<T extends TrendingInput>(
  list: readonly T[],
  limit = 5,
  now: Date = new Date(),
): T[] {
  return list
    .filter((a) => a.views > 0)
    .map((article) => ({ article, score: trendingScore(article, now) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        new Date(b.article.createdAt).getTime() - new Date(a.article.createdAt).getTime(),
    )
    .slice(0, limit)
    .map((entry) => entry.article);
}
