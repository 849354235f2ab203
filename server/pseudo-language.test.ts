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
import { SCRIPT_COUNT_TEXT } from "#app/reader/count-text";
import { TEXT_ISLAND_ID } from "#app/reader/text-island";
import { SCRIPT_TEXT } from "#app/reader/text";

type Modules = SiteModules & {
  messages: typeof import("#app/i18n/messages.server");
  live: typeof import("#app/domain/live/live.server");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...SITE_MODULE_PATHS,
  // The server's own instance: the catalogue given here is the one the pages read.
  messages: "/app/i18n/messages.server.ts",
  live: "/app/domain/live/live.server.ts",
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

/**
 * A story's last parts (decision record 022, slices 3 and 6), each on a page of its own: a live story's
 * section (key points, an edited update, two pages of updates) and its poll's fragment (the bare address,
 * no document around it), a paid and a members' story as an anonymous reader gets them (the offer), a
 * story with an approved comment (its date) and lite pages (`Save-Data: on`, a photo in a story's body).
 */
const STORY_PART_PAGES: ReadonlyArray<{
  path: string;
  fragment?: boolean;
  headers?: Record<string, string>;
}> = [
  { path: "/article/{live}" },
  { path: "/article/{live}?updates=2" },
  { path: "/article/{live}/updates", fragment: true },
  { path: "/article/{paid}" },
  { path: "/article/{members}" },
  { path: "/article/{commented}" },
  { path: "/article/{photo}", headers: { "Save-Data": "on" } },
  { path: "/", headers: { "Save-Data": "on" } },
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

  const parts = { live: "", paid: "", members: "", commented: "", photo: "" };

  /** The stories showing a story's last parts (STORY_PART_PAGES), in the edition, their words marked. */
  async function seedStoryParts() {
    const { db } = database;
    const { schema } = m;
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, "pseudo@example.com"));
    const admin = { ...user!, role: "admin" as const, status: "active" as const, avatarUrl: "" };
    const story = async (title: string, body: string, access: "public" | "paid" | "members" = "public") => {
      const { id } = await m.articles.saveArticle(
        testServices(db),
        admin,
        articleInput({ title: content(title), status: "published" }, body),
      );
      await db
        .update(schema.articles)
        .set({ language: PSEUDO, access, authorName: content("Ama Mensah") })
        .where(eq(schema.articles.id, id));
      const [row] = await db
        .select({ slug: schema.articles.slug })
        .from(schema.articles)
        .where(eq(schema.articles.id, id));
      return { id, slug: row!.slug! };
    };
    const live = await story("Counting in Kumasi", `<p>${content("The count goes on.")}</p>`);
    await m.live.startLiveCoverage(db, admin, live.id);
    const services = testServices(db);
    // One more than a page: the first page links to older updates, the second to newer ones.
    for (let n = 1; n <= m.live.LIVE_PAGE_SIZE + 1; n++) {
      const update = await m.live.postLiveUpdate(services, admin, live.id, {
        title: content(`Constituency ${n} declared`),
        content: `<p>${content(`Result ${n} is in.`)}</p>`,
      });
      if (n === m.live.LIVE_PAGE_SIZE + 1) {
        await m.live.pinLiveUpdate(db, admin, update.id, true);
        await m.live.editLiveUpdate(services, admin, update.id, {
          title: content(`Constituency ${n} declared again`),
          content: `<p>${content("Recounted.")}</p>`,
        });
      }
    }
    const gatedBody = `<p>${content("The opening.")}</p><hr data-preview-cut=""><p>${content("The rest.")}</p>`;
    const paid = await story("Budget in full", gatedBody, "paid");
    const members = await story("Members read on", gatedBody, "members");
    const commented = await story("Readers answer", `<p>${content("Tell us.")}</p>`);
    await db.insert(schema.comments).values({
      articleId: commented.id,
      authorName: content("Kofi"),
      authorEmail: "kofi@example.com",
      text: content("Well said."),
      status: "approved",
    });
    const photo = await story(
      "Photos from the market",
      `<p>${content("Look.")}</p><img src="https://example.com/market.jpg" alt="${content("Market")}" />`,
    );
    Object.assign(parts, {
      live: live.slug,
      paid: paid.slug,
      members: members.slug,
      commented: commented.slug,
      photo: photo.slug,
    });
  }

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    await seedPseudoEdition();
    await seedStoryParts();
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

  test("a story's live coverage, poll, offer, comment date and lite photos come from the catalogue", async () => {
    const strays: string[] = [];
    for (const { path: page, fragment, headers } of STORY_PART_PAGES) {
      const bare = page.replace(/\{(\w+)\}/, (_, part: keyof typeof parts) => parts[part]);
      // The poll keeps the bare address (decision record 022, point 2); its story says its language.
      const path = fragment ? bare : `/${PSEUDO}${bare}`;
      const response = await fetch(app.origin + path, { headers });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      if (!fragment) expect(/<html[^>]*\slang="([^"]*)"/.exec(html)?.[1], path).toBe(PSEUDO);
      for (const text of readerTexts(html)) if (!isOurs(text)) strays.push(`${path}: ${text}`);
    }
    expect([...new Set(strays)]).toEqual([]);
    // The parts are there to be read: a page that lost one would pass with nothing to check.
    const page = async (path: string, headers?: Record<string, string>) =>
      (await fetch(`${app.origin}/${PSEUDO}${path}`, { headers })).text();
    const live = await page(`/article/${parts.live}`);
    for (const key of [
      "live.heading",
      "live.keyPoints",
      "live.refresh",
      "live.older",
      "live.edited",
    ] as const)
      expect(live).toContain(message(EN_MESSAGES[key]));
    expect(await (await fetch(`${app.origin}/article/${parts.live}/updates`)).text()).toContain(
      message(EN_MESSAGES["live.heading"]),
    );
    expect(await page(`/article/${parts.paid}`)).toContain(message(EN_MESSAGES["offer.paidTitle"]));
    expect(await page(`/article/${parts.members}`)).toContain(message(EN_MESSAGES["offer.membersTitle"]));
    expect(await page(`/article/${parts.commented}`)).toMatch(
      // The comment's short month ("M"): its own message, whole.
      /<time [^>]*>⟦[A-Z][a-z]{2}⟧ \d{1,2}, \d{4}, \d\d:\d\d/,
    );
    expect(await page(`/article/${parts.photo}`, { "Save-Data": "on" })).toContain(
      message(EN_MESSAGES["lite.showPhoto"]),
    );
  }, 240_000);

  test("the breadcrumb's home and a failed story's title come from the catalogue", async () => {
    const story = await (await fetch(`${app.origin}/${PSEUDO}/article/${parts.commented}`)).text();
    expect(story).toContain(`"name":"${message(EN_MESSAGES["article.breadcrumbHome"])}"`);
    // The story's read fails (its comments are read with it): a 500, at an address not yet cached.
    await database.db.execute(sql`ALTER TABLE comments RENAME TO comments_away`);
    try {
      const failed = await fetch(`${app.origin}/${PSEUDO}/article/${parts.commented}?failing=1`);
      expect(failed.status).toBe(500);
      const html = await failed.text();
      expect(html).toContain(
        `<title>${message(EN_MESSAGES["article.errorTitle"])} - ${content("Newsdesk")}</title>`,
      );
      expect(readerTexts(html).filter((text) => !isOurs(text))).toEqual([]);
    } finally {
      await database.db.execute(sql`ALTER TABLE comments_away RENAME TO comments`);
    }
  }, 120_000);

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
