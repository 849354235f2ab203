/**
 * The page cache end to end: the real app and its real pages (React Router through Vite, as
 * `npm run dev` loads them) on a real database, read as an anonymous reader over HTTP. Every change a
 * newsroom makes is saved through the domain functions the back office calls, and must show on the
 * very next anonymous request; nothing personal may ever be kept.
 *
 * Everything runs in Vite's module graph, so the app, its routes and the writes share one copy of each
 * module (the in-memory settings, the change signal) as they do in production.
 */
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/current-user.server";
import type { TestDatabase } from "#test-support/test-database";
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
  revisions: typeof import("#app/domain/articles/revisions.server");
  comments: typeof import("#app/domain/comments/moderation.server");
  publicComments: typeof import("#app/domain/comments/public.server");
  categories: typeof import("#app/domain/categories/admin.server");
  settings: typeof import("#app/domain/settings/update.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  settingsForm: typeof import("#app/domain/settings/settings-form");
  snippets: typeof import("#app/domain/snippets/snippets.server");
  editions: typeof import("#app/domain/editions/admin.server");
  schema: typeof import("#app/db/schema");
  client: typeof import("#app/db/client.server");
  broadcast: typeof import("#app/domain/delivery/change-broadcast.server");
  mediaEditor: typeof import("#app/domain/media/editor.server");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  articles: "/app/domain/articles/admin.server.ts",
  revisions: "/app/domain/articles/revisions.server.ts",
  comments: "/app/domain/comments/moderation.server.ts",
  publicComments: "/app/domain/comments/public.server.ts",
  categories: "/app/domain/categories/admin.server.ts",
  settings: "/app/domain/settings/update.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  settingsForm: "/app/domain/settings/settings-form.ts",
  editions: "/app/domain/editions/admin.server.ts",
  snippets: "/app/domain/snippets/snippets.server.ts",
  schema: "/app/db/schema.ts",
  client: "/app/db/client.server.ts",
  broadcast: "/app/domain/delivery/change-broadcast.server.ts",
  mediaEditor: "/app/domain/media/editor.server.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

describe.each(TEST_ENGINES)("the page cache on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let origin: string;
  let admin: CurrentUser;
  let adminCookie: string;

  const start = (env: Record<string, string> = {}, db = database.db) => listenApp(vite, m, db, env);

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ admin, adminCookie } = await m.routeTesting.signedInAdmin("cache-admin@example.com"));
    app = await start();
    origin = app.origin;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  /** An anonymous reader's request; the body decoded, the cache's verdict in `cache`. */
  async function read(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(origin + path, { headers, redirect: "manual" });
    return {
      status: response.status,
      cache: response.headers.get("x-cache"),
      headers: response.headers,
      body: await response.text(),
    };
  }

  /** Reads the page twice, so the second answer comes from the cache. */
  async function cached(path: string) {
    await read(path);
    const second = await read(path);
    expect(second.cache, `${path} should be a hit`).toBe("HIT");
    return second.body;
  }

  function draft(title: string, extra: Partial<ArticleInput> = {}): ArticleInput {
    return {
      title,
      content: `<p>${title}: the full story.</p>`,
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

  /** Saves the Settings screen as an admin would: what is stored now, with these fields changed. */
  async function saveSettings(changes: Record<string, string>) {
    const values = m.settingsForm.settingsFormValues(await m.settingsRead.getSettings(database.db));
    const input = m.settingsForm.settingsFormSchema.parse({ ...values, ...changes });
    await m.settings.updateSettings(database.db, admin, input);
  }

  /** A story's address: its slug, as readers reach it (its id only redirects there). */
  async function pathOf(id: string) {
    const rows = await database.db.select().from(m.schema.articles);
    return `/article/${rows.find((row) => row.id === id)!.slug}`;
  }

  async function aCategory() {
    const [category] = await database.db.select().from(m.schema.categories).limit(1);
    return category!;
  }

  test("a second anonymous request is a hit with the same bytes, in gzip or brotli, and If-None-Match gets 304", async () => {
    const first = await read("/");
    expect(first.cache).toBe("MISS");
    const second = await read("/");
    expect(second.cache).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");

    const raw = await fetch(origin + "/", { headers: { "Accept-Encoding": "gzip" } });
    expect(raw.headers.get("content-encoding")).toBe("gzip");
    const notModified = await fetch(origin + "/", {
      headers: { "If-None-Match": second.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
    // Only what updates the reader's copy (RFC 9110, 15.4.5): the copy keeps its other headers.
    expect(notModified.headers.get("etag")).toBe(second.headers.get("etag"));
    expect(notModified.headers.get("vary")).toBe(second.headers.get("vary"));
    expect(notModified.headers.get("cache-control")).toBeTruthy();
    expect(notModified.headers.get("cache-control")).toBe(second.headers.get("cache-control"));
    expect(notModified.headers.get("x-cache")).toBe("HIT");
    for (const name of ["content-type", "content-security-policy", "x-content-type-options", "link"])
      expect(notModified.headers.has(name), name).toBe(false);
    const head = await fetch(origin + "/", { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  test("a miss is compressed once for its reader; another encoding is made when asked; a page read again is sent smaller", async () => {
    const { get } = await import("node:http");
    const zlib = await import("node:zlib");
    /** The raw answer, as a browser receives it before decoding. */
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ cache: string; encoding: string; bytes: Buffer }>((resolve, reject) => {
        get(origin + path, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              cache: String(response.headers["x-cache"]),
              encoding: String(response.headers["content-encoding"] ?? "identity"),
              bytes: Buffer.concat(chunks),
            }),
          );
        }).on("error", reject);
      });
    const path = "/privacy";
    const first = await raw(path, "gzip");
    expect([first.cache, first.encoding]).toEqual(["MISS", "gzip"]);
    const plain = zlib.gunzipSync(first.bytes).toString();

    const brotli = await raw(path, "gzip, deflate, br");
    expect([brotli.cache, brotli.encoding]).toEqual(["HIT", "br"]);
    expect(zlib.brotliDecompressSync(brotli.bytes).toString()).toBe(plain);
    const identity = await raw(path, "identity");
    expect([identity.cache, identity.encoding]).toEqual(["HIT", "identity"]);
    expect(identity.bytes.toString()).toBe(plain);

    // Asked for again, the page is recompressed at brotli's best in the background: fewer bytes, same page.
    let smaller = brotli;
    for (let attempt = 0; attempt < 100 && smaller.bytes.length >= brotli.bytes.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      smaller = await raw(path, "br");
    }
    expect(smaller.bytes.length).toBeLessThan(brotli.bytes.length);
    expect(zlib.brotliDecompressSync(smaller.bytes).toString()).toBe(plain);
  });

  test("publishing shows the story at once on home, its category, the listings, search, the feeds and sitemaps", async () => {
    const category = await aCategory();
    const title = "Tema harbour expansion opens";
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft(title, { categoryId: category.id }),
    );
    const path = await pathOf(id);
    const pages = [
      "/",
      `/category/${category.slug}`,
      "/all-articles",
      "/latest-news",
      "/search?q=harbour",
      "/rss.xml",
      "/sitemap.xml",
      "/news-sitemap.xml",
      path,
    ];
    for (const page of pages) expect(await cached(page), page).not.toContain(path);

    await m.articles.setArticleStatus(testServices(database.db), admin, id, "published");
    for (const page of pages) {
      const after = await read(page);
      expect(after.cache, page).toBe("MISS");
      expect(after.body, page).toContain(path);
    }
  });

  test("unpublishing and deleting take the story off every page at once; its own page answers 404", async () => {
    const title = "Ferry timetable changes";
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft(title, { status: "published" }),
    );
    const path = await pathOf(id);
    expect(await cached("/")).toContain(path);
    expect(await cached(path)).toContain(title);

    await m.articles.setArticleStatus(testServices(database.db), admin, id, "draft");
    expect((await read("/")).body).not.toContain(path);
    expect((await read(path)).status).toBe(404);

    await m.articles.setArticleStatus(testServices(database.db), admin, id, "published");
    expect(await cached("/")).toContain(path);
    // Back to draft from the article form (the edit screen's save), with a manual date as editors set.
    await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft(title, { useManualDate: true, manualDate: "2020-01-15" }),
      id,
    );
    expect((await read("/")).body).not.toContain(path);
    await m.articles.setArticleStatus(testServices(database.db), admin, id, "published");
    expect(await cached("/")).toContain(path);
    await m.articles.deleteArticle(database.db, admin, id);
    expect((await read("/")).body).not.toContain(path);
    expect((await read(path)).status).toBe(404);
  });

  test("editing a live story changes its page and every page that lists it, and leaves the others cached", async () => {
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft("Cocoa prices rise", { status: "published" }),
    );
    const path = await pathOf(id);
    await cached(path);
    await cached("/");
    await cached("/privacy");

    await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft("Cocoa prices rise again", { status: "published" }),
      id,
    );
    expect((await read(path)).body).toContain("Cocoa prices rise again");
    expect((await read("/")).body).toContain("Cocoa prices rise again");
    // The privacy page links to no story: the edit did not throw it away.
    expect((await read("/privacy")).cache).toBe("HIT");
  });

  test("a writer's proposed change leaves the cached story as it was; approving it shows at once", async () => {
    const user = await m.routeTesting.makeUser("cache-writer@example.com", "writer");
    const writer: CurrentUser = { ...admin, id: user.id, email: user.email, name: user.name, role: "writer" };
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      writer,
      draft("Fishing season opens"),
    );
    const path = await pathOf(id);
    await m.articles.setArticleStatus(testServices(database.db), admin, id, "published");
    await cached(path);
    const { revisionId } = await m.articles.saveArticle(
      testServices(database.db),
      writer,
      draft("Fishing season opens early", { status: "published" }),
      id,
    );
    const waiting = await read(path);
    expect(waiting.cache).toBe("HIT");
    expect(waiting.body).not.toContain("Fishing season opens early");
    await m.revisions.approveRevision(database.db, admin, revisionId);
    const approved = await read(path);
    expect(approved.cache).not.toBe("HIT");
    expect(approved.body).toContain("Fishing season opens early");
  });

  test("a featured image's caption and credit changed in the media library show on its story's page at once", async () => {
    const key = `${"ab".repeat(12)}.jpg`;
    const [item] = await database.db
      .insert(m.schema.media)
      .values({ name: "Harbour", type: "image", url: `/media/${key}`, storageKey: key, uploadedBy: "x" })
      .returning();
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft("Boats come home", { status: "published", imageUrl: `https://news.example.com/media/${key}` }),
    );
    const path = await pathOf(id);
    await cached(path);
    await m.mediaEditor.updateMediaDetails(database.db, admin, item!.id, {
      name: "Harbour",
      alt: "Boats in the harbour",
      caption: "Boats return to Jamestown",
      credit: "Ama Mensah",
      tags: "",
    });
    const page = (await read(path)).body;
    expect(page).toContain("Boats return to Jamestown — Ama Mensah");
    expect(page).toContain('alt="Boats in the harbour"');
  });

  test("approving and deleting a comment show on the story's page at once", async () => {
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      draft("Rainfall warning", { status: "published" }),
    );
    const path = await pathOf(id);
    const submitted = await m.publicComments.submitComment(
      database.db,
      id,
      { name: "Ama", email: "ama@example.com", comment: "Stay safe, everyone in Kumasi." },
      { ip: "198.51.100.7" },
    );
    expect(submitted.id).toBeTruthy();
    expect(await cached(path)).not.toContain("Stay safe, everyone in Kumasi.");

    const comment = (await database.db.select().from(m.schema.comments)).find((c) => c.articleId === id);
    await m.comments.moderateComment(database.db, admin, comment!.id, "approve");
    expect((await read(path)).body).toContain("Stay safe, everyone in Kumasi.");

    await cached(path);
    await m.comments.deleteComment(database.db, admin, comment!.id);
    expect((await read(path)).body).not.toContain("Stay safe, everyone in Kumasi.");
  });

  test("renaming a category changes the menu on every page at once", async () => {
    const category = await aCategory();
    await cached("/privacy");
    await m.categories.updateCategory(database.db, admin, category.id, {
      name: "Regional News",
      slug: category.slug,
      description: category.description,
    });
    expect((await read("/privacy")).body).toContain("Regional News");
  });

  test("settings, snippets and ads show on the very next request", async () => {
    await cached("/about");
    await saveSettings({ siteTitle: "Accra Evening Post" });
    expect((await read("/about")).body).toContain("Accra Evening Post");

    await cached("/about");
    await m.snippets.addSnippet(database.db, admin, {
      name: "Verify",
      type: "meta",
      code: '<meta name="cache-test" content="snippet">',
    });
    expect((await read("/about")).body).toContain('name="cache-test"');

    expect(await cached("/ads.txt")).not.toContain("pub-1234567890");
    await m.settings.updateAdsSettings(database.db, admin, {
      adsEnabled: true,
      adsPublisherId: "ca-pub-1234567890",
      adsAutoAdsEnabled: false,
      adsNonPersonalized: false,
      adsExcludedPaths: [],
      adsHideForStaff: true,
    });
    expect((await read("/ads.txt")).body).toContain("pub-1234567890");
  });

  test("an edition added, switched on, renamed or moved empties the cache: the next request is rendered", async () => {
    // Decision record 022: the switcher, hreflang and which /{tag}/ pages answer are on every page.
    const changes = [
      () => m.editions.addEdition(database.db, admin, { tag: "ee", name: "Eʋegbe" }),
      () => m.editions.setEditionEnabled(database.db, admin, "ee", true),
      () => m.editions.renameEdition(database.db, admin, "ee", { name: "Eʋe" }),
      () => m.editions.moveEdition(database.db, admin, "ee", "up"),
      () => m.editions.setEditionEnabled(database.db, admin, "ee", false),
    ];
    for (const change of changes) {
      await cached("/about");
      await change();
      expect((await read("/about")).cache).not.toBe("HIT");
    }
  });

  test("a Save-Data reader gets a page of their own, kept apart from everyone else's", async () => {
    await cached("/featured-news");
    const saver = await read("/featured-news", { "Save-Data": "on" });
    expect(saver.cache).toBe("MISS");
    expect((await read("/featured-news", { "Save-Data": "on" })).cache).toBe("HIT");
    expect((await read("/featured-news")).cache).toBe("HIT");
  });

  test("a signed-in staff member is never served from the cache nor stored in it", async () => {
    await read("/contact");
    const staff = await fetch(origin + "/contact", { headers: { Cookie: adminCookie } });
    expect(staff.headers.get("x-cache")).toBeNull();
    expect(staff.headers.get("cache-control")).toMatch(/private, no-store/);
    // The anonymous copy is still the one kept, and it was never replaced by the staff one.
    expect((await read("/contact")).cache).toBe("HIT");
  });

  test("a session cookie written with a space before its '=' is the staff member to the cache as to the app", async () => {
    const spaced = adminCookie.replace("=", " =");
    // The app reads the session through it...
    const dashboard = await fetch(origin + "/admin/dashboard", {
      headers: { Cookie: spaced },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    // ...so the cache neither serves a reader's copy to it nor keeps the staff member's page for readers.
    await cached("/terms");
    const staff = await read("/terms", { Cookie: spaced });
    expect(staff.cache).toBeNull();
    expect(staff.headers.get("cache-control")).toMatch(/private, no-store/);
    const fresh = await read("/privacy", { Cookie: spaced });
    expect(fresh.cache).toBeNull();
    expect((await read("/privacy")).cache).toBe("MISS");
  });

  test("a request carrying a toast is neither served from the cache nor kept", async () => {
    await cached("/latest-news");
    const withToast = await read("/latest-news", { Cookie: "nd_flash=something" });
    expect(withToast.cache).toBeNull();
    expect((await read("/latest-news")).cache).toBe("HIT");
  });

  test("the back office is never cached, in any letter case, and neither are redirects", async () => {
    for (const path of ["/admin/login", "/Admin/login", "/admin/dashboard"]) {
      await read(path);
      const again = await read(path);
      expect(again.cache === null || again.cache === "BYPASS", path).toBe(true);
    }
    await read("/?redirect=/privacy");
    const redirect = await read("/?redirect=/privacy");
    expect(redirect.status).toBe(302);
    expect(redirect.cache).toBe("BYPASS");
  });

  test("in maintenance readers get the 503 page, never kept; the first request after it ends is fresh", async () => {
    await cached("/terms");
    await saveSettings({ maintenanceEnabled: "on" });
    for (let i = 0; i < 2; i++) {
      const during = await read("/terms");
      expect(during.status).toBe(503);
      expect(during.cache).toBe("BYPASS");
    }
    await saveSettings({ maintenanceEnabled: "" });
    const after = await read("/terms");
    expect(after.status).toBe(200);
    expect(after.cache).toBe("MISS");
  });

  test("cache switched off in Settings → Advanced: pages are rendered every time", async () => {
    await saveSettings({ cacheEnabled: "" });
    try {
      await read("/privacy");
      expect((await read("/privacy")).cache).toBeNull();
    } finally {
      await saveSettings({ cacheEnabled: "on" });
    }
  });

  test("PAGE_CACHE=off turns it off whatever the settings say", async () => {
    const off = await start({ PAGE_CACHE: "off" });
    try {
      await fetch(off.origin + "/privacy");
      const again = await fetch(off.origin + "/privacy");
      expect(again.headers.get("x-cache")).toBeNull();
    } finally {
      await off.close();
    }
  });

  // Only PostgreSQL serves several instances; the embedded database belongs to one process.
  if (engine === "postgres")
    test("a second instance on the same PostgreSQL database drops its copy when the first saves a change", async () => {
      const second = await m.client.openDatabase({ databaseUrl: database.url! });
      const stopFirst = await m.broadcast.shareSiteChanges(database.db, database.url!);
      const stopSecond = await m.broadcast.shareSiteChanges(second.db, database.url!);
      const other = await start({}, second.db);
      try {
        const { id } = await m.articles.saveArticle(
          testServices(database.db),
          admin,
          draft("Second instance story", { status: "published" }),
        );
        const path = await pathOf(id);
        const page = async () => (await fetch(`${other.origin}${path}`)).text();
        await page();
        expect(await page()).toContain("Second instance story");

        await m.articles.saveArticle(
          testServices(database.db),
          admin,
          draft("Second instance story, updated", { status: "published" }),
          id,
        );
        // NOTIFY arrives within milliseconds; allow the other connection a moment, bounded.
        let body = "";
        for (let attempt = 0; attempt < 40 && !body.includes("updated"); attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          body = await page();
        }
        expect(body).toContain("Second instance story, updated");
      } finally {
        await other.close();
        await stopSecond();
        await stopFirst();
        await second.close();
      }
    });
});
