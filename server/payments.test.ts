/**
 * Reader payments over HTTP on the real app (decision record 021), against the Paystack stand-in
 * (tests/support/paystack-server.ts) and a real SMTP server: the support page, the checkout's refusals,
 * a payment approved on the provider's page, the webhook through the edge with its raw body (sent three
 * times at once beside the return address: one pass, one receipt), forged and unreadable webhooks, and
 * a site without a key.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { sign, startPaystackServer, type TestPaystackServer } from "#test-support/paystack-server";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import type { TestDatabase } from "#test-support/test-database";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
  TEST_ENGINES,
} from "#test-support/app-over-http";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
  memberSession: typeof import("#app/auth/member-session.server");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
  memberSession: "/app/auth/member-session.server.ts",
};

let vite: ViteDevServer;
let smtp: TestSmtpServer;
let paystack: TestPaystackServer;
const m = {} as Modules;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  paystack = await startPaystackServer();
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
  await paystack?.close();
  await smtp?.close();
});

describe.each(TEST_ENGINES)("reader payments over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let bare: RunningApp;
  let cookie: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    app = await listenApp(vite, m, database.db, {
      PAGE_CACHE: "off",
      SMTP_URL: smtp.smtpUrl,
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_API_URL: paystack.apiUrl,
    });
    bare = await listenApp(vite, m, database.db, { PAGE_CACHE: "off" });
    paystack.webhookUrl = `${app.origin}/webhooks/paystack`;
  }, 120_000);
  afterAll(async () => {
    await bare?.close();
    await app?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(m.schema.payments);
    await database.db.delete(m.schema.members);
    const [member] = await database.db
      .insert(m.schema.members)
      .values({ email: "esi@example.com", name: "Esi" })
      .returning();
    const { token } = await m.memberSession.createMemberSession(database.db, member!.id, new Date());
    cookie = `nd_member=${token}`;
    await app.services.mailer.settled();
    smtp.clear();
  });

  async function request(
    path: string,
    fields?: Record<string, string>,
    options: { cookie?: string; origin?: string } = {},
  ) {
    const response = await fetch((options.origin ?? app.origin) + path, {
      method: fields ? "POST" : "GET",
      body: fields ? new URLSearchParams(fields) : undefined,
      headers: options.cookie ? { Cookie: options.cookie } : {},
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }
  const webhook = (body: string, headers: Record<string, string>) =>
    fetch(`${app.origin}/webhooks/paystack`, { method: "POST", body, headers });
  const passCount = async () => (await database.db.select().from(m.schema.passes)).length;
  const referenceOf = (location: string | null) =>
    [...paystack.transactions.values()].find((t) => location?.endsWith(`/pay/${t.accessCode}`))?.reference ??
    "";

  test("the support page lists the passes at their prices and a donation form", async () => {
    const page = await request("/account/support?returnTo=/article/a-story");
    expect(page.status).toBe(200);
    expect(page.body).toContain("GHS 2.00");
    expect(page.body).toContain("GHS 10.00");
    expect(page.body).toContain("GHS 30.00");
    expect(page.body).toContain('action="/account/checkout"');
    expect(page.body).toContain('name="amount"');
    expect(page.body).toContain('value="/article/a-story"');
  });

  test("checkout refuses: signed out to sign-in, a bad plan, a bad amount (kept)", async () => {
    const out = await request("/account/checkout", { plan: "day", returnTo: "/article/x" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe(
      `/account/sign-in?returnTo=${encodeURIComponent("/account/support?returnTo=%2Farticle%2Fx")}`,
    );
    const badPlan = await request("/account/checkout", { plan: "year" }, { cookie });
    expect(badPlan.status).toBe(400);
    expect(badPlan.body).toContain("Choose a day, week or month pass, or a donation.");
    const badAmount = await request(
      "/account/checkout",
      { plan: "donation", amount: "0.50", message: "hi" },
      { cookie },
    );
    expect(badAmount.status).toBe(400);
    expect(badAmount.body).toContain("Enter an amount from GHS 1.00 to GHS 10,000.00.");
    expect(badAmount.body).toContain('value="0.50"');
    expect(await database.db.select().from(m.schema.payments)).toHaveLength(0);
  });

  test("pay on the provider's page: the webhook and the return grant one pass and one receipt", async () => {
    const checkout = await request(
      "/account/checkout",
      { plan: "day", returnTo: "/article/a-story" },
      { cookie },
    );
    expect(checkout.status).toBe(303);
    const payPage = checkout.headers.get("location") ?? "";
    expect(payPage.startsWith(`${paystack.apiUrl}/pay/`)).toBe(true);
    expect((await fetch(payPage).then((r) => r.text())).includes("Approve")).toBe(true);
    const approved = await fetch(payPage, {
      method: "POST",
      body: new URLSearchParams({ decision: "approve" }),
      redirect: "manual",
    });
    const back = new URL(approved.headers.get("location") ?? "");
    expect(back.pathname).toBe("/account/checkout/return");
    expect(await passCount()).toBe(1);
    const page = await request(back.pathname + back.search, undefined, { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.body).toMatch(/Your day pass is active until [A-Z][a-z]+ \d+, \d{4}/);
    expect(page.body).toContain('href="/article/a-story"');
    expect(await passCount()).toBe(1);
    await smtp.waitFor("esi@example.com");
    await app.services.mailer.settled();
    expect(smtp.received).toHaveLength(1);
  });

  test("the genuine webhook three times at once beside the return address: one pass, one receipt", async () => {
    const checkout = await request("/account/checkout", { plan: "week" }, { cookie });
    const reference = referenceOf(checkout.headers.get("location"));
    paystack.approve(reference);
    const [statuses, page] = await Promise.all([
      paystack.sendWebhook(reference, 3),
      request(`/account/checkout/return?trxref=${reference}&reference=${reference}`, undefined, { cookie }),
    ]);
    expect(statuses).toEqual([200, 200, 200]);
    expect(page.body).toContain("Your week pass is active until");
    expect(await passCount()).toBe(1);
    await smtp.waitFor("esi@example.com");
    await app.services.mailer.settled();
    expect(smtp.received).toHaveLength(1);
  });

  test("forged, unsigned and unreadable webhooks are refused and change nothing; other events are taken", async () => {
    const checkout = await request("/account/checkout", { plan: "month" }, { cookie });
    const reference = referenceOf(checkout.headers.get("location"));
    paystack.approve(reference);
    expect(await paystack.sendForgedWebhook(reference)).toBe(401);
    expect(await paystack.sendForgedWebhook(reference, null)).toBe(401);
    const garbage = "{not json";
    expect(
      (
        await webhook(garbage, {
          "Content-Type": "application/json",
          "x-paystack-signature": sign(paystack.secretKey, garbage),
        })
      ).status,
    ).toBe(400);
    // Not JSON at all: the edge refuses it before any route; JSON anywhere else too; and a body past 64 KB.
    expect((await webhook("a=b", { "Content-Type": "text/plain" })).status).toBe(400);
    const elsewhere = await fetch(`${app.origin}/contact`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(elsewhere.status).toBe(400);
    const huge = JSON.stringify({ event: "charge.success", padding: "x".repeat(65 * 1024) });
    expect(
      (
        await webhook(huge, {
          "Content-Type": "application/json",
          "x-paystack-signature": sign(paystack.secretKey, huge),
        })
      ).status,
    ).toBe(413);
    expect(await passCount()).toBe(0);
    expect((await database.db.select().from(m.schema.payments))[0]?.status).toBe("pending");
    const other = JSON.stringify({ event: "transfer.success", data: { reference: "x" } });
    const taken = await webhook(other, {
      "Content-Type": "application/json",
      "x-paystack-signature": sign(paystack.secretKey, other),
      // Paystack's servers are another site: the cross-site check does not apply to this address.
      "Sec-Fetch-Site": "cross-site",
      Origin: "https://paystack.example",
    });
    expect(taken.status).toBe(200);
  });

  test("without a key: the support page says so, the checkout goes back to it, the webhook is not there", async () => {
    const page = await request("/account/support", undefined, { origin: bare.origin });
    expect(page.body).toContain("Payments are not set up on this site yet.");
    expect(page.body).not.toContain('action="/account/checkout"');
    const checkout = await request("/account/checkout", { plan: "day" }, { cookie, origin: bare.origin });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("location")).toBe("/account/support?returnTo=%2F");
    expect(checkout.headers.get("set-cookie")).toContain("nd_flash=");
    const hook = await fetch(`${bare.origin}/webhooks/paystack`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(hook.status).toBe(404);
  });
});
