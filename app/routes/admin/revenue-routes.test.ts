/**
 * The Revenue screen and its CSV called as routes per role: admins only (an editor and a writer get 403
 * on both); signed out goes to the sign-in page. The default range is the last 30 days; the CSV is a
 * private attachment named by its days.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { navFor } from "#app/components/admin/nav";
import { eq } from "drizzle-orm";
import { members, passes, payments } from "#app/db/schema";
import { startCheckout, confirmPayment } from "#app/domain/payments/checkout.server";
import { REVENUE_TEXT } from "#app/domain/revenue/revenue-text";
import type { Services } from "#app/services.server";
import { startPaystackServer, type TestPaystackServer } from "#test-support/paystack-server";
import { testServices } from "#test-support/services";
import { seedDatabase } from "#app/db/seed.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import * as exportRoute from "#app/routes/resources/revenue-export";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import * as revenueRoute from "./revenue";

type Body = Awaited<ReturnType<typeof revenueRoute.loader>>;

describe("revenue (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const page = (cookie?: string, query = "") =>
    outcome(() => revenueRoute.loader(args(getRequest(`/admin/revenue${query}`, cookie))));
  const csv = async (cookie?: string, query = "") => {
    try {
      return await exportRoute.loader(args(getRequest(`/admin/revenue.csv${query}`, cookie)));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      const described = await outcome(() => Promise.reject(thrown));
      return new Response(null, { status: described.status });
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
    const paidAt = new Date(Date.now() - 3600_000);
    await database.db.insert(payments).values([
      {
        reference: "nd_route_pass",
        email: "ama@example.com",
        kind: "pass",
        plan: "week",
        amount: 1000,
        status: "paid",
        provider: "paystack",
        channel: "mobile_money",
        paidAt,
      },
      {
        reference: "nd_route_gift",
        email: "kofi@example.com",
        kind: "donation",
        amount: 123450,
        status: "paid",
        provider: "paystack",
        channel: "card",
        paidAt,
      },
    ]);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  test("the side menu shows Revenue to admins only", () => {
    const has = (role: string) => navFor(role).some((item) => item.to === "/admin/revenue");
    expect([has("admin"), has("editor"), has("writer")]).toEqual([true, false, false]);
  });

  test("an editor and a writer get 403 on the screen and the CSV; signed out goes to sign in", async () => {
    for (const cookie of [cookies.editor, cookies.writer]) {
      expect((await page(cookie)).status).toBe(403);
      expect((await csv(cookie)).status).toBe(403);
    }
    const signedOut = await page();
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/admin\/login/);
    expect((await csv()).status).toBe(302);
  });

  test("an admin sees the last 30 days by default, the figures and the recent payments", async () => {
    const answer = await page(cookies.admin);
    expect(answer.status).toBe(200);
    const body = answer.body as Body;
    expect(body.days).toHaveLength(30);
    expect(body.range.to).toBe(body.days[0]?.day);
    expect(body.totals).toMatchObject({
      passes: 1,
      donations: 1,
      mobileMoney: 1000,
      card: 123450,
      total: 124450,
    });
    expect(body.recent.map((p) => p.reference).sort()).toEqual(["nd_route_gift", "nd_route_pass"]);
    // Days with no payments: an empty range is all zeros and no recent payments.
    const empty = (await page(cookies.admin, "?from=2020-01-01&to=2020-01-31")).body as Body;
    expect([empty.days.length, empty.totals.total, empty.recent.length]).toEqual([31, 0, 0]);
  });

  test("the CSV: a private attachment named by its days, one line per payment", async () => {
    const file = await csv(cookies.admin);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="revenue-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await file.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(
      lines.slice(1).some((l) => l.includes('"kofi@example.com","Donation","1234.50","card","paid"')),
    ).toBe(true);
    const old = await csv(cookies.admin, "?from=2020-01-01&to=2020-01-31");
    expect(old.headers.get("Content-Disposition")).toBe(
      'attachment; filename="revenue-2020-01-01-to-2020-01-31.csv"',
    );
    expect((await old.text()).trimEnd().split("\r\n")).toHaveLength(1);
  });
});

describe("refunds from the Revenue screen (routes)", () => {
  let database: TestDatabase;
  let paystack: TestPaystackServer;
  const cookies = { admin: "", editor: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    for (const role of ["admin", "editor"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
    paystack = await startPaystackServer();
  });
  afterAll(async () => {
    forgetCachedSettings();
    await paystack?.close();
    await database.destroy();
  });

  const refund = (cookie: string, fields: Record<string, string>, services: Services) =>
    outcome(() =>
      revenueRoute.action(
        args(postRequest("/admin/revenue", { intent: "refund", ...fields }, cookie), {}, services),
      ),
    );

  test("an admin is asked first, then the payment is refunded through Paystack and its pass ends; an editor gets 403", async () => {
    const services = testServices(database.db, { paystack: paystack });
    const [member] = await database.db.insert(members).values({ email: "abena@example.com" }).returning();
    const { reference, paymentId } = await startCheckout(
      services,
      member!,
      { plan: "day" },
      {
        origin: "http://localhost",
        returnTo: "/",
      },
    );
    paystack.approve(reference);
    await confirmPayment(services, reference, await services.payments!.verify(reference), "webhook");

    expect((await refund(cookies.editor, { id: paymentId, confirmed: "yes" }, services)).status).toBe(403);
    const asked = await refund(cookies.admin, { id: paymentId }, services);
    expect(asked.body).toMatchObject({ result: { type: "confirm", intent: "refund", id: paymentId } });
    const done = await refund(cookies.admin, { id: paymentId, confirmed: "yes" }, services);
    expect(done.body).toMatchObject({
      result: { type: "success", title: REVENUE_TEXT.refunded, message: reference },
    });
    expect(paystack.refunds.at(-1)).toMatchObject({ transaction: reference });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe("refunded");
    const [pass] = await database.db.select().from(passes).where(eq(passes.paymentId, paymentId));
    expect(pass!.endsAt.getTime()).toBeLessThanOrEqual(Date.now());

    const again = await refund(cookies.admin, { id: paymentId, confirmed: "yes" }, services);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ result: { type: "error", title: REVENUE_TEXT.refundFailed } });
  });
});
