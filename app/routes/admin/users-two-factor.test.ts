/**
 * An admin turns off a member's two-factor sign-in (lost phone, lost recovery codes) from the user's
 * page; nobody without users.manage can, and nothing changes when they try.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { totpCode, totpStep } from "#test-support/authenticator";
import { confirmSetup, isTwoFactorEnabled, startSetup } from "#app/auth/two-factor.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";
import * as editRoute from "./users.edit";

describe("Edit User → turn off two-factor sign-in (route)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function memberWithTwoFactor(email: string) {
    const member = await makeUser(email, "editor");
    const secret = await startSetup(database.db, member.id);
    await confirmSetup(database.db, member.id, totpCode(secret, totpStep(new Date())));
    expect(await isTwoFactorEnabled(database.db, member.id)).toBe(true);
    return member;
  }
  const reset = (id: string, cookie: string) =>
    outcome(() =>
      editRoute.action(
        args(
          postRequest(`/admin/users/edit/${id}`, { intent: "reset-two-factor", confirmed: "yes" }, cookie),
          {
            id,
          },
        ),
      ),
    );

  test("an admin sees it on and turns it off; the member signs in with the password again", async () => {
    const admin = await sessionCookieFor((await makeUser("boss@example.com", "admin")).id);
    const member = await memberWithTwoFactor("lost-phone@example.com");
    const page = (await editRoute.loader(
      args(getRequest(`/admin/users/edit/${member.id}`, admin), { id: member.id }),
    )) as {
      twoFactorOn: boolean;
    };
    expect(page.twoFactorOn).toBe(true);

    const answer = await reset(member.id, admin);
    expect(answer.location).toBe(`/admin/users/edit/${member.id}`);
    expect(await toastOf(answer.setCookie)).toMatchObject({
      type: "success",
      title: "Two-factor sign-in turned off for lost-phone.",
    });
    expect(await isTwoFactorEnabled(database.db, member.id)).toBe(false);
  });

  test("an editor or a writer cannot, and it stays on", async () => {
    const member = await memberWithTwoFactor("kept@example.com");
    for (const role of ["editor", "writer"] as const) {
      const cookie = await sessionCookieFor((await makeUser(`${role}-tries@example.com`, role)).id);
      expect((await reset(member.id, cookie)).status).toBe(403);
    }
    expect(await isTwoFactorEnabled(database.db, member.id)).toBe(true);
  });
});
