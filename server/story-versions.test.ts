/**
 * A story's versions over HTTP (decision record 022, points 3 and 8): the real app on a real database with
 * the main edition (English), Twi switched on and Ewe switched off. An English story has a published Twi
 * translation, a draft Hausa one (Hausa switched on) and a published Ewe one (its edition off): each
 * published version's page links the other with `lang` and `hreflang`, names the same absolute `hreflang`
 * set with `x-default` the original, and stays its own canonical; the sitemap carries the same sets;
 * unpublishing or deleting a version changes its siblings' cached pages at once.
 */
import { sql } from "drizzle-orm";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import type { TestDatabase } from "#test-support/test-database";
import { SITE_MODULE_PATHS, type SiteModules, storySlug } from "#test-support/site-over-http";
import { listenApp, type RunningApp, startVite, TEST_ENGINES } from "#test-support/app-over-http";
import { testServices } from "#test-support/services";
import { articleInput } from "#test-support/article-fixtures";

type Modules = SiteModules & {
  translations: typeof import("#app/domain/articles/translations.server");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...SITE_MODULE_PATHS,
  translations: "/app/domain/articles/translations.server.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

const ENGLISH_TITLE = "Floods close the Accra road";
const TWI_TITLE = "Nsuyiri ato Nkran kwan mu";
const EWE_TITLE = "Tsiɖɔɖɔ tu Accra mɔ";
const HAUSA_TITLE = "Ambaliya ta rufe hanyar Accra";
const LONE_TITLE = "A story told in English only";

/** The `<link rel="alternate" hreflang>` tags of a page's head, as [hreflang, href] pairs. */
const alternatesIn = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
/** The switcher's links, as [lang, hreflang, href, name]. */
const switcherIn = (html: string) => {
  const nav = /<nav aria-label="Other languages"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
  return [...nav.matchAll(/<a href="([^"]+)" lang="([^"]+)" hrefLang="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
    (m) => [m[2], m[3], m[1], m[4]],
  );
};

describe.each(TEST_ENGINES)("a story's versions over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let admin: CurrentUser;
  const ids = { english: "", twi: "", ewe: "", hausa: "", lone: "" };
  const paths = { english: "", twi: "", ewe: "", lone: "" };

  const services = () => testServices(database.db);
  async function publish(title: string, id?: string) {
    const saved = await m.articles.saveArticle(
      services(),
      admin,
      articleInput({ title, status: "published" }, `<p>${title}: the whole story.</p>`),
      id,
    );
    return saved.id;
  }
  async function translate(language: string, title: string, status: "published" | "draft") {
    const { id } = await m.translations.startTranslation(services(), admin, ids.english, language);
    await m.articles.saveArticle(services(), admin, articleInput({ title, status }, `<p>${title}.</p>`), id);
    return id;
  }
  const slugOf = (id: string) => storySlug(m, database.db, id);

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    await database.db.execute(
      sql`INSERT INTO editions (tag, name, enabled, position) VALUES ('tw', 'Twi', true, 1), ('ee', 'Eʋegbe', false, 2), ('ha', 'Hausa', true, 3)`,
    );
    ({ admin } = await m.routeTesting.signedInAdmin("versions-admin@example.com"));
    ids.english = await publish(ENGLISH_TITLE);
    ids.twi = await translate("tw", TWI_TITLE, "published");
    ids.ewe = await translate("ee", EWE_TITLE, "published");
    ids.hausa = await translate("ha", HAUSA_TITLE, "draft");
    ids.lone = await publish(LONE_TITLE);
    paths.english = `/article/${await slugOf(ids.english)}`;
    paths.twi = `/tw/article/${await slugOf(ids.twi)}`;
    paths.ewe = `/ee/article/${await slugOf(ids.ewe)}`;
    paths.lone = `/article/${await slugOf(ids.lone)}`;
    app = await listenApp(vite, m, database.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function read(target: string) {
    const response = await fetch(app.origin + target, { redirect: "manual" });
    return { status: response.status, cache: response.headers.get("x-cache"), body: await response.text() };
  }

  test("each published version names the same hreflang set, x-default the original, and is its own canonical", async () => {
    const expected = [
      ["en", `${app.origin}${paths.english}`],
      ["tw", `${app.origin}${paths.twi}`],
      ["x-default", `${app.origin}${paths.english}`],
    ];
    for (const path of [paths.english, paths.twi]) {
      const page = await read(path);
      expect(page.status, path).toBe(200);
      expect(alternatesIn(page.body), path).toEqual(expected);
      expect(page.body, path).toContain(`<link rel="canonical" href="${app.origin}${path}"/>`);
    }
    // Neither the draft (Hausa) nor the version in a switched-off edition (Ewe) is named.
    const english = (await read(paths.english)).body;
    expect(english).not.toContain('hrefLang="ha"');
    expect(english).not.toContain('hrefLang="ee"');
    // The first page of a run compiles the pages (Vite): slow on a busy machine.
  }, 120_000);

  test("the switcher links each other version by its edition's own name, in its language", async () => {
    expect(switcherIn((await read(paths.english)).body)).toEqual([["tw", "tw", paths.twi, "Twi"]]);
    expect(switcherIn((await read(paths.twi)).body)).toEqual([["en", "en", paths.english, "English"]]);
    expect((await read(paths.english)).body).toContain("Read in:");
  });

  test("a story without another published version has no switcher and no alternates", async () => {
    const lone = await read(paths.lone);
    expect(lone.status).toBe(200);
    expect(lone.body).not.toContain("Other languages");
    expect(alternatesIn(lone.body)).toEqual([]);
  });

  test("NewsArticle says the story's language", async () => {
    for (const [path, tag] of [
      [paths.english, "en"],
      [paths.twi, "tw"],
    ]) {
      const ld =
        /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"NewsArticle".*?)<\/script>/s.exec(
          (await read(path!)).body,
        )?.[1];
      expect(JSON.parse(ld!).inLanguage, path).toBe(tag);
    }
  });

  test("the edition homes name each other, x-default the main home", async () => {
    const expected = [
      ["en", `${app.origin}/`],
      ["tw", `${app.origin}/tw/`],
      ["ha", `${app.origin}/ha/`],
      ["x-default", `${app.origin}/`],
    ];
    expect(alternatesIn((await read("/")).body)).toEqual(expected);
    expect(alternatesIn((await read("/tw/")).body)).toEqual(expected);
  });

  test("the sitemap carries each story's set and the homes'; the news sitemap each story's language", async () => {
    const sitemap = await (await fetch(`${app.origin}/sitemap.xml`)).text();
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const set = [
      `<xhtml:link rel="alternate" hreflang="en" href="${app.origin}${paths.english}"/>`,
      `<xhtml:link rel="alternate" hreflang="tw" href="${app.origin}${paths.twi}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${app.origin}${paths.english}"/>`,
    ].join("");
    for (const path of [paths.english, paths.twi])
      expect(sitemap, path).toMatch(
        new RegExp(`<loc>${app.origin}${path}</loc><lastmod>[^<]+</lastmod>${set}</url>`),
      );
    expect(sitemap).toMatch(
      new RegExp(`<loc>${app.origin}${paths.lone}</loc><lastmod>[^<]+</lastmod></url>`),
    );
    expect(sitemap).not.toContain(paths.ewe);
    expect(sitemap).toContain(
      `<loc>${app.origin}/tw/</loc><xhtml:link rel="alternate" hreflang="en" href="${app.origin}/"/>`,
    );
    const news = await (await fetch(`${app.origin}/news-sitemap.xml`)).text();
    expect(news).toMatch(
      new RegExp(
        `${paths.twi}</loc><news:news><news:publication><news:name>[^<]*</news:name><news:language>tw<`,
      ),
    );
    expect(news).toMatch(
      new RegExp(
        `${paths.english}</loc><news:news><news:publication><news:name>[^<]*</news:name><news:language>en<`,
      ),
    );
  });

  test("unpublishing or deleting a version changes its siblings' cached pages at once", async () => {
    // Kept by the page cache first.
    await read(paths.english);
    expect((await read(paths.english)).cache).toBe("HIT");
    await m.articles.setArticleStatus(services(), admin, ids.twi, "draft");
    const unpublished = await read(paths.english);
    expect(switcherIn(unpublished.body)).toEqual([]);
    expect(alternatesIn(unpublished.body)).toEqual([]);

    await m.articles.setArticleStatus(services(), admin, ids.twi, "published");
    await read(paths.english);
    expect(switcherIn((await read(paths.english)).body)).toEqual([["tw", "tw", paths.twi, "Twi"]]);
    await read(paths.twi);
    expect((await read(paths.twi)).cache).toBe("HIT");
    await m.articles.deleteArticle(database.db, admin, ids.english);
    const alone = await read(paths.twi);
    expect(alone.status).toBe(200);
    expect(switcherIn(alone.body)).toEqual([]);
    expect(alternatesIn(alone.body)).toEqual([]);
  });
});
