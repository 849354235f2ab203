/**
 * Paystack behind `PaymentProvider` (decision record 021): its Redirect API (`POST /transaction/initialize`,
 * `GET /transaction/verify/:reference`), `POST /refund`, and its webhooks, signed with
 * `x-paystack-signature`, the hex HMAC-SHA512 of the raw body keyed with the secret key. Every call
 * carries the secret key as a Bearer token and has a deadline; a refusal or a fault becomes a
 * `PaymentProviderError` with one log line.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { logFor } from "#app/lib/log.server";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentProvider,
  type VerifiedPayment,
  type WebhookEvent,
  type WebhookRefusal,
} from "./provider.server";

export interface PaystackSettings {
  secretKey: string;
  apiUrl: string;
  /** How long one call may take (tests shorten it). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

/** Paystack's envelope: `{ status, message, data }`. */
interface Envelope {
  status?: boolean;
  message?: string;
  data?: unknown;
}

interface TransactionData {
  id?: number | string;
  status?: string;
  reference?: string;
  amount?: number;
  currency?: string;
  channel?: string;
  paid_at?: string | null;
  paidAt?: string | null;
}

export const paystackSignature = (secretKey: string, rawBody: Uint8Array) =>
  createHmac("sha512", secretKey).update(rawBody).digest("hex");

export function createPaystackProvider(settings: PaystackSettings): PaymentProvider {
  const { secretKey, apiUrl, timeoutMs = DEFAULT_TIMEOUT_MS } = settings;
  const log = logFor("payments");

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(apiUrl + path, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.error({ err: error, path: path.split("/").slice(0, 3).join("/") }, "Paystack could not be reached");
      throw new PaymentProviderError("Paystack could not be reached.");
    }
    const envelope = (await response.json().catch(() => ({}))) as Envelope;
    if (!response.ok || envelope.status !== true) {
      log.warn({ status: response.status, answer: envelope.message }, `Paystack refused ${method} ${path}`);
      throw new PaymentProviderError(
        envelope.message ?? `Paystack answered ${response.status}.`,
        response.status,
      );
    }
    return envelope.data;
  }

  return {
    name: "paystack",
    async initialize(request: CheckoutRequest) {
      const data = (await call("POST", "/transaction/initialize", {
        email: request.email,
        // Paystack takes the amount in the smallest unit, as a string or a number.
        amount: String(request.amount),
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        channels: request.channels,
        metadata: request.metadata,
      })) as { authorization_url?: string } | undefined;
      if (!data?.authorization_url) throw new PaymentProviderError("Paystack gave no authorization URL.");
      return { authorizationUrl: data.authorization_url };
    },
    async verify(reference: string) {
      const data = (await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`)) as
        TransactionData | undefined;
      return transactionOf(data ?? {}, reference);
    },
    async refund(referenceOrTransactionId: string, amount?: number) {
      await call("POST", "/refund", {
        transaction: referenceOrTransactionId,
        ...(amount === undefined ? {} : { amount }),
      });
    },
    parseWebhook(rawBody: Uint8Array, headers: Headers): WebhookEvent | WebhookRefusal {
      const given = headers.get(PAYSTACK_SIGNATURE_HEADER) ?? "";
      const expected = Buffer.from(paystackSignature(secretKey, rawBody), "utf8");
      const received = Buffer.from(given, "utf8");
      if (received.length !== expected.length || !timingSafeEqual(received, expected))
        return { refused: "signature" };
      let parsed: { event?: unknown; data?: TransactionData };
      try {
        parsed = JSON.parse(Buffer.from(rawBody).toString("utf8")) as typeof parsed;
      } catch {
        return { refused: "unreadable" };
      }
      if (typeof parsed !== "object" || parsed === null || typeof parsed.event !== "string")
        return { refused: "unreadable" };
      const isCharge = parsed.event.startsWith("charge.") && typeof parsed.data?.reference === "string";
      return { event: parsed.event, payment: isCharge ? transactionOf(parsed.data ?? {}, "") : null };
    },
  };
}

function transactionOf(data: TransactionData, reference: string): VerifiedPayment {
  const paidAt = data.paid_at ?? data.paidAt;
  return {
    reference: data.reference ?? reference,
    status: String(data.status ?? "").toLowerCase(),
    amount: typeof data.amount === "number" ? data.amount : Number(data.amount ?? NaN),
    currency: String(data.currency ?? "").toUpperCase(),
    channel: String(data.channel ?? ""),
    transactionId: data.id === undefined ? "" : String(data.id),
    paidAt: paidAt ? new Date(paidAt) : null,
  };
}
