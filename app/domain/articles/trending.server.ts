/**
 * Trending stories (every reader page's sidebar): the newest stories with views ranked by the spec's
 * score (`rankTrending`, app/lib/trending.ts), kept in memory per database.
 */
import { and, desc, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { literalCount } from "#app/db/plans";
import { articles } from "#app/db/schema";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { remembered } from "#app/lib/remembered.server";
import { rankTrending } from "#app/lib/trending";
import { listing, toCard, type ArticleCard } from "./article-cards.server";
import { latestArticles } from "./public.server";
import { inLanguage } from "./published.server";
import { totalViews } from "./views.server";

const TRENDING_WINDOW = 50;
/** The longest trending list a page shows; shorter lists are its head (the ranking is one sort). */
const TRENDING_MAX = 10;

/** Trending: the 50 newest articles with views, ranked by the spec's score; the newest when none has views. */
async function rankTrendingNow(
  db: DbOrTx,
  language: string,
  limit: number,
  now: Date,
): Promise<ArticleCard[]> {
  const rows = await listing(db, and(inLanguage(language), sql`${totalViews()} > 0`))
    .orderBy(desc(articles.createdAt))
    .limit(literalCount(TRENDING_WINDOW));
  if (rows.length === 0) return latestArticles(db, language, limit);
  return rankTrending(rows, limit, now).map(toCard);
}

/**
 * Every page's sidebar shows trending, so it is kept in memory per database: dropped when what is
 * published changes, and after a minute, since views change it without a signal.
 */
const rememberedTrending = remembered(async (_db: DbOrTx) => new Map<string, Promise<ArticleCard[]>>(), {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) => onSiteChange(db as Db, forget),
});

/** An edition's ranking, kept with the others until the site changes or a minute has passed. */
async function rememberedRanking(db: DbOrTx, language: string): Promise<ArticleCard[]> {
  const rankings = await rememberedTrending.get(db);
  let ranking = rankings.get(language);
  if (!ranking) {
    ranking = rankTrendingNow(db, language, TRENDING_MAX, new Date());
    rankings.set(language, ranking);
    ranking.catch(() => rankings.delete(language));
  }
  return ranking;
}

/**
 * Trending as pages show it (from memory); with `now`, ranked afresh at that moment. `excluding` is the
 * story being read: its own page never lists it (the list closes up with the next one).
 */
export async function trendingArticles(
  db: DbOrTx,
  language: string,
  limit = 5,
  { now, excluding }: { now?: Date; excluding?: string } = {},
): Promise<ArticleCard[]> {
  const wanted = excluding ? limit + 1 : limit;
  const ranked =
    now || wanted > TRENDING_MAX
      ? await rankTrendingNow(db, language, wanted, now ?? new Date())
      : await rememberedRanking(db, language);
  return ranked.filter((article) => article.id !== excluding).slice(0, limit);
}
