/**
 * A server that speaks Paystack's protocol, started by a test on a random 127.0.0.1 port, or on a given
 * one by the browser journeys (scripts/e2e-paystack.ts) (decision record 021: tests never call Paystack). Its API: `POST /transaction/initialize`, `GET /transaction/verify/:ref`,
 * `POST /refund`, each behind the Bearer secret key and answering in Paystack's `{ status, message, data }`
 * envelope. Its checkout page `/pay/:access_code` shows "Approve" and "Decline"; approving marks the
 * transaction paid by Mobile Money, sends the signed `charge.success` webhook to `webhookUrl` and sends
 * the browser back to the callback URL with `?reference=..&trxref=..`, as Paystack does. Tests steer it:
 * approve without a browser (for a different amount or currency too), send the webhook N times at once,
 * or a forged one.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";

export interface PaystackTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  channels: string[];
  metadata: Record<string, unknown>;
  status: "abandoned" | "success" | "failed" | "reversed";
  channel: string;
  paidAt: string | null;
  createdAt: string;
}

export interface PaystackRefund {
  transaction: string;
  amount: number;
}

export interface TestPaystackServer {
  apiUrl: string;
  secretKey: string;
  /** Where `charge.success` is posted when a payment is approved (the site's `/webhooks/paystack`). */
  webhookUrl: string | undefined;
  transactions: Map<string, PaystackTransaction>;
  refunds: PaystackRefund[];
  /** Marks a transaction paid, by what it says was paid (default: what was asked, Mobile Money). */
  approve(reference: string, paid?: { amount?: number; currency?: string; channel?: string }): void;
  /** The `charge.success` body of a transaction, as bytes are sent. */
  webhookBody(reference: string): string;
  /** Posts the signed webhook `times` times at once; the statuses the site answered with (0: no answer). */
  sendWebhook(reference: string, times?: number): Promise<number[]>;
  /** Posts the webhook signed with another key (or with no signature when `signature` is null). */
  sendForgedWebhook(reference: string, signature?: string | null): Promise<number>;
  close(): Promise<void>;
}

export const sign = (secretKey: string, body: string) =>
  createHmac("sha512", secretKey).update(body).digest("hex");

/** Paystack's rule for a reference: only alphanumerics and `-`, `.`, `=`. */
const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;

