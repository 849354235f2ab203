/**
 * POST /resources/alerts — the reader script turns a browser's web push alerts on or off for a topic
 * (breaking news, or a live story). A form in, as every page and script of ours posts (decision record
 * 009): `intent` ("subscribe" | "unsubscribe"), `topic`, and the subscription as
 * `PushSubscription.toJSON()` gives it, flattened to `endpoint`, `p256dh` and `auth`. JSON out: the
 * topics the browser now follows, or `{ error }` with the refusal's status.
 */
import {
  countAlertChange,
  parseSubscription,
  subscribeToAlerts,
  unsubscribeFromAlerts,
} from "#app/domain/push/subscriptions.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/alerts";
import { formText } from "#app/lib/form";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

const field = (form: FormData, name: string) => formText(form.get(name));

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  await refuseReadersInMaintenance(request, context);
  try {
    // The body is bounded before this runs (server/request-body.ts: a public form's 64 KB).
    const form = await request.formData();
    const topic = field(form, "topic");
    const subscription = parseSubscription(context.services.push, {
      endpoint: field(form, "endpoint"),
      keys: { p256dh: field(form, "p256dh"), auth: field(form, "auth") },
    });
    await countAlertChange(context.db, context.clientIp);
    const topics =
      field(form, "intent") === "unsubscribe"
        ? await unsubscribeFromAlerts(context.db, subscription, topic)
        : await subscribeToAlerts(context.db, subscription, topic);
    return json({ topics });
  } catch (error) {
    if (isDomainError(error)) return json({ error: error.message }, statusOf(error));
    throw error;
  }
});
