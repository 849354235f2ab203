/**
 * POST /resources/alerts — the reader script turns a browser's web push alerts on or off for a topic
 * (breaking news, or a live story). JSON in: `{ intent: "subscribe" | "unsubscribe", topic, subscription }`
 * (the subscription as `PushSubscription.toJSON()` gives it); JSON out: the topics the browser now
 * follows, or `{ error }` with the refusal's status.
 */
import { config } from "#app/config.server";
import {
  countAlertChange,
  parseSubscription,
  subscribeToAlerts,
  unsubscribeFromAlerts,
} from "#app/domain/push/subscriptions.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { invalid, isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/alerts";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** A subscription is a few hundred bytes: anything much larger is not one. */
const MAX_BODY = 8 * 1024;

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.length > MAX_BODY) throw invalid("Too large.");
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw invalid("Expected JSON.");
}

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  await refuseReadersInMaintenance(request, context);
  try {
    const body = await readBody(request);
    const topic = typeof body.topic === "string" ? body.topic : "";
    // Loopback push services are for tests only: a reader could otherwise point the server at itself.
    const rules = { allowLoopback: config().env === "test" };
    const subscription = parseSubscription(body.subscription, rules);
    await countAlertChange(context.db, context.clientIp);
    const topics =
      body.intent === "unsubscribe"
        ? await unsubscribeFromAlerts(context.db, subscription.endpoint, topic)
        : await subscribeToAlerts(context.db, subscription, topic);
    return json({ topics });
  } catch (error) {
    if (isDomainError(error)) return json({ error: error.message }, statusOf(error));
    throw error;
  }
});
