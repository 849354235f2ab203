/**
 * Reader pages' shared parts end to end (decision record 020): the real app and its real pages (React
 * Router through Vite) on a real database, read as an anonymous reader over HTTP, with the page cache
 * off and on. Parts kept as HTML (the header, the categories bar, the footer, cards, trending, the
 * related stories in memory) must never outlive what they show: every change the newsroom saves through
 * the domain shows on the very next request, on every page.
 *
 * Everything runs in Vite's module graph, so the app, its routes and the writes share one copy of each
 * module (the parts' store, the in-memory reader data, the change signal) as they do in production.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/current-user.server";
import type { TestDatabase } from "#test-support/test-database";
import type { SiteChange } from "#app/domain/delivery/site-changes.server";
import type { ArticleInput } from "#app/lib/article-form/article-input";
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
  categories: typeof import("#app/domain/categories/admin.server");
  settings: typeof import("#app/domain/settings/update.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  settingsForm: typeof import("#app/domain/settings/settings-form");
  fragments: typeof import("#app/domain/delivery/fragment-cache.server");
  changes: typeof import("#app/domain/delivery/site-changes.server");
  schema: typeof import("#app/db/schema");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  articles: "/app/domain/articles/admin.server.ts",
  categories: "/app/domain/categories/admin.server.ts",
  settings: "/app/domain/settings/update.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  settingsForm: "/app/domain/settings/settings-form.ts",
  fragments: "/app/domain/delivery/fragment-cache.server.ts",
  changes: "/app/domain/delivery/site-changes.server.ts",
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

/** Each engine with the page cache off (PAGE_CACHE=off: only the parts are kept) and on (pages too). */
const RUNS = TEST_ENGINES.flatMap((engine) => [
  [engine, "off"],
  [engine, "on"],
]) as Array<[(typeof TEST_ENGINES)[number], "off" | "on"]>;

