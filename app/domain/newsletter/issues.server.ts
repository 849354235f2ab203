/**
 * The back office's newsletter issues (decision record 018): the list with each send's figures,
 * composing a draft from published stories, the preview and the test to oneself, sending now or at a
 * time, and pausing a send. Every function takes the actor and refuses a role without the `newsletter`
 * permission (admins and editors); every change is in the activity log.
 *
 * A draft's stories are frozen when it is saved (title, excerpt, address, picture), not read again
 * when it is sent: what the preview and the test show is what subscribers get, even if a story is
 * edited meanwhile. Saving again refreshes them.
 */
import { STAFF_READER, storyForReader, type MailReader } from "./mail-readers.server";
import { and, count, desc, eq, gt, ilike, inArray, sql } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can, type Action } from "#app/auth/permissions";
import type { Db, DbOrTx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import { firstRow } from "#app/db/rows";
import {
  articles,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscriberEditions,
  newsletterSubscribers,
  type NewsletterIssue,
  type Settings,
} from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { isPublished } from "#app/domain/articles/published.server";
import type { Mailer } from "#app/domain/email/mailer.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import type { Services } from "#app/services.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { allEditions } from "#app/domain/editions/editions.server";
import { mainEditionTag } from "#app/domain/editions/page-edition.server";
import { configuredOrigin } from "#app/domain/settings/site-origin.server";
import { conflict, fieldsRefused, invalid, notFound } from "#app/lib/errors";
import { parseForm } from "#app/lib/form";
import { zonedTimeToInstant } from "#app/lib/zoned-time";
import { ISSUE_LIMITS, issueSchema, NEWSLETTER_TEXT, type IssueFormValues } from "./issue-form";
import { issueStories } from "./issue-stories.server";
import { clickedLink, engagement, openedLink } from "./engagement.server";
import { renderIssueMail, type IssueMailWords } from "./issue-mail";
import { messagesFor } from "#app/i18n/messages.server";
import { issueDue, queueIssue, sendProgress, setIssuePaused, type SendProgress } from "./sending.server";
import { unsubscribeLink } from "./signup.server";
import { editionPrefix, mainTagOf } from "#app/lib/editions";

function requireNewsletter(actor: CurrentUser, action: Action<"newsletter">) {
  if (!can(actor.role, "newsletter", action)) accessDenied();
}

// Newsletter changes are editorial work; the log's types are fixed by a CHECK constraint, and
// categories, the other content that is not an article, log as "article" too.
const ACTIVITY_TYPE = "article";

async function findIssue(db: DbOrTx, id: string): Promise<NewsletterIssue> {
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!issue) throw notFound(NEWSLETTER_TEXT.notFound, { title: "Not found" });
  return issue;
}

/** Figures shown for an issue that has started: what its deliveries did, and who left after it. */
export interface IssueFigures extends SendProgress {
  unsubscribedAfter: number;
  /** Readers who opened it and who followed one of its links; null unless open counts are on. */
  opened: number | null;
  clicked: number | null;
}

const hasStarted = (status: NewsletterIssue["status"]) =>
  status === "sending" || status === "paused" || status === "sent";

/**
 * Subscribers who got a delivery of the issue and unsubscribed after it started: what an issue costs in
 * readers. Bounced addresses are not counted (they did not choose to go).
 */
async function unsubscribedAfter(db: DbOrTx, issue: Pick<NewsletterIssue, "id" | "startedAt">) {
  if (!issue.startedAt) return 0;
  const { n } = firstRow(
    await db
      .select({ n: count() })
      .from(newsletterDeliveries)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(
        and(
          eq(newsletterDeliveries.issueId, issue.id),
          gt(newsletterSubscribers.unsubscribedAt, issue.startedAt),
        ),
      ),
  );
  return n;
}

async function figuresOf(db: DbOrTx, issue: NewsletterIssue): Promise<IssueFigures | null> {
  if (!hasStarted(issue.status)) return null;
  const progress = await sendProgress(db, issue.id);
  const left = await unsubscribedAfter(db, issue);
  const counts = (await getSettings(db)).newsletterOpenCounts ? await engagement(db, issue.id) : null;
  return {
    ...progress,
    unsubscribedAfter: left,
    opened: counts?.opened ?? null,
    clicked: counts?.clicked ?? null,
  };
}

