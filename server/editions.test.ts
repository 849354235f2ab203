/**
 * Editions over HTTP (decision record 022): the real app on a real database with the main edition
 * (English), a Twi edition switched on and an Ewe one switched off. Each address is read as a reader or a
 * crawler reads it: the edition's home, stories, feeds, search and sitemap hold that edition's stories
 * only, a story is read in its own edition, and an address under no open edition is the not-found page.
 */
import { sql } from "drizzle-orm";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
import { publishStoryIn, SITE_MODULE_PATHS, type SiteModules } from "#test-support/site-over-http";
import { listenApp, type RunningApp, startVite, TEST_ENGINES } from "#test-support/app-over-http";

let vite: ViteDevServer;
const m = {} as SiteModules;

beforeAll(async () => {
  vite = await startVite(SITE_MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

const ENGLISH_TITLE = "Election results announced in Accra";
const TWI_TITLE = "Abatoɔ nsɛm aba Kumasi";
const EWE_TITLE = "Akɔntabubu nyawo le Ho";

describe.each(TEST_ENGINES)("editions over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  const slugs = { english: "", twi: "", ewe: "" };

  const publishIn = (language: string, title: string, category = "News") =>
    publishStoryIn(m, database.db, { language, title, category });

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    await database.db.execute(
      sql`INSERT INTO editions (tag, name, enabled, position) VALUES ('tw', 'Twi', true, 1), ('ee', 'Eʋegbe', false, 2)`,
    );
    slugs.english = await publishIn("en", ENGLISH_TITLE);
    slugs.twi = await publishIn("tw", TWI_TITLE);
    slugs.ewe = await publishIn("ee", EWE_TITLE);
    app = await listenApp(vite, m, database.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function read(target: string) {
    const response = await fetch(app.origin + target, { redirect: "manual" });
    return {
      status: response.status,
      location: response.headers.get("location"),
      body: await response.text(),
    };
  }
  const lang = (html: string) => /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1];

  test("a Twi title keeps readable letters in its address", () => {
    expect(slugs.twi).toBe("abatoo-nsem-aba-kumasi");
  });

  test("/tw/ is in Twi and lists the Twi story, not the English one; the main home the reverse", async () => {
    const twi = await read("/tw/");
    expect(twi.status).toBe(200);
    expect(lang(twi.body)).toBe("tw");
    expect(twi.body).toContain(TWI_TITLE);
    expect(twi.body).not.toContain(ENGLISH_TITLE);
    const main = await read("/");
    expect(main.status).toBe(200);
    expect(lang(main.body)).toBe("en");
    expect(main.body).toContain(ENGLISH_TITLE);
    expect(main.body).not.toContain(TWI_TITLE);
    expect(main.body).not.toContain(EWE_TITLE);
    // The first page of a run compiles the pages (Vite): slow on a busy machine.
  }, 120_000);

  test("an edition's listings, category and search hold its stories only", async () => {
    for (const path of ["/tw/latest-news", "/tw/all-articles", "/tw/category/news"]) {
      const page = await read(path);
      expect(page.status, path).toBe(200);
      expect(lang(page.body), path).toBe("tw");
      expect(page.body, path).toContain(TWI_TITLE);
      expect(page.body, path).not.toContain(ENGLISH_TITLE);
    }
    const found = await read(`/tw/search?q=${encodeURIComponent("Kumasi")}`);
    expect(found.body).toContain(TWI_TITLE);
    const notThere = await read(`/tw/search?q=${encodeURIComponent("Accra")}`);
    expect(notThere.body).not.toContain(ENGLISH_TITLE);
    const english = await read(`/search?q=${encodeURIComponent("Kumasi")}`);
    expect(english.body).not.toContain(TWI_TITLE);
    // English search still stems: "elections" finds "Election".
    expect((await read("/search?q=elections")).body).toContain(ENGLISH_TITLE);
  });

  test("/tw/search finds a Twi word typed with its letters, tone marks or plain ones; the main search never", async () => {
    for (const query of ["Abatoɔ nsɛm", "abatoo nsem", "ABÀTƆ́Ɔ", "nsem"]) {
      const page = await read(`/tw/search?q=${encodeURIComponent(query)}`);
      expect(page.status, query).toBe(200);
      expect(page.body, query).toContain(TWI_TITLE);
      expect(page.body, query).toContain("Found 1 result<");
      expect(page.body, query).not.toContain(ENGLISH_TITLE);
    }
    const main = await read(`/search?q=${encodeURIComponent("abatoo nsem")}`);
    expect(main.body).not.toContain(TWI_TITLE);
    expect(main.body).toContain("No results found");
    const english = await read("/search?q=elections");
    expect(english.body).toContain("Found 1 result<");
    expect((await read("/tw/search?q=elections")).body).toContain("No results found");
  });

  test("a story is read in its own edition: another prefix moves it there for good", async () => {
    const story = await read(`/tw/article/${slugs.twi}`);
    expect(story.status).toBe(200);
    expect(lang(story.body)).toBe("tw");
    expect(story.body).toContain(TWI_TITLE);
    expect(await read(`/article/${slugs.twi}`)).toMatchObject({
      status: 301,
      location: `/tw/article/${slugs.twi}`,
    });
    expect(await read(`/tw/article/${slugs.english}?ref=share`)).toMatchObject({
      status: 301,
      location: `/article/${slugs.english}?ref=share`,
    });
  });

  test("the main edition's own prefix moves to the bare address", async () => {
    expect(await read("/en/")).toMatchObject({ status: 301, location: "/" });
    expect(await read("/en/search?q=vote")).toMatchObject({ status: 301, location: "/search?q=vote" });
  });

  test("an unknown or switched-off edition is the not-found page in the site's chrome", async () => {
    for (const path of ["/ee/", `/ee/article/${slugs.ewe}`, "/xx/", "/xx/latest-news", "/no-such-page"]) {
      const page = await read(path);
      expect(page.status, path).toBe(404);
      expect(page.body, path).toContain(`aria-label="Category menu"`);
      expect(page.body, path).not.toContain(EWE_TITLE);
    }
    // The story of a switched-off edition is not reachable by its bare address either.
    const moved = await read(`/article/${slugs.ewe}`);
    expect(moved).toMatchObject({ status: 301, location: `/ee/article/${slugs.ewe}` });
    expect((await read(moved.location!)).status).toBe(404);
  });

  test("/tw/rss.xml carries the Twi story in Twi; the site's feed does not", async () => {
    const feed = await fetch(`${app.origin}/tw/rss.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await feed.text();
    expect(xml).toContain(TWI_TITLE);
    expect(xml).toContain(`<link>${app.origin}/tw/article/${slugs.twi}</link>`);
    expect(xml).toContain("<language>tw</language>");
    expect(xml).toContain(`<atom:link href="${app.origin}/tw/rss.xml"`);
    expect(xml).not.toContain(ENGLISH_TITLE);
    const main = await (await fetch(`${app.origin}/rss.xml`)).text();
    expect(main).toContain(ENGLISH_TITLE);
    expect(main).not.toContain(TWI_TITLE);
    const category = await (await fetch(`${app.origin}/tw/category/news/rss.xml`)).text();
    expect(category).toContain(TWI_TITLE);
    expect(category).not.toContain(ENGLISH_TITLE);
    expect((await fetch(`${app.origin}/ee/rss.xml`)).status).toBe(404);
  });

  test("the sitemaps list each open edition's stories at their own addresses", async () => {
    const sitemap = await (await fetch(`${app.origin}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${app.origin}/tw/</loc>`);
    expect(sitemap).toContain(`<loc>${app.origin}/tw/article/${slugs.twi}</loc>`);
    expect(sitemap).toContain(`<loc>${app.origin}/article/${slugs.english}</loc>`);
    expect(sitemap).not.toContain(slugs.ewe);
    const news = await (await fetch(`${app.origin}/news-sitemap.xml`)).text();
    expect(news).toMatch(
      new RegExp(
        `/tw/article/${slugs.twi}</loc><news:news><news:publication><news:name>[^<]*</news:name><news:language>tw<`,
      ),
    );
    expect(news).not.toContain(slugs.ewe);
  });
});
