import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { verifyPassword } from "#app/auth/password.server";
import { createSession, findSessionUser } from "#app/auth/session.server";
import { accountLinks, activityLog, notifications, sessions, users } from "#app/db/schema";
import { findAccountLink, issueAccountLink, setPasswordWithLink } from "#app/auth/account-links.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import {
  bulkUserAction,
  changeOwnPassword,
  createUser,
  deleteUser,
  listUsers,
  setUserStatus,
  updateProfile,
  updateUser,
  USER_TEXT,
  userStats,
} from "./users.server";
import { firstRow } from "#app/db/rows";
import { testServices } from "#test-support/services";

/** The refusal of an address that another account already has. */
const EMAIL_TAKEN = { code: "conflict", details: { field: "email" }, message: USER_TEXT.emailTaken };

describe.each(TEST_ENGINES)("users on %s", (engine) => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await db().delete(users);
    await db().delete(notifications);
    await db().delete(activityLog);
  });

  const make = (
    email: string,
    role: "admin" | "editor" | "writer" = "writer",
    status: "active" | "inactive" | "pending" = "active",
  ) =>
    createUser(
      testServices(db()),
      { name: email.split("@")[0] ?? "", email, password: "secret12", role, status },
      null,
    );
  const statusOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]?.status;
  const sessionCount = async (id: string) =>
    (await db().select().from(sessions).where(eq(sessions.userId, id))).length;
  const editInput = (u: { name: string; email: string }, over: Record<string, string> = {}) => ({
    name: u.name,
    email: u.email,
    password: "",
    role: "writer" as const,
    status: "active" as const,
    bio: "",
    avatarUrl: "",
    ...over,
  });

  test("creating a user notifies the newsroom, logs it, and refuses a registered email", async () => {
    const admin = await make("boss@example.com", "admin");
    const created = await createUser(
      testServices(db()),
      { name: "Ama", email: "AMA@example.com", password: "secret12", role: "writer" },
      admin,
    );
    expect(created.email).toBe("ama@example.com");
    const n = firstRow(
      await db().select().from(notifications).where(eq(notifications.message, "New user: Ama (writer)")),
    );
    expect(n.link).toBe(`/admin/users/edit/${created.id}`);
    const log = await db().select().from(activityLog).where(eq(activityLog.action, "created user"));
    expect(log.some((e) => e.title === "Ama" && e.userName === "boss")).toBe(true);
    await expect(
      createUser(
        testServices(db()),
        { name: "Ama 2", email: "ama@example.com", password: "secret12", role: "writer" },
        admin,
      ),
    ).rejects.toMatchObject(EMAIL_TAKEN);
  });

  test("list: search by name or email, filters by role and status; stats", async () => {
    await make("ama@example.com", "admin");
    await make("kofi@example.com", "editor");
    await make("esi@example.com", "writer", "pending");
    await make("yaw@example.com", "writer", "inactive");
    expect((await listUsers(db(), { search: "kof" })).rows.map((u) => u.email)).toEqual(["kofi@example.com"]);
    expect((await listUsers(db(), { search: "%" })).rows.length).toBe(0);
    expect((await listUsers(db(), { role: "writer" })).rows.length).toBe(2);
    expect((await listUsers(db(), { status: "pending" })).rows.map((u) => u.email)).toEqual([
      "esi@example.com",
    ]);
    expect(await userStats(db())).toEqual({
      total: 4,
      active: 2,
      inactive: 1,
      pending: 1,
      admins: 1,
      editors: 1,
      writers: 2,
    });
  });

  test("deactivating refuses the user's sessions at once, reactivating does not revive them; nobody deactivates themselves or the last admin", async () => {
    const admin = await make("boss@example.com", "admin");
    const writer = await make("w@example.com");
    const { token } = await createSession(db(), writer.id);
    await setUserStatus(db(), admin, writer.id, "inactive");
    expect(await statusOf(writer.id)).toBe("inactive");
    // The session still names the user, so the guard can answer 'Account Disabled' (guard.server.test.ts).
    expect((await findSessionUser(db(), token))?.user.status).toBe("inactive");
    await setUserStatus(db(), admin, writer.id, "active");
    expect(await findSessionUser(db(), token)).toBeNull();
    expect(await sessionCount(writer.id)).toBe(0);
    await expect(setUserStatus(db(), admin, admin.id, "inactive")).rejects.toThrow(
      USER_TEXT.cannotChangeSelf,
    );
    const other = await make("other@example.com", "admin");
    await setUserStatus(db(), admin, other.id, "inactive");
    // Only `admin` is left active: another admin may not remove it either.
    await setUserStatus(db(), admin, other.id, "active");
    await setUserStatus(db(), other, admin.id, "inactive");
    await expect(setUserStatus(db(), admin, other.id, "inactive")).rejects.toThrow();
    expect(await statusOf(other.id)).toBe("active");
  });

  test("the last active admin cannot be demoted or deleted, even by a script actor", async () => {
    const admin = await make("boss@example.com", "admin");
    const someone = { id: "script", name: "Script", email: "" };
    await expect(
      updateUser(testServices(db()), someone, admin.id, editInput(admin, { role: "editor" })),
    ).rejects.toThrow(USER_TEXT.lastAdmin);
    await expect(deleteUser(db(), someone, admin.id)).rejects.toThrow(USER_TEXT.lastAdmin);
    await expect(deleteUser(db(), admin, admin.id)).rejects.toThrow(USER_TEXT.cannotChangeSelf);
    expect((await db().select().from(users)).map((u) => u.role)).toEqual(["admin"]);
  });

  test("a bulk action applies to all or none", async () => {
    const admin = await make("boss@example.com", "admin");
    const a = await make("a@example.com");
    const b = await make("b@example.com");
    await createSession(db(), a.id);
    await expect(bulkUserAction(db(), admin, [a.id, b.id, admin.id], "deactivate")).rejects.toThrow(
      USER_TEXT.cannotChangeSelf,
    );
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(["active", "active"]);
    expect(await bulkUserAction(db(), admin, [a.id, b.id], "deactivate")).toBe(2);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(["inactive", "inactive"]);
    expect(await bulkUserAction(db(), admin, [a.id], "activate")).toBe(1);
    expect([await statusOf(a.id), await sessionCount(a.id)]).toEqual(["active", 0]);
    expect(await bulkUserAction(db(), admin, [a.id, b.id], "delete")).toBe(2);
    expect((await db().select().from(users)).length).toBe(1);
  });

  test("editing: email uniqueness, new password ends sessions, demotion of another admin is fine", async () => {
    const admin = await make("boss@example.com", "admin");
    const admin2 = await make("second@example.com", "admin");
    const writer = await make("w@example.com");
    await expect(
      updateUser(testServices(db()), admin, writer.id, editInput(writer, { email: "boss@example.com" })),
    ).rejects.toMatchObject(EMAIL_TAKEN);
    await createSession(db(), writer.id);
    const updated = await updateUser(
      testServices(db()),
      admin,
      writer.id,
      editInput(writer, { name: "Wale", password: "newpass99", role: "editor" }),
    );
    expect(updated.role).toBe("editor");
    expect(await verifyPassword("newpass99", updated.passwordHash)).toBe(true);
    expect(await sessionCount(writer.id)).toBe(0);
    expect(
      (await updateUser(testServices(db()), admin, admin2.id, editInput(admin2, { role: "editor" }))).role,
    ).toBe("editor");
    await expect(
      updateUser(testServices(db()), admin, admin.id, editInput(admin, { role: "editor" })),
    ).rejects.toThrow();
  });

  test("profile and own password", async () => {
    const writer = await make("w@example.com");
    const updated = await updateProfile(testServices(db()), writer, {
      name: "Wale W",
      bio: "Reporter",
      avatarUrl: "https://w.example/me.jpg",
      website: "https://w.example",
      location: "Accra",
    });
    expect([updated.name, updated.email, updated.location]).toEqual(["Wale W", "w@example.com", "Accra"]);
    await createSession(db(), writer.id);
    expect(await changeOwnPassword(db(), writer, "wrong123", "another99")).toBe("wrong");
    expect(await sessionCount(writer.id)).toBe(1);
    expect(await changeOwnPassword(db(), writer, "secret12", "another99")).toBe("changed");
    expect(await sessionCount(writer.id)).toBe(0);
    const row = one(await db().select().from(users).where(eq(users.id, writer.id)));
    expect(await verifyPassword("another99", row.passwordHash)).toBe(true);
  });

  describe("e-mailed links end when the account's e-mail or password changes", () => {
    const openLinks = async (id: string) =>
      (await db().select().from(accountLinks).where(eq(accountLinks.userId, id))).length;
    /** An invitation and a reset link outstanding, as after a mail to a mistyped address. */
    async function withLinks(email: string) {
      const member = await make(email);
      const invite = await issueAccountLink(db(), member.id, "invite");
      const reset = await issueAccountLink(db(), member.id, "reset");
      expect(await openLinks(member.id)).toBe(2);
      return { member, invite, reset };
    }

    test("an admin corrects the address: the links mailed to the old one stop working", async () => {
      const admin = await make("boss-links@example.com", "admin");
      const { member, invite, reset } = await withLinks("typo@exmaple.com");
      await updateUser(
        testServices(db()),
        admin,
        member.id,
        editInput(member, { email: "right@example.com" }),
      );
      expect(await findAccountLink(db(), invite)).toBeNull();
      expect(await findAccountLink(db(), reset)).toBeNull();
      expect(await openLinks(member.id)).toBe(0);
    });

    test("an admin sets a new password: the links stop working", async () => {
      const admin = await make("boss-pw@example.com", "admin");
      const { member, invite } = await withLinks("pw-member@example.com");
      await updateUser(testServices(db()), admin, member.id, editInput(member, { password: "brandnew99" }));
      expect(await findAccountLink(db(), invite)).toBeNull();
      expect(await openLinks(member.id)).toBe(0);
    });

    test("an admin changes only the name or the role: the invitation still works", async () => {
      const admin = await make("boss-name@example.com", "admin");
      const { member, invite } = await withLinks("renamed@example.com");
      await updateUser(
        testServices(db()),
        admin,
        member.id,
        editInput(member, { name: "Renamed Person", role: "editor" }),
      );
      expect(await findAccountLink(db(), invite)).not.toBeNull();
    });

    test("the member changes their own password in Profile: the links stop working", async () => {
      const { member, reset } = await withLinks("own-pw@example.com");
      expect(await changeOwnPassword(db(), member, "secret12", "another99")).toBe("changed");
      expect(await findAccountLink(db(), reset)).toBeNull();
      expect(await openLinks(member.id)).toBe(0);
    });

    test("a password set through the reset link ends the invitation too", async () => {
      const { member, invite, reset } = await withLinks("via-link@example.com");
      expect(await setPasswordWithLink(db(), reset, "fromlink99")).not.toBeNull();
      expect(await findAccountLink(db(), invite)).toBeNull();
      expect(await openLinks(member.id)).toBe(0);
    });
  });
});
