/**
 * People screens (users, profile, notifications) called as routes:
 * the refusals of every role and of a disabled or signed-out visitor change nothing, the edit form's
 * messages and session ending, and the failure titles of each catch branch.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { notificationReceipts, notifications, sessions, settings, users } from "#app/db/schema";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import { createNotification } from "#app/domain/notifications/notifications.server";
import * as usersDomain from "#app/domain/users/users.server";
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
  toastOf,
} from "#test-support/route-calls";
import * as addRoute from "./users.add";
import * as editRoute from "./users.edit";
import * as listRoute from "./users";
import { firstRow } from "#app/db/rows";

const ACCOUNT_DISABLED = {
  title: "Account Disabled",
  message: "Your account has been disabled. Please contact the administrator.",
};

describe("people screens (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const ids = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    // The profile page reads the site's timezone.
    await database.db.insert(settings).values({ id: 1 });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      ids[role] = user.id;
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Every user row as it stands, for "nothing changed" checks. */
  const snapshotUsers = async () =>
    (await database.db.select().from(users))
      .map((u) => ({ ...u }))
      .sort((a, b) => a.email.localeCompare(b.email));
  const snapshotNotifications = async () => {
    const receipts = await database.db.select().from(notificationReceipts);
    return (await database.db.select().from(notifications))
      .map(({ id }) => ({ id, receipts: receipts.filter((r) => r.notificationId === id) }))
      .sort((a, b) => a.id.localeCompare(b.id));
  };
  const rowOf = async (id: string) => one(await database.db.select().from(users).where(eq(users.id, id)));
  const setStatus = (id: string, status: "active" | "inactive") =>
    database.db.update(users).set({ status }).where(eq(users.id, id));

  test.each(["signed out", "editor", "writer"] as const)(
    "%s: activate and bulk activate / deactivate are refused and change nothing",
    async (who) => {
      const sleeper = await makeUser(`sleeper-${who.replace(" ", "-")}@example.com`, "writer");
      const dozer = await makeUser(`dozer-${who.replace(" ", "-")}@example.com`, "writer");
      const awake = await makeUser(`awake-${who.replace(" ", "-")}@example.com`, "writer");
      await database.db
        .update(users)
        .set({ status: "inactive" })
        .where(inArray(users.id, [sleeper.id, dozer.id]));
      const cookie = who === "signed out" ? undefined : cookies[who];
      const before = await snapshotUsers();
      const posts: Array<Record<string, string | string[]>> = [
        { intent: "activate", userId: sleeper.id, confirmed: "yes" },
        { intent: "bulk", bulkAction: "activate", ids: [sleeper.id, dozer.id], confirmed: "yes" },
        { intent: "bulk", bulkAction: "deactivate", ids: [awake.id, ids.admin], confirmed: "yes" },
      ];
      for (const fields of posts) {
        const result = await outcome(() =>
          listRoute.action(args(postRequest("/admin/users", fields, cookie))),
        );
        if (who === "signed out") {
          expect(result).toMatchObject({ status: 302, location: "/admin/login" });
        } else {
          expect(result.status).toBe(403);
          expect(result.body).toMatchObject({ title: "Access Denied" });
        }
      }
      expect(await snapshotUsers()).toEqual(before);
      expect([(await rowOf(sleeper.id)).status, (await rowOf(dozer.id)).status]).toEqual([
        "inactive",
        "inactive",
      ]);
      expect((await rowOf(awake.id)).status).toBe("active");
    },
  );

  describe("profile and notifications posted by a disabled or signed-out visitor", () => {
    let disabled: { id: string; cookie: string };
    let noteId = "";

    beforeAll(async () => {
      const user = await makeUser("disabled@example.com", "writer");
      disabled = { id: user.id, cookie: await sessionCookieFor(user.id) };
      await setStatus(user.id, "inactive");
      await createNotification(database.db, {
        type: "comment",
        message: "A comment waits",
        link: "/admin/comments",
      });
      await createNotification(database.db, { type: "user", message: "Another", link: "/admin/users" });
      noteId = firstRow(await database.db.select().from(notifications)).id;
    });

    const profilePosts = (): Array<Record<string, string>> => [
      {
        intent: "profile",
        name: "Hijacked Name",
        bio: "changed",
        website: "https://changed.example",
        location: "Elsewhere",
      },
      {
        intent: "password",
        currentPassword: "secret12",
        newPassword: "Fresh1234",
        confirmPassword: "Fresh1234",
      },
    ];
    const notificationPosts = (): Array<Record<string, string>> => [
      { intent: "read", id: noteId },
      { intent: "delete", id: noteId, returnTo: "/admin/dashboard" },
      { intent: "readAll", returnTo: "/admin/dashboard" },
    ];

    test.each(["disabled", "signed out"] as const)(
      "%s: every intent is refused, nothing changes",
      async (who) => {
        const cookie = who === "disabled" ? disabled.cookie : undefined;
        const usersBefore = await snapshotUsers();
        const notesBefore = await snapshotNotifications();
        const sessionsBefore = await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.userId, disabled.id));
        const expectRefused = (result: Awaited<ReturnType<typeof outcome>>) => {
          if (who === "disabled") {
            expect(result.status).toBe(403);
            expect(result.body).toEqual(ACCOUNT_DISABLED);
          } else {
            expect(result).toMatchObject({ status: 302, location: "/admin/login" });
          }
        };
        for (const fields of profilePosts())
          expectRefused(
            await outcome(() => profileRoute.action(args(postRequest("/admin/profile", fields, cookie)))),
          );
        for (const fields of notificationPosts())
          expectRefused(
            await outcome(() =>
              notificationsRoute.action(args(postRequest("/admin/notifications", fields, cookie))),
            ),
          );
        expect(await snapshotUsers()).toEqual(usersBefore);
        expect(await snapshotNotifications()).toEqual(notesBefore);
        expect(notesBefore.some((n) => n.id === noteId && n.receipts.length === 0)).toBe(true);
        expect(
          (await database.db.select().from(sessions).where(eq(sessions.userId, disabled.id))).length,
        ).toBe(sessionsBefore.length);
      },
    );
  });

  test("edit user: 'Missing Name', 'Missing Email', 'Email Already Exists' keep what was typed; nothing is written", async () => {
    const target = await makeUser("target@example.com", "writer");
    const base = {
      name: "Target Person",
      email: "target@example.com",
      password: "",
      role: "writer",
      status: "active",
      bio: "Typed bio",
      avatarUrl: "",
    };
    const before = await rowOf(target.id);
    const post = (change: Record<string, string>) =>
      outcome(() =>
        editRoute.action(
          args(postRequest(`/admin/users/edit/${target.id}`, { ...base, ...change }, cookies.admin), {
            id: target.id,
          }),
        ),
      );
    type Body = {
      errors: Record<string, { title: string; message?: string }>;
      values: Record<string, string>;
    };

    const noName = await post({ name: "", email: "typed@example.com" });
    expect(noName.status).toBe(400);
    expect((noName.body as Body).errors.name).toEqual({ title: "Missing Name" });
    expect((noName.body as Body).values).toMatchObject({
      name: "",
      email: "typed@example.com",
      bio: "Typed bio",
    });

    const noEmail = await post({ name: "Typed Name", email: "" });
    expect(noEmail.status).toBe(400);
    expect((noEmail.body as Body).errors.email).toEqual({ title: "Missing Email" });
    expect((noEmail.body as Body).values).toMatchObject({ name: "Typed Name", email: "", bio: "Typed bio" });

    const taken = await post({ name: "Typed Name", email: "Editor@Example.com", password: "Secret123" });
    expect(taken.status).toBe(400);
    expect((taken.body as Body).errors.email).toEqual({
      title: "Email Already Exists",
      message: "This email address is already registered. Please use a different email.",
    });
    expect((taken.body as Body).values).toMatchObject({ name: "Typed Name", email: "Editor@Example.com" });
    expect((taken.body as Body).values.password).toBeUndefined();

    expect(await rowOf(target.id)).toEqual(before);
  });

  test("edit user: saving status inactive ends their open session on its next request", async () => {
    const victim = await makeUser("edit-victim@example.com", "writer");
    const victimCookie = await sessionCookieFor(victim.id);
    expect(
      (await outcome(() => profileRoute.loader(args(getRequest("/admin/profile", victimCookie))))).status,
    ).toBe(200);
    const saved = await outcome(() =>
      editRoute.action(
        args(
          postRequest(
            `/admin/users/edit/${victim.id}`,
            {
              name: "Edit Victim",
              email: "edit-victim@example.com",
              password: "",
              role: "writer",
              status: "inactive",
              bio: "",
              avatarUrl: "",
            },
            cookies.admin,
          ),
          { id: victim.id },
        ),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: "/admin/users" });
    expect((await toastOf(saved.setCookie))?.title).toBe("User updated successfully!");
    expect((await rowOf(victim.id)).status).toBe("inactive");
    for (const next of [
      () => layoutRoute.loader(args(getRequest("/admin/dashboard", victimCookie))),
      () => profileRoute.loader(args(getRequest("/admin/profile", victimCookie))),
      () =>
        profileRoute.action(
          args(
            postRequest(
              "/admin/profile",
              { intent: "profile", name: "Still Here", bio: "", website: "", location: "" },
              victimCookie,
            ),
          ),
        ),
    ]) {
      expect(await outcome(next)).toMatchObject({ status: 403, body: ACCOUNT_DISABLED });
    }
    expect((await rowOf(victim.id)).name).toBe("Edit Victim");
  });

  test("list: 'User activated successfully!'", async () => {
    const sleeper = await makeUser("wake-me@example.com", "writer");
    await setStatus(sleeper.id, "inactive");
    const result = await outcome(() =>
      listRoute.action(
        args(
          postRequest(
            "/admin/users",
            { intent: "activate", userId: sleeper.id, confirmed: "yes" },
            cookies.admin,
          ),
        ),
      ),
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/users" });
    expect(await toastOf(result.setCookie)).toMatchObject({
      type: "success",
      title: "User activated successfully!",
    });
    expect((await rowOf(sleeper.id)).status).toBe("active");
  });

  test("profile: 'Location Too Long' and mismatched passwords come back with their messages; nothing changes", async () => {
    const before = await rowOf(ids.writer);
    const longPlace = await outcome(() =>
      profileRoute.action(
        args(
          postRequest(
            "/admin/profile",
            { intent: "profile", name: "Wale Writer", bio: "Kept", website: "", location: "L".repeat(101) },
            cookies.writer,
          ),
        ),
      ),
    );
    expect(longPlace.status).toBe(400);
    expect(longPlace.body).toMatchObject({
      form: "profile",
      errors: { location: { title: "Location Too Long" } },
      values: { name: "Wale Writer", bio: "Kept", location: "L".repeat(101) },
    });

    const differ = await outcome(() =>
      profileRoute.action(
        args(
          postRequest(
            "/admin/profile",
            {
              intent: "password",
              currentPassword: "secret12",
              newPassword: "Fresh1234",
              confirmPassword: "Fresh12345",
            },
            cookies.writer,
          ),
        ),
      ),
    );
    expect(differ.status).toBe(400);
    expect(differ.body).toMatchObject({
      form: "password",
      errors: {
        confirmPassword: {
          title: "Passwords Do Not Match",
          message: "The new password and its confirmation must be the same.",
        },
      },
    });
    expect((differ.body as { values: Record<string, string> }).values.newPassword).toBeUndefined();
    expect(await rowOf(ids.writer)).toEqual(before);
  });

  describe("failure titles when the domain call throws", () => {
    test("list: 'Error activating user. Please try again.' / 'Error deactivating user. Please try again.'", async () => {
      const person = await makeUser("flaky@example.com", "writer");
      const before = await rowOf(person.id);
      const spy = vi.spyOn(usersDomain, "setUserStatus").mockRejectedValue(new Error("database went away"));
      const post = (intent: string) =>
        outcome(() =>
          listRoute.action(
            args(postRequest("/admin/users", { intent, userId: person.id, confirmed: "yes" }, cookies.admin)),
          ),
        );
      const activate = await post("activate");
      expect(activate.status).toBe(500);
      expect(activate.body).toEqual({ error: { title: "Error activating user. Please try again." } });
      const deactivate = await post("deactivate");
      expect(deactivate.status).toBe(500);
      expect(deactivate.body).toEqual({ error: { title: "Error deactivating user. Please try again." } });
      expect(spy).toHaveBeenCalledTimes(2);
      expect(await rowOf(person.id)).toEqual(before);
    });

    test("add: 'Creation Failed' / 'Error creating user account. Please try again.', keeping what was typed", async () => {
      vi.spyOn(usersDomain, "createUser").mockRejectedValue(new Error("disk full"));
      const result = await outcome(() =>
        addRoute.action(
          args(
            postRequest(
              "/admin/users/add",
              {
                name: "Never Made",
                email: "never@example.com",
                password: "Never1234",
                role: "writer",
                status: "active",
                bio: "",
                avatarUrl: "",
              },
              cookies.admin,
            ),
          ),
        ),
      );
      expect(result.status).toBe(500);
      expect(result.body).toMatchObject({
        errors: {},
        values: { name: "Never Made", email: "never@example.com" },
        formError: {
          title: "Creation Failed",
          message: "Error creating user account. Please try again.",
        },
      });
      expect((result.body as { values: Record<string, string> }).values.password).toBeUndefined();
      expect(await database.db.select().from(users).where(eq(users.email, "never@example.com"))).toEqual([]);
    });

    test("profile: a failed save says 'Error updating profile. Please try again.' and never the internal error", async () => {
      const before = await rowOf(ids.editor);
      const spy = vi.spyOn(usersDomain, "updateProfile");
      const post = () =>
        outcome(() =>
          profileRoute.action(
            args(
              postRequest(
                "/admin/profile",
                { intent: "profile", name: "Edna Editor", bio: "", website: "", location: "Kumasi" },
                cookies.editor,
              ),
            ),
          ),
        );
      spy.mockRejectedValueOnce(new Error('relation "users" does not exist'));
      const failed = await post();
      expect(failed.status).toBe(500);
      expect(failed.body).toMatchObject({
        form: "profile",
        errors: { form: { title: "Error updating profile. Please try again." } },
        values: { name: "Edna Editor", location: "Kumasi" },
      });
      expect(JSON.stringify(failed.body)).not.toContain("relation");
      expect(await rowOf(ids.editor)).toEqual(before);
    });
  });
});
