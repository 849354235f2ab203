/**
 * A pseudo-language render (decision record 022, slice 3): an edition whose catalogue wraps every English
 * message in ⟦…⟧, with its content (stories, category, author, tag, edition and site names) wrapped in
 * ⟪…⟫, is read page type by page type over HTTP; any text a reader sees or hears that carries neither
 * marker is a reader text that does not come from a catalogue, and is listed.
 */
import { eq, sql } from "drizzle-orm";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
import { SITE_MODULE_PATHS, type SiteModules } from "#test-support/site-over-http";
import { listenApp, type RunningApp, startVite, TEST_ENGINES } from "#test-support/app-over-http";
import { testServices } from "#test-support/services";
import { articleInput } from "#test-support/article-fixtures";
import { EN_MESSAGES } from "#app/i18n/messages/en";
import { tagSlug } from "#app/lib/slug";
import { SCRIPT_COUNT_TEXT, SCRIPT_TEXT, TEXT_ISLAND_ID } from "#app/reader/text";

type Modules = SiteModules & {
  messages: typeof import("#app/i18n/messages.server");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...SITE_MODULE_PATHS,
  // The server's own instance: the catalogue given here is the one the pages read.
  messages: "/app/i18n/messages.server.ts",
};

/** A tag no edition will have (the editions' CHECK allows it; it is not reserved). */
const PSEUDO = "qps";
const message = (text: string) => `⟦${text}⟧`;
const content = (text: string) => `⟪${text}⟫`;

/** English's every message wrapped, its ICU syntax kept: a plural is wrapped whole. */
const PSEUDO_CATALOGUE = Object.fromEntries(
  Object.entries(EN_MESSAGES).map(([key, english]) => [key, message(english)]),
);

/**
 * Texts on an edition's page that are not ours to translate, or not yet (decision record 022, point 6):
 * - the logo's brand word, part of the outlet's name, and the networks' names on the share buttons;
 * - an unknown category's name, read from the address the reader typed.
 * The words the reader script also writes come from the catalogue too, and ride in the `nd-text` island.
 */
const NOT_FROM_A_CATALOGUE: ReadonlyArray<string | RegExp> = [
  "Online",
  ...["Facebook", "X", "WhatsApp", "Telegram", "LinkedIn", "Instagram"],
  "No Such Category",
];

/**
 * The page types of an edition as a reader reaches them, with their status (`{story}`, `{tag}`: the
 * edition's own); the empty and not-found states are pages too.
 */
const PAGES: ReadonlyArray<[path: string, status: number]> = [
  ["/", 200],
  ["/article/{story}", 200],
  ["/article/no-such-story", 404],
  ["/category/news", 200],
  ["/category/no-such-category", 404],
  ["/author/pseudo-author", 200],
  ["/tag/{tag}", 200],
  ["/all-articles", 200],
  ["/latest-news", 200],
  ["/featured-news", 200],
  ["/search", 200],
  ["/search?q=Kumasi", 200],
  ["/search?q=zzqxvw", 200],
  ["/newsletter", 200],
  ["/newsletter/unsubscribe?token=not-a-real-token-at-all", 404],
  ["/offline", 200],
  ["/no-such-page", 404],
];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

/** Every text a reader sees (text nodes, scripts and styles left out) or hears (labels, titles, alts). */
function readerTexts(html: string): string[] {
  const page = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ");
  const nodes = page.split(/<[^>]*>/);
  const attributes = [...page.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]);
  return [...nodes, ...attributes].map((text) => decode(text ?? "").trim()).filter(Boolean);
}

const isOurs = (text: string) =>
  !/\p{L}/u.test(text) ||
  text.includes("⟦") ||
  text.includes("⟪") ||
  NOT_FROM_A_CATALOGUE.some((allowed) =>
    typeof allowed === "string" ? text === allowed : allowed.test(text),
  );

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
  m.messages.loadCatalogue(PSEUDO, PSEUDO_CATALOGUE);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