/** Every issue, newest first, with its figures once it has started. */
export async function listIssues(db: DbOrTx, actor: CurrentUser) {
  requireNewsletter(actor, "view");
  const rows = await db
    .select({
      id: newsletterIssues.id,
      kind: newsletterIssues.kind,
      status: newsletterIssues.status,
      subject: newsletterIssues.subject,
      scheduledAt: newsletterIssues.scheduledAt,
      startedAt: newsletterIssues.startedAt,
      finishedAt: newsletterIssues.finishedAt,
      createdAt: newsletterIssues.createdAt,
    })
    .from(newsletterIssues)
    .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
    .limit(200);
  const started = rows.filter((row) => hasStarted(row.status)).map((row) => row.id);
  if (started.length === 0) return rows.map((row) => ({ ...row, figures: null }));
  // Two grouped statements for the whole page, not two per issue.
  const byStatus = await db
    .select({ issueId: newsletterDeliveries.issueId, status: newsletterDeliveries.status, n: count() })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.issueId, started))
    .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status);
  const leavers = await db
    .select({ issueId: newsletterDeliveries.issueId, n: count() })
    .from(newsletterDeliveries)
    .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterDeliveries.issueId))
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
    .where(
      and(
        inArray(newsletterDeliveries.issueId, started),
        sql`${newsletterSubscribers.unsubscribedAt} > ${newsletterIssues.startedAt}`,
      ),
    )
    .groupBy(newsletterDeliveries.issueId);
  const isCounting = (await getSettings(db)).newsletterOpenCounts;
  const engaged = isCounting
    ? await db
        .select({
          issueId: newsletterDeliveries.issueId,
          opened: count(newsletterDeliveries.openedAt),
          clicked: count(newsletterDeliveries.clickedAt),
        })
        .from(newsletterDeliveries)
        .where(inArray(newsletterDeliveries.issueId, started))
        .groupBy(newsletterDeliveries.issueId)
    : [];
  return rows.map((row) => {
    if (!started.includes(row.id)) return { ...row, figures: null };
    const of = (status: string) => byStatus.find((b) => b.issueId === row.id && b.status === status)?.n ?? 0;
    const figures: IssueFigures = {
      sent: of("sent"),
      failed: of("failed"),
      skipped: of("skipped"),
      left: of("queued"),
      unsubscribedAfter: leavers.find((l) => l.issueId === row.id)?.n ?? 0,
      opened: isCounting ? (engaged.find((e) => e.issueId === row.id)?.opened ?? 0) : null,
      clicked: isCounting ? (engaged.find((e) => e.issueId === row.id)?.clicked ?? 0) : null,
    };
    return { ...row, figures };
  });
}

/** One issue as its page shows it, with its figures once it has started. */
export async function getIssue(db: DbOrTx, actor: CurrentUser, id: string) {
  requireNewsletter(actor, "view");
  const issue = await findIssue(db, id);
  return { issue, figures: await figuresOf(db, issue) };
}

/** Subscribers the issue sent now would go to (its edition's confirmed ones): the confirmation step says how many. */
export async function confirmedSubscriberCount(db: DbOrTx, actor: CurrentUser, id: string) {
  requireNewsletter(actor, "view");
  const issue = await findIssue(db, id);
  const { n } = firstRow(
    await db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .innerJoin(
        newsletterSubscriberEditions,
        and(
          eq(newsletterSubscriberEditions.subscriberId, newsletterSubscribers.id),
          eq(newsletterSubscriberEditions.edition, issue.edition),
        ),
      )
      .where(eq(newsletterSubscribers.status, "confirmed")),
  );
  return n;
}

export interface StoryChoice {
  id: string;
  title: string;
  publishedAt: Date | null;
}

/**
 * The stories the compose screen offers: the latest published ones (or those whose title matches the
 * search), with the ones already chosen always among them so an untouched save keeps them.
 */
export async function storyChoices(
  db: DbOrTx,
  actor: CurrentUser,
  query: { q: string; chosen: readonly string[] },
): Promise<StoryChoice[]> {
  requireNewsletter(actor, "view");
  const columns = { id: articles.id, title: articles.title, publishedAt: articles.publishedAt };
  const latest = await db
    .select(columns)
    .from(articles)
    .where(and(isPublished(), query.q ? ilike(articles.title, `%${escapeLike(query.q)}%`) : undefined))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(ISSUE_LIMITS.candidates);
  const missing = query.chosen.filter((id) => !latest.some((row) => row.id === id));
  const chosen =
    missing.length > 0 ? await db.select(columns).from(articles).where(inArray(articles.id, missing)) : [];
  return [...chosen, ...latest];
}

/**
 * The chosen published stories as the mail shows them, in the chosen order: title, excerpt, absolute
 * address, and the picture only when the media library knows its size (an image without a width and
 * height would make the mail jump as it loads, and a client without CSS would show it at full size).
 */
async function freezeStories(db: DbOrTx, store: MediaServices, ids: readonly string[], origin: string) {
  const stories = await issueStories(db, store, ids, origin);
  if (stories.length !== ids.length) throw fieldsRefused("invalid", { stories: NEWSLETTER_TEXT.storyGone });
  return stories;
}

/**
 * The edition a composed issue is saved in: the chosen one, which must exist (a switched-off one too: its
 * issue is written before it opens); nothing chosen keeps a draft's (undefined), a new issue's is the main.
 */
