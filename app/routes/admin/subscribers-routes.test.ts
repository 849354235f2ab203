/**
 * The newsletter's subscribers in the back office, called as routes per role: admins and editors list,
 * search, filter, delete (after confirming) and export CSV; a writer gets 403 everywhere and changes
 * nothing; a signed-out visitor is sent to the sign-in page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { navFor } from "#app/components/admin/nav";
import { newsletterSubscribers } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { seedDatabase } from "#app/db/seed.server";
import { SUBSCRIBERS_TEXT } from "#app/domain/newsletter/newsletter-form";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import * as exportRoute from "#app/routes/resources/subscribers-export";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";
import * as subscribersRoute from "./subscribers";

describe("subscribers (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const ids: Record<string, string> = {};

  const list = (cookie?: string, query = "") =>
    outcome(() => subscribersRoute.loader(args(getRequest(`/admin/subscribers${query}`, cookie))));
  const post = (fields: Record<string, string>, cookie?: string) =>
    outcome(() => subscribersRoute.action(args(postRequest("/admin/subscribers", fields, cookie))));
  const exportCsv = async (cookie?: string, query = "") => {
    try {
      return await exportRoute.loader(args(getRequest(`/admin/subscribers/export.csv${query}`, cookie)));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      const described = await outcome(() => Promise.reject(thrown));
      return new Response(null, { status: described.status });
    }
  };
  const emails = async () =>
    (await database.db.select().from(newsletterSubscribers)).map((s) => s.email).sort();

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(newsletterSubscribers);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes));
    const rows = await database.db
      .insert(newsletterSubscribers)
      .values([
        {
          email: "ama@example.com",
          status: "confirmed",
          token: "t".repeat(32),
          consentAt: at(1),
          confirmedAt: at(2),
          createdAt: at(1),
        },
        {
          email: "kofi@example.com",
          status: "pending",
          token: "u".repeat(32),
          consentAt: at(3),
          createdAt: at(3),
        },
        {
          email: "=cmd@example.com",
          status: "confirmed",
          token: "v".repeat(32),
          consentAt: at(4),
          confirmedAt: at(5),
          createdAt: at(4),
        },
        {
          email: "yaw@example.com",
          status: "unsubscribed",
          token: "w".repeat(32),
          consentAt: at(6),
          unsubscribedAt: at(7),
          createdAt: at(6),
        },
      ])
      .returning();
    for (const row of rows) ids[row.email] = row.id;
  });

  test("the side menu shows Subscribers to admins and editors, never to writers", () => {
    const has = (role: string) => navFor(role).some((item) => item.to === "/admin/subscribers");
    expect([has("admin"), has("editor"), has("writer")]).toEqual([true, true, false]);
  });

  test("a writer gets 403 on the list, the delete and the export, and nothing changes", async () => {
    expect((await list(cookies.writer)).status).toBe(403);
    expect(
      (await post({ intent: "delete", id: ids["ama@example.com"] ?? "", confirmed: "yes" }, cookies.writer))
        .status,
    ).toBe(403);
    expect((await exportCsv(cookies.writer)).status).toBe(403);
    expect(await emails()).toHaveLength(4);
  });

  test("signed out: the list and the export send to the sign-in page", async () => {
    const page = await list();
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/admin\/login/);
    const file = await exportCsv();
    expect(file.status).toBe(302);
  });

  test("an editor lists newest first with counts, searches and filters by status", async () => {
    const all = await list(cookies.editor);
    expect(all.status).toBe(200);
    const body = all.body as Awaited<ReturnType<typeof subscribersRoute.loader>>;
    expect(body.rows.map((r) => r.email)).toEqual([
      "yaw@example.com",
      "=cmd@example.com",
      "kofi@example.com",
      "ama@example.com",
    ]);
    expect(body.counts).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1, bounced: 0 });
    expect(body.total).toBe(4);
    expect(body.newsletterOn).toBe(true);

    const pending = (await list(cookies.editor, "?status=pending")).body as typeof body;
    expect(pending.rows.map((r) => r.email)).toEqual(["kofi@example.com"]);
    const searched = (await list(cookies.editor, "?q=AMA&status=confirmed")).body as typeof body;
    expect(searched.rows.map((r) => r.email)).toEqual(["ama@example.com"]);
    // An unknown status is no filter; a search with % matches the character, not everything.
    expect(((await list(cookies.editor, "?status=nope")).body as typeof body).total).toBe(4);
    expect(((await list(cookies.editor, "?q=%25")).body as typeof body).total).toBe(0);
  });

  test("delete asks first, then removes exactly that subscriber; an unknown one is a 404", async () => {
    const id = ids["kofi@example.com"] ?? "";
    const asked = await post({ intent: "delete", id }, cookies.editor);
    expect(asked.body).toEqual({
      result: { type: "confirm", title: SUBSCRIBERS_TEXT.deleteConfirm, intent: "delete", id },
    });
    expect(await emails()).toContain("kofi@example.com");

    const done = await post({ intent: "delete", id, confirmed: "yes" }, cookies.admin);
    expect(done.body).toEqual({
      result: { type: "success", title: SUBSCRIBERS_TEXT.deleted, message: "kofi@example.com" },
    });
    expect(await emails()).toEqual(["=cmd@example.com", "ama@example.com", "yaw@example.com"]);

    const again = await post({ intent: "delete", id, confirmed: "yes" }, cookies.admin);
    expect(again.status).toBe(404);
    const garbage = await post({ intent: "delete", id: "not-a-uuid", confirmed: "yes" }, cookies.admin);
    expect(garbage.status).toBe(404);
    expect(await emails()).toHaveLength(3);
  });

  test("the CSV export: a private attachment with the filtered rows, formulas neutralised", async () => {
    const file = await exportCsv(cookies.editor, "?status=confirmed");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await file.text()).trimEnd().split("\r\n");
    expect(lines).toEqual([
      '"email","status","consent_at","confirmed_at"',
      `"'=cmd@example.com","confirmed","2026-11-20T08:04:00.000Z","2026-11-20T08:05:00.000Z"`,
      '"ama@example.com","confirmed","2026-11-20T08:01:00.000Z","2026-11-20T08:02:00.000Z"',
    ]);
  });
});
