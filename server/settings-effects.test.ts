/**
 * Every setting takes effect: each setting is changed through the back office's own screen
 * (an admin's POST to /admin/settings or /admin/code over HTTP) and the very next public request shows
 * the effect, while /admin never does. The real app and pages run through Vite on a real database, as
 * in page-cache.test.ts, so the page cache and the settings cache are part of what is tested.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
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
  routeTesting: typeof import("#test-support/route-calls");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  settingsForm: typeof import("#app/domain/settings/settings-form");
  schema: typeof import("#app/db/schema");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  settingsForm: "/app/domain/settings/settings-form.ts",
  schema: "/app/db/schema.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

describe.each(TEST_ENGINES)("settings take effect on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let origin: string;
  let adminCookie: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    const user = await m.routeTesting.makeUser("effects-admin@example.com", "admin");
    adminCookie = await m.routeTesting.sessionCookieFor(user.id);
    app = await listenApp(vite, m, database.db);
    origin = app.origin;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function get(path: string, cookie?: string) {
    const response = await fetch(origin + path, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  async function post(path: string, fields: Record<string, string>, cookie?: string) {
    const response = await fetch(origin + path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: cookie ? { Cookie: cookie } : {},
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  /** The Settings screen's Save: every stored value as the form holds it, with these changed. */
  async function saveSettings(changes: Record<string, string>) {
    const values = m.settingsForm.settingsFormValues(await m.settingsRead.getSettings(database.db));
    return post("/admin/settings", { ...values, ...changes, intent: "save", tab: "general" }, adminCookie);
  }

  test("SEO description, keywords and verification tags show on public pages (escaped), not in /admin", async () => {
    // Warm the page cache first: the save must purge it.
    await get("/");
    await get("/");
    const saved = await saveSettings({
      seoMetaDescription: "Ghana's news, every hour",
      seoMetaKeywords: "ghana, accra & news",
      googleSiteVerification: "goog-123_abc",
      bingSiteVerification: "BING0123456789",
    });
    expect(saved.status).toBe(302);
    for (const path of ["/", "/about"]) {
      const page = await get(path);
      expect(page.body).toContain('<meta name="keywords" content="ghana, accra &amp; news"/>');
      expect(page.body).toContain('<meta name="google-site-verification" content="goog-123_abc"/>');
      expect(page.body).toContain('<meta name="msvalidate.01" content="BING0123456789"/>');
    }
    const home = await get("/");
    expect(home.body).toContain('<meta name="description" content="Ghana&#x27;s news, every hour"/>');
    const admin = await get("/admin/dashboard", adminCookie);
    expect(admin.status).toBe(200);
    expect(admin.body).not.toContain("google-site-verification");

    // Empty again: the tagline is the description once more and no empty tags are left.
    await saveSettings({ seoMetaDescription: "", seoMetaKeywords: "", googleSiteVerification: "" });
    const after = await get("/");
    const { siteDescription } = await m.settingsRead.getSettings(database.db);
    expect(after.body).toContain(`<meta name="description" content="${siteDescription}"/>`);
    expect(after.body).not.toContain('name="keywords"');
    expect(after.body).not.toContain("google-site-verification");
  });

  test("analytics ids are checked on save and keep what was typed", async () => {
    const refused = await saveSettings({ googleAnalyticsId: "GA-nope", facebookPixelId: "12ab" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Please enter a Google Analytics ID like G-XXXXXXXXXX or UA-12345678-1.");
    expect(refused.body).toContain("Please enter a Facebook Pixel ID: digits only");
    expect(refused.body).toContain('value="GA-nope"');
    expect((await m.settingsRead.getSettings(database.db)).googleAnalyticsId).toBe("");
  });

  test("analytics: on public pages for readers, never in /admin, not for staff when excluded", async () => {
    expect(
      (await saveSettings({ googleAnalyticsId: "g-test12345", facebookPixelId: "123456789012" })).status,
    ).toBe(302);
    expect((await m.settingsRead.getSettings(database.db)).googleAnalyticsId).toBe("G-TEST12345");
    const reader = await get("/");
    expect(reader.body).toContain(
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345"></script>',
    );
    expect(reader.body).toContain("gtag('config','G-TEST12345')");
    expect(reader.body).toContain("fbq('init','123456789012')");
    expect(reader.body).toContain(
      "https://www.facebook.com/tr?id=123456789012&amp;ev=PageView&amp;noscript=1",
    );
    // A cached copy is the readers' copy: it carries the tags too.
    expect((await get("/")).body).toContain("googletagmanager");

    for (const path of ["/admin/dashboard", "/admin/settings", "/ADMIN/settings", "/admin/login"]) {
      const page = await get(path, path === "/admin/login" ? undefined : adminCookie);
      // (Settings → Advanced names the host among the scripts public pages may run; no tag loads it here.)
      expect(page.body, path).not.toContain("googletagmanager.com/gtag/js");
      expect(page.body, path).not.toContain("fbq(");
    }
    // Signed-in staff on the public site: excluded by default (analyticsExcludeStaff is on)...
    const staff = await get("/", adminCookie);
    expect(staff.headers.get("cache-control")).toMatch(/no-store/);
    expect(staff.body).not.toContain("googletagmanager");
    // ...and counted when the switch is off.
    await saveSettings({ analyticsExcludeStaff: "" });
    expect((await get("/", adminCookie)).body).toContain("googletagmanager");
    await saveSettings({ analyticsExcludeStaff: "on", googleAnalyticsId: "", facebookPixelId: "" });
    expect((await get("/")).body).not.toContain("googletagmanager");
  });

  test("posts per page sizes the paged lists, with pagination links that follow", async () => {
    await saveSettings({ postsPerPage: "2" });
    const all = await get("/all-articles");
    expect(all.body).toMatch(/Showing 1 to 2 of \d+ articles/);
    expect(all.body).toContain('href="/all-articles?page=2"');
    const second = await get("/all-articles?page=2");
    expect(second.body).toMatch(/Showing 3 to 4 of \d+ articles/);
    await saveSettings({ postsPerPage: "12" });
    expect((await get("/all-articles")).body).not.toContain('href="/all-articles?page=2"');
  });

  test("language sets <html lang> on public pages; the back office stays English", async () => {
    await saveSettings({ language: "fr" });
    expect((await get("/")).body).toContain('<html lang="fr">');
    expect((await get("/admin/dashboard", adminCookie)).body).toContain('<html lang="en">');
    await saveSettings({ language: "en" });
    expect((await get("/")).body).toContain('<html lang="en">');
  });

  test("site-wide custom code is edited in Header & Footer Code and shows on public pages only", async () => {
    const saved = await post(
      "/admin/code",
      {
        intent: "custom-code",
        customHeadHtml: '<meta name="nd-custom-head" content="1">',
        customBodyStartHtml: "<!-- nd-body-start -->",
        customBodyEndHtml: "<script>window.ndBodyEnd=1</script>",
      },
      adminCookie,
    );
    expect(saved.status).toBe(200);
    const page = await get("/contact");
    expect(page.body).toContain('<meta name="nd-custom-head" content="1"></head>');
    expect(page.body).toContain("<!-- nd-body-start -->");
    expect(page.body).toContain("<script>window.ndBodyEnd=1</script></body>");
    const admin = await get("/admin/code", adminCookie);
    expect(admin.body).not.toContain('<meta name="nd-custom-head" content="1">');
    // The editor shows what is stored.
    expect(admin.body).toContain("&lt;!-- nd-body-start --&gt;");
    const tooLong = await post(
      "/admin/code",
      {
        intent: "custom-code",
        customHeadHtml: "x".repeat(20_001),
        customBodyStartHtml: "",
        customBodyEndHtml: "",
      },
      adminCookie,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toContain("must be at most 20,000 characters");
    expect((await m.settingsRead.getSettings(database.db)).customBodyStartHtml).toBe(
      "<!-- nd-body-start -->",
    );
  });

  test("maintenance: reader posts store nothing, every 503 carries Retry-After, staff still browse", async () => {
    const { db } = database;
    const [article] = await db
      .select({ id: m.schema.articles.id, slug: m.schema.articles.slug })
      .from(m.schema.articles)
      .where((await import("drizzle-orm")).eq(m.schema.articles.status, "published"))
      .limit(1);
    const count = async () => ({
      comments: (await db.select().from(m.schema.comments)).length,
      messages: (await db.select().from(m.schema.contactMessages)).length,
    });
    await saveSettings({ maintenanceEnabled: "on", maintenanceMessage: "Back soon." });
    const before = await count();
    const comment = await post(`/article/${article!.slug}`, {
      name: "Ama",
      email: "ama@example.com",
      comment: "Stored during maintenance?",
    });
    const contact = await post("/contact", {
      name: "Kofi",
      email: "kofi@example.com",
      subject: "Hello",
      message: "Is this kept during maintenance?",
    });
    const view = await post(`/resources/article-views/${article!.id}`, {});
    for (const answer of [comment, contact, view]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after"), answer.body.slice(0, 300)).toMatch(/^\d+$/);
    }
    expect(await count()).toEqual(before);
    const page = await get("/");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("3600");
    expect(page.body).toContain("Back soon.");
    expect((await get("/", adminCookie)).status).toBe(200);
    await saveSettings({ maintenanceEnabled: "" });
    expect((await get("/")).status).toBe(200);
  });
});
