/**
 * E-mail for staff over HTTP on the real app (decision record 010), against a real SMTP server in this
 * process: "Forgot password?" answers the same for any address and mails a single-use link valid 30
 * minutes; an admin invites a new member, who chooses their own password through the e-mailed link.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ACCOUNT_LINK_TEXT } from "#app/auth/account-links-text";
import type { TestDatabase } from "#test-support/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
  TEST_ENGINES,
} from "#test-support/app-over-http";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
  links: typeof import("#app/auth/account-links.server");
  users: typeof import("#app/domain/users/users.server");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
  links: "/app/auth/account-links.server.ts",
  users: "/app/domain/users/users.server.ts",
};

let vite: ViteDevServer;
let smtp: TestSmtpServer;
const m = {} as Modules;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
  await smtp?.close();
});

const ADMIN = { email: "admin@example.com", password: "AdminPass123" };

describe.each(TEST_ENGINES)("staff e-mail over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    // A Site URL, as production has: the links in the e-mails point there, whatever Host was asked.
    await database.db.update(m.schema.settings).set({ siteUrl: "https://news.example.com" });
    m.settingsRead.forgetCachedSettings();
    // As an operator sets it: the app reads SMTP_URL from its configuration.
    app = await listenApp(vite, m, database.db, { PAGE_CACHE: "off", SMTP_URL: smtp.smtpUrl });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(m.schema.rateLimits);
    await database.db.delete(m.schema.loginThrottle);
    smtp.clear();
  });

  async function request(path: string, options: { form?: Record<string, string>; cookie?: string } = {}) {
    const response = await fetch(app.origin + path, {
      method: options.form ? "POST" : "GET",
      body: options.form ? new URLSearchParams(options.form) : undefined,
      headers: options.cookie ? { Cookie: options.cookie } : {},
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }
  /** Signs in as a browser does; the session cookie, or null when refused. */
  async function signIn(email: string, password: string): Promise<string | null> {
    const answer = await request("/admin/login", { form: { email, password } });
    if (answer.status !== 302) return null;
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("nd_session="));
    return cookie?.split(";")[0] ?? null;
  }
  const isSignedIn = async (cookie: string) => (await request("/admin/dashboard", { cookie })).status === 200;
  async function staffMember(email: string, password = "OldPass123") {
    return m.users.createUser(app.services, { name: "Kojo Writer", email, password, role: "writer" }, null);
  }
  /** The path and query of the link in an e-mail; it must point at the Site URL, never this test server. */
  function linkIn(text: string) {
    const match = text.match(/https:\/\/news\.example\.com(\/admin\/set-password\?token=[A-Za-z0-9_%-]+)/);
    if (!match?.[1]) throw new Error(`no set-password link in: ${text}`);
    return match[1];
  }
  /** The page's card, the part that would tell a known address from an unknown one. */
  const card = (body: string) => body.slice(body.indexOf("<main"), body.indexOf("</main>"));

  test("sign-in page offers 'Forgot password?'; the reset page is never cached", async () => {
    const login = await request("/admin/login");
    expect(login.body).toContain('href="/admin/forgot-password"');
    expect(login.body).toContain("Forgot password?");
    const page = await request("/admin/forgot-password");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.body).toContain("Send reset link");
  });

  test("forgot password: same answer for any address, one e-mail with a link that works once", async () => {
    await staffMember("kojo@example.com");
    const before = await signIn("kojo@example.com", "OldPass123");
    expect(before).not.toBeNull();

    const known = await request("/admin/forgot-password", { form: { email: "Kojo@Example.com" } });
    const unknown = await request("/admin/forgot-password", { form: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(card(known.body)).toContain(ACCOUNT_LINK_TEXT.sentMessage);
    expect(card(unknown.body)).toBe(card(known.body));

    const mail = await smtp.waitFor("kojo@example.com");
    expect(mail.subject).toBe("Reset your Newsdesk password");
    expect(mail.text).toContain("30 minutes");
    expect(smtp.received.map((r) => r.to).flat()).toEqual(["kojo@example.com"]);

    const linkPath = linkIn(mail.text);
    const opened = await request(linkPath);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    // The site-wide policy comes first; a browser follows the last one it knows (secret-link-pages.ts).
    expect(opened.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(opened.body).toContain(ACCOUNT_LINK_TEXT.resetHeading);
    expect(opened.body).toContain("kojo@example.com");

    // A weak password and a mismatch are refused with the form's messages; the link still works.
    const weak = await request(linkPath, { form: { newPassword: "short", confirmPassword: "short" } });
    expect(weak.status).toBe(400);
    expect(weak.body).toContain("Weak Password");
    const differ = await request(linkPath, {
      form: { newPassword: "NewPass456", confirmPassword: "NewPass457" },
    });
    expect(differ.status).toBe(400);
    expect(differ.body).toContain("Passwords Do Not Match");
    expect(await signIn("kojo@example.com", "OldPass123")).not.toBeNull();

    const set = await request(linkPath, {
      form: { newPassword: "NewPass456", confirmPassword: "NewPass456" },
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/admin/login");
    // The old password and every old session are over; the new password signs in.
    expect(await isSignedIn(before!)).toBe(false);
    expect(await signIn("kojo@example.com", "OldPass123")).toBeNull();
    expect(await signIn("kojo@example.com", "NewPass456")).not.toBeNull();

    // Used once: opening or posting it again does nothing.
    const again = await request(linkPath);
    expect(again.status).toBe(410);
    expect(again.body).toContain(ACCOUNT_LINK_TEXT.linkInvalid);
    const reused = await request(linkPath, {
      form: { newPassword: "Other789x", confirmPassword: "Other789x" },
    });
    expect(reused.status).toBe(410);
    expect(await signIn("kojo@example.com", "Other789x")).toBeNull();
  });

  test("a link older than 30 minutes, an earlier link, or one for a disabled account does not work", async () => {
    const user = await staffMember("ama@example.com");
    const old = await m.links.issueAccountLink(
      database.db,
      user.id,
      "reset",
      new Date(Date.now() - 31 * 60 * 1000),
    );
    expect((await request(`/admin/set-password?token=${old}`)).status).toBe(410);

    const first = await m.links.issueAccountLink(database.db, user.id, "reset");
    const second = await m.links.issueAccountLink(database.db, user.id, "reset");
    expect((await request(`/admin/set-password?token=${first}`)).status).toBe(410);
    expect((await request(`/admin/set-password?token=${second}`)).status).toBe(200);

    await database.db
      .update(m.schema.users)
      .set({ status: "inactive" })
      .where((await import("drizzle-orm")).eq(m.schema.users.id, user.id));
    const refused = await request(`/admin/set-password?token=${second}`, {
      form: { newPassword: "NewPass456", confirmPassword: "NewPass456" },
    });
    expect(refused.status).toBe(410);
    // A disabled account is mailed nothing either, with the same answer.
    const asked = await request("/admin/forgot-password", { form: { email: "ama@example.com" } });
    expect(asked.status).toBe(200);
    await app.services.mailer.settled();
    expect(smtp.received).toEqual([]);
    expect((await request("/admin/set-password?token=made-up")).status).toBe(410);
  });

  test("throttled: three e-mails an hour to one address, ten requests an hour from one client", async () => {
    await staffMember("yaw@example.com");
    for (let i = 0; i < 5; i++) {
      const answer = await request("/admin/forgot-password", { form: { email: "yaw@example.com" } });
      expect(answer.status).toBe(200);
    }
    await smtp.waitFor("yaw@example.com");
    await app.services.mailer.settled();
    expect(smtp.received).toHaveLength(3);
    for (let i = 0; i < 5; i++)
      await request("/admin/forgot-password", { form: { email: `x${i}@example.com` } });
    const over = await request("/admin/forgot-password", { form: { email: "yaw@example.com" } });
    expect(over.status).toBe(429);
    expect(over.body).toContain(ACCOUNT_LINK_TEXT.rateLimited);
  });

  test("bad address: a clear message, what was typed kept, nothing sent", async () => {
    const answer = await request("/admin/forgot-password", { form: { email: "kojo@" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Please enter a valid email address.");
    expect(answer.body).toContain('value="kojo@"');
    expect(smtp.received).toEqual([]);
  });

  test("invitation: the admin leaves the password empty, the new member chooses theirs from the e-mail", async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const form = await request("/admin/users/add", { cookie: admin! });
    expect(form.body).toContain("Leave empty to e-mail them an invitation");

    const added = await request("/admin/users/add", {
      cookie: admin!,
      form: {
        name: "Efua Editor",
        email: "efua@example.com",
        password: "",
        role: "editor",
        status: "active",
      },
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/admin/users");
    const mail = await smtp.waitFor("efua@example.com");
    expect(mail.subject).toBe("You are invited to Newsdesk");
    expect(mail.text).toContain("as an editor");
    expect(mail.text).toContain("7 days");
    // Until they choose a password, no password signs in.
    expect(await signIn("efua@example.com", "")).toBeNull();

    const linkPath = linkIn(mail.text);
    const opened = await request(linkPath);
    expect(opened.body).toContain(ACCOUNT_LINK_TEXT.inviteHeading);
    const set = await request(linkPath, {
      form: { newPassword: "Efua2026ok", confirmPassword: "Efua2026ok" },
    });
    expect(set.status).toBe(302);
    const efua = await signIn("efua@example.com", "Efua2026ok");
    expect(efua).not.toBeNull();
    expect((await request("/admin/articles", { cookie: efua! })).status).toBe(200);

    // With a password typed, no e-mail: the member can sign in with it at once, as before.
    smtp.clear();
    await request("/admin/users/add", {
      cookie: admin!,
      form: { name: "Kofi Writer", email: "kofi@example.com", password: "Kofi2026ok", role: "writer" },
    });
    expect(await signIn("kofi@example.com", "Kofi2026ok")).not.toBeNull();
    await app.services.mailer.settled();
    expect(smtp.received).toEqual([]);
  });
});
