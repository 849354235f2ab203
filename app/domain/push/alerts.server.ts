/**
 * Breaking-news alerts by web push (decision record 017), sent by this server itself: no
 * third-party service. Two things alert: a story published as Breaking News (once per story), and a
 * live update an editor marks as an alert (once per update). Each is recorded in `push_alerts` first;
 * the unique indexes there make "once" hold across saves, retries and instances, and only the request
 * that recorded it sends it. An hour's alerts are capped (PUSH_ALERTS_PER_HOUR): one over the cap is
 * recorded as `capped` and not sent, so a busy night cannot flood readers' phones.
 *
 * Sending happens after the newsroom's write has committed and does not hold up its request; a push
 * service's 404 or 410 means the browser unsubscribed, and its subscription is deleted there and then.
 */
import { mainEditionTag } from "#app/domain/editions/page-edition.server";
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import webpush, { type WebPushError } from "web-push";
import { config } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { rowsOf } from "#app/db/rows";
import { articles, liveUpdates, pushAlerts, pushSubscriptions } from "#app/db/schema";
import { isPublished } from "#app/domain/articles/published.server";
import { getSettings } from "#app/domain/settings/settings.server";
import type { PushAlertKind } from "#app/lib/enums";
import { backgroundSettled, inBackground } from "#app/lib/background.server";
import { storyPath } from "#app/lib/paths";
import { stripHtml, truncate } from "#app/lib/text";
import { vapidKeys } from "./keys.server";
import type { PushNetwork } from "./push-network.server";
import { messagesFor } from "#app/i18n/messages.server";
import { breakingTopic, storyTopic } from "./push-topics";
import { subscriptionsFollowing } from "./subscriptions.server";
import { logFor } from "#app/lib/log.server";

/** What sending takes: the database, and the push network of the process's services. */
export interface AlertServices {
  db: Db;
  push: PushNetwork;
}

/** What the service worker (public/service-worker.js) shows. */
export interface AlertPayload {
  title: string;
  body: string;
  /** The page the notification opens, from the site's root. */
  url: string;
  /** One notification per story or update on the phone, however often it is sent. */
  tag: string;
}

export interface AlertOutcome {
  id: string;
  status: "sent" | "capped";
  recipients: number;
  delivered: number;
  failed: number;
  removed: number;
}

/** Sends at once to this many push services: a few round trips in flight, not thousands. */
const PARALLEL_SENDS = 8;
/** How long a push service keeps an alert for a phone that is off: news is stale after a few hours. */
const ALERT_TTL_SECONDS = 4 * 3600;

/** Resolves once every alert started on `db` has been sent (tests). */
export const alertsSettled = (db: Db) => backgroundSettled(db);

/**
 * Records the alert, once: null when this story (or update) has alerted before. Over the hour's cap it
 * is recorded as capped. The hour's count and the insert hold a transaction-scoped advisory lock, so
 * alerts recorded at the same moment (two editors, two instances) are counted one after the other:
 * counted apart from the insert, each saw the others' rows not yet written and all of them went out.
 */
