/**
 * The account pages as the server answers them (decision record 021): sign-in by a mailed link through
 * the routes, the account page's forms, and the separation of readers from staff.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createMemberSession } from "#app/auth/member-session.server";
import {
  members,
  memberSessions,
  memberSignInLinks,
  newsletterSubscribers,
  rateLimits,
  users,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { MEMBER_TEXT } from "#app/domain/members/member-text";
import { findOrCreateMember } from "#app/domain/members/sign-in.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { closeServices, type Services } from "#app/services.server";
import * as accountDataRoute from "#app/routes/resources/account-data";
import * as accountMeRoute from "#app/routes/resources/account-me";
import * as adminArticlesRoute from "#app/routes/admin/articles";
import * as adminDashboardRoute from "#app/routes/admin/dashboard";
import * as adminLayoutRoute from "#app/routes/admin/layout";
import { args, getRequest, outcome, postRequest, sessionCookieFor } from "#test-support/route-calls";
import { testServices } from "#test-support/services";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import * as accountRoute from "./account";
import * as signInRoute from "./account.sign-in";
import * as verifyRoute from "./account.verify";

const PRIVATE = "private, no-store";
const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0] ?? "";
/** Each cookie of a Set-Cookie header that set several (Headers joins them with ", "). */
const cookiesOf = (setCookie: string | null) => (setCookie ?? "").split(/, (?=nd_)/).filter(Boolean);

test("the service worker keeps no account page: each answers with headers its keeping rule refuses", () => {
  // The worker's own rule (public/service-worker.js), run as the browser runs it.
  const source = /function isKeepable\(response\) \{[\s\S]*?\n\}/.exec(
    fs.readFileSync("public/service-worker.js", "utf8"),
  )?.[0];
  if (!source) throw new Error("no isKeepable in the service worker");
  const isKeepable = new Function(`return ${source}`)() as (response: unknown) => boolean;
  const page = (headers: HeadersInit) => ({
    status: 200,
    type: "basic",
    headers: new Headers({
      "Content-Type": "text/html; charset=utf-8",
      ...Object.fromEntries(new Headers(headers)),
    }),
  });
  expect(isKeepable(page({}))).toBe(true);
  for (const route of [accountRoute, signInRoute, verifyRoute])
    expect(isKeepable(page(route.headers()))).toBe(false);
});

