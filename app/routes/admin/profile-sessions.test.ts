/**
 * Profile → Active Sessions called as a route: the list shows only the user's own live sessions with
 * device, address and times; "Sign out" ends one of them and "Sign out everywhere else" all but this
 * browser's, never another user's.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  commitSessionCookie,
  createSession,
  findSessionUser,
  IDLE_TIMEOUT_MS,
} from "#app/auth/session.server";
import { settings } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import * as profileRoute from "./profile";
import * as sessionsRoute from "./profile.sessions";
import { args, BASE, getRequest, makeUser, outcome, postRequest, toastOf } from "#test-support/route-calls";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";

describe("Profile → Active Sessions (route)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.insert(settings).values({ id: 1 });
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A session from a given browser and address, with the Cookie header that carries it. */
  async function signIn(userId: string, userAgent: string, ipAddress: string, at = new Date()) {
    const { token } = await createSession(database.db, userId, { userAgent, ipAddress }, at);
    const cookie = (await commitSessionCookie(new Request(BASE), token)).split(";")[0] ?? "";
    return { token, cookie };
  }
  const isLive = async (token: string) => (await findSessionUser(database.db, token)) !== null;
  const listFor = async (cookie: string) => {
    const loaded = (await profileRoute.loader(args(getRequest("/admin/profile", cookie)))) as {
      sessions: Array<{ id: string; device: string; address: string; lastSeen: string; isCurrent: boolean }>;
    };
    return loaded.sessions;
  };
  const post = (fields: Record<string, string>, cookie: string) =>
    outcome(() => sessionsRoute.action(args(postRequest("/admin/profile/sessions", fields, cookie))));

  test("lists this user's live sessions with device, address and last seen, this browser marked", async () => {
    const me = await makeUser("lister@example.com", "writer");
    const other = await makeUser("someone-else@example.com", "editor");
    const phone = await signIn(
      me.id,
      ANDROID_CHROME,
      "41.66.1.10",
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    const laptop = await signIn(me.id, WINDOWS_FIREFOX, "154.160.2.20");
    await signIn(other.id, WINDOWS_FIREFOX, "10.0.0.9");
    // Idle past the timeout: over, so not listed.
    await signIn(me.id, ANDROID_CHROME, "41.66.9.99", new Date(Date.now() - IDLE_TIMEOUT_MS - 60_000));

    const shown = await listFor(laptop.cookie);
    expect(
      shown.map(({ device, address, lastSeen, isCurrent }) => ({ device, address, lastSeen, isCurrent })),
    ).toEqual([
      { device: "Firefox on Windows", address: "154.160.2.20", lastSeen: "Just now", isCurrent: true },
      { device: "Chrome on Android", address: "41.66.1.10", lastSeen: "3 hours ago", isCurrent: false },
    ]);
    expect(await isLive(phone.token)).toBe(true);
  });

  test("'Sign out' ends the chosen session: that browser is signed out, this one is not", async () => {
    const me = await makeUser("ender@example.com", "editor");
    const phone = await signIn(me.id, ANDROID_CHROME, "41.66.1.11");
    const laptop = await signIn(me.id, WINDOWS_FIREFOX, "154.160.2.21");
    const phoneRow = (await listFor(laptop.cookie)).find((s) => !s.isCurrent);

    const ended = await post({ intent: "end-session", sessionId: phoneRow?.id ?? "" }, laptop.cookie);
    expect(ended).toMatchObject({ status: 302, location: "/admin/profile" });
    expect(await toastOf(ended.setCookie)).toMatchObject({ type: "success", title: "Session signed out" });
    expect(await isLive(phone.token)).toBe(false);
    expect(await isLive(laptop.token)).toBe(true);
    expect((await listFor(laptop.cookie)).map((s) => s.device)).toEqual(["Firefox on Windows"]);
  });

  test("another user's session, this browser's own, or a made-up id end nothing", async () => {
    const me = await makeUser("tries@example.com", "writer");
    const victim = await makeUser("victim@example.com", "admin");
    const mine = await signIn(me.id, WINDOWS_FIREFOX, "154.160.2.22");
    const victims = await signIn(victim.id, ANDROID_CHROME, "41.66.1.12");
    const victimRow = (await listFor(victims.cookie))[0];
    const myRow = (await listFor(mine.cookie))[0];

    for (const sessionId of [victimRow?.id ?? "", myRow?.id ?? "", "0".repeat(64), ""]) {
      const answer = await post({ intent: "end-session", sessionId }, mine.cookie);
      expect(await toastOf(answer.setCookie)).toMatchObject({
        type: "error",
        title: "That session had already ended.",
      });
    }
    expect(await isLive(victims.token)).toBe(true);
    expect(await isLive(mine.token)).toBe(true);
  });

  test("'Sign out everywhere else' ends every other session of this user only", async () => {
    const me = await makeUser("everywhere@example.com", "admin");
    const colleague = await makeUser("colleague@example.com", "writer");
    const here = await signIn(me.id, WINDOWS_FIREFOX, "154.160.2.23");
    const elsewhere = [
      await signIn(me.id, ANDROID_CHROME, "41.66.1.13"),
      await signIn(me.id, ANDROID_CHROME, "41.66.1.14"),
    ];
    const theirs = await signIn(colleague.id, ANDROID_CHROME, "41.66.1.15");

    const answer = await post({ intent: "end-other-sessions" }, here.cookie);
    expect(await toastOf(answer.setCookie)).toMatchObject({
      title: "Signed out everywhere else",
      message: "2 other sessions signed out.",
    });
    for (const { token } of elsewhere) expect(await isLive(token)).toBe(false);
    expect(await isLive(here.token)).toBe(true);
    expect(await isLive(theirs.token)).toBe(true);

    const again = await post({ intent: "end-other-sessions" }, here.cookie);
    expect(await toastOf(again.setCookie)).toMatchObject({ message: "No other sessions were open." });
  });

  test("signed out, neither the list nor the buttons answer", async () => {
    expect((await outcome(() => profileRoute.loader(args(getRequest("/admin/profile"))))).status).toBe(302);
    expect((await post({ intent: "end-other-sessions" }, "")).location).toMatch(/^\/admin\/login/);
  });

  test("the sessions' address has no page of its own: opened, it goes back to Profile, which lists them", async () => {
    const me = await makeUser("opener@example.com", "writer");
    const laptop = await signIn(me.id, WINDOWS_FIREFOX, "154.160.2.24");
    const opened = await outcome(() =>
      sessionsRoute.loader(args(getRequest("/admin/profile/sessions", laptop.cookie))),
    );
    expect(opened).toMatchObject({ status: 302, location: "/admin/profile" });
    const signedOut = await outcome(() => sessionsRoute.loader(args(getRequest("/admin/profile/sessions"))));
    expect(signedOut.location).toMatch(/^\/admin\/login/);
  });
});
