import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { activityLog, members, passes, payments, settings, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { readerStanding } from "#app/domain/access/story-access.server";
import { dashboardActivity } from "#app/domain/dashboard/dashboard.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { closeServices, type Services } from "#app/services.server";
import { captureLogEvents } from "#test-support/logs";
import { startPaystackServer, type TestPaystackServer } from "#test-support/paystack-server";
import { fixedClock, testServices } from "#test-support/services";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { confirmPayment, startCheckout, type CheckoutChoice, type Payer } from "./checkout.server";
import { refundPayment } from "./refund.server";

const ORIGIN = "https://news.example.com";
const DAY = 24 * 60 * 60 * 1000;

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("checkout and confirmation on %s", (engine) => {
  let database: TestDatabase;
  let paystack: TestPaystackServer;
  let smtp: TestSmtpServer;
  let services: Services;
  const clock = fixedClock("2026-11-20T10:00:00Z");
  let member: Payer;
  /** The seeded admin, and the same account as an editor would be. */
  let staff: (role: CurrentUser["role"]) => CurrentUser;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "secret123" });
    paystack = await startPaystackServer();
    smtp = await startTestSmtpServer();
    const user = one(await database.db.select().from(users));
    staff = (role) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role,
      status: "active",
      avatarUrl: "",
    });
    services = testServices(database.db, {
      paystack: { secretKey: paystack.secretKey, apiUrl: paystack.apiUrl },
      mail: { smtpUrl: smtp.smtpUrl },
      clock,
    });
  });
  afterAll(async () => {
    await closeServices(services);
    await smtp.close();
    await paystack.close();
    await database.destroy();
    forgetCachedSettings();
  });
  beforeEach(async () => {
    await database.db.delete(payments);
    await database.db.delete(members);
    await database.db.update(settings).set({ passDayPrice: 200, passWeekPrice: 1000, passMonthPrice: 3000 });
    forgetCachedSettings();
    clock.set("2026-11-20T10:00:00Z");
    await services.mailer.settled();
    smtp.clear();
    const [row] = await database.db
      .insert(members)
      .values({ email: "ama@example.com", name: "Ama" })
      .returning();
    member = { id: row!.id, email: row!.email };
  });

  const checkout = (choice: CheckoutChoice, payer = member) =>
    startCheckout(services, payer, choice, { origin: ORIGIN, returnTo: "/news/a-story" });
  /** What the webhook or the return address would confirm, after the reader paid. */
  const paid = async (reference: string, as?: Parameters<TestPaystackServer["approve"]>[1]) => {
    paystack.approve(reference, as);
    return services.payments!.verify(reference);
  };
  const passesOf = (memberId: string) =>
    database.db.select().from(passes).where(eq(passes.memberId, memberId));

  test("a pass's checkout records a pending payment at its price and asks Paystack for it", async () => {
    const { authorizationUrl, reference, paymentId } = await checkout({ plan: "week" });
    expect(reference).toMatch(/^nd-[0-9a-f]{24}$/);
    const payment = one(await database.db.select().from(payments).where(eq(payments.id, paymentId)));
    expect(payment).toMatchObject({
      status: "pending",
      kind: "pass",
      plan: "week",
      amount: 1000,
      currency: "GHS",
    });
    expect(payment).toMatchObject({ provider: "paystack", email: "ama@example.com", memberId: member.id });
    const sent = paystack.transactions.get(reference);
    expect(authorizationUrl).toBe(`${paystack.apiUrl}/pay/${sent?.accessCode}`);
    expect(sent).toMatchObject({ amount: 1000, currency: "GHS", channels: ["mobile_money", "card"] });
    expect(sent?.callbackUrl).toBe(`${ORIGIN}/account/checkout/return?returnTo=%2Fnews%2Fa-story`);
    expect(sent?.metadata).toMatchObject({ paymentId, plan: "week" });
  });

  test("refuses a pass not on sale, a donation out of bounds, and any checkout without a provider", async () => {
    await database.db.update(settings).set({ passMonthPrice: 0 });
    forgetCachedSettings();
    expect(await refusal(checkout({ plan: "month" }))).toMatchObject({ code: "invalid" });
    for (const amount of ["0.99", "10000.01", "abc", "12.345", "", "-5", "1e3"])
      expect(await refusal(checkout({ donation: { amount, message: "" } }))).toMatchObject({
        code: "invalid",
      });
    expect(await refusal(checkout({ donation: { amount: "5", message: "x".repeat(501) } }))).toMatchObject({
      code: "invalid",
    });
    const without = { ...services, payments: null };
    expect(await refusal(startCheckout(without, member, { plan: "day" }, { origin: ORIGIN }))).toEqual({
      code: "unavailable",
      message: "Payments are not set up on this site yet.",
    });
    expect(await database.db.select().from(payments)).toHaveLength(0);
  });

  test("Paystack unreachable: the reader is told to try later and the payment is marked failed", async () => {
    const down = testServices(database.db, {
      paystack: { secretKey: paystack.secretKey, apiUrl: "http://127.0.0.1:9", timeoutMs: 2000 },
    });
    expect(await refusal(startCheckout(down, member, { plan: "day" }, { origin: ORIGIN }))).toMatchObject({
      code: "unavailable",
      message: "We could not reach the payment service. Please try again in a few minutes.",
    });
    expect((await database.db.select().from(payments)).map((p) => p.status)).toEqual(["failed"]);
  });

  test("a donation's GHS amount becomes pesewas exactly", async () => {
    for (const [typed, pesewas] of [
      ["1", 100],
      ["10,000", 1_000_000],
      ["1.29", 129],
      ["19.99", 1999],
      ["4.1", 410],
      ["GHS 1,234.56", 123_456],
    ] as const) {
      const { paymentId } = await checkout({ donation: { amount: typed, message: "" } });
      expect(one(await database.db.select().from(payments).where(eq(payments.id, paymentId))).amount).toBe(
        pesewas,
      );
    }
  });

  test("confirmed three times at once by the webhook and once by the return: one pass, one receipt", async () => {
    const { reference } = await checkout({ plan: "day" });
    const verified = await paid(reference);
    const results = await Promise.all([
      confirmPayment(services, reference, verified, "webhook"),
      confirmPayment(services, reference, verified, "webhook"),
      confirmPayment(services, reference, verified, "webhook"),
      confirmPayment(services, reference, verified, "return"),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["already", "already", "already", "granted"]);
    const [pass] = await passesOf(member.id);
    expect(await passesOf(member.id)).toHaveLength(1);
    expect(pass?.startsAt.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(pass?.endsAt.getTime()).toBe(pass!.startsAt.getTime() + DAY);
    const payment = one(await database.db.select().from(payments).where(eq(payments.reference, reference)));
    expect(payment).toMatchObject({ status: "paid", channel: "mobile_money" });
    expect(payment.receiptSentAt).not.toBeNull();
    const receipt = await smtp.waitFor("ama@example.com");
    await services.mailer.settled();
    expect(smtp.received).toHaveLength(1);
    expect(receipt.subject).toMatch(/^Your receipt from /);
    expect(receipt.text).toContain("GHS 2.00");
    expect(receipt.text).toContain("Mobile Money");
    expect(receipt.text).toContain(reference);
  });

  test("another amount or currency confirmed: mismatch, nothing granted, a warning and an activity entry", async () => {
    const log = captureLogEvents();
    try {
      const { reference } = await checkout({ plan: "month" });
      const verified = await paid(reference, { amount: 300 });
      expect((await confirmPayment(services, reference, verified, "webhook")).outcome).toBe("mismatch");
      expect((await confirmPayment(services, reference, verified, "return")).outcome).toBe("mismatch");
      const { reference: other } = await checkout({ plan: "day" });
      expect(
        (await confirmPayment(services, other, await paid(other, { currency: "NGN" }), "webhook")).outcome,
      ).toBe("mismatch");
      expect(await passesOf(member.id)).toHaveLength(0);
      const statuses = (await database.db.select().from(payments)).map((p) => p.status);
      expect(statuses).toEqual(["mismatch", "mismatch"]);
      const warnings = log.events.filter((e) => e.component === "payments" && e.level === "warn");
      expect(warnings).toHaveLength(2);
      const entries = await database.db.select().from(activityLog).where(eq(activityLog.type, "payment"));
      expect(entries.map((e) => e.title).sort()).toEqual([reference, other].sort());
      expect(entries.find((e) => e.title === reference)?.description).toContain("Asked 3000 GHS");
      // Readers' addresses and money: on the dashboard of those who see revenue only.
      const viewer = staff("admin");
      expect((await dashboardActivity(database.db, viewer)).map((e) => e.type)).toContain("payment");
      const editor = { ...viewer, role: "editor" as const };
      expect((await dashboardActivity(database.db, editor)).map((e) => e.type)).not.toContain("payment");
      await services.mailer.settled();
      expect(smtp.received).toHaveLength(0);
    } finally {
      log.stop();
      await database.db.delete(activityLog);
    }
  });

  test("a pass bought while another runs starts when it ends; week 7 days, month 30", async () => {
    const week = await checkout({ plan: "week" });
    await confirmPayment(services, week.reference, await paid(week.reference), "return");
    clock.set("2026-11-22T10:00:00Z");
    const month = await checkout({ plan: "month" });
    await confirmPayment(services, month.reference, await paid(month.reference), "webhook");
    const [first, second] = (await passesOf(member.id)).sort((a, b) => +a.startsAt - +b.startsAt);
    expect(first?.endsAt.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(second?.startsAt.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(second?.endsAt.toISOString()).toBe("2026-12-27T10:00:00.000Z");
  });

  test("a donation grants no pass; its receipt thanks the donor with their message", async () => {
    const { reference } = await checkout({ donation: { amount: "25.50", message: "Keep digging." } });
    const result = await confirmPayment(services, reference, await paid(reference), "webhook");
    expect(result).toMatchObject({ outcome: "granted", pass: null });
    expect(await passesOf(member.id)).toHaveLength(0);
    const receipt = await smtp.waitFor("ama@example.com");
    expect(receipt.text).toContain("Thank you for your donation");
    expect(receipt.text).toContain("Keep digging.");
    expect(receipt.text).toContain("GHS 25.50");
  });

  test("a declined payment fails; one not paid yet stays pending; an unknown reference is unknown", async () => {
    const { reference } = await checkout({ plan: "day" });
    const pending = await services.payments!.verify(reference);
    expect((await confirmPayment(services, reference, pending, "return")).outcome).toBe("pending");
    expect(
      (await confirmPayment(services, reference, { ...pending, status: "failed" }, "return")).outcome,
    ).toBe("failed");
    expect(
      (await confirmPayment(services, "nd-nobody", { ...pending, status: "success" }, "webhook")).outcome,
    ).toBe("unknown");
    expect(await passesOf(member.id)).toHaveLength(0);
  });

  test("an admin refunds a paid pass: Paystack refunds it, the pass ends now, the activity log says so", async () => {
    const { reference, paymentId } = await checkout({ plan: "week" });
    await confirmPayment(services, reference, await paid(reference), "webhook");
    expect(await refusal(refundPayment(services, staff("editor"), paymentId))).toMatchObject({
      code: "forbidden",
    });
    clock.set("2026-11-21T10:00:00Z");
    const refunded = await refundPayment(services, staff("admin"), paymentId);
    expect(refunded).toMatchObject({ status: "refunded" });
    expect(refunded.refundedAt?.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(paystack.refunds.at(-1)).toEqual({ transaction: reference, amount: 1000 });
    const [pass] = await passesOf(member.id);
    expect(pass?.endsAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    const [entry] = await database.db.select().from(activityLog).where(eq(activityLog.type, "payment"));
    expect(entry).toMatchObject({
      action: "Refunded a payment",
      title: reference,
      userName: staff("admin").name,
    });
    expect(await refusal(refundPayment(services, staff("admin"), paymentId))).toMatchObject({
      code: "conflict",
    });
    await database.db.delete(activityLog);
  });

  test("the running pass refunded: the passes stacked after it move up and run now; the next stacks on them", async () => {
    const buy = async (plan: "day" | "week" | "month") => {
      const { reference, paymentId } = await checkout({ plan });
      await confirmPayment(services, reference, await paid(reference), "webhook");
      return paymentId;
    };
    const day = await buy("day"); // 20 Nov 10:00 to 21 Nov 10:00
    clock.set("2026-11-20T12:00:00Z");
    await buy("week"); // stacked: 21 Nov 10:00 to 28 Nov 10:00
    await buy("month"); // stacked: 28 Nov 10:00 to 28 Dec 10:00
    const standing = () =>
      readerStanding(database.db, member, {
        now: clock.now(),
        settings: { meterPaidStories: 0, timezone: "Africa/Accra" },
      });
    clock.set("2026-11-20T16:00:00Z");
    await refundPayment(services, staff("admin"), day);
    // The day pass gave back 18 hours: the week runs from now, the month follows it.
    const spans = (await passesOf(member.id))
      .sort((a, b) => +a.startsAt - +b.startsAt || +a.endsAt - +b.endsAt)
      .map((pass) => [pass.plan, pass.startsAt.toISOString(), pass.endsAt.toISOString()]);
    expect(spans).toEqual([
      ["day", "2026-11-20T10:00:00.000Z", "2026-11-20T16:00:00.000Z"],
      ["week", "2026-11-20T16:00:00.000Z", "2026-11-27T16:00:00.000Z"],
      ["month", "2026-11-27T16:00:00.000Z", "2026-12-27T16:00:00.000Z"],
    ]);
    expect(await standing()).toMatchObject({
      accessClass: "paying",
      passUntil: new Date("2026-12-27T16:00:00.000Z"),
    });
    // The stacked week refunded too: the month moves up by the week it no longer waits for.
    clock.set("2026-11-21T16:00:00Z");
    const weekPayment = one(await database.db.select().from(payments).where(eq(payments.plan, "week")));
    await refundPayment(services, staff("admin"), weekPayment.id);
    const month = one((await passesOf(member.id)).filter((pass) => pass.plan === "month"));
    expect([month.startsAt.toISOString(), month.endsAt.toISOString()]).toEqual([
      "2026-11-21T16:00:00.000Z",
      "2026-12-21T16:00:00.000Z",
    ]);
    expect(await standing()).toMatchObject({ accessClass: "paying" });
    await buy("day");
    const next = one(
      (await passesOf(member.id)).filter(
        (pass) => pass.paymentId !== month.paymentId && pass.plan === "day" && pass.startsAt > clock.now(),
      ),
    );
    expect(next.startsAt.toISOString()).toBe("2026-12-21T16:00:00.000Z");
    await database.db.delete(activityLog);
  });
});
