/**
 * What the per-day view counts say: views per day over the last 30 days (the dashboard's chart, the
 * article editor's small one) and the week's top stories. Read from `article_views` only, so every figure
 * is a count of real reads; the total an article carried over from before per-day counting
 * (`articles.views`) has no day and is left out of these figures.
 *
 * Days are UTC days, as `recordArticleView` records them (`viewDay`), not days in the settings' timezone:
 * a day's count cannot be split again after the fact, so the chart, the week and "today" all use the
 * recording's UTC days (the settings' default timezone is UTC, and Ghana's time is UTC all year).
 */
import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, articleViews } from "#app/db/schema";
import { isPublished } from "./published.server";
import { viewDay } from "./views.server";

export const VIEW_STATS = { chartDays: 30, weekDays: 7, topStories: 5 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose views: one article's, one author's articles', one edition's, or (no field) every article's. */
export interface ViewScope {
  articleId?: string;
  authorId?: string;
  /** The stories of one edition (the dashboard's Edition filter, decision record 022). */
  language?: string;
}

export interface DayViews {
  /** A UTC day, `YYYY-MM-DD`. */
  day: string;
  views: number;
}

/** The last `count` UTC days, oldest first, ending with today. */
export function lastDays(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) => viewDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

function scopeCondition(scope: ViewScope): SQL | undefined {
  return and(
    scope.articleId === undefined ? undefined : eq(articleViews.articleId, scope.articleId),
    scope.authorId === undefined ? undefined : eq(articles.authorId, scope.authorId),
    scope.language === undefined ? undefined : eq(articles.language, scope.language),
  );
}

/** Views on each of the last 30 days, oldest first; a day nobody read is there with 0. */
export async function viewsPerDay(db: DbOrTx, scope: ViewScope, now = new Date()): Promise<DayViews[]> {
  const days = lastDays(VIEW_STATS.chartDays, now);
  const first = days[0] ?? viewDay(now);
  const last = days[days.length - 1] ?? viewDay(now);
  const inWindow = and(gte(articleViews.day, first), lte(articleViews.day, last), scopeCondition(scope));
  const base = db
    .select({ day: articleViews.day, views: sql<number>`sum(${articleViews.views})::int` })
    .from(articleViews);
  // The author's or edition's articles need the articles table; the other scopes read the day index alone.
  const rows = await (
    scope.authorId === undefined && scope.language === undefined
      ? base.where(inWindow)
      : base.innerJoin(articles, eq(articles.id, articleViews.articleId)).where(inWindow)
  ).groupBy(articleViews.day);
  const byDay = new Map(rows.map((r) => [r.day, r.views]));
  return days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

export interface TopStory {
  id: string;
  title: string;
  status: string;
  /** Readers can open it now: the public page is worth a link. */
  isLive: boolean;
  views: number;
}

/** The 5 most read articles of the last 7 days (today and the 6 days before), only those read at all. */
export async function topStoriesOfWeek(db: DbOrTx, scope: ViewScope, now = new Date()): Promise<TopStory[]> {
  const first = lastDays(VIEW_STATS.weekDays, now)[0] ?? viewDay(now);
  const weekViews = sql<number>`sum(${articleViews.views})::int`;
  return db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      isLive: sql<boolean>`coalesce(${isPublished()}, false)`,
      views: weekViews,
    })
    .from(articleViews)
    .innerJoin(articles, eq(articles.id, articleViews.articleId))
    .where(and(gte(articleViews.day, first), lte(articleViews.day, viewDay(now)), scopeCondition(scope)))
    .groupBy(articles.id)
    .having(sql`sum(${articleViews.views}) > 0`)
    .orderBy(desc(weekViews), desc(articles.createdAt), articles.id)
    .limit(VIEW_STATS.topStories);
}
