/**
 * The reader pages' own renderer (decision record 020) answers exactly as React Router does: the same
 * status, headers and HTML for every kind of reader page on the sample content, whether its shared parts
 * are rendered or taken from memory; and it leaves to React Router what is not a reader page's GET.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, categories, settings, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { readerDocuments } from "#test-support/reader-documents";
import { pathPattern } from "./reader-pages.server";
import { testServices } from "#test-support/services";

describe("route paths as patterns", () => {
  test("static, dynamic, optional and splat segments, any letter case, a trailing slash allowed", () => {
    expect(pathPattern("rss.xml").test("/rss.xml")).toBe(true);
    expect(pathPattern("rss.xml").test("/RSS.XML/")).toBe(true);
    expect(pathPattern("rss.xml").test("/rssXxml")).toBe(false);
    expect(pathPattern("category/:categorySlug/rss.xml").test("/category/news/rss.xml")).toBe(true);
    expect(pathPattern("category/:categorySlug/rss.xml").test("/category/news")).toBe(false);
    expect(pathPattern("article/:id/updates").test("/article/a-b/updates")).toBe(true);
    expect(pathPattern("article/:id/updates").test("/article/a-b")).toBe(false);
    expect(pathPattern("files/:name?").test("/files")).toBe(true);
    expect(pathPattern("files/:name?").test("/files/a")).toBe(true);
    expect(pathPattern("admin/*").test("/admin")).toBe(true);
    expect(pathPattern("admin/*").test("/admin/users/edit/1")).toBe(true);
    expect(pathPattern("admin/*").test("/administration")).toBe(false);
    expect(pathPattern("").test("/")).toBe(true);
  });
});

describe("reader pages rendered on their own", () => {
  let database: TestDatabase;
  let readerPages: ReturnType<typeof readerDocuments>;
  let reactRouter: ReturnType<typeof readerDocuments>;
  const paths: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    readerPages = readerDocuments(database.db);
    reactRouter = readerDocuments(database.db, { via: "react-router" });
    const [story] = await database.db
      .select({ slug: articles.slug, id: articles.id, tags: articles.tags })
      .from(articles)
      .where(eq(articles.status, "published"))
      .limit(1);
    const [category] = await database.db.select({ slug: categories.slug }).from(categories).limit(1);
    const [author] = await database.db.select({ slug: users.slug }).from(users).limit(1);
    paths.push(
      "/",
      `/article/${story!.slug}`,
      `/article/${story!.id}`,
      `/category/${category!.slug}`,
      `/category/no-such-category`,
      `/author/${author!.slug}`,
      `/tag/${encodeURIComponent(story!.tags[0] ?? "news")}`,
      "/search?q=cocoa",
      "/search?q=",
      "/all-articles",
      "/all-articles?page=2",
      "/latest-news",
      "/contact",
      "/no-such-page",
      "/article/no-such-story",
      "/?redirect=/contact",
    );
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  const sameAnswers = async () => {
    for (const path of paths) {
      const expected = await reactRouter(path);
      // Twice: the first render keeps the shared parts, the second is made with them.
      for (const round of ["parts rendered", "parts kept"]) {
        const actual = await readerPages(path);
        expect(actual.renderedBy, path).toBe("reader-pages");
        expect(actual.status, `${path} (${round})`).toBe(expected.status);
        expect(actual.html, `${path} (${round})`).toBe(expected.html);
        for (const name of ["content-type", "cache-control", "vary", "content-security-policy", "location"])
          expect(actual.headers.get(name), `${path}: ${name} (${round})`).toBe(expected.headers.get(name));
      }
    }
  };

  test("every kind of page gets the same status, headers and HTML as from React Router", async () => {
    await sameAnswers();
    // The pages are whole documents without React's markers, and their parts leave no trace.
    const home = await readerPages("/");
    expect(home.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(home.html).not.toContain("<!-- -->");
    expect(home.html).not.toContain("nd-part");
  });

  test("the same in maintenance (the 503 page), and after it, in a lite reader's pages", async () => {
    await database.db.update(settings).set({ maintenanceEnabled: true });
    forgetCachedSettings();
    siteChanged(database.db, { scope: "everything", reason: "test: maintenance" });
    const closed = await readerPages("/");
    expect(closed.status).toBe(503);
    await sameAnswers();
    await database.db.update(settings).set({ maintenanceEnabled: false });
    forgetCachedSettings();
    siteChanged(database.db, { scope: "everything", reason: "test: maintenance over" });
    const lite = { headers: { "Save-Data": "on" } };
    for (const path of paths.slice(0, 4)) {
      const expected = await reactRouter(path, lite);
      expect((await readerPages(path, lite)).html, path).toBe(expected.html);
      expect((await readerPages(path, lite)).html, path).toBe(expected.html);
    }
  });

  test("a form's POST, the back office and React Router's data requests are left to React Router", async () => {
    const { createReaderPages } = await import("./reader-pages.server");
    const { serverBuildForTests } = await import("#test-support/reader-documents");
    const pages = createReaderPages(serverBuildForTests(), "production");
    const { createRequestContext } = await import("#app/auth/current-user.server");
    const context = createRequestContext(testServices(database.db), undefined, "127.0.0.1");
    const ask = (path: string, init?: RequestInit) =>
      pages.answer(new Request(`http://localhost${path}`, init), context);
    expect(await ask("/contact", { method: "POST", body: new URLSearchParams({ name: "x" }) })).toBeNull();
    expect(await ask("/admin/articles")).toBeNull();
    expect(await ask("/ADMIN")).toBeNull();
    expect(await ask("/contact.data")).toBeNull();
    // The back office's router discovering its routes (it failed as a reader's 404 page once).
    expect(await ask("/__manifest?p=%2Fadmin%2Fdashboard&version=test")).toBeNull();
    expect(await ask("/?index")).toBeNull();
    expect((await ask("/contact"))?.status).toBe(200);
  });
});
