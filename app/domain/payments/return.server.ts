/**
 * The reader's return from the provider's page (`/account/checkout/return?reference=…`): the provider is
 * asked what the reference came to (the address itself proves nothing), the payment is confirmed as the
 * webhook would, and the reader is told where they stand.
 */
import { getSettings } from "#app/domain/settings/settings.server";
import { DomainError } from "#app/lib/errors";
import type { Services } from "#app/services.server";
import { confirmPayment, type Confirmation } from "./checkout.server";
import { PAYMENT_TEXT } from "./payment-text";
import { PaymentProviderError } from "./provider.server";
import { siteDateTime } from "./receipt.server";

export interface CheckoutOutcome {
  ok: boolean;
  title: string;
  message: string;
  status: number;
}

export async function returnFromCheckout(
  services: Pick<Services, "db" | "mailer" | "clock" | "payments">,
  reference: string,
): Promise<CheckoutOutcome> {
  const provider = services.payments;
  if (!provider) throw new DomainError("unavailable", PAYMENT_TEXT.notSetUp);
  if (!/^nd-[0-9a-f]{24}$/.test(reference)) return problem(PAYMENT_TEXT.unknown, 404);
  let confirmation: Confirmation;
  try {
    confirmation = await confirmPayment(services, reference, await provider.verify(reference), "return");
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Paystack answers 400 for a reference it never saw; any other fault may pass: the webhook will come.
    return error.status === 400 ? problem(PAYMENT_TEXT.unknown, 404) : problem(PAYMENT_TEXT.pending, 200);
  }
  return outcomeOf(services, confirmation);
}

const problem = (message: string, status: number): CheckoutOutcome => ({
  ok: false,
  title: PAYMENT_TEXT.paymentTitle,
  message,
  status,
});

async function outcomeOf(
  services: Pick<Services, "db">,
  confirmation: Confirmation,
): Promise<CheckoutOutcome> {
  switch (confirmation.outcome) {
    case "unknown":
      return problem(PAYMENT_TEXT.unknown, 404);
    case "pending":
      return problem(PAYMENT_TEXT.pending, 200);
    case "failed":
      return problem(PAYMENT_TEXT.failed, 200);
    case "mismatch":
      return problem(PAYMENT_TEXT.mismatch, 200);
  }
  const { payment, pass } = confirmation;
  if (payment.status === "refunded") return problem(PAYMENT_TEXT.refunded, 200);
  const done = { ok: true, title: PAYMENT_TEXT.paymentTitle, status: 200 };
  if (!pass) return { ...done, message: PAYMENT_TEXT.donationThanks };
  const settings = await getSettings(services.db);
  return { ...done, message: PAYMENT_TEXT.passActive(pass.plan, siteDateTime(pass.endsAt, settings)) };
}
