/**
 * The issues nobody composes (decision record 018): the daily digest and the breaking-news e-mail. Each is
 * made as a `scheduled` issue due now, which the sender loop queues (sending.server.ts), so making it and
 * sending it are each done once. The digest is made whether or not e-mail is set up (its job in
 * server/site-jobs.ts); only sending it needs SMTP_URL. Once is the database's: one digest row per day
 * of the site's time zone and edition (`digest_day` and `edition` unique) and one breaking e-mail per story
 * (`breaking_article_id` unique), whatever the number of instances that try at the same moment.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";
import { isUniqueViolation } from "#app/db/errors";
import { articles, newsletterIssues, type Settings } from "#app/db/schema";
import { isPublished } from "#app/domain/articles/published.server";
import { feedEditions } from "#app/domain/editions/page-edition.server";
import { messagesFor } from "#app/i18n/messages.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { configuredOrigin } from "#app/domain/settings/site-origin.server";
import { inBackground } from "#app/lib/background.server";
import { formatDate } from "#app/lib/dates";
import { localDayAndHour } from "#app/lib/zoned-time";
import { issueStories, storiesPublishedSince } from "./issue-stories.server";
import { issueDue } from "./sending.server";

/**
 * An automatic issue's own words in its edition's language (decision record 022, point 11): the
 * subjects and the digest's introduction, from the catalogue (`newsletterEditions.*`).
 */
export function automaticIssueText(edition: string) {
  const { t, dateWords } = messagesFor(edition);
  return {
    digestSubject: (siteTitle: string, now: Date, timeZone: string) =>
      t("newsletterEditions.digestSubject", {
        siteTitle,
        day: formatDate(now, "F j, Y", timeZone, dateWords),
      }),
    digestIntro: t("newsletterEditions.digestIntro"),
    breakingSubject: (title: string) => t("newsletterEditions.breakingSubject", { title }),
  };
}

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
type DigestServices = Pick<Services, "db" | "media" | "clock">;

/**
 * Makes today's digest of each edition readers can open once its hour has come in the site's time zone
 * (decision record 022, point 11): that edition's stories published since its last digest (at most a day
 * back), or, with none, a `skipped` row that keeps the day from being tried again and mails nobody.
 * Answers "made" when one edition's was made, else "skipped" when one was skipped, else "already made".
 */
export async function makeDailyDigest(services: DigestServices): Promise<DigestOutcome> {
  const now = services.clock.now();
  const settings = await getSettings(services.db);
  if (!settings.newsletterDigestEnabled || !settings.enableNewsletter) return "off";
  const { day, hour } = localDayAndHour(now, settings.timezone);
  if (hour < settings.newsletterDigestHour) return "not yet";
  const { enabledTags } = await feedEditions(services.db);
  // One statement a minute once the day's digests are made, however many editions.
  const madeToday = await editionsWithDigestOf(services.db, day);
  const outcomes: DigestOutcome[] = ["already made"];
  for (const edition of enabledTags.filter((tag) => !madeToday.has(tag)))
    outcomes.push(await makeEditionDigest(services, { settings, day, now, edition }));
  if (outcomes.includes("made")) {
    // A sender on this instance (when e-mail is set up) queues it now rather than at its next look.
    issueDue(services.db);
    return "made";
  }
  return outcomes.includes("skipped") ? "skipped" : "already made";
}

/** The editions whose digest of `day` is made (sent, due or skipped). */
async function editionsWithDigestOf(db: Db, day: string): Promise<Set<string>> {
  const rows = await db
    .select({ edition: newsletterIssues.edition })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.digestDay, day));
  return new Set(rows.map((row) => row.edition));
}

/**
 * One edition's digest of `day`, made once (the unique index on the day and the edition: another
 * instance that made it first leaves this one's insert without effect).
 */
async function makeEditionDigest(
  { db, media }: DigestServices,
  { settings, day, now, edition }: { settings: Settings; day: string; now: Date; edition: string },
): Promise<DigestOutcome> {
  const since = await lastDigestTime(db, now, edition);
  const ids = await storiesPublishedSince(db, since, edition);
  const stories = await issueStories(db, media, ids, configuredOrigin(settings));
  const text = automaticIssueText(edition);
  const isMade = await insertOnce(db, {
    kind: "digest",
    digestDay: day,
    edition,
    subject: text.digestSubject(settings.siteTitle, now, settings.timezone),
    intro: text.digestIntro,
    stories,
    status: stories.length > 0 ? "scheduled" : "skipped",
    scheduledAt: stories.length > 0 ? now : null,
  });
  if (!isMade) return "already made";
  return stories.length > 0 ? "made" : "skipped";
}

/** When the edition's last digest was made (sent or skipped), at most a day before `now`. */
async function lastDigestTime(db: Db, now: Date, edition: string): Promise<Date> {
  const dayBefore = new Date(now.getTime() - 24 * 3600_000);
  const [last] = await db
    .select({ at: newsletterIssues.createdAt })
    .from(newsletterIssues)
    .where(
      and(
        eq(newsletterIssues.kind, "digest"),
        isNotNull(newsletterIssues.digestDay),
        eq(newsletterIssues.edition, edition),
      ),
    )
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
  // In its story's edition, to that edition's subscribers (decision record 022, point 11).
  const [story] = await db
    .select({ id: articles.id, title: articles.title, edition: articles.language })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished(), eq(articles.isTopStory, true)))
    .limit(1);
  // A switched-off edition's story is not mailed: its link would be a 404, and the one breaking e-mail a
  // story may have would be spent before its edition opens.
  if (!story || !(await feedEditions(db)).enabledTags.includes(story.edition)) return false;
  const now = services.clock.now();
  const isMade = await insertOnce(db, {
    kind: "breaking",
    breakingArticleId: story.id,
    edition: story.edition,
    subject: automaticIssueText(story.edition).breakingSubject(story.title),
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