async function recordAlert(
  db: Db,
  alert: { kind: PushAlertKind; articleId: string; updateId?: string; title: string },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(734201)`);
    const hourAgo = new Date(Date.now() - 3600_000);
    const [sentThisHour] = await tx
      .select({ n: count() })
      .from(pushAlerts)
      .where(and(gte(pushAlerts.createdAt, hourAgo), inArray(pushAlerts.status, ["sending", "sent"])));
    const capped = (sentThisHour?.n ?? 0) >= config().webPush.alertsPerHour;
    // Inserted only while the story (and update) still exist: one deleted meanwhile alerts nobody, and
    // the statement does not fail on the foreign key.
    const [row] = await rowsOf<{ id: string; status: "sending" | "capped" }>(
      tx,
      sql`
      insert into ${pushAlerts} (id, kind, article_id, update_id, title, status)
      select ${crypto.randomUUID()}, ${alert.kind}, ${alert.articleId}, ${alert.updateId ?? null}, ${alert.title},
        ${capped ? "capped" : "sending"}
      where exists (select 1 from ${articles} where ${articles.id} = ${alert.articleId})
        and (${alert.updateId ?? null}::text is null
          or exists (select 1 from ${liveUpdates} where ${liveUpdates.id} = ${alert.updateId ?? null}))
      on conflict do nothing
      returning id, status`,
    );
    return row ?? null;
  });
}

async function vapidSubject(db: Db): Promise<string> {
  const configured = config().webPush.subject;
  if (configured) return configured;
  const { siteUrl } = await getSettings(db);
  const https = [siteUrl, config().publicUrl ?? ""].find((url) => /^https:\/\/[^\s/]/i.test(url.trim()));
  // Push services may write to this address about the alerts; VAPID_SUBJECT names the newsroom's own.
  return https?.trim().replace(/\/+$/, "") ?? "mailto:webmaster@localhost";
}

/** Sends one recorded alert to every subscription following `topics`, and keeps what came of it. */
async function deliver(
  { db, push }: AlertServices,
  alertId: string,
  topics: string[],
  payload: AlertPayload,
): Promise<AlertOutcome> {
  const subscriptions = await subscriptionsFollowing(db, topics);
  // Nobody to alert: nothing to sign either.
  const [keys, subject] =
    subscriptions.length > 0 ? await Promise.all([vapidKeys(db), vapidSubject(db)]) : [null, ""];
  const body = JSON.stringify(payload);
  const outcome: AlertOutcome = {
    id: alertId,
    status: "sent",
    recipients: subscriptions.length,
    delivered: 0,
    failed: 0,
    removed: 0,
  };
  const deliveredTo: string[] = [];
  const gone: string[] = [];
  let next = 0;
  const sender = async () => {
    while (keys && next < subscriptions.length) {
      const subscription = subscriptions[next++]!;
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: ALERT_TTL_SECONDS,
            urgency: "high",
            contentEncoding: "aes128gcm",
            timeout: 10_000,
            // Public addresses only, checked after DNS (decision record 017).
            agent: push.agentFor(subscription.endpoint),
          },
        );
        deliveredTo.push(subscription.id);
      } catch (error) {
        const status = (error as Partial<WebPushError>).statusCode;
        if (status === 404 || status === 410) gone.push(subscription.id);
        else {
          outcome.failed++;
          if (outcome.failed === 1)
            logFor("push").warn(
              { alertId, status, err: status ? undefined : error },
              "a push service refused an alert",
            );
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, subscriptions.length) }, sender));
  outcome.delivered = deliveredTo.length;
  outcome.removed = gone.length;
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (deliveredTo.length > 0)
    await db
      .update(pushSubscriptions)
      .set({ lastDeliveredAt: new Date() })
      .where(inArray(pushSubscriptions.id, deliveredTo));
  await db
    .update(pushAlerts)
    .set({
      status: "sent",
      recipients: outcome.recipients,
      delivered: outcome.delivered,
      failed: outcome.failed,
      removed: outcome.removed,
    })
    .where(eq(pushAlerts.id, alertId));
  return outcome;
}

const cappedOutcome = (id: string): AlertOutcome => ({
  id,
  status: "capped",
  recipients: 0,
  delivered: 0,
  failed: 0,
  removed: 0,
});

/**
 * A story that is published as Breaking News alerts the readers who get breaking news, once. Call it
 * after any write that may have made it so (a save, a publish, the flag, the scheduler): it reads what
 * was committed and does nothing otherwise.
 */
export async function alertBreakingNews(
  services: AlertServices,
  articleId: string,
): Promise<AlertOutcome | null> {
  const { db } = services;
  const [story] = await db
    .select({ id: articles.id, slug: articles.slug, language: articles.language, title: articles.title })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished(), eq(articles.isTopStory, true)))
    .limit(1);
  if (!story) return null;
  const mainTag = await mainEditionTag(db);
  const alert = await recordAlert(db, { kind: "breaking", articleId: story.id, title: story.title });
  if (!alert) return null;
  if (alert.status === "capped") return cappedOutcome(alert.id);
  // Each edition's breaking news goes to its own readers, in its words (decision record 022, point 11).
  return deliver(services, alert.id, [breakingTopic(story.language, mainTag)], {
    title: messagesFor(story.language).t("script.push.breakingTitle"),
    body: story.title,
    url: storyPath(story, mainTag),
    tag: `story-${story.id}`,
  });
}

/**
 * A published update marked as an alert, on a live story readers can see, alerts the readers who follow
 * that story or get breaking news, once.
 */
export async function alertLiveUpdate(
  services: AlertServices,
  updateId: string,
): Promise<AlertOutcome | null> {
  const { db } = services;
  const [row] = await db
    .select({
      articleId: articles.id,
      slug: articles.slug,
      language: articles.language,
      storyTitle: articles.title,
      access: articles.access,
      title: liveUpdates.title,
      content: liveUpdates.content,
    })
    .from(liveUpdates)
    .innerJoin(articles, eq(articles.id, liveUpdates.articleId))
    .where(
      and(
        eq(liveUpdates.id, updateId),
        eq(liveUpdates.status, "published"),
        eq(liveUpdates.isAlert, true),
        isPublished(),
        sql`${articles.liveStartedAt} is not null and ${articles.liveEndedAt} is null`,
      ),
    )
    .limit(1);
  if (!row) return null;
  // A push goes to anonymous browsers: a gated story's update says only that there is one, as its page
  // and the live poll show readers without access no more than the preview (decision record 021), in
  // the story's words (decision record 022, point 11).
  const text =
    row.access === "public"
      ? row.title || truncate(stripHtml(row.content), 140)
      : messagesFor(row.language).t("alert.gatedUpdate");
  const alert = await recordAlert(db, { kind: "update", articleId: row.articleId, updateId, title: text });
  if (!alert) return null;
  if (alert.status === "capped") return cappedOutcome(alert.id);
  const mainTag = await mainEditionTag(db);
  const story = { id: row.articleId, slug: row.slug, language: row.language };
  return deliver(services, alert.id, [storyTopic(row.articleId), breakingTopic(row.language, mainTag)], {
    title: row.storyTitle,
    body: text,
    url: `${storyPath(story, mainTag)}#update-${updateId}`,
    tag: `story-${row.articleId}`,
  });
}

