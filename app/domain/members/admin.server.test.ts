/**
 * The Members list on a real database, rows written directly: who has a pass running now (a refunded
 * one gives nothing, a queued one extends the end), the search by address or name, the access filter,
 * the pages, and the refusal of a writer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { members, passes, payments } from "#app/db/schema";
import { outcome, staff } from "#test-support/article-fixtures";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { listMembers } from "./admin.server";
import { accessLabel } from "./members-admin-text";

const NOW = new Date("2026-11-29T12:00:00Z");
const at = (iso: string) => new Date(`${iso}Z`);

describe("the Access column's text", () => {
  test("free, or the running pass and its end in the site's zone", () => {
    expect(accessLabel({ plan: null, until: null }, "Africa/Accra")).toBe("Free");
    expect(accessLabel({ plan: "day", until: at("2026-11-29T14:00:00") }, "Africa/Accra")).toBe(
      "Day pass until 29 Nov 2026, 14:00",
    );
    expect(accessLabel({ plan: "week", until: at("2026-11-29T14:00:00") }, "Asia/Tokyo")).toBe(
      "Week pass until 29 Nov 2026, 23:00",
    );
  });
});

describe.each(TEST_ENGINES)("the Members list on %s", (engine) => {
  let database: TestDatabase;
  const admin = staff("admin", "Ada");
  const editor = staff("editor", "Edem");
  const writer = staff("writer", "Wale");
  const ids: Record<string, string> = {};

  async function pass(
    member: string,
    plan: "day" | "week" | "month",
    starts: string,
    ends: string,
    status = "paid",
  ) {
    const [payment] = await database.db
      .insert(payments)
      .values({
        reference: `nd_${crypto.randomUUID()}`,
        memberId: ids[member],
        email: `${member}@example.com`,
        kind: "pass",
        plan,
        amount: 200,
        status: status as "paid" | "refunded",
        provider: "paystack",
        channel: "mobile_money",
        paidAt: at(starts),
      })
      .returning();
    await database.db.insert(passes).values({
      memberId: ids[member] ?? "",
      paymentId: payment?.id ?? "",
      plan,
      startsAt: at(starts),
      endsAt: at(ends),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(payments);
    await database.db.delete(members);
    const rows = await database.db
      .insert(members)
      .values([
        { email: "ama@example.com", name: "Ama Owusu", createdAt: at("2026-11-01T09:00:00") },
        { email: "kofi@example.com", name: "Kofi Mensah", createdAt: at("2026-11-02T09:00:00") },
        { email: "esi@example.com", name: "", createdAt: at("2026-11-03T09:00:00") },
        { email: "yaw@example.com", name: "Yaw", createdAt: at("2026-11-04T09:00:00") },
      ])
      .returning();
    for (const row of rows) ids[row.email.split("@")[0] ?? ""] = row.id;
    // Ama: a day pass running now, and a week pass bought meanwhile that follows it.
    await pass("ama", "day", "2026-11-29T10:00:00", "2026-11-30T10:00:00");
    await pass("ama", "week", "2026-11-30T10:00:00", "2026-12-07T10:00:00");
    // Kofi: a month pass that ended; Esi: a week pass running by the clock, but refunded.
    await pass("kofi", "month", "2026-10-01T10:00:00", "2026-10-31T10:00:00");
    await pass("esi", "week", "2026-11-28T10:00:00", "2026-12-05T10:00:00", "refunded");
  });

  const list = (query: Partial<Parameters<typeof listMembers>[2]> = {}, actor = editor) =>
    listMembers(database.db, actor, { q: "", access: "", page: 1, ...query }, NOW);

  test("newest first, with each member's access, passes and dates", async () => {
    const { rows, total, counts } = await list({}, admin);
    expect(total).toBe(4);
    expect(counts).toEqual({ all: 4, paying: 1, free: 3 });
    expect(rows.map((r) => [r.email, r.plan, r.until?.toISOString() ?? null, r.passCount])).toEqual([
      ["yaw@example.com", null, null, 0],
      ["esi@example.com", null, null, 1],
      ["kofi@example.com", null, null, 1],
      ["ama@example.com", "day", "2026-12-07T10:00:00.000Z", 2],
    ]);
    expect(rows[3]?.createdAt).toEqual(at("2026-11-01T09:00:00"));
    expect(rows[3]?.lastSeenAt).toBeInstanceOf(Date);
  });

  test("the access filter: with a running pass, and free", async () => {
    expect((await list({ access: "paying" })).rows.map((r) => r.email)).toEqual(["ama@example.com"]);
    expect((await list({ access: "free" })).rows.map((r) => r.email)).toEqual([
      "yaw@example.com",
      "esi@example.com",
      "kofi@example.com",
    ]);
    // When Ama's passes have all ended she is free again.
    const later = await listMembers(
      database.db,
      editor,
      { q: "", access: "paying", page: 1 },
      at("2026-12-08T00:00:00"),
    );
    expect(later.total).toBe(0);
  });

  test("search by address or name, any case; wildcards match themselves", async () => {
    expect((await list({ q: "MENSAH" })).rows.map((r) => r.email)).toEqual(["kofi@example.com"]);
    expect((await list({ q: "esi@" })).rows.map((r) => r.email)).toEqual(["esi@example.com"]);
    expect((await list({ q: "ama", access: "free" })).total).toBe(0);
    expect((await list({ q: "%" })).total).toBe(0);
  });

  test("pages: the second page of two, and a page past the end shows the last", async () => {
    const second = await list({ page: 2, pageSize: 3 });
    expect([second.page, second.pageCount, second.rows.map((r) => r.email)]).toEqual([
      2,
      2,
      ["ama@example.com"],
    ]);
    expect((await list({ page: 9, pageSize: 3 })).page).toBe(2);
  });

  test("a writer is refused", async () => {
    expect(await outcome(list({}, writer))).toBe(403);
  });
});
