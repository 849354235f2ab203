/**
 * The dashboard's figures, all computed by the database. A writer's dashboard counts only the writer's own
 * articles (and shows only the writer's own activity); admins and editors see the whole newsroom.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { can } from "#app/auth/permissions";
import type { UserRole } from "#app/lib/enums";
import { config } from "#app/config.server";
import { pingDatabase, type Db, type DbOrTx } from "#app/db/client.server";
import { activityLog, articles } from "#app/db/schema";
import { firstRow } from "#app/db/rows";
import { totalViews } from "#app/domain/articles/views.server";
import { topStoriesOfWeek, viewsPerDay, type ViewScope } from "#app/domain/articles/view-stats.server";
import { BACKUP_TEXT, backupHealth } from "#app/domain/backup/backup-runs.server";
import { subscriberGrowth } from "#app/domain/newsletter/subscribers.server";
import { pendingCommentCount, pendingWork } from "./pending-work.server";
import { logFailure } from "#app/lib/log.server";

const DASHBOARD_LIMITS = { recent: 5, popular: 5, activity: 10 } as const;
/** Trends compare the last 30 days with the 30 days before. */
const TREND_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface DashboardViewer {
  id: string;
  role: UserRole | null;
}

/** The Edition filter (decision record 022, point 11): one edition's stories, or (null) every edition's. */
export type DashboardEdition = string | null;

/** Whose articles the dashboard counts: everyone's for those who may view all, else one's own. */
const seesAllArticles = (viewer: DashboardViewer) => can(viewer.role, "articles", "viewAll");

const scopeOf = (viewer: DashboardViewer, edition: DashboardEdition = null): SQL | undefined =>
  and(
    seesAllArticles(viewer) ? undefined : eq(articles.authorId, viewer.id),
    edition ? eq(articles.language, edition) : undefined,
  );

/** The same scope for the per-day view figures. */
const viewScopeOf = (viewer: DashboardViewer, edition: DashboardEdition): ViewScope => ({
  ...(seesAllArticles(viewer) ? {} : { authorId: viewer.id }),
  ...(edition ? { language: edition } : {}),
});

/** Percentage change against the previous period; null when there is nothing to compare with. */
export function trendPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export interface StatCard {
  key: "total" | "published" | "drafts" | "pending" | "featured" | "views";
  value: number;
  /** Change against the previous 30 days, in percent; null: no real figure to show. */
  trend: number | null;
}

