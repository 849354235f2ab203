/**
 * Signing out: 'Signed Out!' when the session has
 * ended, 'Sign Out Failed' / 'There was an error signing out. Please try again.' when it could not be
 * ended, and then the session cookie is kept, so the person can try again rather than believe they left.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AUTH_TEXT } from "#app/auth/messages";
import { sessions } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import * as logoutRoute from "./logout";
import { args, makeUser, outcome, postRequest, sessionCookieFor } from "#test-support/route-calls";

describe("sign out", () => {
  let database: TestDatabase;
  let userId = "";
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    userId = (await makeUser("writer@example.com", "writer")).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  const sessionsOfUser = async () =>
    (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  const signOut = (cookie: string) =>
    outcome(() => logoutRoute.action(args(postRequest("/admin/logout", {}, cookie))));

  test("'Sign Out Failed' when the session cannot be ended; the session and its cookie stay", async () => {
    const cookie = await sessionCookieFor(userId);
    // The sessions table out of reach: the delete fails as it would with the database gone.
    await database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_away`);
    const result = await signOut(cookie).finally(() =>
      database.db.execute(sql`ALTER TABLE sessions_away RENAME TO sessions`),
    );
    expect(result.status).toBe(500);
    expect(result.body).toEqual({
      problem: { title: "Sign Out Failed", message: "There was an error signing out. Please try again." },
    });
    expect(result.setCookie).toBeNull();
    expect(await sessionsOfUser()).toBe(1);
  });

  test("'Signed Out!' when it has ended: the session is gone and the cookie cleared", async () => {
    const cookie = await sessionCookieFor(userId);
    const before = await sessionsOfUser();
    const result = await signOut(cookie);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ signedOut: true });
    expect(result.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await sessionsOfUser()).toBe(before - 1);
    expect(AUTH_TEXT.signedOutTitle).toBe("Signed Out!");
  });
});
