/**
 * Breaking-news alerts sent by web push, end to end against a push service started here that checks
 * the VAPID signature and decrypts each message with the subscribing browser's own keys (RFC 8291):
 * what a reader's phone would get, how often, and what becomes of a browser that unsubscribed.
 */
import https from "node:https";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { articles, editions, liveUpdates, pushAlerts, pushSubscriptions, users } from "#app/db/schema";
import { loadCatalogue } from "#app/i18n/messages.server";
import { seedDatabase } from "#app/db/seed.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { saveArticle, setArticleFlag } from "#app/domain/articles/admin.server";
import { postLiveUpdate, startLiveCoverage } from "#app/domain/live/live.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { alertCounts, alertLiveUpdate, alertsSettled } from "./alerts.server";
import { vapidKeys } from "./keys.server";
import { createPushNetwork, isPublicAddress, PrivateAddressError } from "./push-network.server";
import { startPushService, type TestPushService } from "#test-support/push-service-double";
import { BREAKING_TOPIC, breakingTopic, PUSH_TEXT, storyTopic } from "./push-topics";
import {
  isAcceptableEndpoint,
  parseSubscription,
  SUBSCRIPTION_TEXT,
  subscribeToAlerts,
  subscriberCounts,
  unsubscribeFromAlerts,
} from "./subscriptions.server";
import type { Services } from "#app/services.server";
import { testServices } from "#test-support/services";

/** Public push services only, as every real site sends (no test service let through). */
const PUBLIC_ONLY = createPushNetwork();