export async function dashboardStats(
  db: DbOrTx,
  viewer: DashboardViewer,
  now = new Date(),
  edition: DashboardEdition = null,
): Promise<StatCard[]> {
  const periodStart = new Date(now.getTime() - TREND_PERIOD_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_PERIOD_DAYS * DAY_MS);
  const n = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})::int`;
  const row = firstRow(
    await db
      .select({
        total: sql<number>`count(*)::int`,
        published: n(eq(articles.status, "published")),
        drafts: n(eq(articles.status, "draft")),
        pending: n(eq(articles.status, "pending")),
        featured: n(eq(articles.featured, true)),
        views: sql<number>`coalesce(sum(${totalViews()}), 0)::int`,
        createdNow: n(and(gte(articles.createdAt, periodStart), lt(articles.createdAt, now))),
        createdBefore: n(and(gte(articles.createdAt, previousStart), lt(articles.createdAt, periodStart))),
        publishedNow: n(
          and(
            eq(articles.status, "published"),
            gte(articles.publishedAt, periodStart),
            lt(articles.publishedAt, now),
          ),
        ),
        publishedBefore: n(
          and(
            eq(articles.status, "published"),
            gte(articles.publishedAt, previousStart),
            lt(articles.publishedAt, periodStart),
          ),
        ),
      })
      .from(articles)
      .where(scopeOf(viewer, edition)),
  );
  // Views, drafts, pending and featured have no history in the data model: no trend rather than a made-up one.
  return [
    { key: "total", value: row.total, trend: trendPercent(row.createdNow, row.createdBefore) },
    { key: "published", value: row.published, trend: trendPercent(row.publishedNow, row.publishedBefore) },
    { key: "drafts", value: row.drafts, trend: null },
    { key: "pending", value: row.pending, trend: null },
    { key: "featured", value: row.featured, trend: null },
    { key: "views", value: row.views, trend: null },
  ];
}

const articleCard = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  status: articles.status,
  authorName: articles.authorName,
  views: totalViews(),
  createdAt: articles.createdAt,
};

export function recentArticles(db: DbOrTx, viewer: DashboardViewer, edition: DashboardEdition = null) {
  return db
    .select(articleCard)
    .from(articles)
    .where(scopeOf(viewer, edition))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(DASHBOARD_LIMITS.recent);
}

/** Top 5 by views, only articles that have been read at all. */
export function popularArticles(db: DbOrTx, viewer: DashboardViewer, edition: DashboardEdition = null) {
  return db
    .select(articleCard)
    .from(articles)
    .where(and(sql`${totalViews()} > 0`, scopeOf(viewer, edition)))
    .orderBy(desc(totalViews()), desc(articles.createdAt))
    .limit(DASHBOARD_LIMITS.popular);
}

/**
 * The latest 10 entries of the activity log; a writer sees their own, and payments' entries (readers'
 * addresses and money, decision record 021) only those who see revenue. An unreadable log is an empty list.
 */
export async function dashboardActivity(db: DbOrTx, viewer: DashboardViewer) {
  try {
    return await db
      .select()
      .from(activityLog)
      .where(
        and(
          seesAllArticles(viewer) ? undefined : eq(activityLog.userId, viewer.id),
          can(viewer.role, "revenue", "view") ? undefined : ne(activityLog.type, "payment"),
        ),
      )
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(DASHBOARD_LIMITS.activity);
  } catch (error) {
    logFailure("[dashboard] activity log could not be read", error);
    return [];
  }
}

interface HealthCheck {
  key: "database" | "storage" | "comments" | "backups";
  label: string;
  ok: boolean;
  detail: string;
}

/** Can the server write under DATA_DIR (uploads, the embedded database)? Writes and removes a probe file. */
export async function isStorageWritable(dataDir = config().dataDir): Promise<boolean> {
  const probe = path.join(dataDir, `.health-${process.pid}-${Date.now()}`);
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(probe, "ok");
    await fs.rm(probe, { force: true });
    return true;
  } catch {
    return false;
  }
}

/** Real checks: the database answers, storage takes a write, and how many comments wait for moderation. */
export async function siteHealth(db: Db, viewer: DashboardViewer, dataDir?: string): Promise<HealthCheck[]> {
  const [dbOk, storageOk] = await Promise.all([pingDatabase(db), isStorageWritable(dataDir)]);
  const checks: HealthCheck[] = [
    { key: "database", label: "Database", ok: dbOk, detail: dbOk ? "Connected" : "Not reachable" },
    { key: "storage", label: "Storage", ok: storageOk, detail: storageOk ? "Writable" : "Not writable" },
  ];
  if (dbOk && can(viewer.role, "comments", "view")) {
    const pending = await pendingCommentCount(db);
    checks.push({
      key: "comments",
      label: "Comments",
      ok: pending === 0,
      detail:
        pending === 0
          ? "No comments waiting"
          : `${pending} comment${pending === 1 ? "" : "s"} waiting for moderation`,
    });
  }
  // Backups are the admins' business (they run the site): the settings permission.
  if (dbOk && can(viewer.role, "settings", "view"))
    checks.push({ key: "backups", label: BACKUP_TEXT.label, ...(await backupHealth(db)) });
  return checks;
}

/**
 * Everything the dashboard shows. With an edition, the story figures (statistics, recent, popular, views
 * per day, top stories) are that edition's; the activity, health, waiting work and newsletter stay the
 * site's (they are not stories, or not yet kept per edition).
 */
export async function loadDashboard(db: Db, viewer: DashboardViewer, edition: DashboardEdition = null) {
  // PGlite holds one connection: queries run one after another anyway, so keep them sequential.
  const stats = await dashboardStats(db, viewer, new Date(), edition);
  const recent = await recentArticles(db, viewer, edition);
  const popular = await popularArticles(db, viewer, edition);
  const activity = await dashboardActivity(db, viewer);
  const health = await siteHealth(db, viewer);
  const viewsByDay = await viewsPerDay(db, viewScopeOf(viewer, edition));
  const topStories = await topStoriesOfWeek(db, viewScopeOf(viewer, edition));
  const pending = await pendingWork(db, viewer);
  // Readers' addresses are not a writer's business (the subscribers permission).
  const newsletter = can(viewer.role, "subscribers", "view") ? await subscriberGrowth(db, viewer) : null;
  return { stats, recent, popular, activity, health, viewsByDay, topStories, pending, newsletter };
}
