/**
 * A live story's poll end to end (decision record 016): the real app over HTTP, its page cache in front, an
 * editor's updates saved through the domain functions the back office calls. What a reader's open page
 * asks every 20-30 s must cost a 304 while nothing changes, and show a new update on the next poll.
 */
import type { ViteDevServer } from "vite";
import { desc, eq } from "drizzle-orm";
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
import { addTwiEdition } from "#test-support/editions";
import twMessages from "#app/i18n/messages/tw.json";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  routeTesting: typeof import("#test-support/route-calls");
  live: typeof import("#app/domain/live/live.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  settings: typeof import("#app/domain/settings/update.server");
  settingsForm: typeof import("#app/domain/settings/settings-form");
  schema: typeof import("#app/db/schema");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  live: "/app/domain/live/live.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  settings: "/app/domain/settings/update.server.ts",
  settingsForm: "/app/domain/settings/settings-form.ts",
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

/** An attribute of the page's live section, as the browser reads it. */
const sectionAttribute = (html: string, name: string) =>
  html
    .match(new RegExp(`<section id="live-updates"[^>]*\\s${name}="([^"]*)"`))?.[1]
    ?.replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

describe.each(TEST_ENGINES)("a live story's poll on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let admin: CurrentUser;
  let story: { id: string; path: string };
  let other: { id: string; path: string };

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ admin } = await m.routeTesting.signedInAdmin("live-admin@example.com"));
    app = await listenApp(vite, m, database.db);
    const rows = await database.db
      .select({ id: m.schema.articles.id, slug: m.schema.articles.slug, status: m.schema.articles.status })
      .from(m.schema.articles);
    const [first, second] = rows
      .filter((row) => row.status === "published")
      .map((row) => ({ id: row.id, path: `/article/${row.slug}` }));
    story = first!;
    other = second!;
    await m.live.startLiveCoverage(database.db, admin, story.id);
    await m.live.postLiveUpdate(testServices(database.db), admin, story.id, {
      title: "Polls open",
      content: "<p>Voting has started in all 276 constituencies.</p>",
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function read(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(app.origin + path, { headers, redirect: "manual" });
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body,
      cache: response.headers.get("x-cache"),
    };
  }

  test("the page names its poll and the ETag the poll answers with; unchanged, the poll is a 304 from the cache", async () => {
    const page = await read(story.path);
    const pollPath = sectionAttribute(page.body, "data-live-poll");
    const etag = sectionAttribute(page.body, "data-live-etag");
    expect(pollPath).toBe(`${story.path}/updates`);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);

    // The first poll, as the script sends it: the ETag the page named.
    const first = await read(pollPath!, { "If-None-Match": etag! });
    expect(first.status).toBe(304);
    expect(first.body).toBe("");
    const again = await read(pollPath!, { "If-None-Match": etag!, "Accept-Encoding": "gzip" });
    expect(again.status).toBe(304);
    expect(again.cache).toBe("HIT");
    expect(again.headers.get("etag")).toBe(etag);

    // Without it: the stream's first page, the section the page shows.
    const whole = await read(pollPath!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toMatch(/^text\/html/);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10");
    expect(whole.body).toMatch(/^<section id="live-updates"/);
    expect(whole.body).toContain("Voting has started in all 276 constituencies.");
  });

  test("an update purges the poll: the old ETag gets the new update, and a page not linking the story stays cached", async () => {
    const pollPath = `${story.path}/updates`;
    const before = await read(pollPath);
    await read(pollPath);
    const etag = before.headers.get("etag")!;
    await read("/terms");
    expect((await read("/terms")).cache).toBe("HIT");

    await m.live.postLiveUpdate(testServices(database.db), admin, story.id, {
      title: "First results",
      content: "<p>Ayawaso West declares.</p>",
    });
    const after = await read(pollPath, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.body).toContain("Ayawaso West declares.");
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await read("/terms")).cache).toBe("HIT");
    // The page and the poll agree again.
    const page = await read(story.path);
    expect(sectionAttribute(page.body, "data-live-etag")).toBe(after.headers.get("etag"));
  });

  test("a story that was never live has no poll; ended coverage's page stops polling", async () => {
    expect((await read(`${other.path}/updates`)).status).toBe(404);
    expect((await read("/article/no-such-story/updates")).status).toBe(404);
    const page = await read(other.path);
    expect(page.body).not.toContain("data-live-poll");

    await m.live.endLiveCoverage(database.db, admin, story.id);
    try {
      const ended = await read(story.path);
      expect(sectionAttribute(ended.body, "data-live-state")).toBe("ended");
      expect(ended.body).not.toContain("data-live-poll");
      // A page opened before the end learns it from its next poll.
      const poll = await read(`${story.path}/updates`);
      expect(poll.status).toBe(200);
      expect(poll.body).toContain('data-live-state="ended"');
    } finally {
      await m.live.startLiveCoverage(database.db, admin, story.id);
    }
  });

  test("with the page cache off the poll still answers an unchanged ETag with a 304", async () => {
    const save = async (changes: Record<string, string>) => {
      const values = m.settingsForm.settingsFormValues(await m.settingsRead.getSettings(database.db));
      await m.settings.updateSettings(
        database.db,
        admin,
        m.settingsForm.settingsFormSchema.parse({ ...values, ...changes }),
      );
    };
    await save({ cacheEnabled: "" });
    try {
      const pollPath = `${story.path}/updates`;
      const first = await read(pollPath);
      expect(first.cache).toBeNull();
      const second = await read(pollPath, { "If-None-Match": first.headers.get("etag")! });
      expect(second.status).toBe(304);
      expect(second.cache).toBeNull();
    } finally {
      await save({ cacheEnabled: "on" });
    }
  });

  test("a Twi story's page and its poll speak Twi and send the same bytes (decision record 022, point 11)", async () => {
    await addTwiEdition(database.db);
    const [row] = await database.db
      .select({ id: m.schema.articles.id, slug: m.schema.articles.slug })
      .from(m.schema.articles)
      .where(eq(m.schema.articles.status, "published"))
      .orderBy(desc(m.schema.articles.createdAt))
      .offset(2)
      .limit(1);
    const twi = { id: row!.id, path: `/article/${row!.slug}` };
    await database.db
      .update(m.schema.articles)
      .set({ language: "tw" })
      .where(eq(m.schema.articles.id, twi.id));
    await m.live.startLiveCoverage(database.db, admin, twi.id);
    await m.live.postLiveUpdate(testServices(database.db), admin, twi.id, {
      title: "Abatoɔ no abue",
      content: "<p>Wɔafiti aseɛ.</p>",
    });

    const page = await read(`/tw${twi.path}`);
    expect(page.status).toBe(200);
    expect(/<html[^>]*\slang="([^"]*)"/.exec(page.body)?.[1]).toBe("tw");
    const pollPath = sectionAttribute(page.body, "data-live-poll");
    const etag = sectionAttribute(page.body, "data-live-etag");
    // The poll keeps the bare address (slugs are global) and answers with the ETag the Twi page named.
    expect(pollPath).toBe(`${twi.path}/updates`);
    expect((await read(pollPath!, { "If-None-Match": etag! })).status).toBe(304);
    const poll = await read(pollPath!);
    expect(poll.headers.get("etag")).toBe(etag);
    // The update's date in the catalogue's Twi month (the site's timezone is Accra's, UTC), and the
    // Refresh link to the story's Twi page.
    const month = (twMessages as Record<string, string>)[`date.month${new Date().getUTCMonth() + 1}`]!;
    expect(poll.body).toMatch(new RegExp(`<time [^>]*>${month} \\d{1,2}, \\d{4} `));
    expect(poll.body).toContain(`<a href="/tw${twi.path}"`);
    expect(poll.body).toContain("Wɔafiti aseɛ.");
  });
});
