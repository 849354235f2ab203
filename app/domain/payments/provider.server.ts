/**
 * The one small interface every payment provider meets (decision record 021, point 5): start a checkout,
 * verify a reference, refund, and check a webhook. Paystack is the first (`paystack.server.ts`); Hubtel can
 * follow without the checkout's rules changing. Amounts are integers in the currency's smallest unit
 * (pesewas for GHS).
 */

export interface CheckoutRequest {
  email: string;
  amount: number;
  currency: string;
  /** Ours (`nd_` and random): it names the payment at the provider and back. */
  reference: string;
  callbackUrl: string;
  channels: string[];
  metadata: Record<string, unknown>;
}

/** What the provider says a reference came to. `status` is theirs, lower-cased; `success` means paid. */
export interface VerifiedPayment {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  channel: string;
  transactionId: string;
  paidAt: Date | null;
}

/** A webhook whose signature held: the event's name and, for a charge, what it says was paid. */
export type WebhookEvent = { event: string; payment: VerifiedPayment | null };

/** Why a webhook was not taken: no or a wrong signature (401), or a body that is not JSON (400). */
export type WebhookRefusal = { refused: "signature" | "unreadable" };

export interface PaymentProvider {
  /** Stored in `payments.provider`. */
  readonly name: string;
  initialize(request: CheckoutRequest): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<VerifiedPayment>;
  /** Refunds the whole payment unless `amount` says less; resolves once the provider accepted it. */
  refund(referenceOrTransactionId: string, amount?: number): Promise<void>;
  /** Checks the signature over the exact bytes received before anything in them is believed. */
  parseWebhook(rawBody: Uint8Array, headers: Headers): WebhookEvent | WebhookRefusal;
}

/** A provider that could not be reached or refused a call: the reader is told to try again later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
