import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "#app/auth/password.server";
import { articles, notificationReceipts, notifications, sessions, users } from "#app/db/schema";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import { createNotification } from "#app/domain/notifications/notifications.server";
import {
  forgetLegacyRoleAnnouncement,
  recordLegacyRoleMigration,
} from "#app/domain/users/legacy-roles.server";
import * as dashboardRoute from "./dashboard";
import * as layoutRoute from "./layout";
import * as notificationsRoute from "./notifications";
import * as profileRoute from "./profile";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";

describe("dashboard, profile, notifications and the shell (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const ids = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      ids[role] = user.id;
      cookies[role] = await sessionCookieFor(user.id);
    }
    await database.db.insert(articles).values([
      { title: "Mine", authorId: ids.writer, status: "draft", views: 3 },
      { title: "Theirs", authorId: ids.editor, status: "published", views: 7, publishedAt: new Date() },
    ]);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("signed out: loaders and actions send to /admin/login", async () => {
    const calls = [
      () => layoutRoute.loader(args(getRequest("/admin/dashboard"))),
      () => dashboardRoute.loader(args(getRequest("/admin/dashboard"))),
      () => profileRoute.loader(args(getRequest("/admin/profile"))),
      () => profileRoute.action(args(postRequest("/admin/profile", { name: "X Y" }))),
      () => notificationsRoute.loader(args(getRequest("/admin/notifications"))),
      () => notificationsRoute.action(args(postRequest("/admin/notifications", { intent: "readAll" }))),
    ];
    for (const call of calls)
      expect(await outcome(call)).toMatchObject({ status: 302, location: "/admin/login" });
  });

  test("dashboard per role: a writer counts only their own articles", async () => {
    const statsOf = async (cookie: string) => {
      const { body } = await outcome(() =>
        dashboardRoute.loader(args(getRequest("/admin/dashboard", cookie))),
      );
      return Object.fromEntries(
        (body as { stats: Array<{ key: string; value: number }> }).stats.map((s) => [s.key, s.value]),
      );
    };
    expect(await statsOf(cookies.admin)).toMatchObject({ total: 2, published: 1, drafts: 1, views: 10 });
    expect(await statsOf(cookies.editor)).toMatchObject({ total: 2, published: 1, drafts: 1, views: 10 });
    expect(await statsOf(cookies.writer)).toMatchObject({ total: 1, published: 0, drafts: 1, views: 3 });
  });

  test("the shell lists each person's notifications with their own unread count; a writer never sees comment items", async () => {
    await database.db.delete(notifications);
    await createNotification(database.db, {
      type: "comment",
      message: "A comment waits",
      link: "/admin/comments",
    });
    const shell = async (cookie: string) =>
      (await outcome(() => layoutRoute.loader(args(getRequest("/admin/dashboard", cookie))))).body as {
        unread: number;
        notifications: Array<{ message: string }>;
      };
    const asAdmin = await shell(cookies.admin);
    expect(asAdmin.notifications.map((n) => n.message)).toEqual(["A comment waits"]);
    expect(asAdmin.unread).toBe(1);
    const asWriter = await shell(cookies.writer);
    expect(asWriter.notifications).toEqual([]);
    expect(asWriter.unread).toBe(0);
  });

  test("'Roles Updated': after legacy roles became writer, the first admin in is told how many, once; editors never", async () => {
    forgetLegacyRoleAnnouncement();
    await recordLegacyRoleMigration(database.db, 2);
    const shell = async (cookie: string) =>
      (await outcome(() => layoutRoute.loader(args(getRequest("/admin/dashboard", cookie))))).body as {
        migratedRoles: number;
      };
    expect((await shell(cookies.editor)).migratedRoles).toBe(0);
    expect((await shell(cookies.admin)).migratedRoles).toBe(2);
    expect((await shell(cookies.admin)).migratedRoles).toBe(0);
    // Another process (a restart) finds it told already.
    forgetLegacyRoleAnnouncement();
    expect((await shell(cookies.admin)).migratedRoles).toBe(0);
  });

  test("notifications: a writer marks read (then goes to the link), deletes and marks all read on their own list only", async () => {
    await database.db.delete(notifications);
    await createNotification(database.db, {
      type: "system",
      message: "For everyone",
      link: "/admin/articles",
    });
    await createNotification(database.db, {
      type: "other",
      message: "Sneaky",
      link: "https://evil.example/",
    });
    await createNotification(database.db, { type: "comment", message: "Comment", link: "/admin/comments" });
    const rows = await database.db.select().from(notifications);
    const everyone = rows.find((n) => n.message === "For everyone")!;
    const sneaky = rows.find((n) => n.message === "Sneaky")!;
    const comment = rows.find((n) => n.message === "Comment")!;
    const post = (fields: Record<string, string>) =>
      outcome(() =>
        notificationsRoute.action(args(postRequest("/admin/notifications", fields, cookies.writer))),
      );
    const listOf = async (cookie: string) =>
      (await outcome(() => notificationsRoute.loader(args(getRequest("/admin/notifications", cookie)))))
        .body as { unread: number; notifications: Array<{ id: string; message: string; read: boolean }> };

    expect(await post({ intent: "read", id: sneaky.id })).toMatchObject({
      status: 302,
      location: "/admin/notifications",
    });
    expect(await post({ intent: "read", id: everyone.id })).toMatchObject({
      status: 302,
      location: "/admin/articles",
    });
    // Another person's item (the writer cannot open comments): not followed, nothing recorded.
    expect(await post({ intent: "read", id: comment.id })).toMatchObject({
      status: 302,
      location: "/admin/notifications",
    });
    expect(await post({ intent: "delete", id: comment.id, returnTo: "/admin/dashboard" })).toMatchObject({
      location: "/admin/dashboard",
    });
    expect(await post({ intent: "delete", id: sneaky.id, returnTo: "/admin/dashboard" })).toMatchObject({
      location: "/admin/dashboard",
    });
    await createNotification(database.db, { type: "system", message: "s2", link: "/admin/dashboard" });
    expect(await post({ intent: "readAll", returnTo: "//evil.example" })).toMatchObject({
      location: "/admin/notifications",
    });
    const writer = await listOf(cookies.writer);
    expect(writer.unread).toBe(0);
    expect(writer.notifications.map((n) => n.message).sort()).toEqual(["For everyone", "s2"]);

    // The editor's list is untouched: all four, all unread, the one the writer dismissed still there.
    const editor = await listOf(cookies.editor);
    expect(editor.unread).toBe(4);
    expect(editor.notifications.map((n) => n.message).sort()).toEqual([
      "Comment",
      "For everyone",
      "Sneaky",
      "s2",
    ]);
    expect(
      await database.db
        .select()
        .from(notificationReceipts)
        .where(inArray(notificationReceipts.userId, [ids.editor, ids.admin])),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(notificationReceipts)
        .where(eq(notificationReceipts.notificationId, comment.id)),
    ).toEqual([]);
    expect((await post({ intent: "bogus" })).status).toBe(400);
  });

  test("profile: Full Name required, email never changes, 'Profile updated successfully!'", async () => {
    const missing = await outcome(() =>
      profileRoute.action(
        args(
          postRequest(
            "/admin/profile",
            { intent: "profile", name: "", bio: "Hi", website: "", location: "" },
            cookies.writer,
          ),
        ),
      ),
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      form: "profile",
      errors: { name: { title: "Missing Name" } },
      values: { bio: "Hi" },
    });
    const saved = await outcome(() =>
      profileRoute.action(
        args(
          postRequest(
            "/admin/profile",
            {
              intent: "profile",
              name: "Wale Writer",
              email: "hijack@example.com",
              bio: "Reporter",
              website: "https://wale.example",
              location: "Accra",
            },
            cookies.writer,
          ),
        ),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: "/admin/profile" });
    const row = one(await database.db.select().from(users).where(eq(users.id, ids.writer)));
    expect([row.name, row.email, row.website, row.location]).toEqual([
      "Wale Writer",
      "writer@example.com",
      "https://wale.example",
      "Accra",
    ]);
  });

  test("profile: own password change needs the current one, follows the rule, and ends other sessions", async () => {
    const other = await sessionCookieFor(ids.editor);
    const post = (fields: Record<string, string>) =>
      outcome(() =>
        profileRoute.action(
          args(postRequest("/admin/profile", { intent: "password", ...fields }, cookies.editor)),
        ),
      );
    expect(
      (await post({ currentPassword: "nope1234", newPassword: "Fresh1234", confirmPassword: "Fresh1234" }))
        .body,
    ).toMatchObject({
      errors: { currentPassword: { title: "Current password is incorrect." } },
    });
    expect(
      (await post({ currentPassword: "secret12", newPassword: "weak", confirmPassword: "weak" })).body,
    ).toMatchObject({
      errors: { newPassword: { title: "Weak Password" } },
    });
    const done = await post({
      currentPassword: "secret12",
      newPassword: "Fresh1234",
      confirmPassword: "Fresh1234",
    });
    expect(done).toMatchObject({ status: 302, location: "/admin/profile" });
    expect(done.setCookie).toContain("nd_session=");
    const row = one(await database.db.select().from(users).where(eq(users.id, ids.editor)));
    expect(await verifyPassword("Fresh1234", row.passwordHash)).toBe(true);
    // The old sessions are gone; only the fresh one for this browser remains.
    expect(await outcome(() => profileRoute.loader(args(getRequest("/admin/profile", other))))).toMatchObject(
      { location: "/admin/login" },
    );
    expect((await database.db.select().from(sessions).where(eq(sessions.userId, ids.editor))).length).toBe(1);
  });
});
