/**
 * Readers' browsers that asked for alerts. A subscription is what the browser's push manager gives
 * (RFC 8030 endpoint, RFC 8291 keys): one row per endpoint, with the topics it follows. Subscribing
 * again adds topics; unsubscribing from the last one deletes the row, so nothing is kept about a
 * reader who wants nothing.
 */
import { and, arrayOverlaps, count, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, pushSubscriptions } from "#app/db/schema";
import { isPublished } from "#app/domain/articles/published.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { forbidden, invalid, rateLimited } from "#app/lib/errors";
import type { PushNetwork } from "./push-network.server";
import { isTopic, storyOfTopic } from "./push-topics";

export const SUBSCRIPTION_TEXT = {
  invalid: "This browser's alert subscription could not be read.",
  tooMany: "Too many alert changes from this address. Please try again later.",
  unknownTopic: "There are no alerts of that kind.",
  notLive: "This story has no live coverage to follow.",
  notThisBrowser: "These alerts belong to another browser's subscription and were not changed.",
} as const;

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A P-256 public key (65 bytes) and an auth secret (16 bytes), URL-safe base64 as browsers give them. */
const P256DH = /^[A-Za-z0-9_-]{87}={0,1}$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;
const MAX_ENDPOINT = 2048;

/**
 * A push service's address: https, and its host a public one (push-network.server.ts). Anyone may
 * subscribe, and the server posts to what they send, so this is what keeps it from being pointed at
 * this machine or internal services; the address connected to is checked again when sending.
 */
export function isAcceptableEndpoint(push: PushNetwork, endpoint: string): boolean {
  if (endpoint.length > MAX_ENDPOINT || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || url.username || url.password) return false;
  return push.isAllowedHost(url);
}

/** The subscription as the reader script posts it, checked; throws `invalid` otherwise. */
export function parseSubscription(push: PushNetwork, value: unknown): SubscriptionInput {
  const v = value as Partial<SubscriptionInput> | null;
  const endpoint = typeof v?.endpoint === "string" ? v.endpoint : "";
  const p256dh = typeof v?.keys?.p256dh === "string" ? v.keys.p256dh : "";
  const auth = typeof v?.keys?.auth === "string" ? v.keys.auth : "";
  if (!isAcceptableEndpoint(push, endpoint) || !P256DH.test(p256dh) || !AUTH.test(auth))
    throw invalid(SUBSCRIPTION_TEXT.invalid);
  return { endpoint, keys: { p256dh, auth } };
}

/** A topic a reader may follow now: breaking news, or a published story whose coverage is running. */
async function checkTopic(db: DbOrTx, topic: string) {
  if (!isTopic(topic)) throw invalid(SUBSCRIPTION_TEXT.unknownTopic);
  const storyId = storyOfTopic(topic);
  if (!storyId) return;
  const [live] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.id, storyId),
        isPublished(),
        isNotNull(articles.liveStartedAt),
        sql`${articles.liveEndedAt} is null`,
      ),
    )
    .limit(1);
  if (!live) throw invalid(SUBSCRIPTION_TEXT.notLive);
}

/**
 * Adds `topic` to this browser's alerts (made on its first topic). An endpoint already subscribed is
 * changed only by the browser that holds it: the request must carry the same keys, whose `auth`
 * secret never leaves that browser and our database (endpoints are less secret: push services, logs
 * and proxies see them). Keys are never replaced: a browser with new keys has a new endpoint.
 */
export async function subscribeToAlerts(
  db: DbOrTx,
  subscription: SubscriptionInput,
  topic: string,
): Promise<string[]> {
  await checkTopic(db, topic);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      topics: [topic],
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // A topic is added once.
      set: {
        topics: sql`(select array_agg(distinct t order by t) from unnest(${pushSubscriptions.topics} || array[${topic}]::text[]) as t)`,
      },
      setWhere: and(
        eq(pushSubscriptions.auth, subscription.keys.auth),
        eq(pushSubscriptions.p256dh, subscription.keys.p256dh),
      ),
    })
    .returning({ topics: pushSubscriptions.topics });
  // No row: the endpoint is subscribed with other keys, and this request cannot prove it holds them.
  if (!row) throw forbidden(SUBSCRIPTION_TEXT.notThisBrowser);
  return row.topics;
}

/**
 * Takes `topic` from this browser's alerts; with none left, the subscription goes. Only the browser
 * that holds the subscription may: the request carries its `auth` secret (see `subscribeToAlerts`).
 */
export async function unsubscribeFromAlerts(
  db: DbOrTx,
  subscription: SubscriptionInput,
  topic: string,
): Promise<string[]> {
  if (!isTopic(topic)) throw invalid(SUBSCRIPTION_TEXT.unknownTopic);
  const { endpoint } = subscription;
  const [row] = await db
    .update(pushSubscriptions)
    .set({ topics: sql`array_remove(${pushSubscriptions.topics}, ${topic})` })
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.auth, subscription.keys.auth)))
    .returning({ topics: pushSubscriptions.topics });
  if (!row) {
    const [other] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
      .limit(1);
    // Unknown endpoint: nothing to take away. Known with another secret: not this browser's to change.
    if (other) throw forbidden(SUBSCRIPTION_TEXT.notThisBrowser);
    return [];
  }
  if (row.topics.length === 0)
    await db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.endpoint, endpoint), sql`cardinality(${pushSubscriptions.topics}) = 0`),
      );
  return row.topics;
}

/** The subscriptions that follow any of `topics`. */
export function subscriptionsFollowing(db: DbOrTx, topics: string[]) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(arrayOverlaps(pushSubscriptions.topics, topics));
}

/** Browsers subscribed, and those of them that get breaking news. */
export async function subscriberCounts(db: DbOrTx) {
  const [row] = await db
    .select({
      browsers: count(),
      breaking: sql<number>`count(*) filter (where 'breaking' = any(${pushSubscriptions.topics}))`.mapWith(
        Number,
      ),
    })
    .from(pushSubscriptions);
  return { browsers: row?.browsers ?? 0, breaking: row?.breaking ?? 0 };
}

/** Alert changes from one address an hour: a reader turns a few on and off; a script is held back. */
export const ALERT_CHANGES_PER_CLIENT: RateLimit = { limit: 30, windowMs: 60 * 60 * 1000 };

/** Counts one change against the reader's address; throws `rateLimited` over the limit. */
export async function countAlertChange(db: DbOrTx, ip: string) {
  if (!(await consumeRateLimit(db, addressKey("push", ip), ALERT_CHANGES_PER_CLIENT)))
    throw rateLimited(SUBSCRIPTION_TEXT.tooMany);
}
