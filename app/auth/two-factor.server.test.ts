/**
 * Two-factor sign-in's rules on a real database: set-up needs a code from the new key; a code works once
 * (even two requests racing with it), a recovery code once; challenges expire and take five wrong codes;
 * an account takes twenty codes an hour.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { rateLimits, recoveryCodes, signInChallenges, twoFactor } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { createUser } from "#app/domain/users/users.server";
import { totpCode, totpStep } from "#test-support/authenticator";
import {
  CHALLENGE_LIFETIME_MS,
  CHALLENGE_MAX_FAILURES,
  checkSecondFactor,
  confirmSetup,
  createChallenge,
  failChallenge,
  findChallenge,
  isTwoFactorEnabled,
  startSetup,
  turnOffTwoFactor,
  twoFactorState,
} from "./two-factor.server";
import { testServices } from "#test-support/services";

const T0 = new Date("2026-11-24T10:00:05Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const STEP_MS = 30_000;

describe("two-factor sign-in (domain)", () => {
  let database: TestDatabase;
  let userId = "";
  let secret = "";
  let codes: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const user = await createUser(
      testServices(database.db),
      { name: "Ama", email: "ama@example.com", password: "secret12", role: "editor" },
      null,
    );
    userId = user.id;
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  test("set-up: off until a code from the new key confirms it; then ten recovery codes", async () => {
    secret = await startSetup(database.db, userId);
    expect(await isTwoFactorEnabled(database.db, userId)).toBe(false);
    expect(await confirmSetup(database.db, userId, "000000", T0)).toBeNull();
    expect(await isTwoFactorEnabled(database.db, userId)).toBe(false);

    codes = (await confirmSetup(database.db, userId, totpCode(secret, totpStep(T0)), T0)) ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await twoFactorState(database.db, userId)).toEqual({
      enabled: true,
      pendingSecret: null,
      recoveryCodesLeft: 10,
    });
    // Only hashes are kept.
    const stored = await database.db.select().from(recoveryCodes);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace("-", ""));
  });

  test("a code works once: the set-up code, then each new one; a later step is needed", async () => {
    // The code that confirmed set-up was that step's: it cannot sign in.
    expect(await checkSecondFactor(database.db, userId, totpCode(secret, totpStep(T0)), T0)).toBe("reused");
    const next = later(STEP_MS);
    const code = totpCode(secret, totpStep(next));
    expect(await checkSecondFactor(database.db, userId, code, next)).toBe("ok");
    expect(await checkSecondFactor(database.db, userId, code, next)).toBe("reused");
    // An older code still inside the drift window is refused too: only later steps count.
    expect(await checkSecondFactor(database.db, userId, totpCode(secret, totpStep(T0)), next)).toBe("reused");
    expect(await checkSecondFactor(database.db, userId, "123456", next)).toBe("wrong");
  });

  test("two requests racing with one code: exactly one is let in", async () => {
    const at = later(3 * STEP_MS);
    const code = totpCode(secret, totpStep(at));
    const results = await Promise.all([
      checkSecondFactor(database.db, userId, code, at),
      checkSecondFactor(database.db, userId, code, at),
    ]);
    expect(results.sort()).toEqual(["ok", "reused"]);
  });

  test("a recovery code works once, in any letter case or spacing", async () => {
    const at = later(4 * STEP_MS);
    const typed = ` ${codes[0]!.toUpperCase().replace("-", " ")} `;
    expect(await checkSecondFactor(database.db, userId, typed, at)).toBe("ok");
    expect(await checkSecondFactor(database.db, userId, codes[0]!, at)).toBe("reused");
    expect(await checkSecondFactor(database.db, userId, "abcde-fghjk", at)).toBe("wrong");
    expect((await twoFactorState(database.db, userId)).recoveryCodesLeft).toBe(9);
  });

  test("twenty codes an hour per account, right or wrong", async () => {
    const at = later(5 * STEP_MS);
    for (let i = 0; i < 20; i++)
      expect(await checkSecondFactor(database.db, userId, "000000", at)).toBe("wrong");
    expect(await checkSecondFactor(database.db, userId, totpCode(secret, totpStep(at)), at)).toBe("too-many");
  });

  test("a challenge lasts five minutes and five wrong codes; a new one replaces the old", async () => {
    const first = await createChallenge(database.db, userId, T0);
    const row = await findChallenge(database.db, first, later(CHALLENGE_LIFETIME_MS - 1000));
    expect(row?.userId).toBe(userId);
    expect(await findChallenge(database.db, first, later(CHALLENGE_LIFETIME_MS))).toBeNull();

    const second = await createChallenge(database.db, userId, T0);
    expect(await findChallenge(database.db, first, T0)).toBeNull();
    const id = (await findChallenge(database.db, second, T0))!.id;
    for (let i = 1; i < CHALLENGE_MAX_FAILURES; i++) expect(await failChallenge(database.db, id)).toBe(true);
    expect(await failChallenge(database.db, id)).toBe(false);
    expect(await findChallenge(database.db, second, T0)).toBeNull();
    expect(await findChallenge(database.db, "made-up", T0)).toBeNull();
  });

  test("turning it off deletes the key and the codes", async () => {
    await turnOffTwoFactor(database.db, userId);
    expect(await isTwoFactorEnabled(database.db, userId)).toBe(false);
    expect(await database.db.select().from(twoFactor)).toEqual([]);
    expect(await database.db.select().from(recoveryCodes)).toEqual([]);
    expect(
      await checkSecondFactor(
        database.db,
        userId,
        totpCode(secret, totpStep(later(9 * STEP_MS))),
        later(9 * STEP_MS),
      ),
    ).toBe("wrong");
    await database.db.delete(signInChallenges);
  });
});