describe.each(TEST_ENGINES)("a pseudo-language edition on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  const found = { story: "", tag: "" };

  /** The edition's content, every word of it marked as content. */
  async function seedPseudoEdition() {
    const { db } = database;
    const { schema } = m;
    await db.execute(
      sql`INSERT INTO editions (tag, name, enabled, position) VALUES (${PSEUDO}, 'Pseudo', true, 1)`,
    );
    await db.update(schema.editions).set({ name: sql`'⟪' || ${schema.editions.name} || '⟫'` });
    await db
      .update(schema.settings)
      .set({ siteTitle: content("Newsdesk"), siteDescription: content("News") });
    m.settingsRead.forgetCachedSettings();
    // The categories' own names too: not every listing reads an edition's names yet.
    for (const category of await db.select().from(schema.categories)) {
      await db
        .update(schema.categories)
        .set({ name: content(category.name), description: content(category.description) })
        .where(eq(schema.categories.id, category.id));
      await db.insert(schema.categoryNames).values({
        categoryId: category.id,
        edition: PSEUDO,
        name: content(category.name),
        description: content(`About ${category.name}`),
      });
    }
    const { admin } = await m.routeTesting.signedInAdmin("pseudo@example.com");
    await db
      .update(schema.users)
      .set({ name: content("Ama Mensah"), slug: "pseudo-author", bio: content("Reporter") })
      .where(eq(schema.users.id, admin.id));
    const [news] = await db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(eq(schema.categories.slug, "news"));
    // The first one the edition's featured and top story (one of each per edition), the second related.
    for (const [index, title] of ["Market women meet in Kumasi", "Kumasi traders count the cost"].entries()) {
      const { id } = await m.articles.saveArticle(
        testServices(db),
        { ...admin, name: content("Ama Mensah") },
        articleInput(
          { title: content(title), status: "published", categoryId: news?.id ?? "", tags: content("Kumasi") },
          `<p>${content(title)}</p>`,
        ),
      );
      await db
        .update(schema.articles)
        .set({
          language: PSEUDO,
          featured: index === 0,
          isTopStory: index === 0,
          authorName: content("Ama Mensah"),
        })
        .where(eq(schema.articles.id, id));
      const [row] = await db
        .select({ slug: schema.articles.slug, tags: schema.articles.tags })
        .from(schema.articles)
        .where(eq(schema.articles.id, id));
      found.story = row!.slug!;
      found.tag = tagSlug(row!.tags[0] ?? "");
    }
  }

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    await seedPseudoEdition();
    app = await listenApp(vite, m, database.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  test("every page type shows and says only texts from the catalogue or the content", async () => {
    const strays: string[] = [];
    for (const [page, status] of PAGES) {
      const path = `/${PSEUDO}${page.replace("{story}", found.story).replace("{tag}", found.tag)}`;
      const response = await fetch(app.origin + path);
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(/<html[^>]*\slang="([^"]*)"/.exec(html)?.[1], path).toBe(PSEUDO);
      for (const text of readerTexts(html)) if (!isOurs(text)) strays.push(`${path}: ${text}`);
    }
    expect([...new Set(strays)]).toEqual([]);
  }, 240_000);

  test("an edition page carries the script's texts from its catalogue; a main page carries none", async () => {
    const island = (html: string) =>
      new RegExp(`<script type="application/json" id="${TEXT_ISLAND_ID}">([^<]*)</script>`).exec(html)?.[1];
    const json = island(await (await fetch(`${app.origin}/${PSEUDO}/article/${found.story}`)).text());
    expect(json).toBeDefined();
    const expected = {
      ...Object.fromEntries(
        Object.keys(SCRIPT_TEXT).map((key) => [key, message(EN_MESSAGES[key as keyof typeof SCRIPT_TEXT])]),
      ),
      ...Object.fromEntries(
        Object.entries(SCRIPT_COUNT_TEXT).map(([key, forms]) => [
          key,
          Object.fromEntries(Object.entries(forms).map(([category, words]) => [category, message(words)])),
        ]),
      ),
    };
    expect(JSON.parse(json ?? "")).toEqual({ locale: PSEUDO, texts: expected });
    for (const path of ["/", "/all-articles", "/no-such-page"]) {
      const html = await (await fetch(app.origin + path)).text();
      expect(html, path).not.toContain(`id="${TEXT_ISLAND_ID}"`);
    }
  }, 120_000);

  test("the pages read the pseudo-language's catalogue", async () => {
    const html = await (await fetch(`${app.origin}/${PSEUDO}/`)).text();
    expect(html).toContain(message(EN_MESSAGES["chrome.skipToContent"]));
    expect(html).toContain(content("Market women meet in Kumasi"));
  }, 120_000);
});
