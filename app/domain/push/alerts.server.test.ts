/**
 * Breaking-news alerts sent by web push, end to end against a push service started here that checks
 * the VAPID signature and decrypts each message with the subscribing browser's own keys (RFC 8291):
 * what a reader's phone would get, how often, and what becomes of a browser that unsubscribed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#app/db/testing.server";
import { articles, pushAlerts, pushSubscriptions, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { articleInput, staff } from "#app/domain/articles/article-testing.server";
import { saveArticle, setArticleFlag } from "#app/domain/articles/admin.server";
import { postLiveUpdate, startLiveCoverage } from "#app/domain/live/live.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { alertCounts, alertsSettled, usePushAgent } from "./alerts.server";
import { vapidKeys } from "./keys.server";
import { startPushService, type TestPushService } from "./push-service-testing.server";
import { BREAKING_TOPIC, PUSH_TEXT, storyTopic } from "./push-topics";
import {
  isAcceptableEndpoint,
  parseSubscription,
  subscribeToAlerts,
  subscriberCounts,
  unsubscribeFromAlerts,
} from "./subscriptions.server";

describe.each(TEST_ENGINES)("breaking-news alerts on %s", (engine) => {
  let database: TestDatabase;
  let push: TestPushService;
  const editor = staff("editor", "Efua");
  const writer = staff("writer", "Kofi");

  /** A browser that subscribed through the reader script, following `topics`. */
  async function browserFollowing(...topics: string[]) {
    const subscription = push.subscribe();
    const parsed = parseSubscription(subscription, { allowLoopback: true });
    for (const topic of topics) await subscribeToAlerts(database.db, parsed, topic);
    return subscription;
  }

  /** What reached `endpoint`, decrypted. */
  const arrivedAt = (endpoint: string) =>
    push.received.filter((message) => message.endpoint === endpoint).map((m) => JSON.parse(m.payload));

  async function publishBreaking(title: string) {
    const saved = await saveArticle(
      database.db,
      editor,
      articleInput({ title, status: "published", isTopStory: true }),
    );
    await alertsSettled(database.db);
    return saved.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "unused-123" });
    await database.db
      .insert(users)
      .values([editor, writer].map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role! })));
    forgetCachedSettings();
    push = await startPushService();
    usePushAgent(push.agent);
    // Browsers bind a subscription to the key they subscribed with: the service holds us to ours.
    push.expectVapidPublicKey((await vapidKeys(database.db)).publicKey);
  }, 60_000);
  afterAll(async () => {
    usePushAgent(undefined);
    forgetCachedSettings();
    await push?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    push.received.length = 0;
    await database.db.delete(pushSubscriptions);
    await database.db.delete(pushAlerts);
  });

  test("a breaking story reaches a subscribed browser exactly once, an unsubscribed one never", async () => {
    const subscribed = await browserFollowing(BREAKING_TOPIC);
    const otherTopic = await browserFollowing(storyTopic(crypto.randomUUID())).catch(() => null);
    const leftAgain = await browserFollowing(BREAKING_TOPIC);
    await unsubscribeFromAlerts(database.db, leftAgain.endpoint, BREAKING_TOPIC);

    const id = await publishBreaking("Parliament passes the 2027 budget");
    // Saved again, flagged again: still one alert for the story.
    await saveArticle(
      database.db,
      editor,
      articleInput({ title: "Parliament passes the 2027 budget", status: "published", isTopStory: true }),
      id,
    );
    await setArticleFlag(database.db, editor, id, "isTopStory", true);
    await alertsSettled(database.db);

    expect(arrivedAt(subscribed.endpoint)).toEqual([
      {
        title: PUSH_TEXT.breakingTitle,
        body: "Parliament passes the 2027 budget",
        url: expect.stringMatching(/^\/article\/parliament-passes/),
        tag: `story-${id}`,
      },
    ]);
    expect(arrivedAt(leftAgain.endpoint)).toEqual([]);
    // A topic for a story that is not live is refused outright.
    expect(otherTopic).toBeNull();
    expect(push.received).toHaveLength(1);
    expect(push.received[0]!.urgency).toBe("high");
    expect(await alertCounts(database.db)).toMatchObject({ alerts: 1, delivered: 1, removed: 0 });
  });

  test("a story that is not Breaking News, or not published, alerts nobody", async () => {
    await browserFollowing(BREAKING_TOPIC);
    await saveArticle(database.db, editor, articleInput({ title: "Ordinary news", status: "published" }));
    await saveArticle(
      database.db,
      editor,
      articleInput({ title: "A draft", status: "draft", isTopStory: true }),
    );
    await alertsSettled(database.db);
    expect(push.received).toEqual([]);
  });

  test("an expired subscription (410) is removed and counted", async () => {
    const gone = await browserFollowing(BREAKING_TOPIC);
    const kept = await browserFollowing(BREAKING_TOPIC);
    push.expire(gone.endpoint);
    await publishBreaking("Floods close the Kumasi road");
    const rows = await database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(rows.map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(arrivedAt(kept.endpoint)).toHaveLength(1);
    expect(await alertCounts(database.db)).toMatchObject({ alerts: 1, delivered: 1, removed: 1 });
  });

  test("a live update marked as an alert reaches the story's followers once; a writer's mark is ignored", async () => {
    const [story] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.status, "published"))
      .limit(1);
    await database.db.update(articles).set({ authorId: writer.id }).where(eq(articles.id, story!.id));
    await startLiveCoverage(database.db, editor, story!.id);
    await database.db
      .update(articles)
      .set({ writersPostLiveDirectly: true })
      .where(eq(articles.id, story!.id));
    const follower = await browserFollowing(storyTopic(story!.id));
    const bystander = await browserFollowing(storyTopic(story!.id));
    await unsubscribeFromAlerts(database.db, bystander.endpoint, storyTopic(story!.id));

    await postLiveUpdate(database.db, editor, story!.id, { title: "", content: "<p>No alert.</p>" });
    await postLiveUpdate(database.db, writer, story!.id, {
      title: "A writer's alert",
      content: "<p>Writers cannot send alerts.</p>",
      isAlert: "on",
    });
    const update = await postLiveUpdate(database.db, editor, story!.id, {
      title: "Black Stars score",
      content: "<p>Ghana lead 1-0.</p>",
      isAlert: "on",
    });
    await alertsSettled(database.db);

    const [message] = arrivedAt(follower.endpoint);
    expect(arrivedAt(follower.endpoint)).toHaveLength(1);
    expect(message).toMatchObject({
      body: "Black Stars score",
      url: expect.stringMatching(`#update-${update.id}$`),
    });
    expect(arrivedAt(bystander.endpoint)).toEqual([]);
    expect(await subscriberCounts(database.db)).toEqual({ browsers: 1, breaking: 0 });
  });

  test("past the hour's cap an alert is recorded, not sent", async () => {
    await browserFollowing(BREAKING_TOPIC);
    await database.db
      .insert(pushAlerts)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          kind: "update" as const,
          title: `Earlier ${i}`,
          status: "sent" as const,
        })),
      );
    await publishBreaking("One alert too many");
    expect(push.received).toEqual([]);
    expect(await alertCounts(database.db)).toMatchObject({ alerts: 6, capped: 1 });
  });
});

describe("a push service's address", () => {
  test("browsers' push services are taken; plain http, this machine and private networks are not", () => {
    expect(isAcceptableEndpoint("https://fcm.googleapis.com/fcm/send/abc:def")).toBe(true);
    expect(isAcceptableEndpoint("https://updates.push.services.mozilla.com/wpush/v2/gAAAA")).toBe(true);
    expect(isAcceptableEndpoint("https://web.push.apple.com/QGuQyavXutnMH")).toBe(true);
    for (const refused of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1:8443/push",
      "https://localhost/push",
      "https://10.0.0.5/push",
      "https://192.168.1.1/push",
      "https://172.20.0.1/push",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/push",
      "https://[fd00::1]/push",
      "https://user:secret@fcm.googleapis.com/x",
      "not a url",
      `https://fcm.googleapis.com/${"x".repeat(2100)}`,
    ])
      expect(isAcceptableEndpoint(refused), refused).toBe(false);
    expect(isAcceptableEndpoint("https://127.0.0.1:8443/push", { allowLoopback: true })).toBe(true);
  });
});
