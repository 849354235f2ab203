/**
 * POST /resources/alerts as the reader script calls it (a form: decision record 009): a browser's
 * subscription turned on and off for a topic, and every way a request that is not one is refused
 * (nothing stored). The browser journey tests/e2e/push-alerts.spec.ts posts it from a real page.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pushSubscriptions } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { BREAKING_TOPIC, storyTopic } from "#app/domain/push/push-topics";
import { SUBSCRIPTION_TEXT } from "#app/domain/push/subscriptions.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { UNREADABLE_FORM } from "#app/lib/http-errors.server";
import { args, BASE } from "#test-support/route-calls";
import { action } from "./alerts";
import type { Route } from "./+types/alerts";

const subscription = {
  endpoint: "https://fcm.googleapis.com/fcm/send/reader-phone-1",
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The form the reader script posts; a string is sent as it is, as a JSON body would be. */
async function send(body: { intent: string; topic: string; subscription: Partial<Subscription> } | string) {
  const request = new Request(`${BASE}/resources/alerts`, {
    method: "POST",
    ...(typeof body === "string"
      ? { headers: { "Content-Type": "application/json" }, body }
      : {
          body: new URLSearchParams({
            intent: body.intent,
            topic: body.topic,
            endpoint: body.subscription.endpoint ?? "",
            p256dh: body.subscription.keys?.p256dh ?? "",
            auth: body.subscription.keys?.auth ?? "",
          }),
        }),
  });
  const response = (await action(args<Route.ActionArgs>(request))) as Response;
  return { status: response.status, body: (await response.json()) as { topics?: string[]; error?: string } };
}

describe("turning alerts on and off", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminPassword: "unused-123" });
    forgetCachedSettings();
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  test("a browser subscribes to breaking news, then unsubscribes and nothing is kept", async () => {
    expect(await send({ intent: "subscribe", topic: BREAKING_TOPIC, subscription })).toEqual({
      status: 200,
      body: { topics: [BREAKING_TOPIC] },
    });
    // Subscribing twice keeps one row and one topic.
    await send({ intent: "subscribe", topic: BREAKING_TOPIC, subscription });
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(1);
    expect(await send({ intent: "unsubscribe", topic: BREAKING_TOPIC, subscription })).toEqual({
      status: 200,
      body: { topics: [] },
    });
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  test("what is not a subscription, a topic or JSON is refused and nothing is stored", async () => {
    const refused = [
      await send(JSON.stringify({ intent: "subscribe", topic: BREAKING_TOPIC, subscription })),
      await send({ intent: "subscribe", topic: BREAKING_TOPIC, subscription: { endpoint: "x" } }),
      await send({
        intent: "subscribe",
        topic: BREAKING_TOPIC,
        subscription: { ...subscription, endpoint: "http://fcm.googleapis.com/fcm/send/1" },
      }),
      await send({
        intent: "subscribe",
        topic: BREAKING_TOPIC,
        subscription: { ...subscription, endpoint: "https://169.254.169.254/latest/meta-data" },
      }),
      await send({ intent: "subscribe", topic: "everything", subscription }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(refused[0]!.body.error).toBe(UNREADABLE_FORM.message);
    expect(refused[1]!.body.error).toBe(SUBSCRIPTION_TEXT.invalid);
    const notLive = await send({ intent: "subscribe", topic: storyTopic(crypto.randomUUID()), subscription });
    expect(notLive).toEqual({ status: 400, body: { error: SUBSCRIPTION_TEXT.notLive } });
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  test("another browser that knows the endpoint can neither unsubscribe it nor replace its keys", async () => {
    await send({ intent: "subscribe", topic: BREAKING_TOPIC, subscription });
    const other = { ...subscription, keys: { p256dh: `B${"C".repeat(86)}`, auth: "C".repeat(22) } };
    for (const intent of ["unsubscribe", "subscribe"])
      expect(await send({ intent, topic: BREAKING_TOPIC, subscription: other })).toEqual({
        status: 403,
        body: { error: SUBSCRIPTION_TEXT.notThisBrowser },
      });
    const rows = await database.db.select().from(pushSubscriptions);
    expect(rows.map((r) => ({ p256dh: r.p256dh, auth: r.auth, topics: r.topics }))).toEqual([
      { ...subscription.keys, topics: [BREAKING_TOPIC] },
    ]);
    await send({ intent: "unsubscribe", topic: BREAKING_TOPIC, subscription });
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});
