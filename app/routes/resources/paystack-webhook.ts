/**
 * POST /webhooks/paystack: Paystack's word that a charge succeeded (decision record 021). The edge lets
 * this one JSON body through raw, from anywhere (server/security.ts); what allows it is its signature over
 * the exact bytes. 401 without a good signature, 400 for a body that is not JSON, and 200 once handled,
 * also for events we do not act on (Paystack retries anything else). Confirming is exactly once, whoever
 * comes first: this, the same webhook again, or the reader's return (checkout.server.ts).
 */
import { confirmPayment } from "#app/domain/payments/checkout.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/paystack-webhook";

const text = (body: string, status: number) =>
  new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export const loader = withDomainErrors(async () => text("Method not allowed.", 405));

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return text("Method not allowed.", 405);
  const provider = context.services.payments;
  if (!provider || provider.name !== "paystack") return text("Payments are not set up.", 404);
  const event = provider.parseWebhook(new Uint8Array(await request.arrayBuffer()), request.headers);
  if ("refused" in event)
    return event.refused === "signature" ? text("Bad signature.", 401) : text("Unreadable event.", 400);
  if (event.event === "charge.success" && event.payment)
    await confirmPayment(context.services, event.payment.reference, event.payment, "webhook");
  return text("OK", 200);
});
