/**
 * Reader texts per edition over HTTP (decision record 022, point 6): every page type of the main edition
 * and of a Twi edition shows its texts from the catalogues, in Twi where Twi has the message and English
 * where it does not, with no catalogue key or MessageFormat syntax left on the page.
 */
import { eq, sql } from "drizzle-orm";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
import { SITE_MODULE_PATHS, type SiteModules, storySlug } from "#test-support/site-over-http";
import { listenApp, type RunningApp, startVite, TEST_ENGINES } from "#test-support/app-over-http";
import { testServices } from "#test-support/services";
import { articleInput } from "#test-support/article-fixtures";
import { EN_MESSAGES, type MessageKey } from "#app/i18n/messages/en";
import twMessages from "#app/i18n/messages/tw.json";

let vite: ViteDevServer;
const m = {} as SiteModules;

beforeAll(async () => {
  vite = await startVite(SITE_MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

/**
 * The page types every edition has, as a reader reaches them (`{story}` is the edition's story,
 * `{author}` its author's page).
 */
const PAGES = [
  "/",
  "/article/{story}",
  "/category/news",
  "/author/{author}",
  "/tag/kumasi",
  "/all-articles",
  "/latest-news",
  "/featured-news",
  "/search",
  "/search?q=Kumasi",
  "/newsletter",
  "/offline",
  "/no-such-page",
];

/** What a reader reads: the page without its scripts, styles and tags, entities as they show. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&");
}

/** The attributes readers hear: labels, titles, placeholders, alternative texts. */
function spokenAttributes(html: string): string[] {
  return [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1] ?? "");
}

const KEYS = Object.keys(EN_MESSAGES) as MessageKey[];

describe.each(TEST_ENGINES)("reader texts per edition on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  const stories = { en: "", tw: "" };

  async function publishIn(language: string, title: string) {
    const { admin } = await m.routeTesting.signedInAdmin(`texts-${language}@example.com`);
    await database.db
      .update(m.schema.users)
      .set({ slug: `texts-${language}` })
      .where(eq(m.schema.users.id, admin.id));
    const [news] = await database.db
      .select({ id: m.schema.categories.id })
      .from(m.schema.categories)
      .where(eq(m.schema.categories.name, "News"));
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      articleInput(
        { title, status: "published", categoryId: news?.id ?? "", tags: "Kumasi" },
        `<p>${title}.</p>`,
      ),
    );
    await database.db.update(m.schema.articles).set({ language }).where(eq(m.schema.articles.id, id));
    return storySlug(m, database.db, id);
  }

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    await database.db.execute(
      sql`INSERT INTO editions (tag, name, enabled, position) VALUES ('tw', 'Twi', true, 1)`,
    );
    stories.en = await publishIn("en", "Market women meet in Kumasi");
    stories.tw = await publishIn("tw", "Mmaa a wɔtɔn nneɛma hyia wɔ Kumasi");
    app = await listenApp(vite, m, database.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const read = async (target: string) => (await fetch(app.origin + target)).text();

  test.each([
    ["en", ""],
    ["tw", "/tw"],
  ] as const)(
    "every page of the %s edition shows its texts, none raw",
    async (language, prefix) => {
      for (const page of PAGES) {
        const path = `${prefix}${page.replace("{story}", stories[language]).replace("{author}", `texts-${language}`)}`;
        const html = await read(path === "" ? "/" : path);
        expect(/<html[^>]*\slang="([^"]*)"/.exec(html)?.[1], path).toBe(language);
        // The author's and the tag's pages list the edition's story (not a not-found page).
        if (/^\/(author|tag)\//.test(page)) expect(html, path).toContain(`/article/${stories[language]}`);
        const text = visibleText(html);
        for (const shown of [text, ...spokenAttributes(html)]) {
          // No catalogue key, no argument or plural left unformatted.
          expect(shown, path).not.toMatch(/[{}]/);
          for (const key of KEYS) expect(shown.includes(key), `${path}: ${key}`).toBe(false);
        }
      }
    },
    240_000,
  );

  test("a Twi page reads Twi where Twi has the message and English where it has none", async () => {
    const twi = await read("/tw/");
    expect(twi).toContain(twMessages["chrome.skipToContent"]);
    expect(twi).toContain(`>${twMessages["chrome.allArticles"]}<`);
    expect(twi).toContain(EN_MESSAGES["footer.quickLinks"]);
    expect(twi).not.toContain(EN_MESSAGES["chrome.skipToContent"]);
    const main = await read("/");
    expect(main).toContain(EN_MESSAGES["chrome.skipToContent"]);
    expect(main).not.toContain(twMessages["chrome.skipToContent"]);
  }, 120_000);

  test("a Twi story's date names its month in Twi", async () => {
    const month = new Date().getUTCMonth() + 1;
    const twiMonth = twMessages[`date.month${month}` as keyof typeof twMessages];
    const englishMonth = EN_MESSAGES[`date.month${month}` as MessageKey];
    const story = await read(`/tw/article/${stories.tw}`);
    expect(story).toContain(twiMonth);
    const english = await read(`/article/${stories.en}`);
    expect(english).toContain(englishMonth);
  }, 120_000);
});
