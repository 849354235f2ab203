import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sign, startPaystackServer, type TestPaystackServer } from "#test-support/paystack-server";
import { createPaystackProvider } from "./paystack.server";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

describe("Paystack as a PaymentProvider", () => {
  let paystack: TestPaystackServer;
  let provider: PaymentProvider;

  beforeAll(async () => {
    paystack = await startPaystackServer();
    provider = createPaystackProvider({ secretKey: paystack.secretKey, apiUrl: paystack.apiUrl });
  });
  afterAll(() => paystack.close());

  const checkout = (reference: string) =>
    provider.initialize({
      email: "kofi@example.com",
      amount: 1000,
      currency: "GHS",
      reference,
      callbackUrl: "http://site.test/account/checkout/return",
      channels: ["mobile_money", "card"],
      metadata: { paymentId: "p1", plan: "week" },
    });

  test("starts a checkout with every field Paystack takes, verifies it and refunds it", async () => {
    const { authorizationUrl } = await checkout("nd-provider1");
    const sent = paystack.transactions.get("nd-provider1");
    expect(authorizationUrl).toBe(`${paystack.apiUrl}/pay/${sent?.accessCode}`);
    expect(sent).toMatchObject({
      email: "kofi@example.com",
      amount: 1000,
      currency: "GHS",
      callbackUrl: "http://site.test/account/checkout/return",
      channels: ["mobile_money", "card"],
      metadata: { paymentId: "p1", plan: "week" },
    });
    expect(await provider.verify("nd-provider1")).toMatchObject({ status: "abandoned", paidAt: null });

    paystack.approve("nd-provider1");
    const verified = await provider.verify("nd-provider1");
    expect(verified).toMatchObject({
      reference: "nd-provider1",
      status: "success",
      amount: 1000,
      currency: "GHS",
      channel: "mobile_money",
      transactionId: String(sent?.id),
    });
    expect(verified.paidAt).toBeInstanceOf(Date);

    await provider.refund("nd-provider1");
    expect(paystack.refunds).toEqual([{ transaction: "nd-provider1", amount: 1000 }]);
    await expect(provider.refund("nd-provider1")).rejects.toBeInstanceOf(PaymentProviderError);
  });

  test("a refusal or an unreachable Paystack is a PaymentProviderError", async () => {
    await expect(provider.verify("nd-nobody")).rejects.toMatchObject({ status: 400 });
    const wrongKey = createPaystackProvider({ secretKey: "sk_test_wrong", apiUrl: paystack.apiUrl });
    await expect(wrongKey.verify("nd-provider1")).rejects.toMatchObject({ status: 401 });
    const nowhere = createPaystackProvider({ secretKey: "k", apiUrl: "http://127.0.0.1:9", timeoutMs: 2000 });
    await expect(nowhere.verify("nd-x")).rejects.toBeInstanceOf(PaymentProviderError);
  });

  test("believes a webhook only with the signature over its exact bytes", async () => {
    await checkout("nd-hook");
    paystack.approve("nd-hook");
    const body = paystack.webhookBody("nd-hook");
    const bytes = new TextEncoder().encode(body);
    const signed = (signature: string) => new Headers({ "x-paystack-signature": signature });

    expect(provider.parseWebhook(bytes, signed(sign(paystack.secretKey, body)))).toMatchObject({
      event: "charge.success",
      payment: {
        reference: "nd-hook",
        status: "success",
        amount: 1000,
        currency: "GHS",
        channel: "mobile_money",
      },
    });
    expect(provider.parseWebhook(bytes, new Headers())).toEqual({ refused: "signature" });
    expect(provider.parseWebhook(bytes, signed(sign("sk_test_other", body)))).toEqual({
      refused: "signature",
    });
    // The same JSON with one more space is other bytes: its signature does not hold.
    const spaced = new TextEncoder().encode(body.replace(":", ": "));
    expect(provider.parseWebhook(spaced, signed(sign(paystack.secretKey, body)))).toEqual({
      refused: "signature",
    });
    const garbage = "{not json";
    expect(
      provider.parseWebhook(new TextEncoder().encode(garbage), signed(sign(paystack.secretKey, garbage))),
    ).toEqual({
      refused: "unreadable",
    });
    const other = JSON.stringify({ event: "transfer.success", data: { reference: "x" } });
    expect(
      provider.parseWebhook(new TextEncoder().encode(other), signed(sign(paystack.secretKey, other))),
    ).toEqual({
      event: "transfer.success",
      payment: null,
    });
  });
});
