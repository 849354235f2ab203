import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sessions, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import {
  ABSOLUTE_TIMEOUT_MS,
  commitSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  destroySessionCookie,
  findSessionUser,
  IDLE_TIMEOUT_MS,
  readSessionToken,
} from "./session.server";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(TEST_ENGINES)("sessions on %s", (engine) => {
  let database: TestDatabase;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const rows = await database.db
      .insert(users)
      .values([
        { email: "sam@example.com", name: "Sam Session", role: "editor" },
        { email: "olu@example.com", name: "Olu Other", role: "writer" },
      ])
      .returning({ id: users.id });
    const [sam, olu] = rows;
    if (!sam || !olu) throw new Error(`expected two users, got ${rows.length}`);
    [userId, otherUserId] = [sam.id, olu.id];
  });
  afterAll(async () => {
    await database.destroy();
  });

  const sessionRows = (token: string) => {
    const id = createHash("sha256").update(token).digest("hex");
    return database.db.select().from(sessions).where(eq(sessions.id, id));
  };
  const findSession = async (token: string) => (await sessionRows(token))[0];
  const sessionRow = async (token: string) => one(await sessionRows(token));

  test("a new session finds its user; the expiry is the absolute limit", async () => {
    const { token, expiresAt } = await createSession(
      database.db,
      userId,
      { ipAddress: "10.0.0.1", userAgent: "Vitest" },
      T0,
    );
    expect(expiresAt).toEqual(at(ABSOLUTE_TIMEOUT_MS));
    const found = await findSessionUser(database.db, token, at(MINUTE));
    expect(found?.user.id).toBe(userId);
    expect(found?.user.email).toBe("sam@example.com");
    const row = await sessionRow(token);
    expect(row.ipAddress).toBe("10.0.0.1");
    expect(row.userAgent).toBe("Vitest");
  });

  test("an unknown or altered token finds nobody", async () => {
    const { token } = await createSession(database.db, userId, {}, T0);
    expect(await findSessionUser(database.db, "x".repeat(43), at(MINUTE))).toBeNull();
    expect(
      await findSessionUser(database.db, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), at(MINUTE)),
    ).toBeNull();
    expect(await findSessionUser(database.db, "", at(MINUTE))).toBeNull();
  });

  test("the database stores only the SHA-256 of the token", async () => {
    const { token } = await createSession(database.db, userId, {}, T0);
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const row = await sessionRow(token);
    expect(row).toBeDefined();
    expect(row.id).not.toBe(token);
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row).map(String)).not.toContain(token);
    // Using the stored id as a token does not work.
    expect(await findSessionUser(database.db, row.id, at(MINUTE))).toBeNull();
  });

  test("idle expiry: a session unused for the idle limit ends and its row is deleted", async () => {
    const { token: almost } = await createSession(database.db, userId, {}, T0);
    expect(await findSessionUser(database.db, almost, at(IDLE_TIMEOUT_MS - MINUTE / 2))).not.toBeNull();
    const { token: idle } = await createSession(database.db, userId, {}, T0);
    expect(await findSessionUser(database.db, idle, at(IDLE_TIMEOUT_MS))).toBeNull();
    expect(await findSession(idle)).toBeUndefined();
  });

  test("each request pushes the idle limit back", async () => {
    const { token } = await createSession(database.db, userId, {}, T0);
    expect(await findSessionUser(database.db, token, at(5 * DAY))).not.toBeNull();
    // 7 days after sign-in, but only 2 after the last request.
    expect(await findSessionUser(database.db, token, at(IDLE_TIMEOUT_MS))).not.toBeNull();
    expect(IDLE_TIMEOUT_MS).toBe(7 * DAY);
  });

  test("absolute expiry: even a session used every few days ends after the absolute limit", async () => {
    expect(ABSOLUTE_TIMEOUT_MS).toBe(30 * DAY);
    const { token } = await createSession(database.db, userId, {}, T0);
    for (const day of [3, 6, 9, 12, 15, 18, 21, 24, 27]) {
      expect(await findSessionUser(database.db, token, at(day * DAY)), `day ${day}`).not.toBeNull();
    }
    expect(await findSessionUser(database.db, token, at(ABSOLUTE_TIMEOUT_MS - MINUTE))).not.toBeNull();
    expect(await findSessionUser(database.db, token, at(ABSOLUTE_TIMEOUT_MS))).toBeNull();
    expect(await findSession(token)).toBeUndefined();
  });

  test("deleteUserSessions ends every session of that user and no one else's", async () => {
    const mine = await Promise.all([1, 2, 3].map(() => createSession(database.db, userId, {}, T0)));
    const theirs = await createSession(database.db, otherUserId, {}, T0);
    await deleteUserSessions(database.db, userId);
    for (const { token } of mine) expect(await findSessionUser(database.db, token, at(MINUTE))).toBeNull();
    const remaining = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(remaining).toHaveLength(0);
    expect((await findSessionUser(database.db, theirs.token, at(MINUTE)))?.user.id).toBe(otherUserId);
  });

  test("deleteSession ends that one session (sign out)", async () => {
    const a = await createSession(database.db, otherUserId, {}, T0);
    const b = await createSession(database.db, otherUserId, {}, T0);
    await deleteSession(database.db, a.token);
    expect(await findSessionUser(database.db, a.token, at(MINUTE))).toBeNull();
    expect(await findSessionUser(database.db, b.token, at(MINUTE))).not.toBeNull();
  });
});

describe("the session cookie", () => {
  const request = (cookie?: string) =>
    new Request("http://localhost/admin", cookie ? { headers: { Cookie: cookie } } : undefined);
  const TOKEN = "t".repeat(43);

  test("a committed cookie reads back as the token; it is httpOnly and SameSite=Lax", async () => {
    const setCookie = await commitSessionCookie(request(), TOKEN);
    expect(setCookie).toMatch(/^nd_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await readSessionToken(setCookie.split(";")[0])).toBe(TOKEN);
  });

  test("no cookie, a foreign cookie, a short value or a destroyed cookie read as no token", async () => {
    expect(await readSessionToken(null)).toBeNull();
    expect(await readSessionToken("other=1")).toBeNull();
    const short = await commitSessionCookie(request(), "short");
    expect(await readSessionToken(short.split(";")[0])).toBeNull();
    const destroyed = await destroySessionCookie(request());
    expect(destroyed).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await readSessionToken(destroyed.split(";")[0])).toBeNull();
  });
});