/** After a write that may have published Breaking News: sends its alert in the background. */
export const breakingNewsAlertMayBeDue = (services: AlertServices, articleId: string) =>
  inBackground(
    services.db,
    () => alertBreakingNews(services, articleId),
    "[push] a breaking-news alert could not be sent",
  );

/** After an update was published: sends its alert in the background when it is marked as one. */
export const liveUpdatePublished = (services: AlertServices, updateId: string) =>
  inBackground(
    services.db,
    () => alertLiveUpdate(services, updateId),
    "[push] a live update's alert could not be sent",
  );

/** The back office's figures: alerts and deliveries in the last day. */
export async function alertCounts(db: Db, since = new Date(Date.now() - 24 * 3600_000)) {
  const [row] = await db
    .select({
      alerts: sql<number>`count(*) filter (where ${pushAlerts.status} = 'sent')`.mapWith(Number),
      capped: sql<number>`count(*) filter (where ${pushAlerts.status} = 'capped')`.mapWith(Number),
      delivered: sql<number>`coalesce(sum(${pushAlerts.delivered}), 0)`.mapWith(Number),
      failed: sql<number>`coalesce(sum(${pushAlerts.failed}), 0)`.mapWith(Number),
      removed: sql<number>`coalesce(sum(${pushAlerts.removed}), 0)`.mapWith(Number),
    })
    .from(pushAlerts)
    .where(gte(pushAlerts.createdAt, since));
  return row ?? { alerts: 0, capped: 0, delivered: 0, failed: 0, removed: 0 };
}
