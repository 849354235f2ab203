/**
 * Gated stories over HTTP (decision record 021): the real app on a real database, read by an anonymous
 * reader, a paying reader, a free member with meter left and one metered out, each with their own
 * cookie. Every cache layer is read after a paying reader's visit: the page cache's entries per access
 * class, the headers the service worker keeps by (decision record 019: no `private` page), and the
 * shared parts, so that the rest of a gated story reaches no one without access.
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
import { articleInput } from "#test-support/article-fixtures";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  routeTesting: typeof import("#test-support/route-calls");
  gated: typeof import("#test-support/gated-fixtures");
  articles: typeof import("#app/domain/articles/admin.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
  memberSession: typeof import("#app/auth/member-session.server");
  live: typeof import("#app/domain/live/live.server");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  gated: "/tests/support/gated-fixtures.ts",
  articles: "/app/domain/articles/admin.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
  memberSession: "/app/auth/member-session.server.ts",
  live: "/app/domain/live/live.server.ts",
};

let vite: ViteDevServer;
const m = {} as Modules;

beforeAll(async () => {
  vite = await startVite(MODULE_PATHS, m);
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

const SECRET = "SECRET-REST-OF-THE-STORY";
const BODY = `<p>Opening of the budget story.</p><hr data-preview-cut=""><p>${SECRET} one.</p><p>${SECRET} two.</p>`;

describe.each(TEST_ENGINES)("gated stories over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let app: RunningApp;
  let admin: CurrentUser;
  let path = "";
  let storyId = "";
  const cookies: Record<"payer" | "metered" | "meteredOut", string> = {
    payer: "",
    metered: "",
    meteredOut: "",
  };

  async function memberCookie(email: string) {
    const member = await m.gated.insertMember(database.db, email, email.split("@")[0]);
    const { token } = await m.memberSession.createMemberSession(database.db, member.id, new Date());
    return { member, cookie: `${m.memberSession.MEMBER_COOKIE_NAME}=${token}` };
  }

  async function publish(title: string, access: "members" | "paid") {
    const { id } = await m.articles.saveArticle(
      testServices(database.db),
      admin,
      articleInput({ title, status: "published" }, BODY),
    );
    await m.gated.setAccess(database.db, id, access);
    const [row] = await database.db.select().from(m.schema.articles);
    return {
      id,
      path: `/article/${(await database.db.select().from(m.schema.articles)).find((r) => r.id === id)!.slug ?? row!.id}`,
    };
  }

  beforeAll(async () => {
    database = await m.testing.createTestDatabase(engine);
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ admin } = await m.routeTesting.signedInAdmin("gate-admin@example.com"));
    await database.db.update(m.schema.settings).set({ meterPaidStories: 1 });
    m.settingsRead.forgetCachedSettings();
    const other = await publish("Another paid story", "paid");
    ({ path, id: storyId } = await publish("Budget in full", "paid"));
    const payer = await memberCookie("payer@example.test");
    const now = Date.now();
    await m.gated.insertPass(
      database.db,
      payer.member.id,
      new Date(now - 3_600_000),
      new Date(now + 86_400_000),
    );
    cookies.payer = payer.cookie;
    cookies.metered = (await memberCookie("metered@example.test")).cookie;
    const out = await memberCookie("out@example.test");
    const month = new Date().toISOString().slice(0, 7) + "-01";
    await database.db
      .insert(m.schema.meteredReads)
      .values({ memberId: out.member.id, articleId: other.id, month });
    cookies.meteredOut = out.cookie;
    app = await listenApp(vite, m, database.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function read(target: string, cookie?: string) {
    const response = await fetch(app.origin + target, { headers: cookie ? { Cookie: cookie } : {} });
    return {
      status: response.status,
      cache: response.headers.get("x-cache"),
      cacheControl: response.headers.get("cache-control") ?? "",
      accessClass: response.headers.get("x-access-class"),
      body: await response.text(),
    };
  }

  const structuredData = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );

  test("a paying reader's full page is kept for paying readers only, private to the browser", async () => {
    const first = await read(path, cookies.payer);
    expect(first).toMatchObject({ status: 200, cache: "MISS", accessClass: "paying" });
    expect(first.body).toContain(`${SECRET} two.`);
    expect(first.body).not.toContain("data-preview-cut");
    expect(first.body).toContain('<div class="gated-part">');
    expect(first.cacheControl).toMatch(/private/); // the service worker keeps no private page
    const second = await read(path, cookies.payer);
    expect(second).toMatchObject({ cache: "HIT", accessClass: "paying" });
    expect(second.body).toContain(`${SECRET} two.`);
    expect(second.cacheControl).toMatch(/private/);
    const article = structuredData(second.body).find((item) => item["@type"] === "NewsArticle")!;
    expect(article).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".gated-part" },
    });
  });

  test("after it, an anonymous reader gets the preview and the offer, from the cache too", async () => {
    await read(path, cookies.payer);
    for (const expected of ["MISS", "HIT"]) {
      const page = await read(path);
      expect(page.cache).toBe(expected);
      expect(page.accessClass).toBe("anonymous");
      expect(page.cacheControl).toMatch(/^public/);
      expect(page.body).toContain("Opening of the budget story.");
      expect(page.body).not.toContain(SECRET);
      expect(page.body).toContain(`/account/sign-in?returnTo=${encodeURIComponent(path)}`);
      // Without a payment provider the pass offer says so.
      expect(page.body).toContain("Payments are not set up on this site yet.");
      expect(structuredData(page.body).find((item) => item["@type"] === "NewsArticle")).toMatchObject({
        isAccessibleForFree: false,
      });
    }
  });

  test("a free member metered out gets the preview and the pass offer, never a kept full page", async () => {
    await read(path, cookies.payer);
    for (let i = 0; i < 2; i++) {
      const page = await read(path, cookies.meteredOut);
      expect(page.accessClass).toBe("member-metered-out");
      expect(page.body).not.toContain(SECRET);
      expect(page.body).toContain("You have read your free paid stories this month.");
      expect(page.body).not.toContain("/account/sign-in?returnTo=");
      expect(page.cache).toBe("BYPASS"); // another metered-out reader may have read this story
    }
  });

  test("a free member with meter left reads in full, counted by the render, never cached; read again it stays free", async () => {
    // The meter gives one story a month: after this one the member is metered out, yet reads it again.
    for (const accessClass of ["member", "member-metered-out"]) {
      const page = await read(path, cookies.metered);
      expect(page).toMatchObject({ cache: "BYPASS", accessClass });
      expect(page.body).toContain(SECRET);
      expect(page.cacheControl).toMatch(/private, no-store/);
    }
    const reads = await database.db.select().from(m.schema.meteredReads);
    expect(reads).toHaveLength(2); // the metered-out member's earlier read and this one, once
  });

  test("listings, search results and feeds carry only a gated story's preview, for any reader", async () => {
    await read(path, cookies.payer);
    for (const target of ["/", "/all-articles", "/search?q=budget", "/rss.xml", "/news-sitemap.xml"]) {
      const page = await read(target, cookies.payer);
      expect(page.status, target).toBe(200);
      expect(page.body, target).not.toContain(SECRET);
    }
    expect((await read("/search?q=budget")).body).toContain("Opening of the budget story.");
  });

  test("a lite page and the live poll give a reader without access no more than the preview; a paying reader's lite page is private", async () => {
    await read(path, cookies.payer);
    const lite = await fetch(app.origin + path, { headers: { "Save-Data": "on" } });
    const liteBody = await lite.text();
    expect(liteBody).toContain("data-lite");
    expect(liteBody).toContain("Opening of the budget story.");
    expect(liteBody).not.toContain(SECRET);
    // A paying reader's lite page is whole and, like the full one, private: the service worker keeps no copy.
    const paying = await fetch(app.origin + path, { headers: { "Save-Data": "on", Cookie: cookies.payer } });
    const payingBody = await paying.text();
    expect(payingBody).toContain("data-lite");
    expect(payingBody).toContain(`${SECRET} two.`);
    expect(paying.headers.get("cache-control")).toMatch(/\bprivate\b/);
  });

  test("/account/me.json tells a reader what is theirs, uncached; an anonymous reader that they are not signed in", async () => {
    const me = async (cookie?: string) => {
      const response = await fetch(`${app.origin}/account/me.json`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-cache")).not.toBe("HIT");
      return (await response.json()) as Record<string, unknown>;
    };
    expect(await me()).toEqual({ signedIn: false, name: "", meterLeft: 0, passUntil: null });
    expect(await me(cookies.payer)).toMatchObject({ signedIn: true, name: "payer", meterLeft: 0 });
    expect((await me(cookies.payer)).passUntil).toEqual(expect.any(String));
    expect(await me(cookies.meteredOut)).toEqual({
      signedIn: true,
      name: "out",
      meterLeft: 0,
      passUntil: null,
    });
  });

  test("a reader's cookie that names no session is an anonymous reader, on the anonymous key", async () => {
    await read(path);
    const page = await read(path, `${m.memberSession.MEMBER_COOKIE_NAME}=${"x".repeat(43)}`);
    expect(page).toMatchObject({ cache: "HIT", accessClass: "anonymous" });
    expect(page.body).not.toContain(SECRET);
  });

  test("a gated live story's updates reach readers with access only: the poll and the page", async () => {
    await m.live.startLiveCoverage(database.db, admin, storyId);
    await m.live.postLiveUpdate(testServices(database.db), admin, storyId, {
      title: "Vote counted",
      content: `<p>${SECRET} live.</p>`,
    });
    for (let i = 0; i < 2; i++) {
      const anonymous = await read(`${path}/updates`);
      expect(anonymous.status).toBe(404);
      expect(anonymous.body).not.toContain(SECRET);
      expect((await read(path)).body).not.toContain("Vote counted");
      const paying = await read(`${path}/updates`, cookies.payer);
      expect(paying).toMatchObject({ status: 200, accessClass: "paying" });
      expect(paying.body).toContain(`${SECRET} live.`);
      expect(paying.cacheControl).toMatch(/private/);
    }
    expect((await read(`${path}/updates.rss`)).status).toBe(404);
  });
});
