import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loginThrottle, sessions, users } from "#app/db/schema";
import type { UserStatus } from "#app/lib/enums";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { signIn } from "./login.server";
import { hashPassword } from "./password.server";
import { findSessionUser } from "./session.server";
import { pairKey } from "./throttle.server";
import { firstRow } from "#app/db/rows";

// The spec's texts, verbatim.
const LOGIN_FAILED = "Login failed. Please check your credentials.";
const TOO_MANY = "Too many login attempts. Please try again later.";
const DISABLED = "Your account has been disabled. Please contact the administrator.";

const PASSWORD = "RightPass123";
const MINUTE = 60 * 1000;
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(TEST_ENGINES)("signIn on %s", (engine) => {
  let database: TestDatabase;
  let passwordHash: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const addUser = async (
    email: string,
    status: UserStatus = "active",
    hash: string | null = passwordHash,
  ) => {
    const user = one(
      await database.db
        .insert(users)
        .values({ email, name: email.split("@")[0] ?? "", role: "editor", status, passwordHash: hash })
        .returning(),
    );
    return user;
  };
  const attempt = (email: string, password: string, ip: string, now = T0) =>
    signIn(database.db, { email, password }, { ipAddress: ip, userAgent: "Vitest" }, now);
  /** The refusal text, or "signed in". */
  const failure = async (email: string, password: string, ip: string, now = T0) => {
    const result = await attempt(email, password, ip, now);
    return result.ok ? "signed in" : result.error;
  };
  const sessionCount = async (userId: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  test("thirty guesses sent at once: five are checked, and the right password among the last is refused", async () => {
    const user = await addUser("burst@example.com");
    const guesses = [...Array.from({ length: 29 }, (_, i) => `Wrong${i}pass`), PASSWORD];
    const answers = await Promise.all(
      guesses.map((guess) => failure("burst@example.com", guess, "10.10.9.9")),
    );
    expect(answers.at(-1)).toBe(TOO_MANY);
    expect(answers.filter((a) => a === "signed in")).toHaveLength(0);
    expect(await sessionCount(user.id)).toBe(0);
  });

  test("the right password creates a session for that user and records the sign-in time", async () => {
    const user = await addUser("ok@example.com");
    const result = await attempt("ok@example.com", PASSWORD, "10.10.0.1");
    expect(result).toMatchObject({ ok: true, secondFactor: false });
    if (!result.ok || result.secondFactor) return;
    expect(result.user.id).toBe(user.id);
    expect((await findSessionUser(database.db, result.token, at(MINUTE)))?.user.id).toBe(user.id);
    const row = one(await database.db.select().from(users).where(eq(users.id, user.id)));
    expect(row.lastLoginAt).toEqual(T0);
  });

  test("a wrong password is refused with the spec's text and no session", async () => {
    const user = await addUser("wrong@example.com");
    expect(await attempt("wrong@example.com", "WrongPass123", "10.11.0.1")).toEqual({
      ok: false,
      error: LOGIN_FAILED,
      locked: false,
    });
    expect(await sessionCount(user.id)).toBe(0);
  });

  test("5 failures from one address lock it for that account, even with the right password; then it opens", async () => {
    const user = await addUser("lock@example.com");
    for (let i = 1; i <= 4; i++) {
      expect(await failure("lock@example.com", "WrongPass123", "10.12.0.1", at(i * 1000))).toBe(LOGIN_FAILED);
    }
    expect(await attempt("lock@example.com", "WrongPass123", "10.12.0.1", at(5000))).toEqual({
      ok: false,
      error: TOO_MANY,
      locked: true,
    });
    const whileLocked = await attempt("lock@example.com", PASSWORD, "10.12.0.1", at(5000 + 14 * MINUTE));
    expect(whileLocked).toEqual({ ok: false, error: TOO_MANY, locked: true });
    expect(await sessionCount(user.id)).toBe(0);
    const afterLock = await attempt("lock@example.com", PASSWORD, "10.12.0.1", at(5000 + 15 * MINUTE));
    expect(afterLock.ok).toBe(true);
    expect(await sessionCount(user.id)).toBe(1);
  });

  test("an attacker's 5 wrong passwords lock neither another address nor a browser that signed in before", async () => {
    const user = await addUser("victim@example.com");
    // The owner signed in from this browser last week: it carries a device token.
    const before = await attempt("victim@example.com", PASSWORD, "10.20.0.1", at(-7 * 24 * 60 * MINUTE));
    if (!before.ok || before.secondFactor) throw new Error("the owner could not sign in");
    for (let i = 1; i <= 5; i++) await attempt("victim@example.com", "guess-123", "10.20.9.9", at(i * 1000));
    expect((await attempt("victim@example.com", PASSWORD, "10.20.9.9", at(6000))).ok).toBe(false);
    // The owner, from another address (below the per-account ceiling), signs in.
    expect((await attempt("victim@example.com", PASSWORD, "10.20.0.2", at(7000))).ok).toBe(true);
    // And from their own browser, even at the attacker's address (a shared carrier address).
    const known = await signIn(
      database.db,
      { email: "victim@example.com", password: PASSWORD },
      { ipAddress: "10.20.9.9", userAgent: "Vitest", deviceToken: before.deviceToken },
      at(8000),
    );
    expect(known.ok).toBe(true);
    expect(await sessionCount(user.id)).toBe(3);
  });

  test("a success clears what this address counted against the account", async () => {
    await addUser("reset@example.com");
    for (let i = 1; i <= 4; i++)
      await attempt("reset@example.com", "WrongPass123", "10.13.0.1", at(i * 1000));
    expect((await attempt("reset@example.com", PASSWORD, "10.13.0.1", at(5000))).ok).toBe(true);
    expect(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, pairKey("reset@example.com", "10.13.0.1"))),
    ).toHaveLength(0);
    // Four more failures: without the reset the 5th overall would have locked the account.
    for (let i = 6; i <= 9; i++) {
      expect(await failure("reset@example.com", "WrongPass123", "10.13.0.1", at(i * 1000))).toBe(
        LOGIN_FAILED,
      );
    }
    expect((await attempt("reset@example.com", PASSWORD, "10.13.0.1", at(10_000))).ok).toBe(true);
  });

  test("20 failures from one address across accounts lock the address for everyone", async () => {
    const good = await addUser("good@example.com");
    const ip = "10.14.0.1";
    for (let i = 1; i <= 19; i++) {
      expect(await failure(`guess${i}@example.com`, "WrongPass123", ip, at(i * 1000)), `failure ${i}`).toBe(
        LOGIN_FAILED,
      );
    }
    expect(await failure("guess20@example.com", "WrongPass123", ip, at(20_000))).toBe(TOO_MANY);
    // A real account with the right password is refused from that address, but not from another.
    expect(await attempt("good@example.com", PASSWORD, ip, at(21_000))).toEqual({
      ok: false,
      error: TOO_MANY,
      locked: true,
    });
    expect(await sessionCount(good.id)).toBe(0);
    expect((await attempt("good@example.com", PASSWORD, "10.14.0.2", at(21_000))).ok).toBe(true);
  });

  test("an unknown e-mail counts as a failure (and locks after 5)", async () => {
    for (let i = 1; i <= 4; i++) {
      expect(await failure("ghost@example.com", PASSWORD, "10.15.0.1", at(i * 1000))).toBe(LOGIN_FAILED);
    }
    expect(await failure("ghost@example.com", PASSWORD, "10.15.0.1", at(5000))).toBe(TOO_MANY);
    const row = firstRow(
      await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, pairKey("ghost@example.com", "10.15.0.1"))),
    );
    expect(row.failures).toBe(5);
  });

  test("an inactive account with the right password is refused with the disabled text and no session", async () => {
    const user = await addUser("off@example.com", "inactive");
    expect(await attempt("off@example.com", PASSWORD, "10.16.0.1")).toEqual({
      ok: false,
      error: DISABLED,
      locked: false,
    });
    expect(await sessionCount(user.id)).toBe(0);
  });

  test("a pending account with the right password is refused and gets no session", async () => {
    const user = await addUser("pending@example.com", "pending");
    const result = await attempt("pending@example.com", PASSWORD, "10.17.0.1");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.locked).toBe(false);
    expect(result.error).not.toBe(LOGIN_FAILED);
    expect(await sessionCount(user.id)).toBe(0);
  });

  test("an imported account without a password is refused, whatever is typed", async () => {
    const user = await addUser("imported@example.com", "active", null);
    for (const password of [PASSWORD, "", "null", "undefined"]) {
      expect(await failure("imported@example.com", password, "10.18.0.1")).toBe(LOGIN_FAILED);
    }
    expect(await sessionCount(user.id)).toBe(0);
  });
});
