import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "#app/db/schema";
import type { UserRole, UserStatus } from "#app/lib/enums";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { isDomainError } from "#app/lib/errors";
import { toResponse } from "#app/lib/http-errors.server";
import { createRequestContext } from "./current-user.server";
import { requireAdminPath, requireJsonUser, requirePermission, requireUser } from "./guard.server";
import { commitSessionCookie, createSession } from "./session.server";
import { testServices } from "#test-support/services";

// The spec's texts, verbatim.
const DISABLED = {
  title: "Account Disabled",
  message: "Your account has been disabled. Please contact the administrator.",
};
const DENIED = { title: "Access Denied", message: "You don't have permission to access this page." };

/** What a guard threw: a redirect Response, or a DomainError. */
async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the guard to refuse");
}

async function expectRedirectToLogin(run: () => Promise<unknown>) {
  const thrown = await thrownBy(run);
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/login");
}

async function expectForbidden(run: () => Promise<unknown>, body: { title: string; message: string }) {
  const thrown = await thrownBy(run);
  if (!isDomainError(thrown, "forbidden")) throw new Error(`expected 'forbidden', got ${String(thrown)}`);
  // What the route answers: 403 with the title and message that the error page shows.
  expect(toResponse(thrown)).toMatchObject({ data: body, init: { status: 403 } });
}

describe.each(TEST_ENGINES)("the back-office guard on %s", (engine) => {
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

  /** A request carrying a fresh session cookie of a new user with that role and status. */
  const requestAs = async (role: UserRole, status: UserStatus = "active", path = "/admin/dashboard") => {
    const user = one(
      await database.db
        .insert(users)
        .values({
          email: `${role}-${status}-${crypto.randomUUID()}@example.com`,
          name: `${role} ${status}`,
          role,
          status,
        })
        .returning(),
    );
    const { token } = await createSession(database.db, user.id);
    const url = `http://localhost${path}`;
    const cookie = (await commitSessionCookie(new Request(url), token)).split(";")[0] ?? "";
    return { user, request: new Request(url, { headers: { Cookie: cookie } }) };
  };
  const anonymous = (path = "/admin/dashboard") => new Request(`http://localhost${path}`);

  test("not signed in: every guard redirects to /admin/login", async () => {
    expect(
      await createRequestContext(testServices(database.db), anonymous().headers.get("Cookie"), "127.0.0.1").currentUser(),
    ).toBeNull();
    await expectRedirectToLogin(() => requireUser(ctx(anonymous())));
    await expectRedirectToLogin(() => requirePermission(ctx(anonymous()), "dashboard", "view"));
    await expectRedirectToLogin(() =>
      requireAdminPath(ctx(anonymous("/admin/profile")), anonymous("/admin/profile")),
    );
  });

  test("a request reads its user once, however many loaders ask; the next request reads it again", async () => {
    const { user, request } = await requestAs("editor");
    const context = ctx(request);
    expect(context.currentUser()).toBe(context.currentUser());
    expect((await requireUser(context)).id).toBe(user.id);
    await database.db.update(users).set({ name: "Renamed" }).where(eq(users.id, user.id));
    expect((await requirePermission(context, "comments", "moderate")).name).toBe(user.name);
    expect((await requireUser(ctx(request))).name).toBe("Renamed");
  });

  test("a cookie with an unknown token is the same as none", async () => {
    const url = "http://localhost/admin";
    const cookie = (await commitSessionCookie(new Request(url), "y".repeat(43))).split(";")[0] ?? "";
    const forged = new Request(url, { headers: { Cookie: cookie } });
    expect(
      await createRequestContext(testServices(database.db), forged.headers.get("Cookie"), "127.0.0.1").currentUser(),
    ).toBeNull();
    await expectRedirectToLogin(() => requireUser(ctx(forged)));
  });

  test.each(["inactive", "pending"] as const)(
    "an %s account sees 'Account Disabled' (403)",
    async (status) => {
      const { request } = await requestAs("admin", status);
      await expectForbidden(() => requireUser(ctx(request)), DISABLED);
      await expectForbidden(() => requirePermission(ctx(request), "dashboard", "view"), DISABLED);
      await expectForbidden(() => requireAdminPath(ctx(request), request), DISABLED);
    },
  );

  test("an account deactivated after signing in is refused on its next request", async () => {
    const { user, request } = await requestAs("editor");
    expect((await requireUser(ctx(request))).id).toBe(user.id);
    await database.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    await expectForbidden(() => requireUser(ctx(request)), DISABLED);
  });

  test("a JSON endpoint's guard answers every refusal in JSON, never with a redirect", async () => {
    const json = async (run: () => Promise<unknown>) => {
      const thrown = await thrownBy(run);
      if (!(thrown instanceof Response)) throw new Error(`expected a Response, got ${String(thrown)}`);
      return { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.json() };
    };
    expect(await json(() => requireJsonUser(ctx(anonymous()), "media", "upload"))).toEqual({
      status: 401,
      location: null,
      body: {
        ok: false,
        code: "signed_out",
        title: "Authentication Required",
        message: "Authentication required. Please log in again.",
      },
    });
    const disabled = await requestAs("editor", "inactive");
    expect(await json(() => requireJsonUser(ctx(disabled.request), "media", "upload"))).toMatchObject({
      status: 403,
      body: { code: "account_disabled", ...DISABLED },
    });
    const writer = await requestAs("writer");
    expect(await json(() => requireJsonUser(ctx(writer.request), "media", "delete"))).toMatchObject({
      status: 403,
      body: { code: "access_denied", ...DENIED },
    });
    expect((await requireJsonUser(ctx(writer.request), "media", "upload")).id).toBe(writer.user.id);
  });

  test("a missing permission is 'Access Denied' (403)", async () => {
    const writer = (await requestAs("writer")).request;
    await expectForbidden(() => requirePermission(ctx(writer), "comments", "view"), DENIED);
    await expectForbidden(() => requirePermission(ctx(writer), "articles", "publish"), DENIED);
    const editor = (await requestAs("editor")).request;
    await expectForbidden(() => requirePermission(ctx(editor), "users", "view"), DENIED);
    await expectForbidden(() => requirePermission(ctx(editor), "settings", "manage"), DENIED);
  });

  test("allowed: the guard returns the signed-in user", async () => {
    const { user, request } = await requestAs("editor");
    const current = await requirePermission(ctx(request), "comments", "moderate");
    expect(current).toEqual({
      id: user.id,
      email: user.email,
      name: user.name,
      role: "editor",
      status: "active",
      avatarUrl: "",
    });
    expect((await requireUser(ctx(request))).id).toBe(user.id);
  });

  test.each([
    ["writer", "/admin/comments", false],
    ["writer", "/admin/users/add", false],
    ["writer", "/admin/articles/add", true],
    ["writer", "/admin/profile", true],
    ["editor", "/admin/code", true],
    ["editor", "/admin/ads", false],
    ["admin", "/admin/settings", true],
  ] as const)("requireAdminPath: %s on %s → allowed %s", async (role, path, allowed) => {
    const { user, request } = await requestAs(role, "active", path);
    if (allowed) expect((await requireAdminPath(ctx(request), request)).id).toBe(user.id);
    else await expectForbidden(() => requireAdminPath(ctx(request), request), DENIED);
  });
});
