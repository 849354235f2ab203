/**
 * The issues nobody composes (decision record 018): the daily digest and the breaking-news e-mail. Each is
 * made as a `scheduled` issue due now, which the sender loop queues (sending.server.ts), so making it and
 * sending it are each done once. The digest is made whether or not e-mail is set up (its job in
 * server/site-jobs.ts); only sending it needs SMTP_URL. Once is the database's: one digest row per day
 * of the site's time zone (`digest_day` unique) and one breaking e-mail per story
 * (`breaking_article_id` unique), whatever the number of instances that try at the same moment.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";
import { isUniqueViolation } from "#app/db/errors";
import { articles, newsletterIssues, type Settings } from "#app/db/schema";
import { inLanguage, isPublished } from "#app/domain/articles/published.server";
import { mainEditionTag } from "#app/domain/editions/page-edition.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { configuredOrigin } from "#app/domain/settings/site-origin.server";
import { inBackground } from "#app/lib/background.server";
import { formatDate } from "#app/lib/dates";
import { localDayAndHour } from "#app/lib/zoned-time";
import { issueStories, storiesPublishedSince } from "./issue-stories.server";
import { issueDue } from "./sending.server";

export const AUTOMATIC_ISSUE_TEXT = {
  digestSubject: (siteTitle: string, day: string) => `${siteTitle} daily digest: ${day}`,
  digestIntro: "The day's top and latest stories.",
  breakingSubject: (title: string) => `Breaking: ${title}`,
} as const;

/** Inserts an automatic issue; false when another instance made it first (its unique index). */
async function insertOnce(db: Db, values: typeof newsletterIssues.$inferInsert): Promise<boolean> {
  try {
    await db.insert(newsletterIssues).values(values);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export type DigestOutcome = "off" | "not yet" | "made" | "skipped" | "already made";

/**
 * Makes today's digest once its hour has come in the site's time zone: the stories published since the
 * last digest (at most a day back), or, with none, a `skipped` row that keeps the day from being tried
 * again and mails nobody.
 */
export async function makeDailyDigest(
  services: Pick<Services, "db" | "media" | "clock">,
): Promise<DigestOutcome> {
  const { db } = services;
  const now = services.clock.now();
  const settings = await getSettings(db);
  if (!settings.newsletterDigestEnabled || !settings.enableNewsletter) return "off";
  const { day, hour } = localDayAndHour(now, settings.timezone);
  if (hour < settings.newsletterDigestHour) return "not yet";
  const [made] = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.digestDay, day))
    .limit(1);
  if (made) return "already made";
  const since = await lastDigestTime(db, now);
  const ids = await storiesPublishedSince(db, since);
  const stories = await issueStories(db, services.media, ids, configuredOrigin(settings));
  const isMade = await insertOnce(db, {
    kind: "digest",
    digestDay: day,
    subject: AUTOMATIC_ISSUE_TEXT.digestSubject(
      settings.siteTitle,
      formatDate(now, "F j, Y", settings.timezone),
    ),
    intro: AUTOMATIC_ISSUE_TEXT.digestIntro,
    stories,
    status: stories.length > 0 ? "scheduled" : "skipped",
    scheduledAt: stories.length > 0 ? now : null,
  });
  if (!isMade) return "already made";
  if (stories.length === 0) return "skipped";
  // A sender on this instance (when e-mail is set up) queues it now rather than at its next look.
  issueDue(db);
  return "made";
}

/** When the last digest was made (sent or skipped), at most a day before `now`. */
async function lastDigestTime(db: Db, now: Date): Promise<Date> {
  const dayBefore = new Date(now.getTime() - 24 * 3600_000);
  const [last] = await db
    .select({ at: newsletterIssues.createdAt })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.kind, "digest"), isNotNull(newsletterIssues.digestDay)))
    .orderBy(desc(newsletterIssues.createdAt))
    .limit(1);
  return last && last.at > dayBefore ? last.at : dayBefore;
}

/** What the breaking-news e-mail takes from the process's services. */
export type BreakingEmailServices = Pick<Services, "db" | "media" | "mailer" | "clock">;

/**
 * A story published as Breaking News is e-mailed to the subscribers once, when the setting is on and
 * e-mail is configured. Answers whether this call made the e-mail.
 */
export async function emailBreakingNews(
  services: BreakingEmailServices,
  articleId: string,
  options: { settings?: Settings } = {},
): Promise<boolean> {
  const { db } = services;
  if (!services.mailer.isConfigured()) return false;
  const settings = options.settings ?? (await getSettings(db));
  if (!settings.newsletterBreakingEmail || !settings.enableNewsletter) return false;
  const [story] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    // The main edition's Breaking News only, until each edition has its issues (decision record 022).
    .where(
      and(
        eq(articles.id, articleId),
        isPublished(),
        eq(articles.isTopStory, true),
        inLanguage(await mainEditionTag(db)),
      ),
    )
    .limit(1);
  if (!story) return false;
  const now = services.clock.now();
  const isMade = await insertOnce(db, {
    kind: "breaking",
    breakingArticleId: story.id,
    subject: AUTOMATIC_ISSUE_TEXT.breakingSubject(story.title),
    stories: await issueStories(db, services.media, [story.id], configuredOrigin(settings), { whole: true }),
    status: "scheduled",
    scheduledAt: now,
  });
  if (isMade) issueDue(db);
  return isMade;
}

/** After a write that may have made a story Breaking News: its e-mail, in the background. */
export const breakingNewsEmailMayBeDue = (services: BreakingEmailServices, articleId: string) =>
  inBackground(
    services.db,
    () => emailBreakingNews(services, articleId),
    "[newsletter] a breaking-news e-mail could not be made",
  );
