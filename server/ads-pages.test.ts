/**
 * Ads on the real pages: the real app over HTTP (React Router through Vite, as the page-cache test
 * runs it) on a real database. An in-article unit after paragraph 2 shows right after the second
 * paragraph of a story for a reader, and nowhere on excluded paths, for staff with ads hidden, or in
 * /admin; a change to the units shows on the very next (cached) request.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/current-user.server";
import type { TestDatabase } from "#test-support/test-database";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
  TEST_ENGINES,
} from "#test-support/app-over-http";
import { testServices } from "#test-support/services";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  routeTesting: typeof import("#test-support/route-calls");
  articles: typeof import("#app/domain/articles/admin.server");
  settings: typeof import("#app/domain/settings/update.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  units: typeof import("#app/domain/ads/ad-units.server");
  unitRules: typeof import("#app/domain/ads/ad-units");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  articles: "/app/domain/articles/admin.server.ts",
  settings: "/app/domain/settings/update.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  units: "/app/domain/ads/ad-units.server.ts",
  unitRules: "/app/domain/ads/ad-units.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

const LOADER = "pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";
const AD = 'class="nd-ad ';

describe.each(TEST_ENGINES)("ads on the pages (%s)", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let origin: string;
  let admin: CurrentUser;
  let adminCookie: string;
  let storyPath: string;

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ admin, adminCookie } = await m.routeTesting.signedInAdmin("ads-admin@example.com"));
    app = await listenApp(vite, m, database.db);
    origin = app.origin;

    const { id } = await m.articles.saveArticle(testServices(database.db), admin, {
      title: "Harbour story with paragraphs",
      content: "<p>Para one.</p><ul><li><p>listed</p></li></ul><p>Para two.</p><p>Para three.</p>",
      excerpt: "",
      status: "published",
      authorName: "",
      categoryId: "",
      tags: [],
      imageUrl: "",
      youtubeUrl: "",
      useManualDate: false,
      manualDate: "",
      featured: false,
      isTopStory: false,
    });
    // The story's current address (an id may answer with a redirect to a readable one).
    const first = await fetch(`${origin}/article/${id}`);
    storyPath = new URL(first.url).pathname;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function read(path: string, cookie?: string) {
    const response = await fetch(origin + path, { headers: cookie ? { Cookie: cookie } : {} });
    return { status: response.status, cache: response.headers.get("x-cache"), body: await response.text() };
  }

  async function saveAds(changes: Partial<Record<string, string>>) {
    const values = {
      adsEnabled: "on",
      adsPublisherId: "ca-pub-1234567890123456",
      adsAutoAdsEnabled: "",
      adsNonPersonalized: "",
      adsExcludedPaths: "",
      adsHideForStaff: "on",
      ...changes,
    };
    const { adsFormSchema } = (await vite.ssrLoadModule(
      "/app/domain/settings/ads-form.ts",
    )) as typeof import("#app/domain/settings/ads-form");
    await m.settings.updateAdsSettings(database.db, admin, adsFormSchema.parse(values));
  }

  test("no ads while ads are off, even with an active unit", async () => {
    await m.units.saveAdUnit(database.db, admin, {
      ...m.unitRules.EMPTY_AD_UNIT_FORM,
      name: "Story break",
      placement: "in_article",
      afterParagraph: "2",
      size: "300x250",
      unitId: "1234567890",
    });
    const page = await read(storyPath);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(AD);
    expect(page.body).not.toContain(LOADER);
  });

  test("a reader sees the in-article unit right after the 2nd top-level paragraph, and the loader tag", async () => {
    await saveAds({});
    const { body } = await read(storyPath);
    const second = body.indexOf("<p>Para two.</p>");
    const ad = body.indexOf(AD);
    expect(second).toBeGreaterThan(0);
    // Right after the paragraph: the ad's container opens there (the list's own <p> is not counted).
    expect(body.slice(second + "<p>Para two.</p>".length)).toMatch(/^<div class="nd-ad /);
    expect(body.indexOf("<p>Para three.</p>")).toBeGreaterThan(ad);
    expect(body).toContain('data-ad-slot="1234567890"');
    expect(body).toContain(">Advertisement<");
    expect(body.match(/class="nd-ad /g)).toHaveLength(1);
    expect(body).toContain(LOADER);
  });

  test("header, sidebar and footer units appear on the pages that have those slots", async () => {
    const rules = m.unitRules;
    for (const placement of ["header", "sidebar", "footer"]) {
      await m.units.saveAdUnit(database.db, admin, {
        ...rules.EMPTY_AD_UNIT_FORM,
        name: `${placement} unit`,
        placement,
        source: "code",
        code: `<div id="house-${placement}">house ad</div>`,
      });
    }
    const home = (await read("/")).body;
    for (const placement of ["header", "sidebar", "footer"])
      expect(home).toContain(`id="house-${placement}"`);
    expect(home.indexOf('id="house-header"')).toBeLessThan(home.indexOf('id="main"'));
    expect(home.indexOf('id="house-footer"')).toBeGreaterThan(home.indexOf('id="main"'));
    expect((await read(storyPath)).body).toContain('id="house-sidebar"');
  });

  test("never in /admin, and not for signed-in staff while ads are hidden for them", async () => {
    for (const path of ["/admin", "/admin/ads", "/ADMIN/ads", "/admin/dashboard"]) {
      const { body } = await read(path, adminCookie);
      expect(body, path).not.toContain(AD);
      expect(body, path).not.toContain(LOADER);
      expect(body, path).not.toContain(`<div id="house-`);
    }
    const staff = await read(storyPath, adminCookie);
    expect(staff.body).toContain("<p>Para two.</p>");
    expect(staff.body).not.toContain(AD);
    expect(staff.body).not.toContain(LOADER);

    await saveAds({ adsHideForStaff: "" });
    expect((await read(storyPath, adminCookie)).body).toContain(AD);
    await saveAds({});
  });

  test("excluded paths get no ad and no loader tag; other pages keep them", async () => {
    const prefix = storyPath.split("/").slice(0, 2).join("/"); // "/article"
    await saveAds({ adsExcludedPaths: `${prefix}\n/about` });
    const story = await read(storyPath);
    expect(story.body).toContain("<p>Para two.</p>");
    expect(story.body).not.toContain(AD);
    expect(story.body).not.toContain(LOADER);
    expect((await read("/about")).body).not.toContain(AD);
    expect((await read("/")).body).toContain(AD);
    await saveAds({});
  });

  test("switching a unit off or deleting it purges the cached pages at once", async () => {
    await read(storyPath);
    const cached = await read(storyPath);
    expect(cached.cache).toBe("HIT");
    expect(cached.body).toContain('data-ad-slot="1234567890"');
    // As the Ads screen lists them.
    const units = m.unitRules.readStoredAdUnits((await m.settingsRead.getSettings(database.db)).adSlots);
    const story = units.find((unit) => unit.name === "Story break")!;
    await m.units.setAdUnitActive(database.db, admin, story.id, false);
    const after = await read(storyPath);
    expect(after.cache).not.toBe("HIT");
    expect(after.body).not.toContain('data-ad-slot="1234567890"');
    expect((await read(storyPath)).cache).toBe("HIT");
    for (const unit of units) await m.units.deleteAdUnit(database.db, admin, unit.id);
    expect((await read("/")).body).not.toContain(AD);
  });
});
