/**
 * Cache tags over HTTP (decision record 023): the real app with its page cache, a tier configured, and
 * what a shared cache in front would read off each answer. Tags are the page cache's own keys, so a
 * page's tags name every story it links to; nothing personal is tagged, and without a tier nothing is.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestDatabase } from "#test-support/test-database";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
} from "#test-support/app-over-http";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  routeTesting: typeof import("#test-support/route-calls");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  pageCache: typeof import("#app/domain/delivery/page-cache.server");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  pageCache: "/app/domain/delivery/page-cache.server.ts",
};

const MEDIA_KEY = "0123456789abcdef01234567-800.webp";
const TIERS = {
  VARNISH_URLS: "http://127.0.0.1:9",
  FASTLY_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY",
  FASTLY_API_TOKEN: "unused",
  CLOUDFLARE_ZONE_ID: "0123456789abcdef0123456789abcdef",
  CLOUDFLARE_API_TOKEN: "unused",
};

describe("cache tags on the answers a cache in front may keep", () => {
  const m = {} as Modules;
  let vite: ViteDevServer;
  let database: TestDatabase;
  let tagged: RunningApp;
  let untagged: RunningApp;
  let adminCookie: string;

  beforeAll(async () => {
    vite = await startVite(MODULE_PATHS, m);
    database = await m.testing.createTestDatabase("pglite");
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ adminCookie } = await m.routeTesting.signedInAdmin("tags-admin@example.com"));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-tags-"));
    await mkdir(path.join(dataDir, "media"));
    await writeFile(path.join(dataDir, "media", MEDIA_KEY), "not really a photo");
    tagged = await listenApp(vite, m, database.db, { ...TIERS, DATA_DIR: dataDir });
    untagged = await listenApp(vite, m, database.db, { DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await tagged?.close();
    await untagged?.close();
    await database?.destroy();
    await vite?.close();
  });

  const get = (app: RunningApp, urlPath: string, headers: Record<string, string> = {}) =>
    fetch(app.origin + urlPath, { headers, redirect: "manual" });

  /** The xkey tags, checked against Fastly's and Cloudflare's headers: the same keys in each. */
  function tagsOf(response: Response): string[] {
    const xkey = response.headers.get("xkey")?.split(" ") ?? [];
    expect(response.headers.get("surrogate-key")?.split(" ") ?? []).toEqual(xkey);
    expect(response.headers.get("cache-tag")?.split(",") ?? []).toEqual(xkey);
    return xkey;
  }

  test("the home page names the site and every story it links to, on the render and on the page cache's hit", async () => {
    const first = await get(tagged, "/");
    const html = await first.text();
    const expected = ["nd", ...[...m.pageCache.articleIdsLinkedFrom(html)].map((story) => `nd-a-${story}`)];
    expect(expected.length).toBeGreaterThan(3);
    expect(tagsOf(first)).toEqual(expected);
    const hit = await get(tagged, "/");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(tagsOf(hit)).toEqual(expected);
  });

  test("a story's page names itself by slug and id; its feed and sitemap name their stories", async () => {
    const home = await (await get(tagged, "/")).text();
    const slug = /href="\/article\/([a-z0-9-]+)"/.exec(home)![1]!;
    const story = await get(tagged, `/article/${slug}`);
    const id = /data-view-article="([0-9a-f-]{36})"/.exec(await story.text())![1]!;
    expect(tagsOf(story)).toEqual(expect.arrayContaining(["nd", `nd-a-${slug}`, `nd-a-${id}`]));
    for (const feed of ["/rss.xml", "/sitemap.xml"]) {
      const answer = await get(tagged, feed);
      expect(answer.status, feed).toBe(200);
      expect(tagsOf(answer), feed).toEqual(expect.arrayContaining(["nd", `nd-a-${slug}`]));
    }
  });

  test("a media file carries its own key only: a setting changed does not empty a CDN of photos", async () => {
    const file = await get(tagged, `/media/${MEDIA_KEY}`);
    expect(file.status).toBe(200);
    expect(tagsOf(file)).toEqual([`nd-m-${MEDIA_KEY}`]);
  });

  test("nothing personal is tagged: a signed-in staff member's page, the back office, a form's answer", async () => {
    const staffPage = await get(tagged, "/", { Cookie: adminCookie });
    expect(staffPage.headers.get("cache-control")).toMatch(/private/);
    expect(tagsOf(staffPage)).toEqual([]);
    expect(tagsOf(await get(tagged, "/admin", { Cookie: adminCookie }))).toEqual([]);
    expect(tagsOf(await get(tagged, "/admin/login"))).toEqual([]);
  });

  test("without a tier configured no answer carries a tag header: readers pay for every byte", async () => {
    for (const urlPath of ["/", "/rss.xml", `/media/${MEDIA_KEY}`]) {
      const answer = await get(untagged, urlPath);
      expect(answer.status, urlPath).toBe(200);
      for (const name of ["xkey", "surrogate-key", "cache-tag"]) expect(answer.headers.get(name), urlPath).toBeNull();
    }
  });
});