describe.each(RUNS)("shared parts of reader pages on %s, page cache %s", (engine, pageCache) => {
  let database: TestDatabase;
  let app: RunningApp;
  let admin: CurrentUser;
  const changes: SiteChange[] = [];
  const desk = { id: "", name: "Harbour Desk", slug: "harbour-desk" };
  const story = { a: { id: "", path: "" }, b: { id: "", path: "" } };
  const TAG = "Tema Port";
  const A_TITLE = "Night shift begins at Tema port";
  const B_TITLE = "Dredging work starts at Takoradi";

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ admin } = await m.routeTesting.signedInAdmin("parts-admin@example.com"));
    m.changes.onSiteChange(database.db, (change) => changes.push(change));
    desk.id = (
      await m.categories.createCategory(database.db, admin, {
        name: desk.name,
        slug: desk.slug,
        description: "",
        color: "#0e7490",
      })
    ).id;
    // B shares A's category and tag: it leads A's related stories.
    for (const [key, title] of [
      ["b", B_TITLE],
      ["a", A_TITLE],
    ] as const) {
      const { id } = await m.articles.saveArticle(
        testServices(database.db),
        admin,
        draft(title, { status: "published", categoryId: desk.id, tags: [TAG] }),
      );
      story[key] = { id, path: await pathOf(id) };
    }
    app = await listenApp(vite, m, database.db, pageCache === "off" ? { PAGE_CACHE: "off" } : {});
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  /** An anonymous reader's request; the body decoded, the page cache's verdict in `cache`. */
  async function read(path: string) {
    const response = await fetch(app.origin + path, { redirect: "manual" });
    const body = await response.text();
    expect(response.status, path).toBe(200);
    return { cache: response.headers.get("x-cache"), body };
  }

  /** Reads the page twice, so its parts are kept (and, with the page cache on, the page itself). */
  async function readTwice(path: string) {
    await read(path);
    const second = await read(path);
    expect(second.cache, path).toBe(pageCache === "on" ? "HIT" : null);
    return second.body;
  }

  function draft(title: string, extra: Partial<ArticleInput> = {}): ArticleInput {
    return {
      title,
      // Not the title: a card's summary would then change with it, and a part kept by its old title
      // would be found by its summary alone.
      content: "<p>Work at the harbour goes on through the night, the port authority said.</p>",
      excerpt: "",
      status: "draft",
      authorName: "",
      categoryId: "",
      tags: [],
      imageUrl: "",
      youtubeUrl: "",
      useManualDate: false,
      manualDate: "",
      featured: false,
      isTopStory: false,
      ...extra,
    };
  }

  async function pathOf(id: string) {
    const rows = await database.db.select().from(m.schema.articles);
    return `/article/${rows.find((row) => row.id === id)!.slug}`;
  }

  /** Saves the Settings screen as an admin would: what is stored now, with these fields changed. */
  async function saveSettings(fields: Record<string, string>) {
    const values = m.settingsForm.settingsFormValues(await m.settingsRead.getSettings(database.db));
    const input = m.settingsForm.settingsFormSchema.parse({ ...values, ...fields });
    await m.settings.updateSettings(database.db, admin, input);
  }

  /** The site's shared parts kept for this database (the one store the pages use). */
  const keptParts = () =>
    m.fragments.fragmentCacheFor(database.db, { maxBytes: 1024 * 1024, maxAgeMs: 60_000 });

  const between = (body: string, open: RegExp, close: string) => {
    const start = body.search(open);
    expect(start, String(open)).toBeGreaterThanOrEqual(0);
    return body.slice(start, body.indexOf(close, start));
  };
  const headerOf = (body: string) => between(body, /<header[ >]/, "</header>");
  const categoryMenuOf = (body: string) => between(body, /<nav aria-label="Category menu"/, "</nav>");

  test("a test changes a story and finds no page or fragment still showing the old title", async () => {
    const NEW_TITLE = "Dredging work halted at Takoradi";
    const pages = [
      "/",
      `/category/${desk.slug}`,
      story.a.path,
      story.b.path,
      "/latest-news",
      "/all-articles",
      "/tag/tema-port",
      "/search?q=Takoradi",
    ];
    for (const page of pages) expect(await readTwice(page), page).toContain(B_TITLE);
    // B's card on A's page is among the related stories, which are answered from memory.
    expect(
      between(await readTwice(story.a.path), /<section aria-labelledby="related-heading"/, "</section>"),
    ).toContain(B_TITLE);
    expect(keptParts().usedBytes, "parts are kept").toBeGreaterThan(0);

    changes.length = 0;
    await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft(NEW_TITLE, { status: "published", categoryId: desk.id, tags: [TAG] }),
      story.b.id,
    );
    // The narrow change (the story stays where it was): only what links to it is dropped.
    expect(changes.map((change) => change.scope)).toEqual(["article"]);

    for (const page of pages) {
      const next = await read(page);
      expect(next.body, page).toContain(NEW_TITLE);
      expect(next.body, page).not.toContain(B_TITLE);
    }
    // Read again (from the parts kept since, and with the page cache on, from the pages kept).
    for (const page of pages) {
      const again = await read(page);
      expect(again.body, page).toContain(NEW_TITLE);
      expect(again.body, page).not.toContain(B_TITLE);
    }
    const related = between(
      (await read(story.a.path)).body,
      /<section aria-labelledby="related-heading"/,
      "</section>",
    );
    expect(related).toContain(NEW_TITLE);
  });

  test("a new site title shows in the header on the very next request, and the old one on no page", async () => {
    const pages = ["/privacy", "/", `/category/${desk.slug}`, story.a.path, "/search"];
    await saveSettings({ siteTitle: "Accra Morning Star" });
    for (const page of pages) expect(headerOf(await readTwice(page)), page).toContain("Accra Morning Star");

    await saveSettings({ siteTitle: "Kumasi Evening Post" });
    for (const page of pages) {
      const { body } = await read(page);
      expect(headerOf(body), page).toContain("Kumasi Evening Post");
      expect(body, page).not.toContain("Accra Morning Star");
    }
  });

  test("renaming a category changes the menu on the very next request", async () => {
    const pages = ["/privacy", "/", `/category/${desk.slug}`, story.a.path];
    for (const page of pages) expect(categoryMenuOf(await readTwice(page)), page).toContain(desk.name);

    await m.categories.updateCategory(database.db, admin, desk.id, {
      name: "Coastal Desk",
      slug: desk.slug,
      description: "",
    });
    for (const page of pages) {
      const { body } = await read(page);
      expect(categoryMenuOf(body), page).toContain("Coastal Desk");
      expect(body, page).not.toContain(desk.name);
    }
  });
});