async function issueEditionOf(db: DbOrTx, asked: string, id?: string): Promise<string | undefined> {
  if (!asked) return id ? undefined : mainEditionTag(db);
  if (!(await allEditions(db)).some((edition) => edition.tag === asked))
    throw fieldsRefused("invalid", { edition: NEWSLETTER_TEXT.editionUnknown });
  return asked;
}

/**
 * Saves a draft: a new one without `id`, else the draft `id` (an issue that has moved on is refused).
 * Everything is checked before anything is written; the row and its log entry go in one transaction.
 */
export async function saveIssueDraft(
  { db, media, clock }: Pick<Services, "db" | "media" | "clock">,
  actor: CurrentUser,
  values: IssueFormValues,
  id?: string,
): Promise<NewsletterIssue> {
  requireNewsletter(actor, "send");
  const parsed = parseForm(issueSchema, values);
  if (!parsed.ok) throw fieldsRefused("invalid", parsed.fieldErrors);
  const { subject, intro, stories: ids } = parsed.data;
  const settings = await getSettings(db);
  const edition = await issueEditionOf(db, parsed.data.edition ?? "", id);
  const stories = await freezeStories(db, media, ids, configuredOrigin(settings));
  return db.transaction(async (tx) => {
    const now = clock.now();
    let saved: NewsletterIssue | undefined;
    if (id) {
      [saved] = await tx
        .update(newsletterIssues)
        .set({ subject, intro, stories, updatedAt: now, ...(edition ? { edition } : {}) })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "draft")))
        .returning();
      if (!saved) {
        await findIssue(tx, id);
        throw conflict(NEWSLETTER_TEXT.notDraft);
      }
    } else {
      [saved] = await tx
        .insert(newsletterIssues)
        .values({
          kind: "issue",
          subject,
          intro,
          stories,
          // Always given for a new issue (issueEditionOf).
          edition: edition!,
          createdBy: actor.id,
        })
        .returning();
    }
    await logActivity(tx, {
      type: ACTIVITY_TYPE,
      actor,
      action: id ? "updated newsletter issue" : "created newsletter issue",
      title: subject,
    });
    return saved!;
  });
}

/** The mail's own words in the edition's language, from its catalogue (decision record 022, point 11). */
export function issueMailWords(edition: string): IssueMailWords {
  const { t } = messagesFor(edition);
  return {
    readMore: t("newsletterEditions.readMore"),
    readOnSite: t("newsletterEditions.readOnSite"),
    offer: { members: t("newsletterEditions.offerMembers"), paid: t("newsletterEditions.offerPaid") },
    continueReading: t("newsletterEditions.continueReading"),
    unsubscribe: t("newsletterEditions.unsubscribe"),
    reason: (siteTitle, email) => t("newsletterEditions.reason", { siteTitle, email }),
  };
}

/**
 * An issue's e-mail for one reader: their own unsubscribe link and, only while an admin has open
 * counts on (`isCounted`), the open image and counted story links with their token.
 */
export function issueMailFor(
  issue: Pick<NewsletterIssue, "id" | "subject" | "intro" | "stories" | "edition">,
  settings: Settings,
  recipient: { email: string; token: string; countsToken: string; isCounted?: boolean; reader: MailReader },
) {
  const origin = configuredOrigin(settings);
  const { token, countsToken } = recipient;
  return renderIssueMail(
    {
      siteTitle: settings.siteTitle,
      siteUrl: origin,
      streetAddress: settings.streetAddress,
      subject: issue.subject,
      intro: issue.intro,
      stories: issue.stories.map((story) => storyForReader(story, recipient.reader)),
      lang: issue.edition,
      words: issueMailWords(issue.edition),
    },
    {
      email: recipient.email,
      unsubscribeUrl: unsubscribeLink(origin, token, editionPrefix(issue.edition, mainTagOf(settings))),
      ...(recipient.isCounted
        ? {
            openPixelUrl: openedLink(origin, issue.id, countsToken),
            linkFor: (story: number) => clickedLink(origin, issue.id, countsToken, story),
          }
        : {}),
    },
  );
}

/** The issue's e-mail as the signed-in staff member would receive it (the preview's frame). */
export async function previewIssue(db: DbOrTx, actor: CurrentUser, id: string) {
  requireNewsletter(actor, "view");
  const issue = await findIssue(db, id);
  // No reader's token: the preview's unsubscribe link must not unsubscribe anyone.
  return issueMailFor(issue, await getSettings(db), {
    email: actor.email,
    token: "preview",
    countsToken: "preview",
    reader: STAFF_READER,
  });
}

