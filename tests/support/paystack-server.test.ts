import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { sign, startPaystackServer, type TestPaystackServer } from "./paystack-server";

/** A site's webhook address that keeps what it is sent. */
interface Received {
  body: string;
  signature: string | undefined;
}

interface Initialized {
  status: boolean;
  message?: string;
  data: { reference: string; authorization_url: string; access_code: string };
}

describe("the Paystack stand-in", () => {
  let paystack: TestPaystackServer;
  let site: Server;
  const received: Received[] = [];

  beforeAll(async () => {
    site = createServer((req, res) => {
      void buffer(req).then((body) => {
        received.push({
          body: body.toString("utf8"),
          signature: req.headers["x-paystack-signature"] as string,
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    paystack = await startPaystackServer({
      webhookUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}/webhooks/paystack`,
    });
  });
  afterAll(async () => {
    await paystack.close();
    site.close();
  });
  beforeEach(() => void (received.length = 0));

  const api = (path: string, body?: unknown, key = paystack.secretKey) =>
    fetch(paystack.apiUrl + path, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const initialize = async (reference: string, amount: number | string = 200) => {
    const response = await api("/transaction/initialize", {
      email: "ama@example.com",
      amount,
      currency: "GHS",
      reference,
      callback_url: "http://site.test/account/checkout/return",
      channels: ["mobile_money", "card"],
    });
    return { status: response.status, body: (await response.json()) as Initialized };
  };

  test("refuses a call without the secret key", async () => {
    const response = await api("/transaction/initialize", { email: "a@b.c", amount: 100 }, "sk_test_wrong");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: false, message: "Invalid key" });
  });

  test("initializes a transaction, pays it on its page and sends the signed webhook and the browser back", async () => {
    const { status, body } = await initialize("nd-abc1");
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data.reference).toBe("nd-abc1");
    expect(body.data.authorization_url).toBe(`${paystack.apiUrl}/pay/${body.data.access_code}`);

    const page = await fetch(body.data.authorization_url);
    const html = await page.text();
    expect(html).toContain(">Approve<");
    expect(html).toContain(">Decline<");
    expect((await (await api("/transaction/verify/nd-abc1")).json()).data.status).toBe("abandoned");

    const approved = await fetch(body.data.authorization_url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
      redirect: "manual",
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe(
      "http://site.test/account/checkout/return?trxref=nd-abc1&reference=nd-abc1",
    );
    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook?.signature).toBe(sign(paystack.secretKey, hook?.body ?? ""));
    const event = JSON.parse(hook?.body ?? "{}");
    expect(event.event).toBe("charge.success");
    expect(event.data).toMatchObject({
      reference: "nd-abc1",
      amount: 200,
      currency: "GHS",
      channel: "mobile_money",
      status: "success",
    });

    const verified = (await (await api("/transaction/verify/nd-abc1")).json()).data;
    expect(verified).toMatchObject({
      status: "success",
      amount: 200,
      currency: "GHS",
      channel: "mobile_money",
    });
    expect(Date.parse(verified.paid_at)).not.toBeNaN();
  });

  test("a declined payment fails and still goes back to the site", async () => {
    const { body } = await initialize("nd-declined");
    const declined = await fetch(body.data.authorization_url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=decline",
      redirect: "manual",
    });
    expect(declined.headers.get("location")).toContain("reference=nd-declined");
    expect(received).toHaveLength(0);
    expect((await (await api("/transaction/verify/nd-declined")).json()).data.status).toBe("failed");
  });

  test("refuses a bad amount, a reference outside Paystack's characters and a reused one", async () => {
    expect((await initialize("nd-bad-amount", "2.5")).status).toBe(400);
    expect((await initialize("nd_underscore")).body.message).toBe("Invalid transaction reference");
    await initialize("nd-twice");
    expect((await initialize("nd-twice")).body.message).toBe("Duplicate Transaction Reference");
    expect((await api("/transaction/verify/nd-unknown")).status).toBe(400);
  });

  test("test controls: a different amount, several webhooks at once, a forged one; then a refund", async () => {
    await initialize("nd-controls", 1000);
    paystack.approve("nd-controls", { amount: 500, currency: "NGN" });
    expect(JSON.parse(paystack.webhookBody("nd-controls")).data).toMatchObject({
      amount: 500,
      currency: "NGN",
    });
    expect(await paystack.sendWebhook("nd-controls", 3)).toEqual([200, 200, 200]);
    expect(received.map((r) => r.signature === sign(paystack.secretKey, r.body))).toEqual([true, true, true]);
    await paystack.sendForgedWebhook("nd-controls");
    await paystack.sendForgedWebhook("nd-controls", null);
    expect(received[3]?.signature).not.toBe(sign(paystack.secretKey, received[3]?.body ?? ""));
    expect(received[4]?.signature).toBeUndefined();

    expect((await api("/refund", { transaction: "nd-controls", amount: 600 })).status).toBe(400);
    const refund = await api("/refund", { transaction: "nd-controls" });
    expect((await refund.json()).data).toMatchObject({ amount: 500, status: "pending" });
    expect(paystack.refunds).toEqual([{ transaction: "nd-controls", amount: 500 }]);
    expect((await api("/refund", { transaction: "nd-controls" })).status).toBe(400);
  });
});