describe.each(TEST_ENGINES)("breaking-news alerts on %s", (engine) => {
  let database: TestDatabase;
  let push: TestPushService;
  /** The suite's services: their push network lets the test's push service through, and no other. */
  let services: Services;
  const editor = staff("editor", "Efua");
  const writer = staff("writer", "Kofi");

  /** A browser that subscribed through the reader script, following `topics`. */
  async function browserFollowing(...topics: string[]) {
    const subscription = push.subscribe();
    const parsed = parseSubscription(services.push, subscription);
    for (const topic of topics) await subscribeToAlerts(database.db, parsed, topic);
    return subscription;
  }

  /** What reached `endpoint`, decrypted. */
  const arrivedAt = (endpoint: string) =>
    push.received.filter((message) => message.endpoint === endpoint).map((m) => JSON.parse(m.payload));

  async function publishBreaking(title: string) {
    const saved = await saveArticle(
      services,
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
    // Its origin, and no other loopback address, is let through (push-network.server.ts).
    services = testServices(database.db, { pushService: push });
    // Browsers bind a subscription to the key they subscribed with: the service holds us to ours.
    push.expectVapidPublicKey((await vapidKeys(database.db)).publicKey);
  }, 60_000);
  afterAll(async () => {
    services?.push.close();
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
    await unsubscribeFromAlerts(database.db, leftAgain, BREAKING_TOPIC);

    const id = await publishBreaking("Parliament passes the 2027 budget");
    // Saved again, flagged again: still one alert for the story.
    await saveArticle(
      services,
      editor,
      articleInput({ title: "Parliament passes the 2027 budget", status: "published", isTopStory: true }),
      id,
    );
    await setArticleFlag(services, editor, id, "isTopStory", true);
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

  test("an edition's breaking story reaches that edition's followers alone, in its catalogue's words", async () => {
    // A tag no shipped catalogue has, given one message (decision record 022, point 11).
    const tag = "qpa";
    loadCatalogue(tag, { "script.push.breakingTitle": "⟦Breaking News⟧" });
    await database.db.insert(editions).values({ tag, name: "Pseudo", enabled: true, position: 9 });
    expect(breakingTopic(tag, "en")).toBe(`breaking:${tag}`);
    const editionReader = await browserFollowing(breakingTopic(tag, "en"));
    const mainReader = await browserFollowing(BREAKING_TOPIC);

    const { id } = await saveArticle(
      services,
      editor,
      articleInput({ title: "Kumasi market reopens", status: "published", isTopStory: true, language: tag }),
    );
    await alertsSettled(database.db);

    expect(arrivedAt(editionReader.endpoint)).toEqual([
      {
        title: "⟦Breaking News⟧",
        body: "Kumasi market reopens",
        url: expect.stringMatching(new RegExp(`^/${tag}/article/kumasi-market-reopens`)),
        tag: `story-${id}`,
      },
    ]);
    expect(arrivedAt(mainReader.endpoint)).toEqual([]);
    await database.db.delete(articles).where(eq(articles.id, id));
    await database.db.delete(editions).where(eq(editions.tag, tag));
  });

  test("a story that is not Breaking News, or not published, alerts nobody", async () => {
    await browserFollowing(BREAKING_TOPIC);
    await saveArticle(services, editor, articleInput({ title: "Ordinary news", status: "published" }));
    await saveArticle(
      services,
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
    await unsubscribeFromAlerts(database.db, bystander, storyTopic(story!.id));

    await postLiveUpdate(services, editor, story!.id, { title: "", content: "<p>No alert.</p>" });
    await postLiveUpdate(services, writer, story!.id, {
      title: "A writer's alert",
      content: "<p>Writers cannot send alerts.</p>",
      isAlert: "on",
    });
    const update = await postLiveUpdate(services, editor, story!.id, {
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

    // Made a story for paying readers: its alerts go to anonymous browsers, so they carry none of its words.
    await database.db.update(articles).set({ access: "paid" }).where(eq(articles.id, story!.id));
    const gated = await postLiveUpdate(services, editor, story!.id, {
      title: "Second goal for the pass holders",
      content: "<p>Ghana lead 2-0.</p>",
      isAlert: "on",
    });
    await alertsSettled(database.db);
    expect(arrivedAt(follower.endpoint)).toHaveLength(2);
    expect(arrivedAt(follower.endpoint)[1]).toMatchObject({
      body: "New update on this story.",
      url: expect.stringMatching(`#update-${gated.id}$`),
    });
    expect(JSON.stringify(arrivedAt(follower.endpoint)[1])).not.toMatch(/pass holders|2-0/);
  });

  test("past the hour's cap an alert is recorded, not sent", async () => {
    await browserFollowing(BREAKING_TOPIC);
    await database.db.insert(pushAlerts).values(
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

  /** A published story with live coverage running and `n` published updates marked as alerts. */
  async function liveStoryWithAlertUpdates(n: number) {
    const [story] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.status, "published"))
      .limit(1);
    await database.db
      .update(articles)
      .set({ liveStartedAt: new Date(), liveEndedAt: null })
      .where(eq(articles.id, story!.id));
    // Written directly: posting them would send each one's alert there and then.
    const updates = await database.db
      .insert(liveUpdates)
      .values(
        Array.from({ length: n }, (_, i) => ({
          articleId: story!.id,
          title: `Update ${i} ${crypto.randomUUID()}`,
          content: `<p>Update ${i}.</p>`,
          isAlert: true,
        })),
      )
      .returning({ id: liveUpdates.id });
    return { storyId: story!.id, updateIds: updates.map((u) => u.id) };
  }

  test("alerts recorded at the same moment still stop at the hour's cap", async () => {
    const follower = await browserFollowing(BREAKING_TOPIC);
    // Four sent this hour, a cap of six: of eight alerts at once, two go out and six are capped.
    await database.db.insert(pushAlerts).values(
      Array.from({ length: 4 }, (_, i) => ({
        kind: "update" as const,
        title: `Earlier ${i}`,
        status: "sent" as const,
      })),
    );
    const { updateIds } = await liveStoryWithAlertUpdates(8);
    const outcomes = await Promise.all(updateIds.map((id) => alertLiveUpdate(services, id)));
    expect(outcomes.map((o) => o?.status).sort()).toEqual([...Array(6).fill("capped"), "sent", "sent"]);
    expect(arrivedAt(follower.endpoint)).toHaveLength(2);
    expect(await alertCounts(database.db)).toMatchObject({ alerts: 6, capped: 6 });
  });

  test("only the browser holding a subscription (its auth secret) can change its topics or keys", async () => {
    const reader = await browserFollowing(BREAKING_TOPIC);
    const intruder = push.subscribe();
    const stolenEndpoint = { endpoint: reader.endpoint, keys: intruder.keys };
    const withReadersKey = {
      endpoint: reader.endpoint,
      keys: { ...intruder.keys, p256dh: reader.keys.p256dh },
    };
    const stored = () =>
      database.db
        .select({
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          topics: pushSubscriptions.topics,
        })
        .from(pushSubscriptions);
    const before = await stored();

    for (const attempt of [stolenEndpoint, withReadersKey]) {
      await expect(unsubscribeFromAlerts(database.db, attempt, BREAKING_TOPIC)).rejects.toThrow(
        SUBSCRIPTION_TEXT.notThisBrowser,
      );
      await expect(subscribeToAlerts(database.db, attempt, BREAKING_TOPIC)).rejects.toThrow(
        SUBSCRIPTION_TEXT.notThisBrowser,
      );
    }
    expect(await stored()).toEqual(before);

    // The alert still reaches the reader, decrypted with the keys they subscribed with.
    await publishBreaking("Cedi steadies after a week of losses");
    expect(arrivedAt(reader.endpoint)).toHaveLength(1);
    // The reader's own browser proves it and leaves.
    expect(await unsubscribeFromAlerts(database.db, reader, BREAKING_TOPIC)).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  test("a push endpoint on this machine or a private network gets no connection when an alert is sent", async () => {
    // A listener standing in for a service on this machine: it counts every connection made to it.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as AddressInfo;
    const endpoints = [
      `https://127.0.0.1:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      `https://[::7f00:1]:${port}/push`,
      `https://localhost:${port}/push`, // a name that resolves to 127.0.0.1
      "https://[::ffff:a9fe:a9fe]/latest/meta-data", // 169.254.169.254
      "https://100.64.0.1/push",
    ];
    try {
      // The listener does count a connection to a mapped address (the check below is not vacuous).
      await new Promise<void>((resolve) => {
        https
          .get(`https://[::ffff:127.0.0.1]:${port}/`, { agent: new https.Agent() })
          .on("error", () => resolve());
      });
      expect(connections).toBe(1);
      connections = 0;

      // Stored before this check existed, or by a name whose DNS changed since: the sender refuses them.
      const key = push.subscribe().keys;
      await database.db.insert(pushSubscriptions).values(
        endpoints.map((endpoint) => ({
          endpoint,
          p256dh: key.p256dh,
          auth: key.auth,
          topics: [BREAKING_TOPIC],
        })),
      );
      await publishBreaking("Harbour fire under control");
      expect(await alertCounts(database.db)).toMatchObject({
        alerts: 1,
        delivered: 0,
        failed: endpoints.length,
      });
      expect(connections).toBe(0);
      // Refused before connecting (not a refused or unreachable connection): no address is tried.
      for (const endpoint of endpoints) {
        const error = await new Promise<Error>((resolve) => {
          https.get(endpoint, { agent: services.push.agentFor(endpoint) }).on("error", resolve);
        });
        expect(error, endpoint).toBeInstanceOf(PrivateAddressError);
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});

describe("a push service's address", () => {
  test("browsers' push services are taken; plain http, this machine and private networks are not", () => {
    expect(isAcceptableEndpoint(PUBLIC_ONLY, "https://fcm.googleapis.com/fcm/send/abc:def")).toBe(true);
    expect(
      isAcceptableEndpoint(PUBLIC_ONLY, "https://updates.push.services.mozilla.com/wpush/v2/gAAAA"),
    ).toBe(true);
    expect(isAcceptableEndpoint(PUBLIC_ONLY, "https://web.push.apple.com/QGuQyavXutnMH")).toBe(true);
    expect(isAcceptableEndpoint(PUBLIC_ONLY, "https://[2607:f8b0:4004:c07::5f]/fcm/send/abc")).toBe(true);
    expect(isAcceptableEndpoint(PUBLIC_ONLY, "https://142.250.180.10/fcm/send/abc")).toBe(true);
    for (const refused of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1:8443/push",
      "https://localhost/push",
      "https://push.localhost/push",
      "https://router.local/push",
      "https://intranet/push",
      "https://10.0.0.5/push",
      "https://192.168.1.1/push",
      "https://172.20.0.1/push",
      "https://169.254.169.254/latest/meta-data",
      "https://0x7f.1/push",
      "https://2130706433/push",
      "https://[::1]/push",
      "https://[fd00::1]/push",
      "https://[fe80::1]/push",
      // What the pattern this replaced let through:
      "https://[::ffff:127.0.0.1]:4443/x",
      "https://[::ffff:a9fe:a9fe]/latest/meta-data",
      "https://[::7f00:1]/push",
      "https://100.64.0.1/push",
      "https://[64:ff9b::7f00:1]/push",
      "https://198.18.0.1/push",
      "https://user:secret@fcm.googleapis.com/x",
      "not a url",
      `https://fcm.googleapis.com/${"x".repeat(2100)}`,
    ])
      expect(isAcceptableEndpoint(PUBLIC_ONLY, refused), refused).toBe(false);
  });

  test("the test's own push service is let through only when the test says so, and only its origin", async () => {
    const push = await startPushService();
    try {
      const endpoint = push.subscribe().endpoint;
      expect(isAcceptableEndpoint(PUBLIC_ONLY, endpoint)).toBe(false);
      const network = createPushNetwork({ testService: push });
      expect(isAcceptableEndpoint(network, endpoint)).toBe(true);
      const port = Number(new URL(push.origin).port);
      expect(isAcceptableEndpoint(network, `https://127.0.0.1:${port + 1}/push/x`)).toBe(false);
      expect(isAcceptableEndpoint(network, `https://localhost:${port}/push/x`)).toBe(false);
      network.close();
      expect(() =>
        createPushNetwork({ testService: { origin: "https://fcm.googleapis.com", certificate: "" } }),
      ).toThrow();
    } finally {
      await push.close();
    }
  });

  test("addresses are public only when they are global unicast", () => {
    for (const address of ["8.8.8.8", "142.250.180.10", "2607:f8b0:4004:c07::5f", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "169.254.169.254",
      "172.31.255.255",
      "192.0.2.1",
      "192.168.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::7f00:1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "2001:db8::1",
      "fc00::1",
      "fe80::1",
      "ff02::1",
      "localhost",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
