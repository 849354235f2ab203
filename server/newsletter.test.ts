/**
 * The newsletter as a reader meets it, over HTTP on the real app (decision record 007): the footer's form, a
 * signup, the confirmation e-mail caught by a real SMTP server in this process, its links followed (opening
 * one changes nothing, the page's button does), the setting that switches it all off, and maintenance.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
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
import { EN_MESSAGES } from "#app/i18n/messages/en";
import { sql } from "drizzle-orm";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
  text: typeof import("#app/domain/newsletter/newsletter-form");
  editionsRead: typeof import("#app/domain/editions/editions.server");
  subscriberEditions: typeof import("#app/domain/newsletter/subscriber-editions.server");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
  text: "/app/domain/newsletter/newsletter-form.ts",
  editionsRead: "/app/domain/editions/editions.server.ts",
  subscriberEditions: "/app/domain/newsletter/subscriber-editions.server.ts",
};

/** The signup's answers (NEWSLETTER_TEXT) and the pages' words (messages), as the tests read them. */
function newsletterTexts<Answers extends object>(answers: Answers) {
  const message = (key: `newsletter.${string}` & keyof typeof EN_MESSAGES) => EN_MESSAGES[key];
  return {
    ...answers,
    confirmButton: message("newsletter.confirmButton"),
    confirmedTitle: message("newsletter.confirmedTitle"),
    confirmed: message("newsletter.confirmed"),
    // The words before the address.
    unsubscribeQuestion: message("newsletter.unsubscribeQuestion").split(" {email}")[0] ?? "",
    unsubscribedTitle: message("newsletter.unsubscribedTitle"),
    invalidLinkTitle: message("newsletter.invalidLinkTitle"),
    invalidUnsubscribeLink: message("newsletter.invalidUnsubscribeLink"),
  };
}

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