export async function startPaystackServer(
  options: { secretKey?: string; webhookUrl?: string; port?: number } = {},
): Promise<TestPaystackServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(20).toString("hex")}`;
  const transactions = new Map<string, PaystackTransaction>();
  const byAccessCode = new Map<string, PaystackTransaction>();
  const refunds: PaystackRefund[] = [];
  let nextId = 4_099_260_000;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { status: false, message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const self: TestPaystackServer = {
    apiUrl: origin,
    secretKey,
    webhookUrl: options.webhookUrl,
    transactions,
    refunds,
    approve(reference, paid = {}) {
      const transaction = must(reference);
      transaction.status = "success";
      transaction.channel = paid.channel ?? "mobile_money";
      transaction.amount = paid.amount ?? transaction.amount;
      transaction.currency = paid.currency ?? transaction.currency;
      transaction.paidAt = new Date().toISOString();
    },
    webhookBody(reference) {
      const t = must(reference);
      return JSON.stringify({
        event: "charge.success",
        data: { ...transactionData(t), customer: { email: t.email } },
      });
    },
    async sendWebhook(reference, times = 1) {
      const body = self.webhookBody(reference);
      return Promise.all(Array.from({ length: times }, () => post(body, sign(secretKey, body))));
    },
    sendForgedWebhook(reference, signature = sign(`sk_test_${"0".repeat(40)}`, self.webhookBody(reference))) {
      return post(self.webhookBody(reference), signature);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function must(reference: string) {
    const transaction = transactions.get(reference);
    if (!transaction) throw new Error(`No transaction ${reference} at the Paystack stand-in`);
    return transaction;
  }

  async function post(body: string, signature: string | null): Promise<number> {
    if (!self.webhookUrl) throw new Error("The Paystack stand-in has no webhookUrl");
    try {
      const response = await fetch(self.webhookUrl, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature ? { "x-paystack-signature": signature } : {}),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", origin);
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (pay) return payPage(req, res, pay[1] ?? "");
    // For a runner waiting for the stand-in to listen (scripts/e2e-paystack.ts).
    if (url.pathname === "/healthz") return send(res, 200, { status: true, message: "ok" });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, { status: false, message: "Invalid key" });
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && verify) {
      const transaction = transactions.get(decodeURIComponent(verify[1] ?? ""));
      if (!transaction) return send(res, 400, { status: false, message: "Transaction reference not found" });
      return send(res, 200, {
        status: true,
        message: "Verification successful",
        data: transactionData(transaction),
      });
    }
    if (req.method !== "POST") return send(res, 404, { status: false, message: "Not found" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await buffer(req)).toString("utf8")) as Record<string, unknown>;
    } catch {
      return send(res, 400, { status: false, message: "Invalid JSON" });
    }
    if (url.pathname === "/transaction/initialize") return initialize(res, body);
    if (url.pathname === "/refund") return refund(res, body);
    return send(res, 404, { status: false, message: "Not found" });
  }

  function initialize(res: ServerResponse, body: Record<string, unknown>) {
    const amount = Number(body.amount);
    const email = typeof body.email === "string" ? body.email : "";
    const reference =
      typeof body.reference === "string" ? body.reference : `T${randomBytes(7).toString("hex")}`;
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      return send(res, 400, { status: false, message: "Invalid Email Address Passed" });
    if (!Number.isInteger(amount) || amount <= 0)
      return send(res, 400, { status: false, message: "Invalid Amount Sent" });
    if (!REFERENCE_PATTERN.test(reference))
      return send(res, 400, { status: false, message: "Invalid transaction reference" });
    if (transactions.has(reference))
      return send(res, 400, { status: false, message: "Duplicate Transaction Reference" });
    const accessCode = randomBytes(8).toString("hex");
    const transaction: PaystackTransaction = {
      id: nextId++,
      reference,
      accessCode,
      email,
      amount,
      currency: typeof body.currency === "string" ? body.currency : "GHS",
      callbackUrl: typeof body.callback_url === "string" ? body.callback_url : "",
      channels: Array.isArray(body.channels) ? body.channels.map(String) : [],
      metadata:
        typeof body.metadata === "object" && body.metadata !== null
          ? (body.metadata as Record<string, unknown>)
          : {},
      status: "abandoned",
      channel: "",
      paidAt: null,
      createdAt: new Date().toISOString(),
    };
    transactions.set(reference, transaction);
    byAccessCode.set(accessCode, transaction);
    send(res, 200, {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: `${origin}/pay/${accessCode}`, access_code: accessCode, reference },
    });
  }

  function refund(res: ServerResponse, body: Record<string, unknown>) {
    const key = String(body.transaction ?? "");
    const transaction = transactions.get(key) ?? [...transactions.values()].find((t) => String(t.id) === key);
    if (!transaction) return send(res, 404, { status: false, message: "Transaction not found" });
    if (transaction.status !== "success")
      return send(res, 400, { status: false, message: "Transaction has been fully reversed" });
    const amount = body.amount === undefined ? transaction.amount : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > transaction.amount)
      return send(res, 400, {
        status: false,
        message: "Refund amount cannot be more than the transaction amount",
      });
    transaction.status = "reversed";
    refunds.push({ transaction: transaction.reference, amount });
    send(res, 200, {
      status: true,
      message: "Refund has been queued for processing",
      data: {
        transaction: { id: transaction.id, reference: transaction.reference, amount: transaction.amount },
        amount,
        currency: transaction.currency,
        status: "pending",
      },
    });
  }

  async function payPage(req: IncomingMessage, res: ServerResponse, accessCode: string) {
    const transaction = byAccessCode.get(accessCode);
    if (!transaction) return send(res, 404, { status: false, message: "Not found" });
    if (req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Paystack checkout</title><h1>Pay ${transaction.currency} ${(transaction.amount / 100).toFixed(2)}</h1>` +
          `<p>${transaction.email}</p><form method="post"><button name="decision" value="approve">Approve</button>` +
          `<button name="decision" value="decline">Decline</button></form>`,
      );
      return;
    }
    const decision = new URLSearchParams((await buffer(req)).toString("utf8")).get("decision");
    if (decision === "approve") {
      self.approve(transaction.reference);
      if (self.webhookUrl) await self.sendWebhook(transaction.reference);
    } else {
      transaction.status = "failed";
    }
    const back = new URL(transaction.callbackUrl);
    back.searchParams.set("trxref", transaction.reference);
    back.searchParams.set("reference", transaction.reference);
    res.writeHead(302, { Location: back.href });
    res.end();
  }

  return self;
}

function transactionData(t: PaystackTransaction) {
  return {
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response: t.status === "success" ? "Successful" : "Declined",
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel,
    currency: t.currency,
    metadata: t.metadata,
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
