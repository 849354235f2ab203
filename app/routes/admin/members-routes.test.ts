/**
 * The Members screen called as a route per role: admins and editors list, search and filter reader
 * accounts; a writer gets 403; signed out goes to the sign-in page. The side menu matches.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { navFor } from "#app/components/admin/nav";
import { members, passes, payments } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { args, getRequest, makeUser, outcome, sessionCookieFor } from "#test-support/route-calls";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import * as membersRoute from "./members";

type Body = Awaited<ReturnType<typeof membersRoute.loader>>;

describe("members (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const list = (cookie?: string, query = "") =>
    outcome(() => membersRoute.loader(args(getRequest(`/admin/members${query}`, cookie))));

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
    const hour = 3600_000;
    const [ama, kofi] = await database.db
      .insert(members)
      .values([
        { email: "ama@example.com", name: "Ama Owusu", createdAt: new Date(Date.now() - 48 * hour) },
        { email: "kofi@example.com", name: "Kofi", createdAt: new Date(Date.now() - 24 * hour) },
      ])
      .returning();
    const [payment] = await database.db
      .insert(payments)
      .values({
        reference: "nd_route_1",
        memberId: ama?.id,
        email: "ama@example.com",
        kind: "pass",
        plan: "day",
        amount: 200,
        status: "paid",
        provider: "paystack",
        channel: "mobile_money",
        paidAt: new Date(Date.now() - hour),
      })
      .returning();
    await database.db.insert(passes).values({
      memberId: ama?.id ?? "",
      paymentId: payment?.id ?? "",
      plan: "day",
      startsAt: new Date(Date.now() - hour),
      endsAt: new Date(Date.now() + 23 * hour),
    });
    expect(kofi).toBeDefined();
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  test("the side menu shows Members to admins and editors, never to writers", () => {
    const has = (role: string) => navFor(role).some((item) => item.to === "/admin/members");
    expect([has("admin"), has("editor"), has("writer")]).toEqual([true, true, false]);
  });

  test("a writer gets 403; signed out goes to the sign-in page", async () => {
    expect((await list(cookies.writer)).status).toBe(403);
    const page = await list();
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/admin\/login/);
  });

  test("an editor and an admin list newest first, with access, and filter and search", async () => {
    for (const cookie of [cookies.editor, cookies.admin]) {
      const all = await list(cookie);
      expect(all.status).toBe(200);
      const body = all.body as Body;
      expect(body.rows.map((r) => [r.email, r.plan, r.passCount])).toEqual([
        ["kofi@example.com", null, 0],
        ["ama@example.com", "day", 1],
      ]);
      expect(body.counts).toEqual({ all: 2, paying: 1, free: 1 });
      expect(body.timeZone).toBeTruthy();
    }
    const paying = (await list(cookies.editor, "?access=paying")).body as Body;
    expect(paying.rows.map((r) => r.email)).toEqual(["ama@example.com"]);
    const free = (await list(cookies.editor, "?access=free&q=KOFI")).body as Body;
    expect(free.rows.map((r) => r.email)).toEqual(["kofi@example.com"]);
    // An unknown filter is no filter; a search nobody matches is an empty page 1.
    expect(((await list(cookies.editor, "?access=gold")).body as Body).total).toBe(2);
    const none = (await list(cookies.editor, "?q=nobody&page=7")).body as Body;
    expect([none.total, none.page, none.query.q]).toEqual([0, 1, "nobody"]);
  });
});