/** Sends the rendered issue to the actor's own address, through the process's mailer. */
export async function sendTestIssue(
  { db, mailer }: Pick<Services, "db" | "mailer">,
  actor: CurrentUser,
  id: string,
) {
  requireNewsletter(actor, "send");
  if (!mailer.isConfigured()) throw invalid(NEWSLETTER_TEXT.emailOff, { title: NEWSLETTER_TEXT.testFailed });
  const issue = await findIssue(db, id);
  const message = issueMailFor(issue, await getSettings(db), {
    email: actor.email,
    token: "test",
    countsToken: "test",
    reader: STAFF_READER,
  });
  await mailer.send({
    to: actor.email,
    subject: `[Test] ${message.subject}`,
    text: message.text,
    html: message.html,
  });
  await logActivity(db, {
    type: ACTIVITY_TYPE,
    actor,
    action: "sent a test of newsletter issue",
    title: issue.subject,
  });
  return actor.email;
}

/**
 * Without SMTP_URL nothing can go: an issue queued or scheduled then would hold every subscriber's
 * delivery in a queue no one works, so both are refused as the test is.
 */
function requireEmail(mailer: Mailer) {
  if (!mailer.isConfigured()) throw invalid(NEWSLETTER_TEXT.emailOff, { title: NEWSLETTER_TEXT.failed });
}

/**
 * Starts sending a draft to every confirmed subscriber now (queueIssue makes the deliveries). The queueing
 * and its log entry are one transaction, as every change here is: a send the log does not show never starts.
 */
export async function sendIssueNow(
  { db, mailer, clock }: Pick<Services, "db" | "mailer" | "clock">,
  actor: CurrentUser,
  id: string,
) {
  requireNewsletter(actor, "send");
  requireEmail(mailer);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const issue = await findIssue(tx, id);
    if (issue.status !== "draft" || !(await queueIssue(tx, id, now)))
      throw conflict(NEWSLETTER_TEXT.notDraft);
    await logActivity(tx, {
      type: ACTIVITY_TYPE,
      actor,
      action: "sent newsletter issue",
      title: issue.subject,
    });
  });
  // The sender on this instance starts now, not at its next look (up to 15 s later).
  issueDue(db);
}

/**
 * Schedules a draft for a wall-clock time typed in the site's time zone (as article scheduling reads
 * it); the sender loop queues it when the time comes.
 */
export async function scheduleIssue(
  { db, mailer, clock }: Pick<Services, "db" | "mailer" | "clock">,
  actor: CurrentUser,
  id: string,
  local: string,
) {
  requireNewsletter(actor, "send");
  requireEmail(mailer);
  const now = clock.now();
  const { timezone } = await getSettings(db);
  const at = local ? zonedTimeToInstant(local, timezone) : null;
  if (!at) throw fieldsRefused("invalid", { scheduledAt: NEWSLETTER_TEXT.scheduleMissing });
  if (at.getTime() <= now.getTime())
    throw fieldsRefused("invalid", { scheduledAt: NEWSLETTER_TEXT.schedulePast });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterIssues)
      .set({ status: "scheduled", scheduledAt: at, updatedAt: now })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "draft")))
      .returning();
    if (!row) {
      await findIssue(tx, id);
      throw conflict(NEWSLETTER_TEXT.notDraft);
    }
    await logActivity(tx, {
      type: ACTIVITY_TYPE,
      actor,
      action: "scheduled newsletter issue",
      title: row.subject,
      description: at.toISOString(),
    });
  });
  return at;
}

/** A scheduled issue goes back to being a draft (before the sender loop has queued it). */
export async function unscheduleIssue(
  { db, clock }: Pick<Services, "db" | "clock">,
  actor: CurrentUser,
  id: string,
) {
  requireNewsletter(actor, "send");
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterIssues)
      .set({ status: "draft", scheduledAt: null, updatedAt: now })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "scheduled")))
      .returning();
    if (!row) {
      await findIssue(tx, id);
      throw conflict(NEWSLETTER_TEXT.notScheduled);
    }
    await logActivity(tx, {
      type: ACTIVITY_TYPE,
      actor,
      action: "unscheduled newsletter issue",
      title: row.subject,
    });
  });
}

/** Pauses a send in progress, or resumes a paused one. */
export async function pauseIssue(db: Db, actor: CurrentUser, id: string, isPaused: boolean) {
  requireNewsletter(actor, "send");
  await db.transaction(async (tx) => {
    const issue = await findIssue(tx, id);
    if (!(await setIssuePaused(tx, id, isPaused)))
      throw conflict(isPaused ? NEWSLETTER_TEXT.notSending : NEWSLETTER_TEXT.notPaused);
    await logActivity(tx, {
      type: ACTIVITY_TYPE,
      actor,
      action: isPaused ? "paused newsletter issue" : "resumed newsletter issue",
      title: issue.subject,
    });
  });
  if (!isPaused) issueDue(db);
}