describe("the account pages", () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let mail: Services;
  let noMail: Services;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    smtp = await startTestSmtpServer();
    mail = testServices(database.db, { mail: { smtpUrl: smtp.smtpUrl } });
    noMail = testServices(database.db);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await closeServices(mail);
    await smtp.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
    await database.db.delete(memberSignInLinks);
    await database.db.delete(members);
    smtp.clear();
  });

  /** Asks for a link through the page and returns the verify page's address from the mail. */
  async function askForLink(email: string, returnTo = "/account", cookie?: string) {
    smtp.clear();
    const answer = await outcome(() =>
      signInRoute.action(args(postRequest("/account/sign-in", { email, returnTo }, cookie), {}, mail)),
    );
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: MEMBER_TEXT.checkEmailTitle } });
    const message = await smtp.waitFor(email.toLowerCase());
    const link = /https?:\/\/[^\s]+\/account\/verify\?token=[A-Za-z0-9_-]+/.exec(message.text)?.[0];
    if (!link) throw new Error(`no sign-in link in: ${message.text}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  /** Opens the link and presses its button: the redirect and the reader's cookie. */
  async function followLink(path: string, cookie?: string) {
    const opened = await outcome(() => verifyRoute.loader(args(getRequest(path, cookie), {}, mail)));
    const token = new URL(path, "http://x").searchParams.get("token") ?? "";
    expect(opened.body).toMatchObject({ state: { kind: "ask", token } });
    const pressed = await outcome(() =>
      verifyRoute.action(args(postRequest("/account/verify", { token }, cookie), {}, mail)),
    );
    return { ...pressed, cookie: cookieOf(pressed.setCookie) };
  }

  test("signed out, /account sends the reader to sign in and back; nothing of it may be cached", async () => {
    const answer = await outcome(() => accountRoute.loader(args(getRequest("/account"), {}, mail)));
    expect(answer).toMatchObject({ status: 302, location: "/account/sign-in?returnTo=%2Faccount" });
    for (const route of [accountRoute, signInRoute, verifyRoute])
      expect(new Headers(route.headers()).get("Cache-Control")).toBe(PRIVATE);
    const page = await signInRoute.loader(args(getRequest("/account/sign-in?returnTo=/article/x"), {}, mail));
    expect(page.init?.headers).toMatchObject({ "Cache-Control": PRIVATE });
    expect(page.data).toMatchObject({ returnTo: "/article/x", available: true });
  });

  test("the whole journey: ask, open the link (uses nothing), press its button, land signed in on the account page", async () => {
    const path = await askForLink("Ama@Example.com", "/article/a-story");
    // Opening the page twice (a link preview, a scanner) leaves the link usable.
    await verifyRoute.loader(args(getRequest(path), {}, mail));
    const signedIn = await followLink(path);
    expect(signedIn).toMatchObject({ status: 302, location: "/article/a-story" });
    expect(signedIn.setCookie).toMatch(
      /^nd_member=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect(signedIn.setCookie).not.toContain("nd_session");
    // The signed-in hint, for the reader script: as long-lived, and readable by it (not HttpOnly).
    const hint = cookiesOf(signedIn.setCookie).find((line) => line.startsWith("nd_member_hint="));
    expect(hint).toMatch(/^nd_member_hint=1; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(hint).not.toContain("HttpOnly");

    const account = await outcome(() =>
      accountRoute.loader(args(getRequest("/account", signedIn.cookie), {}, mail)),
    );
    expect(account).toMatchObject({
      status: 200,
      body: { email: "ama@example.com", passes: [], receipts: [] },
    });

    // The link is used: pressing again says so and offers a new one.
    const token = new URL(path, "http://x").searchParams.get("token") ?? "";
    const again = await outcome(() =>
      verifyRoute.action(args(postRequest("/account/verify", { token }), {}, mail)),
    );
    expect(again).toMatchObject({ status: 404, body: { state: { kind: "expired" } }, setCookie: null });
  });

  test("the signed-in hint: /account/me.json keeps it true to the session; sign-in goes on when signed in; sign-out clears it", async () => {
    const signedIn = await followLink(await askForLink("hint@example.com"));
    const me = async (cookie?: string) => {
      const answer = (await accountMeRoute.loader(
        args(getRequest("/account/me.json", cookie), {}, mail),
      )) as Response;
      expect(answer.headers.get("Cache-Control")).toBe(PRIVATE);
      return {
        body: (await answer.json()) as { signedIn: boolean },
        setCookie: answer.headers.get("Set-Cookie"),
      };
    };
    // Signed in with the hint: nothing to set. Signed in before the hint existed: it is set.
    expect(await me(`${signedIn.cookie}; nd_member_hint=1`)).toEqual({
      body: expect.objectContaining({ signedIn: true }),
      setCookie: null,
    });
    expect((await me(signedIn.cookie)).setCookie).toMatch(
      /^nd_member_hint=1; Max-Age=\d+; Path=\/; SameSite=Lax$/,
    );
    // A hint without a session (it ran out, or was signed out elsewhere) is cleared; no hint, nothing set.
    const stale = await me("nd_member_hint=1");
    expect(stale.body.signedIn).toBe(false);
    expect(stale.setCookie).toMatch(/^nd_member_hint=; Max-Age=0/);
    expect((await me()).setCookie).toBeNull();

    // Signed in, the sign-in page goes on where the reader was going (a link without JavaScript).
    expect(
      await outcome(() =>
        signInRoute.loader(
          args(getRequest("/account/sign-in?returnTo=/article/x", signedIn.cookie), {}, mail),
        ),
      ),
    ).toMatchObject({ status: 302, location: "/article/x" });

    const out = await outcome(() =>
      accountRoute.action(args(postRequest("/account", { intent: "sign-out" }, signedIn.cookie), {}, mail)),
    );
    expect(out).toMatchObject({ status: 302, location: "/" });
    const cleared = cookiesOf(out.setCookie);
    expect(cleared).toHaveLength(2);
    expect(cleared[0]).toMatch(/^nd_member=; Max-Age=0;.* HttpOnly/);
    expect(cleared[1]).toMatch(/^nd_member_hint=; Max-Age=0/);
  });

  test("a return address off this site lands on /account instead", async () => {
    const path = await askForLink("away@example.com", "https://evil.example/steal");
    expect(await followLink(path)).toMatchObject({ status: 302, location: "/account" });
  });

  test("without e-mail the page says sign-in is not available, and asking keeps what was typed (503)", async () => {
    const page = await signInRoute.loader(args(getRequest("/account/sign-in"), {}, noMail));
    expect(page.data.available).toBe(false);
    const answer = await outcome(() =>
      signInRoute.action(args(postRequest("/account/sign-in", { email: "a@example.com" }), {}, noMail)),
    );
    expect(answer).toMatchObject({
      status: 503,
      body: { ok: false, message: MEMBER_TEXT.noEmail, email: "a@example.com" },
    });
  });

  test("too many links for one address: 429 with a clear message, the address kept", async () => {
    for (let i = 0; i < 3; i++)
      await signInRoute.action(
        args(postRequest("/account/sign-in", { email: "many@example.com" }), {}, mail),
      );
    const answer = await outcome(() =>
      signInRoute.action(args(postRequest("/account/sign-in", { email: "many@example.com" }), {}, mail)),
    );
    expect(answer).toMatchObject({
      status: 429,
      body: { ok: false, message: MEMBER_TEXT.rateLimited, email: "many@example.com" },
    });
  });

  test("a reader's cookie opens nothing under /admin", async () => {
    const member = await findOrCreateMember(database.db, "reader@example.com", new Date());
    const { token } = await createMemberSession(database.db, member.id, new Date());
    const cookie = `nd_member=${token}`;
    const calls = [
      () => adminLayoutRoute.loader(args(getRequest("/admin", cookie))),
      () => adminLayoutRoute.loader(args(getRequest("/admin/articles", cookie))),
      () => adminDashboardRoute.loader(args(getRequest("/admin/dashboard", cookie))),
      () => adminArticlesRoute.loader(args(getRequest("/admin/articles", cookie))),
    ];
    for (const call of calls)
      expect(await outcome(call)).toMatchObject({ status: 302, location: "/admin/login" });
  });

  test("a staff address signs in as a separate reader, never staff; a staff session is no reader", async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, "root@example.com"));
    const signedIn = await followLink(await askForLink("root@example.com"));
    expect(signedIn.setCookie).toMatch(/^nd_member=/);
    expect(signedIn.setCookie).not.toContain("nd_session");
    // The signed-in hint, for the reader script: as long-lived, and readable by it (not HttpOnly).
    const hint = cookiesOf(signedIn.setCookie).find((line) => line.startsWith("nd_member_hint="));
    expect(hint).toMatch(/^nd_member_hint=1; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(hint).not.toContain("HttpOnly");
    const [member] = await database.db.select().from(members);
    expect(member).toMatchObject({ email: "root@example.com" });
    expect(member!.id).not.toBe(admin!.id);
    expect(await database.db.select().from(users).where(eq(users.id, admin!.id))).toEqual([admin]);
    // The reader's cookie is still no way into the back office.
    expect(
      await outcome(() => adminLayoutRoute.loader(args(getRequest("/admin", signedIn.cookie)))),
    ).toMatchObject({
      location: "/admin/login",
    });

    const staffCookie = await sessionCookieFor(admin!.id);
    expect(
      await outcome(() => accountRoute.loader(args(getRequest("/account", staffCookie), {}, mail))),
    ).toMatchObject({ status: 302, location: "/account/sign-in?returnTo=%2Faccount" });
  });

  test("the account page's forms: name, newsletter, data, sign out everywhere", async () => {
    const signedIn = await followLink(await askForLink("forms@example.com"));
    const post = (fields: Record<string, string>, cookie = signedIn.cookie) =>
      outcome(() => accountRoute.action(args(postRequest("/account", fields, cookie), {}, mail)));

    expect(await post({ intent: "name", name: "Kofi" })).toMatchObject({ status: 200, body: { ok: true } });
    const tooLong = await post({ intent: "name", name: "k".repeat(101) });
    expect(tooLong).toMatchObject({ status: 400, body: { ok: false, typed: "k".repeat(101) } });

    expect(await post({ intent: "subscribe" })).toMatchObject({
      body: { ok: true, title: MEMBER_TEXT.subscribed },
    });
    const [subscriber] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "forms@example.com"));
    expect(subscriber?.status).toBe("confirmed");

    const file = (await accountDataRoute.loader(
      args(getRequest("/account/data.json", signedIn.cookie), {}, mail),
    )) as Response;
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(file.headers.get("Cache-Control")).toBe(PRIVATE);
    const data = (await file.json()) as { member: { name: string }; newsletter: { status: string } };
    expect(data).toMatchObject({ member: { name: "Kofi" }, newsletter: { status: "confirmed" } });

    // A second browser, then "sign out everywhere" from the first: both are out.
    const second = await followLink(await askForLink("forms@example.com"));
    const third = await followLink(await askForLink("forms@example.com"));
    const signedOutHere = (await accountRoute.action(
      args(postRequest("/account", { intent: "sign-out" }, third.cookie), {}, mail),
    )) as Response;
    expect(signedOutHere.headers.get("Location")).toBe("/");
    // The browser's HTTP cache goes too: a shared phone's next reader gets no paid page back from it.
    expect(signedOutHere.headers.get("Clear-Site-Data")).toBe('"cache"');
    const out = await post({ intent: "sign-out-everywhere" });
    expect(out).toMatchObject({ status: 302, location: "/account/sign-in?done=signed-out" });
    expect(out.setCookie).toMatch(/^nd_member=; Max-Age=0/);
    for (const cookie of [signedIn.cookie, second.cookie])
      expect(
        await outcome(() => accountRoute.loader(args(getRequest("/account", cookie), {}, mail))),
      ).toMatchObject({
        status: 302,
      });
    expect(await database.db.select().from(memberSessions)).toEqual([]);
  });

  test("deleting the account needs its confirmation, then signs out and removes the member", async () => {
    const signedIn = await followLink(await askForLink("leaving@example.com"));
    const post = (fields: Record<string, string>) =>
      outcome(() => accountRoute.action(args(postRequest("/account", fields, signedIn.cookie), {}, mail)));
    expect(await post({ intent: "delete", confirmation: "yes" })).toMatchObject({
      status: 400,
      body: { ok: false, intent: "delete", message: MEMBER_TEXT.deleteRefused },
    });
    const gone = await post({ intent: "delete", confirmation: "DELETE" });
    expect(gone).toMatchObject({ status: 302, location: "/account/sign-in?done=deleted" });
    expect(gone.setCookie).toMatch(/^nd_member=; Max-Age=0/);
    expect(await database.db.select().from(members)).toEqual([]);
    // Signed out, the data file is no one's to take.
    expect(
      await outcome(() =>
        accountDataRoute.loader(args(getRequest("/account/data.json", signedIn.cookie), {}, mail)),
      ),
    ).toMatchObject({ status: 302, location: "/account/sign-in?returnTo=%2Faccount" });
  });
});
