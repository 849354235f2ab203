/**
 * Staff e-mail when the site has no SMTP_URL (decision record 010): the screens say e-mail is not
 * configured, nothing pretends to send, and admins keep the set-password path. (With e-mail configured,
 * server/staff-email.test.ts follows the e-mails through a real SMTP server.)
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ACCOUNT_LINK_TEXT } from "#app/auth/account-links-text";
import { accountLinks, settings, users } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import * as forgotRoute from "./forgot-password";
import * as addRoute from "./users.add";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";

describe("staff e-mail without SMTP_URL (routes)", () => {
  let database: TestDatabase;
  let adminCookie = "";
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.insert(settings).values({ id: 1 });
    adminCookie = await sessionCookieFor((await makeUser("boss@example.com", "admin")).id);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("'Forgot password?' says e-mail is not configured and stores nothing", async () => {
    await makeUser("kojo@example.com", "writer");
    const page = await forgotRoute.loader(args(getRequest("/admin/forgot-password")));
    expect(page).toEqual({ emailConfigured: false, siteTitle: "Newsdesk" });
    const asked = await outcome(() =>
      forgotRoute.action(args(postRequest("/admin/forgot-password", { email: "kojo@example.com" }))),
    );
    // As for the newsletter when it is off: the thing asked for is not here.
    expect(asked.status).toBe(404);
    expect(asked.body).toMatchObject({ sent: false, error: ACCOUNT_LINK_TEXT.emailNotConfigured });
    expect(await database.db.select().from(accountLinks)).toEqual([]);
  });

  test("adding a user still needs a password: no invitation is offered or sent", async () => {
    const page = await addRoute.loader(args(getRequest("/admin/users/add", adminCookie)));
    expect(page).toEqual({ canInvite: false });
    const refused = await outcome(() =>
      addRoute.action(
        args(
          postRequest(
            "/admin/users/add",
            { name: "Efua", email: "efua@example.com", password: "", role: "editor" },
            adminCookie,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: { password: { title: "Missing Password" } } });
    expect(await database.db.select().from(users).where(eq(users.email, "efua@example.com"))).toEqual([]);
  });
});
