/**
 * The checks of the current password (changing it in Profile, making new recovery codes, turning
 * two-factor sign-in off) take as few guesses as sign-in does: after 5 wrong passwords the account's
 * checks are refused for a while, even with the right password, with sign-in's words; nothing changes.
 * Someone who finds a signed-in browser cannot guess the password through these forms.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AUTH_TEXT } from "#app/auth/messages";
import { verifyPassword } from "#app/auth/password.server";
import { ACCOUNT_FAILURE_LIMIT } from "#app/auth/throttle.server";
import { totpCode, totpStep } from "#test-support/authenticator";
import { confirmSetup, isTwoFactorEnabled, startSetup } from "#app/auth/two-factor.server";
import { loginThrottle, recoveryCodes, users } from "#app/db/schema";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import * as profileRoute from "./profile";
import * as twoFactorRoute from "./profile.two-factor";
import { args, makeUser, outcome, postRequest, sessionCookieFor } from "#test-support/route-calls";

describe("current-password checks are throttled like sign-in", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(loginThrottle);
  });

  let n = 0;
  async function member(withTwoFactor = false) {
    const user = await makeUser(`member-${++n}@example.com`, "editor", "secret12");
    if (withTwoFactor) {
      const secret = await startSetup(database.db, user.id);
      await confirmSetup(database.db, user.id, totpCode(secret, totpStep(new Date())));
    }
    return { user, cookie: await sessionCookieFor(user.id) };
  }
  const changePassword = (cookie: string, currentPassword: string) =>
    outcome(() =>
      profileRoute.action(
        args(
          postRequest(
            "/admin/profile",
            { intent: "password", currentPassword, newPassword: "brandnew99", confirmPassword: "brandnew99" },
            cookie,
          ),
        ),
      ),
    );
  const twoFactor = (cookie: string, intent: "new-codes" | "turn-off", currentPassword: string) =>
    outcome(() =>
      twoFactorRoute.action(
        args(postRequest("/admin/profile/two-factor", { intent, currentPassword }, cookie)),
      ),
    );
  const passwordHash = async (id: string) =>
    one(await database.db.select().from(users).where(eq(users.id, id))).passwordHash;
  const codesOf = async (id: string) =>
    (await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).map(
      (c) => c.codeHash,
    );

  test("Profile → password: after 5 wrong passwords even the right one is refused, and the password stays", async () => {
    const { user, cookie } = await member();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await changePassword(cookie, "wrong-guess")).status).toBe(400);
    }
    const refused = await changePassword(cookie, "secret12");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errors: { currentPassword: { title: AUTH_TEXT.tooManyAttempts } } });
    expect(await verifyPassword("secret12", await passwordHash(user.id))).toBe(true);
  });

  test("a right password before the limit clears the count", async () => {
    const { cookie } = await member();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await changePassword(cookie, "wrong-guess");
    expect((await changePassword(cookie, "secret12")).status).toBe(302);
  });

  test("two-factor → new recovery codes: refused after 5 wrong passwords, the old codes stay", async () => {
    const { user, cookie } = await member(true);
    const before = await codesOf(user.id);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await twoFactor(cookie, "new-codes", "wrong-guess")).status).toBe(400);
    }
    const refused = await twoFactor(cookie, "new-codes", "secret12");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errors: { currentPassword: { title: AUTH_TEXT.tooManyAttempts } } });
    expect(await codesOf(user.id)).toEqual(before);
  });

  test("two-factor → turn off: refused after 5 wrong passwords, it stays on", async () => {
    const { user, cookie } = await member(true);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await twoFactor(cookie, "turn-off", "wrong-guess");
    const refused = await twoFactor(cookie, "turn-off", "secret12");
    expect(refused.status).toBe(429);
    expect(await isTwoFactorEnabled(database.db, user.id)).toBe(true);
  });

  test("the guesses count across the three forms", async () => {
    const { user, cookie } = await member(true);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      await (i % 2 === 0 ? changePassword(cookie, "wrong-guess") : twoFactor(cookie, "new-codes", "nope"));
    }
    expect((await twoFactor(cookie, "turn-off", "secret12")).status).toBe(429);
    expect(await isTwoFactorEnabled(database.db, user.id)).toBe(true);
  });
});
