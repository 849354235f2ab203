/**
 * Revenue on a real database, payments written directly: per day on the site's clock, only paid ones
 * counted and refunded ones apart, the channels, the recent list of every status, the CSV (quoting,
 * and its amounts adding up to the screen's totals), and the refusal of an editor and a writer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { payments } from "#app/db/schema";
import type { PassPlan, PaymentKind, PaymentStatus } from "#app/lib/enums";
import { outcome, staff } from "#test-support/article-fixtures";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { recentPayments, revenueByDay, revenueCsv } from "./revenue.server";

const at = (iso: string) => new Date(`${iso}Z`);
const RANGE = { from: "2026-11-27", to: "2026-11-29" };

describe.each(TEST_ENGINES)("revenue on %s", (engine) => {
  let database: TestDatabase;
  const admin = staff("admin", "Ada");
  const editor = staff("editor", "Edem");
  const writer = staff("writer", "Wale");
  let n = 0;

  const pay = (
    kind: PaymentKind,
    amount: number,
    status: PaymentStatus,
    paidAt: string | null,
    extra: { plan?: PassPlan; channel?: string; email?: string; createdAt?: string } = {},
  ) => ({
    reference: `nd_test_${++n}`,
    email: extra.email ?? "ama@example.com",
    kind,
    plan: kind === "pass" ? (extra.plan ?? "day") : null,
    amount,
    status,
    provider: "paystack",
    channel: extra.channel ?? "mobile_money",
    paidAt: paidAt ? at(paidAt) : null,
    refundedAt: status === "refunded" ? at("2026-11-29T16:00:00") : null,
    createdAt: at(extra.createdAt ?? paidAt ?? "2026-11-29T09:00:00"),
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(payments);
    n = 0;
    await database.db.insert(payments).values([
      // 29 November: two day passes (mobile money, card), a donation by bank, a refunded week pass.
      pay("pass", 200, "paid", "2026-11-29T08:00:00"),
      pay("pass", 200, "paid", "2026-11-29T09:30:00", { channel: "card", email: "kofi@example.com" }),
      pay("donation", 123450, "paid", "2026-11-29T10:00:00", { channel: "bank", email: '"Esi", =1+1' }),
      pay("pass", 1000, "refunded", "2026-11-29T11:00:00", { plan: "week" }),
      // 27 November, 23:30 in Accra: 28 November in Tokyo.
      pay("pass", 3000, "paid", "2026-11-27T23:30:00", { plan: "month" }),
      // Never counted: pending, failed, mismatched; and a paid one outside the range.
      pay("pass", 200, "pending", null, { createdAt: "2026-11-29T12:00:00" }),
      pay("pass", 200, "failed", null, { createdAt: "2026-11-29T12:05:00" }),
      pay("pass", 999, "mismatch", null, { createdAt: "2026-11-28T12:00:00" }),
      pay("donation", 500, "paid", "2026-11-26T12:00:00"),
    ]);
  });

  test("per day in the site's zone: only paid counted, refunded apart, channels, totals", async () => {
    const { days, totals } = await revenueByDay(database.db, admin, RANGE, "Africa/Accra");
    expect(days.map((d) => d.day)).toEqual(["2026-11-29", "2026-11-28", "2026-11-27"]);
    expect(days[0]).toEqual({
      day: "2026-11-29",
      passes: 2,
      passesAmount: 400,
      donations: 1,
      donationsAmount: 123450,
      mobileMoney: 200,
      card: 200,
      other: 123450,
      total: 123850,
      refunded: 1,
      refundedAmount: 1000,
    });
    expect(days[1]).toMatchObject({ passes: 0, total: 0, refunded: 0 });
    expect(days[2]).toMatchObject({ passes: 1, passesAmount: 3000, mobileMoney: 3000, total: 3000 });
    expect(totals).toMatchObject({
      passes: 3,
      donations: 1,
      total: 126850,
      refunded: 1,
      refundedAmount: 1000,
    });
  });

  test("the day is the site's: in Tokyo the late payment of the 27th falls on the 28th", async () => {
    const { days } = await revenueByDay(database.db, admin, RANGE, "Asia/Tokyo");
    expect(days.find((d) => d.day === "2026-11-28")?.total).toBe(3000);
    expect(days.find((d) => d.day === "2026-11-27")?.total).toBe(0);
  });

  test("the recent list: every status in the range, newest first", async () => {
    const rows = await recentPayments(database.db, admin, RANGE, "Africa/Accra");
    expect(rows.map((r) => r.status)).toEqual([
      "failed",
      "pending",
      "refunded",
      "paid",
      "paid",
      "paid",
      "mismatch",
      "paid",
    ]);
    expect(rows.map((r) => r.reference)).not.toContain("nd_test_9");
  });

  test("the CSV: one line per counted payment, oldest first, cells quoted and formulas neutralised", async () => {
    const csv = await revenueCsv(database.db, admin, RANGE, "Africa/Accra");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"paid_at","reference","email","what","amount_ghs","channel","status","refunded_at"',
    );
    expect(lines.slice(1)).toEqual([
      '"2026-11-27 23:30","nd_test_5","ama@example.com","Month pass","30.00","mobile_money","paid",""',
      '"2026-11-29 08:00","nd_test_1","ama@example.com","Day pass","2.00","mobile_money","paid",""',
      '"2026-11-29 09:30","nd_test_2","kofi@example.com","Day pass","2.00","card","paid",""',
      `"2026-11-29 10:00","nd_test_3","""Esi"", =1+1","Donation","1234.50","bank","paid",""`,
      '"2026-11-29 11:00","nd_test_4","ama@example.com","Week pass","10.00","mobile_money","refunded","2026-11-29 16:00"',
    ]);
    // The paid lines add up to the screen's total, in pesewas.
    const { totals } = await revenueByDay(database.db, admin, RANGE, "Africa/Accra");
    const paidSum = lines
      .slice(1)
      .filter((l) => l.includes('"paid"'))
      .reduce((sum, l) => sum + Math.round(Number(l.split('","')[4]) * 100), 0);
    expect(paidSum).toBe(totals.total);
    // A cell that starts like a formula is shown as text.
    await database.db
      .insert(payments)
      .values(pay("pass", 200, "paid", "2026-11-28T10:00:00", { email: "=HYPERLINK()" }));
    expect(await revenueCsv(database.db, admin, RANGE, "Africa/Accra")).toContain(`"'=HYPERLINK()"`);
  });

  test("an editor and a writer are refused every read", async () => {
    for (const actor of [editor, writer]) {
      expect(await outcome(revenueByDay(database.db, actor, RANGE, "UTC"))).toBe(403);
      expect(await outcome(recentPayments(database.db, actor, RANGE, "UTC"))).toBe(403);
      expect(await outcome(revenueCsv(database.db, actor, RANGE, "UTC"))).toBe(403);
    }
  });
});
