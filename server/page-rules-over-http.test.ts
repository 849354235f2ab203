/**
 * The admins' page code (analytics, snippets, ads) as a reader's browser receives it, over HTTP on the
 * real app: pages whose address holds a secret (the newsletter's confirm and unsubscribe links, the
 * set-password link) load none of it and tell no other site their address; a path rule holds for the
 * page however its path is spelt (`/ABOUT`, `/About/`, `/%61bout`).
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CodeSnippet } from "#app/db/schema";
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
  schema: typeof import("#app/db/schema");
  accountLinks: typeof import("#app/auth/account-links.server");
};
const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
  accountLinks: "/app/auth/account-links.server.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

const ANALYTICS = "googletagmanager.com/gtag/js?id=G-TEST12345";
const PIXEL = "fbq('init','123456789012')";
const AD_LOADER = "pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";
const HOUSE_AD = 'id="house-ad"';
const CUSTOM_HEAD = 'name="custom-head-marker"';
const SITEWIDE = "sitewide-snippet-marker";
const NOT_ON_ABOUT = "not-on-about-marker";

const snippet = (over: Partial<CodeSnippet>): CodeSnippet => ({
  id: "s1",
  name: "Snippet",
  type: "html",
  siteDisplay: "sitewide",
  includePaths: ["*"],
  excludePaths: [],
  location: "body_end",
  deviceDisplay: "all",
  status: "active",
  code: "<i></i>",
  ...over,
});

describe.each(TEST_ENGINES)("admins' page code by page (%s)", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let origin: string;
  let newsletterToken: string;
  let confirmToken: string;
  let accountToken: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    await database.db.update(m.schema.settings).set({
      enableNewsletter: true,
      googleAnalyticsId: "G-TEST12345",
      facebookPixelId: "123456789012",
      adsEnabled: true,
      adsPublisherId: "ca-pub-1234567890123456",
      adsExcludedPaths: ["/about"],
      adSlots: [
        {
          key: "House",
          slotId: "",
          active: true,
          format: "responsive",
          id: "house",
          name: "House",
          placement: "footer",
          afterParagraph: 2,
          size: "responsive",
          code: '<div id="house-ad">house ad</div>',
        },
      ],
      customHeadHtml: '<meta name="custom-head-marker" content="1">',
      codeSnippets: [
        snippet({ id: "everywhere", code: `<i data-x="${SITEWIDE}"></i>` }),
        snippet({ id: "not-about", excludePaths: ["/about"], code: `<i data-x="${NOT_ON_ABOUT}"></i>` }),
      ],
    });
    m.settingsRead.forgetCachedSettings();
    newsletterToken = "N".repeat(32);
    confirmToken = "C".repeat(32);
    await database.db.insert(m.schema.newsletterSubscribers).values({
      email: "reader@example.com",
      // One token per purpose (decision record 018): the confirmation link's and the unsubscribe link's.
      token: newsletterToken,
      confirmToken,
      status: "pending",
      consentAt: new Date(),
      ipAddress: "203.0.113.1",
    });
    const user = await m.routeTesting.makeUser("invited@example.com", "writer");
    accountToken = await m.accountLinks.issueAccountLink(database.db, user.id, "invite");
    // Settings are written straight to the database: no page cache, so every page is rendered afresh.
    app = await listenApp(vite, m, database.db, { PAGE_CACHE: "off" });
    origin = app.origin;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function read(path: string) {
    const response = await fetch(origin + path, { redirect: "manual" });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  test("an ordinary page carries the analytics, the ad tag, the custom code and the snippets (the control)", async () => {
    const home = await read("/");
    expect(home.status).toBe(200);
    for (const marker of [ANALYTICS, PIXEL, AD_LOADER, HOUSE_AD, CUSTOM_HEAD, SITEWIDE, NOT_ON_ABOUT])
      expect(home.body, marker).toContain(marker);
  });

  test("pages whose address holds a secret load no analytics, ads, custom code or snippets, and keep their address home", async () => {
    const pages = [
      `/newsletter/confirm?token=${confirmToken}`,
      `/newsletter/unsubscribe?token=${newsletterToken}`,
      `/Newsletter/Confirm/?token=${confirmToken}`,
      `/admin/set-password?token=${encodeURIComponent(accountToken)}`,
    ];
    for (const path of pages) {
      const page = await read(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toMatch(/reader@example\.com|Choose your password/);
      for (const marker of [ANALYTICS, PIXEL, AD_LOADER, HOUSE_AD, CUSTOM_HEAD, SITEWIDE, NOT_ON_ABOUT])
        expect(page.body, `${path}: ${marker}`).not.toContain(marker);
      // Only this site hears the address as a referrer. Not 'no-referrer': a form posted from such a page
      // then carries `Origin: null` (Chromium), which the cross-site write check refuses.
      expect(page.headers.get("Referrer-Policy"), path).toBe("same-origin");
    }
  });

  test("a snippet or ad excluded from /about stays off /ABOUT, /About/ and /%61bout", async () => {
    for (const path of ["/about", "/ABOUT", "/About/", "/%61bout"]) {
      const page = await read(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(SITEWIDE);
      expect(page.body, path).not.toContain(NOT_ON_ABOUT);
      expect(page.body, path).not.toContain(HOUSE_AD);
      expect(page.body, path).not.toContain(AD_LOADER);
    }
  });

  test("the back office spelt /%61dmin gets no admins' code either", async () => {
    const page = await read("/%61dmin/login");
    expect(page.status).toBe(200);
    for (const marker of [ANALYTICS, AD_LOADER, CUSTOM_HEAD, SITEWIDE])
      expect(page.body, marker).not.toContain(marker);
  });
});
