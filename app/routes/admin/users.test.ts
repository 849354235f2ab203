import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notifications, users } from "#app/db/schema";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";
import * as addRoute from "./users.add";
import * as editRoute from "./users.edit";
import * as listRoute from "./users";
import { firstRow } from "#app/db/rows";

describe("users screens (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const ids = { admin: "", editor: "", writer: "" };
  const validUser = {
    name: "Kofi Boateng",
    email: "kofi@example.com",
    password: "Kofi1234",
    role: "writer",
    status: "active",
    bio: "",
    avatarUrl: "",
  };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      ids[role] = user.id;
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
  });

  const userCount = async () => (await database.db.select().from(users)).length;
  const statusOf = async (id: string) =>
    (await database.db.select().from(users).where(eq(users.id, id)))[0]?.status;

  test("signed out: every loader and action sends to /admin/login", async () => {
    const calls = [
      () => listRoute.loader(args(getRequest("/admin/users"))),
      () =>
        listRoute.action(
          args(postRequest("/admin/users", { intent: "deactivate", userId: ids.writer, confirmed: "yes" })),
        ),
      () => addRoute.loader(args(getRequest("/admin/users/add"))),
      () => addRoute.action(args(postRequest("/admin/users/add", validUser))),
      () => editRoute.loader(args(getRequest(`/admin/users/edit/${ids.writer}`), { id: ids.writer })),
      () =>
        editRoute.action(args(postRequest(`/admin/users/edit/${ids.writer}`, validUser), { id: ids.writer })),
    ];
    for (const call of calls)
      expect(await outcome(call)).toMatchObject({ status: 302, location: "/admin/login" });
  });

  test.each(["editor", "writer"] as const)(
    "%s: every users loader and action is 403 and changes nothing",
    async (role) => {
      const cookie = cookies[role];
      const before = await userCount();
      const calls = [
        () => listRoute.loader(args(getRequest("/admin/users", cookie))),
        () =>
          listRoute.action(
            args(
              postRequest(
                "/admin/users",
                { intent: "deactivate", userId: ids.admin, confirmed: "yes" },
                cookie,
              ),
            ),
          ),
        () =>
          listRoute.action(
            args(
              postRequest("/admin/users", { intent: "delete", userId: ids.admin, confirmed: "yes" }, cookie),
            ),
          ),
        () =>
          listRoute.action(
            args(
              postRequest(
                "/admin/users",
                { intent: "bulk", bulkAction: "delete", ids: [ids.admin, ids.editor], confirmed: "yes" },
                cookie,
              ),
            ),
          ),
        () => addRoute.loader(args(getRequest("/admin/users/add", cookie))),
        () =>
          addRoute.action(
            args(
              postRequest(
                "/admin/users/add",
                { ...validUser, email: `${role}-made@example.com`, role: "admin" },
                cookie,
              ),
            ),
          ),
        () => editRoute.loader(args(getRequest(`/admin/users/edit/${ids[role]}`, cookie), { id: ids[role] })),
        () =>
          editRoute.action(
            args(
              postRequest(
                `/admin/users/edit/${ids[role]}`,
                { ...validUser, email: `${role}@example.com`, role: "admin" },
                cookie,
              ),
              { id: ids[role] },
            ),
          ),
      ];
      for (const call of calls) {
        const result = await outcome(call);
        expect(result.status).toBe(403);
        expect(result.body).toMatchObject({ title: "Access Denied" });
      }
      expect(await userCount()).toBe(before);
      const rows = await database.db.select().from(users);
      expect(rows.map((u) => [u.email, u.role, u.status]).sort()).toEqual([
        ["admin@example.com", "admin", "active"],
        ["editor@example.com", "editor", "active"],
        ["writer@example.com", "writer", "active"],
      ]);
    },
  );

  test("add user: each problem comes back beside its field with what was typed; nothing is written", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: "" }, "name", "Missing Name"],
      [{ name: "K" }, "name", "Name Too Short"],
      [{ name: "K".repeat(101) }, "name", "Name Too Long"],
      [{ email: "" }, "email", "Missing Email"],
      [{ email: "kofi@" }, "email", "Invalid Email"],
      [{ password: "" }, "password", "Missing Password"],
      [{ password: "abcdef" }, "password", "Weak Password"],
      [{ bio: "b".repeat(501) }, "bio", "Bio Too Long"],
      [{ avatarUrl: "nope" }, "avatarUrl", "Invalid URL"],
      [{ role: "root" }, "role", "Invalid Role"],
      [{ status: "gone" }, "status", "Invalid Status"],
      [{ email: "writer@example.com" }, "email", "Email Already Exists"],
    ];
    const before = await userCount();
    for (const [change, field, title] of cases) {
      const fields = { ...validUser, ...change };
      const result = await outcome(() =>
        addRoute.action(args(postRequest("/admin/users/add", fields, cookies.admin))),
      );
      expect(result.status).toBe(400);
      const body = result.body as {
        errors: Record<string, { title: string; message?: string }>;
        values: Record<string, string>;
      };
      expect(body.errors[field]?.title).toBe(title);
      expect(body.values.name).toBe(fields.name);
      expect(body.values.email).toBe(fields.email);
      expect(body.values.password).toBeUndefined();
    }
    const exists = await outcome(() =>
      addRoute.action(
        args(postRequest("/admin/users/add", { ...validUser, email: "WRITER@example.com" }, cookies.admin)),
      ),
    );
    expect((exists.body as { errors: Record<string, unknown> }).errors.email).toEqual({
      title: "Email Already Exists",
      message: "This email address is already registered. Please use a different email.",
    });
    expect(await userCount()).toBe(before);
  });

  test("add user: 'User Created!', a notification, then the list", async () => {
    const result = await outcome(() =>
      addRoute.action(args(postRequest("/admin/users/add", validUser, cookies.admin))),
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/users" });
    expect((await toastOf(result.setCookie))?.title).toBe("User Created!");
    const created = firstRow(
      await database.db.select().from(users).where(eq(users.email, "kofi@example.com")),
    );
    expect(created).toMatchObject({ name: "Kofi Boateng", role: "writer", status: "active" });
    const note = firstRow(
      await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/admin/users/edit/${created.id}`)),
    );
    expect(note.message).toBe("New user: Kofi Boateng (writer)");
  });

  test("list: search is sanitised and filters apply, including pending", async () => {
    await makeUser("pending.person@example.com", "writer");
    await database.db
      .update(users)
      .set({ status: "pending" })
      .where(eq(users.email, "pending.person@example.com"));
    const load = async (query: string) =>
      (await outcome(() => listRoute.loader(args(getRequest(`/admin/users${query}`, cookies.admin)))))
        .body as {
        users: Array<{ email: string }>;
        filter: { q: string };
        stats: { pending: number };
      };
    const searched = await load(`?q=${encodeURIComponent("  <kofi>  ")}`);
    expect(searched.filter.q).toBe("kofi");
    expect(searched.users.map((u) => u.email)).toEqual(["kofi@example.com"]);
    expect((await load(`?q=${"k".repeat(150)}`)).filter.q).toHaveLength(100);
    expect((await load("?status=pending")).users.map((u) => u.email)).toEqual(["pending.person@example.com"]);
    expect((await load("?role=editor")).users.map((u) => u.email)).toEqual(["editor@example.com"]);
    expect((await load("?role=bogus")).users.length).toBeGreaterThan(3);
    expect((await load("")).stats.pending).toBe(1);
  });

  test("edit: 'User not found!' goes back to the list; a save says 'User updated successfully!'", async () => {
    const missing = await outcome(() =>
      editRoute.loader(args(getRequest("/admin/users/edit/nope", cookies.admin), { id: "nope" })),
    );
    expect(missing).toMatchObject({ status: 302, location: "/admin/users" });
    expect(await toastOf(missing.setCookie)).toEqual({ type: "error", title: "User not found!" });

    const loaded = await outcome(() =>
      editRoute.loader(
        args(getRequest(`/admin/users/edit/${ids.editor}`, cookies.admin), { id: ids.editor }),
      ),
    );
    expect((loaded.body as { user: { email: string } }).user.email).toBe("editor@example.com");

    const saved = await outcome(() =>
      editRoute.action(
        args(
          postRequest(
            `/admin/users/edit/${ids.editor}`,
            { ...validUser, name: "Edem Mensah", email: "editor@example.com", role: "editor" },
            cookies.admin,
          ),
          {
            id: ids.editor,
          },
        ),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: "/admin/users" });
    expect((await toastOf(saved.setCookie))?.title).toBe("User updated successfully!");
    expect(one(await database.db.select().from(users).where(eq(users.id, ids.editor))).name).toBe(
      "Edem Mensah",
    );

    const selfDemotion = await outcome(() =>
      editRoute.action(
        args(
          postRequest(
            `/admin/users/edit/${ids.admin}`,
            { ...validUser, email: "admin@example.com", role: "writer" },
            cookies.admin,
          ),
          { id: ids.admin },
        ),
      ),
    );
    expect(selfDemotion.status).toBe(400);
    expect((selfDemotion.body as { formError: { title: string } }).formError.title).toBe(
      "Error updating user. Please try again.",
    );
    expect(one(await database.db.select().from(users).where(eq(users.id, ids.admin))).role).toBe("admin");
  });

  test("list actions: deactivate (the session is refused at once), activate, self-protection, bulk, delete", async () => {
    const victim = await makeUser("victim@example.com", "writer");
    const victimCookie = await sessionCookieFor(victim.id);
    const post = (fields: Record<string, string | string[]>) =>
      outcome(() => listRoute.action(args(postRequest("/admin/users", fields, cookies.admin))));

    const deactivated = await post({ intent: "deactivate", userId: victim.id, confirmed: "yes" });
    expect(deactivated).toMatchObject({ status: 302, location: "/admin/users" });
    expect(await statusOf(victim.id)).toBe("inactive");
    const next = await outcome(() => listRoute.loader(args(getRequest("/admin/dashboard", victimCookie))));
    expect(next).toMatchObject({ status: 403, body: { title: "Account Disabled" } });

    expect((await post({ intent: "activate", userId: victim.id, confirmed: "yes" })).status).toBe(302);
    expect(await statusOf(victim.id)).toBe("active");

    const self = await post({ intent: "delete", userId: ids.admin, confirmed: "yes" });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: { title: "Error deleting user. Please try again." } });

    const emptyBulk = await post({ intent: "bulk", bulkAction: "deactivate", confirmed: "yes" });
    expect(emptyBulk.body).toMatchObject({
      error: { title: "Error performing bulk action. Please try again." },
    });

    const other = await makeUser("other@example.com", "writer");
    const bulk = await post({
      intent: "bulk",
      bulkAction: "deactivate",
      ids: [victim.id, other.id],
      confirmed: "yes",
    });
    expect((await toastOf(bulk.setCookie))?.title).toBe("Successfully processed 2 users!");
    expect([await statusOf(victim.id), await statusOf(other.id)]).toEqual(["inactive", "inactive"]);

    const deleted = await post({ intent: "delete", userId: victim.id, confirmed: "yes" });
    expect((await toastOf(deleted.setCookie))?.title).toBe("User deleted successfully!");
    expect(await statusOf(victim.id)).toBeUndefined();
    expect(
      await outcome(() => listRoute.loader(args(getRequest("/admin/users", victimCookie)))),
    ).toMatchObject({
      status: 302,
      location: "/admin/login",
    });
  });
});
