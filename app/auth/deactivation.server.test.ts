/**
 * Account changes seen from the sign-in side: a deactivated user is out at once, the rails around
 * deactivation hold and write nothing when they refuse, new accounts are stored the way sign-in looks
 * them up (lowercased e-mail). The users screen's own suite is app/domain/users/users.server.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, sessions, users } from "#app/db/schema";
import { createRequestContext } from "#app/auth/current-user.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { type DomainError, isDomainError } from "#app/lib/errors";
import { toResponse } from "#app/lib/http-errors.server";
import { createUser, emailTaken, setUserStatus, USER_TEXT } from "#app/domain/users/users.server";
import { requireUser } from "./guard.server";
import { signIn } from "./login.server";
import { commitSessionCookie, createSession } from "./session.server";
import { firstRow } from "#app/db/rows";
import { testServices } from "#test-support/services";

/** The text of a refusal (a DomainError's message, or an HTTP answer's error). */
async function refusalOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Error) return thrown.message;
    const answer = thrown as { data?: { error?: string } };
    return answer.data?.error ?? String(thrown);
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("account status and sign-in on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  /** A request's load context, as the server builds it: a new one is a new request. */
  const ctx = (request: Request) =>
    createRequestContext(testServices(database.db), request.headers.get("Cookie"), "127.0.0.1");
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(activityLog);
    await database.db.delete(users);
  });

  const make = (email: string, role: "admin" | "editor" | "writer" = "writer") =>
    createUser(
      testServices(database.db),
      { name: email.split("@")[0] ?? "", email, password: "Secret123", role },
      null,
    );
  const signedInRequest = async (userId: string) => {
    const { token } = await createSession(database.db, userId);
    const url = "http://localhost/admin/dashboard";
    const cookie = (await commitSessionCookie(new Request(url), token)).split(";")[0] ?? "";
    return new Request(url, { headers: { Cookie: cookie } });
  };
  const sessionCount = async (userId: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  const log = () => database.db.select().from(activityLog);

  /** Whether a request gets past requireUser; a refusal must be the sign-in redirect or 'Account Disabled'. */
  const getsIn = async (request: Request) => {
    const thrown = await requireUser(ctx(request)).then(
      () => null,
      (error: unknown) => error,
    );
    if (thrown === null) return true;
    if (thrown instanceof Response) expect(thrown.headers.get("Location")).toBe("/admin/login");
    else {
      expect(isDomainError(thrown, "forbidden")).toBe(true);
      expect(toResponse(thrown as DomainError)).toMatchObject({
        data: { title: "Account Disabled" },
        init: { status: 403 },
      });
    }
    return false;
  };

  test("deactivation ends every session at once, and reactivation does not revive them", async () => {
    const admin = await make("chief@example.com", "admin");
    const writer = await make("reporter@example.com");
    const phone = await signedInRequest(writer.id);
    const laptop = await signedInRequest(writer.id);
    expect(await getsIn(phone)).toBe(true);
    await database.db.delete(activityLog);

    await setUserStatus(database.db, admin, writer.id, "inactive");

    expect([await getsIn(phone), await getsIn(laptop)]).toEqual([false, false]);
    const entry = firstRow(await log());
    expect(entry).toMatchObject({
      type: "user",
      userId: admin.id,
      userName: "chief",
      title: "reporter",
      description: "reporter@example.com",
    });
    expect(entry.action).toMatch(/deactivated/);
    // Sign-in stays closed while the account is inactive.
    const retry = await signIn(
      database.db,
      { email: "reporter@example.com", password: "Secret123" },
      { ipAddress: "10.30.0.1", userAgent: "" },
    );
    expect(retry.ok).toBe(false);

    // Back to active: the old sessions are gone for good; a fresh sign-in is needed.
    await setUserStatus(database.db, admin, writer.id, "active");
    expect(await sessionCount(writer.id)).toBe(0);
    expect([await getsIn(phone), await getsIn(laptop)]).toEqual([false, false]);
  });

  test("nobody deactivates themselves; the refusal changes and logs nothing", async () => {
    await make("other-admin@example.com", "admin");
    const admin = await make("self@example.com", "admin");
    await signedInRequest(admin.id);
    await database.db.delete(activityLog);
    expect(await refusalOf(() => setUserStatus(database.db, admin, admin.id, "inactive"))).toBe(
      USER_TEXT.cannotChangeSelf,
    );
    const row = one(await database.db.select().from(users).where(eq(users.id, admin.id)));
    expect(row.status).toBe("active");
    expect(await sessionCount(admin.id)).toBe(1);
    expect(await log()).toHaveLength(0);
  });

  test("the last active admin cannot be deactivated; with a second admin it can", async () => {
    const only = await make("only@example.com", "admin");
    const editorActor = { id: "someone-else", name: "Someone", email: "someone@example.com" };
    await database.db.delete(activityLog);
    expect(await refusalOf(() => setUserStatus(database.db, editorActor, only.id, "inactive"))).toBe(
      USER_TEXT.lastAdmin,
    );
    expect(one(await database.db.select().from(users).where(eq(users.id, only.id))).status).toBe("active");
    expect(await log()).toHaveLength(0);

    const second = await make("second@example.com", "admin");
    await setUserStatus(database.db, second, only.id, "inactive");
    expect(one(await database.db.select().from(users).where(eq(users.id, only.id))).status).toBe("inactive");
    // Now `second` is the last one.
    expect(await refusalOf(() => setUserStatus(database.db, editorActor, second.id, "inactive"))).toBe(
      USER_TEXT.lastAdmin,
    );
  });

  test("reactivation opens sign-in again and is logged", async () => {
    const admin = await make("boss@example.com", "admin");
    const writer = await make("back@example.com");
    await setUserStatus(database.db, admin, writer.id, "inactive");
    await setUserStatus(database.db, admin, writer.id, "active");
    const entries = await log();
    expect(entries.map((e) => e.action).filter((a) => /activated/.test(a))).toHaveLength(2);
    const result = await signIn(
      database.db,
      { email: "back@example.com", password: "Secret123" },
      { ipAddress: "10.31.0.1", userAgent: "" },
    );
    expect(result.ok).toBe(true);
  });

  test("createUser stores the e-mail lowercased (so sign-in finds it) and refuses a duplicate in any case", async () => {
    const created = await make("  Mixed.Case@Example.COM ");
    expect(created.email).toBe("mixed.case@example.com");
    const signedIn = await signIn(
      database.db,
      { email: "mixed.case@example.com", password: "Secret123" },
      { ipAddress: "10.32.0.1", userAgent: "" },
    );
    expect(signedIn.ok).toBe(true);
    const logged = (await log()).length;

    await expect(make("MIXED.case@example.com")).rejects.toMatchObject({
      code: "conflict",
      details: { field: "email" },
    });
    expect(
      await database.db.select().from(users).where(eq(users.email, "mixed.case@example.com")),
    ).toHaveLength(1);
    expect(await log()).toHaveLength(logged);
    expect(emailTaken().message).toBe(
      "This email address is already registered. Please use a different email.",
    );
  });
});