describe.each(TEST_ENGINES)("the newsletter over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let origin: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    // Settings are changed in the database here, not through the Settings screen that purges the page
    // cache (settings-effects.test.ts covers that): no page cache, so every page is rendered afresh.
    // As an operator sets it: the app reads SMTP_URL from its configuration.
    app = await listenApp(vite, m, database.db, { PAGE_CACHE: "off", SMTP_URL: smtp.smtpUrl });
    origin = app.origin;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(m.schema.rateLimits);
    await database.db.delete(m.schema.newsletterSubscribers);
    await setSettings({ enableNewsletter: true, maintenanceEnabled: false });
    smtp.clear();
  });

  async function setSettings(values: Partial<typeof m.schema.settings.$inferInsert>) {
    await database.db.update(m.schema.settings).set(values);
    m.settingsRead.forgetCachedSettings();
  }

  async function request(path: string, fields?: Record<string, string>) {
    const response = await fetch(origin + path, {
      method: fields ? "POST" : "GET",
      body: fields ? new URLSearchParams(fields) : undefined,
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  const subscriber = async (email: string) =>
    (await database.db.select().from(m.schema.newsletterSubscribers)).find((s) => s.email === email);

  /** The path and query of a link in the e-mail (its host is the site's address, not this test server's). */
  function linkIn(text: string, path: string) {
    const match = text.match(new RegExp(`https?://[^\\s/]+(${path}\\?token=[A-Za-z0-9_%-]+)`));
    if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
    return match[1];
  }

  test("footer form, signup, e-mail, confirm by the page's button, unsubscribe by its button", async () => {
    const T = newsletterTexts(m.text.NEWSLETTER_TEXT);
    const home = await request("/");
    expect(home.body).toContain('aria-label="Newsletter signup"');
    expect(home.body).toContain('action="/newsletter"');

    const signup = await request("/newsletter", { email: "Kwame@Example.com", consent: "on" });
    expect(signup.status).toBe(200);
    expect(signup.body).toContain(T.thanksTitle);
    expect(signup.body).toContain(T.thanksConfirm);
    expect(signup.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await subscriber("kwame@example.com"))?.status).toBe("pending");

    const mail = await smtp.waitFor("kwame@example.com");
    expect(mail.subject).toContain(T.emailSubject);
    const confirmPath = linkIn(mail.text, "/newsletter/confirm");

    // Opening the link (a mail scanner does) only asks; the page is never kept by a shared cache.
    const opened = await request(confirmPath);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    expect(opened.body).toContain(T.confirmButton);
    expect(opened.body).toContain("kwame@example.com");
    expect(opened.body).toContain('<meta name="robots" content="noindex"/>');
    expect((await subscriber("kwame@example.com"))?.status).toBe("pending");

    const token = new URLSearchParams(confirmPath.split("?")[1]).get("token") ?? "";
    const confirmed = await request(confirmPath, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain(T.confirmedTitle);
    expect((await subscriber("kwame@example.com"))?.status).toBe("confirmed");
    // Opened again later: already done, nothing to press.
    expect((await request(confirmPath)).body).toContain(T.confirmed);

    const leavePath = linkIn(mail.text, "/newsletter/unsubscribe");
    const asked = await request(leavePath);
    expect(asked.body).toContain(T.unsubscribeQuestion);
    expect((await subscriber("kwame@example.com"))?.status).toBe("confirmed");
    const leaveToken = new URLSearchParams(leavePath.split("?")[1]).get("token") ?? "";
    const left = await request(leavePath, { token: leaveToken });
    expect(left.body).toContain(T.unsubscribedTitle);
    expect((await subscriber("kwame@example.com"))?.status).toBe("unsubscribed");
    // The old confirmation link cannot bring the address back.
    const stale = await request(confirmPath, { token });
    expect(stale.status).toBe(404);
    expect(stale.body).toContain(T.invalidLinkTitle);
    expect((await subscriber("kwame@example.com"))?.status).toBe("unsubscribed");
  });

  test("bad input: the spec's kind of message, what was typed kept, nothing stored, no e-mail", async () => {
    const T = newsletterTexts(m.text.NEWSLETTER_TEXT);
    const noConsent = await request("/newsletter", { email: "ama@example.com" });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body).toContain(T.missingConsent);
    expect(noConsent.body).toContain('value="ama@example.com"');
    const badEmail = await request("/newsletter", { email: "ama@", consent: "on" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toContain(T.invalidEmail);
    expect(await database.db.select().from(m.schema.newsletterSubscribers)).toEqual([]);
    expect(smtp.received).toEqual([]);
    const wrongLink = await request("/newsletter/unsubscribe?token=not-a-real-token-at-all");
    expect(wrongLink.status).toBe(404);
    expect(wrongLink.body).toContain(T.invalidUnsubscribeLink);
  });

  test("switched off: no footer form, /newsletter is a 404 that stores nothing, unsubscribing still works", async () => {
    await request("/newsletter", { email: "esi@example.com", consent: "on" });
    const leavePath = linkIn((await smtp.waitFor("esi@example.com")).text, "/newsletter/unsubscribe");
    await setSettings({ enableNewsletter: false });

    expect((await request("/")).body).not.toContain("Newsletter signup");
    const page = await request("/newsletter");
    expect(page.status).toBe(404);
    expect(page.body).toContain('<nav aria-label="Main"'); // the not-found page inside the site's chrome
    const post = await request("/newsletter", { email: "yaw@example.com", consent: "on" });
    expect(post.status).toBe(404);
    expect(await subscriber("yaw@example.com")).toBeUndefined();

    const token = new URLSearchParams(leavePath.split("?")[1]).get("token") ?? "";
    expect((await request(leavePath, { token })).status).toBe(200);
    expect((await subscriber("esi@example.com"))?.status).toBe("unsubscribed");
  });

  test("maintenance: a signup is refused with 503 and Retry-After before anything is stored", async () => {
    await setSettings({ maintenanceEnabled: true });
    const refused = await request("/newsletter", { email: "abena@example.com", consent: "on" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await subscriber("abena@example.com")).toBeUndefined();
    expect(smtp.received).toEqual([]);
  });
  test("one-click unsubscribe (RFC 8058): the mail client's POST to List-Unsubscribe, from anywhere, with no page; a GET only shows the page", async () => {
    const [reader] = await database.db
      .insert(m.schema.newsletterSubscribers)
      .values({ email: "kwame@example.com", status: "confirmed", token: "kwame-token-xxxxxxxxxxxxxxxxxx" })
      .returning();
    const address = `${origin}/newsletter/one-click?token=${reader!.token}`;
    await setSettings({ maintenanceEnabled: true }); // leaving works whatever the site is doing

    const opened = await fetch(address, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/newsletter/unsubscribe?token=${reader!.token}`);
    expect((await subscriber("kwame@example.com"))?.status).toBe("confirmed");

    // As a webmail posts it: its own origin, cross-site.
    const clicked = await fetch(address, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://mail.example.net",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toBe("You are unsubscribed from the newsletter.\n");
    expect((await subscriber("kwame@example.com"))?.status).toBe("unsubscribed");

    const wrong = await fetch(`${origin}/newsletter/one-click?token=not-a-real-token-xxxxxxxxx`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(wrong.status).toBe(404);
    // Any other cross-site form post is still refused.
    const forged = await fetch(`${origin}/newsletter/unsubscribe?token=${reader!.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: `token=${reader!.token}`,
    });
    expect(forged.status).toBe(403);
  });
  test("the open image's token, as an image proxy fetches it, neither unsubscribes nor confirms; the unsubscribe link does not confirm", async () => {
    const counts = "ama-counts-xxxxxxxxxxxxxxxxxxx";
    const leave = "ama-leave-xxxxxxxxxxxxxxxxxxxx";
    await database.db.insert(m.schema.newsletterSubscribers).values([
      { email: "ama@example.com", status: "confirmed", token: leave, countsToken: counts },
      {
        email: "yaw@example.com",
        status: "pending",
        token: "yaw-leave-xxxxxxxxxxxxxxxxxxxx",
        confirmToken: "yaw-confirm-xxxxxxxxxxxxxxxxxx",
      },
    ]);
    const pixel = await fetch(`${origin}/newsletter/opened?issue=any&token=${counts}`);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    const oneClick = (token: string) =>
      fetch(`${origin}/newsletter/one-click?token=${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    expect((await oneClick(counts)).status).toBe(404);
    expect((await request(`/newsletter/unsubscribe?token=${counts}`)).status).toBe(404);
    expect((await request(`/newsletter/unsubscribe?token=${counts}`, { token: counts })).status).toBe(404);
    expect((await subscriber("ama@example.com"))?.status).toBe("confirmed");

    for (const token of ["yaw-leave-xxxxxxxxxxxxxxxxxxxx", counts]) {
      expect((await request(`/newsletter/confirm?token=${token}`)).status).toBe(404);
      expect((await request(`/newsletter/confirm?token=${token}`, { token })).status).toBe(404);
    }
    expect((await subscriber("yaw@example.com"))?.status).toBe("pending");
    const confirm = "yaw-confirm-xxxxxxxxxxxxxxxxxx";
    expect((await request(`/newsletter/confirm?token=${confirm}`, { token: confirm })).status).toBe(200);
    expect((await subscriber("yaw@example.com"))?.status).toBe("confirmed");
    expect((await oneClick(leave)).status).toBe(200);
    expect((await subscriber("ama@example.com"))?.status).toBe("unsubscribed");
  });
  test("with open counts on, the signup form's consent says so; off (the default), it does not", async () => {
    const notice = EN_MESSAGES["newsletter.countsNotice"];
    expect((await request("/")).body).not.toContain(notice);
    await setSettings({ newsletterOpenCounts: true });
    expect((await request("/")).body).toContain(notice);
    expect((await request("/newsletter")).body).toContain(notice);
    await setSettings({ newsletterOpenCounts: false });
  });
  test("with Twi open, the signup page lists the editions with its own ticked; none ticked is refused, keeping the address", async () => {
    // One edition: the form is the spec's, with no editions to choose.
    expect((await request("/newsletter")).body).not.toContain('name="edition"');
    await database.db.execute(
      sql`INSERT INTO editions (tag, name, enabled, position) VALUES ('tw', 'Twi', true, 1)`,
    );
    m.editionsRead.forgetEditions(database.db);
    const post = (path: string, pairs: string[][]) =>
      fetch(origin + path, { method: "POST", body: new URLSearchParams(pairs), redirect: "manual" });
    const editionsOf = async (email: string) =>
      m.subscriberEditions.subscriberEditions(database.db, (await subscriber(email))!.id);
    try {
      const page = (await request("/tw/newsletter")).body;
      const box = (tag: string) =>
        [...page.matchAll(/<input[^>]*name="edition"[^>]*>/g)]
          .map((m) => m[0])
          .find((input) => input.includes(`value="${tag}"`));
      expect(box("tw")).toContain('checked=""');
      expect(box("en")).toBeDefined();
      expect(box("en")).not.toContain("checked");
      expect(page).toMatch(/<label[^>]*lang="tw"[^>]*>Twi<\/label>/);
      expect(page).toMatch(/<label[^>]*lang="en"[^>]*>English<\/label>/);

      const email = ["email", "kwame@example.com"];
      const listed = ["editions-listed", "1"];
      const refused = await post("/tw/newsletter", [email, ["consent", "on"], listed]);
      expect(refused.status).toBe(400);
      const refusedPage = await refused.text();
      expect(refusedPage).toContain(EN_MESSAGES["newsletterEditions.chooseOne"]);
      expect(refusedPage).toContain('value="kwame@example.com"');
      expect(await subscriber("kwame@example.com")).toBeUndefined();
      // The address is told of first, whatever the editions ticked.
      const badAddress = await post("/newsletter", [["email", "kwame@"], ["consent", "on"], listed]);
      expect(badAddress.status).toBe(400);
      expect(await badAddress.text()).toContain(m.text.NEWSLETTER_TEXT.invalidEmail);

      const both = [email, ["consent", "on"], listed, ["edition", "en"], ["edition", "tw"]];
      expect((await post("/tw/newsletter", both)).status).toBe(200);
      expect(await editionsOf("kwame@example.com")).toEqual(["en", "tw"]);
      // The footer's form lists none: the signup is the page's edition's.
      const footer = [
        ["email", "efua@example.com"],
        ["consent", "on"],
      ];
      expect((await post("/tw/newsletter", footer)).status).toBe(200);
      expect(await editionsOf("efua@example.com")).toEqual(["tw"]);

      // A Twi issue's one-click address: opened, the Twi unsubscribe page; posted, out of Twi alone.
      const { token } = (await subscriber("kwame@example.com"))!;
      const oneClick = `${origin}/newsletter/one-click?token=${token}&edition=tw`;
      const opened = await fetch(oneClick, { redirect: "manual" });
      expect(opened.headers.get("location")).toBe(`/tw/newsletter/unsubscribe?token=${token}`);
      const clicked = await fetch(oneClick, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      expect(await clicked.text()).toBe(
        "You no longer receive the newsletter in Twi; your other editions still come.\n",
      );
      expect(await editionsOf("kwame@example.com")).toEqual(["en"]);
      expect((await subscriber("kwame@example.com"))?.status).not.toBe("unsubscribed");
    } finally {
      await database.db.execute(sql`DELETE FROM editions WHERE tag = 'tw'`);
      m.editionsRead.forgetEditions(database.db);
    }
  });
});
