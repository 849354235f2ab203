/**
 * The reader site's polish (decision record 007), on whole documents rendered by the real root, site layout,
 * pages and server entry on a seeded database: not-found pages inside the site's chrome with status 404, a
 * title and `noindex`; an unknown category is a 404 with its empty state; every category in the footer; one
 * label for the breaking-news flag; written excerpts on cards; no placeholder contact details.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ARTICLE_NOT_FOUND_TEXT, NOT_FOUND_TEXT } from "#app/components/site/not-found";
import { EN_MESSAGES } from "#app/i18n/messages/en";
import { articles, categories, settings } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { readerDocuments } from "#test-support/reader-documents";

/** Text of the page as a reader sees it: tags dropped, entities kept simple. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("reader polish", () => {
  let database: TestDatabase;
  let handle: (path: string) => Promise<{ status: number; html: string; headers: Headers }>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    handle = readerDocuments(database.db);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(() => {
    forgetCachedSettings();
  });

  const latestTitles = async () =>
    (
      await database.db
        .select({ title: articles.title })
        .from(articles)
        .where(eq(articles.status, "published"))
    )
      .map((row) => row.title)
      .slice(0, 1);

  /** The site's header (logo and navigation) and footer are on the page. */
  const expectChrome = (html: string) => {
    expect(html).toMatch(/<header\b/);
    expect(html).toMatch(/<footer\b/);
    expect(html).toContain('aria-labelledby="footer-categories"');
  };

  test("an unknown address: 404 inside the chrome, a title, noindex, search and the latest stories", async () => {
    const { status, html, headers } = await handle("/no-such-page/at-all");
    expect(status).toBe(404);
    expectChrome(html);
    expect(html).toContain(`<title>${EN_MESSAGES[NOT_FOUND_TEXT.title]} - Newsdesk</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const form = html.match(/<form[^>]*role="search"[^>]*>/)?.[0] ?? "";
    expect(form).toContain('action="/search"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(textOf(html)).toContain("Latest Stories");
    for (const title of await latestTitles()) expect(textOf(html)).toContain(title);
    expect(html).toMatch(/href="\/article\/[^"]+"/);
    // Kept by shared caches and the page cache like any public page (purged when the site changes).
    expect(headers.get("Cache-Control")).toMatch(/s-maxage=/);
  });

  test("an unknown article: 404 inside the chrome with its own title, search and the latest stories", async () => {
    const { status, html } = await handle("/article/not-a-real-story");
    expect(status).toBe(404);
    expectChrome(html);
    expect(html).toContain(`<title>${EN_MESSAGES[ARTICLE_NOT_FOUND_TEXT.title]} - Newsdesk</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(textOf(html)).toContain(EN_MESSAGES[ARTICLE_NOT_FOUND_TEXT.message]);
    expect(textOf(html)).toContain("Latest Stories");
    expect(html).toMatch(/action="\/search"/);
  });

  test.each(["/author/nobody-by-that-name", "/tag/no-such-tag"])(
    "an unknown author or tag (%s): the shared 404 page with a title, noindex, search and the latest stories",
    async (path) => {
      const { status, html } = await handle(path);
      expect(status).toBe(404);
      expectChrome(html);
      expect(html).toContain(`<title>${EN_MESSAGES[NOT_FOUND_TEXT.title]} - Newsdesk</title>`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      // The page's own content, not the header's or footer's links.
      const main = html.match(/<main\b[\s\S]*<\/main>/)?.[0] ?? "";
      expect(textOf(main)).toContain(EN_MESSAGES[NOT_FOUND_TEXT.message]);
      expect(main).toContain('id="not-found-latest"');
      for (const title of await latestTitles()) expect(textOf(main)).toContain(title);
      expect(main).toMatch(/href="\/article\/[^"]+"/);
      expect(main).toMatch(/action="\/search"/);
    },
  );

  test("an unknown category: 404 with 'No articles found' and a link home, inside the chrome", async () => {
    const { status, html } = await handle("/category/nope");
    expect(status).toBe(404);
    expectChrome(html);
    expect(textOf(html)).toContain("No articles found");
    expect(html).toMatch(/<a href="\/"[^>]*>Go to the homepage<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("a real category with no stories stays a 200 with the same empty state", async () => {
    await database.db.insert(categories).values({ name: "Obituaries", slug: "obituaries" });
    siteChanged(database.db, { scope: "everything", reason: "test: a category added" });
    const { status, html } = await handle("/category/obituaries");
    expect(status).toBe(200);
    expect(textOf(html)).toContain("No articles found");
    expect(html).not.toContain('content="noindex"');
  });

  test("the footer lists every category, the ninth too", async () => {
    const names = (await database.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
    expect(names.length).toBeGreaterThan(7);
    const { html } = await handle("/");
    const footer = html.slice(html.indexOf('id="footer-categories"'), html.indexOf('id="footer-contact"'));
    for (const name of names) expect(textOf(footer)).toContain(name);
  });

  test("the breaking-news flag has one label on the home hero, category pages and listings", async () => {
    const [flagged] = await database.db
      .select({ title: articles.title, categoryId: articles.categoryId })
      .from(articles)
      .where(eq(articles.isTopStory, true));
    const [cat] = await database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, flagged!.categoryId!));
    for (const path of ["/", `/category/${cat!.slug}`, "/all-articles", "/latest-news"]) {
      const text = textOf((await handle(path)).html);
      expect(text, path).toContain("Breaking News");
      expect(text, path).not.toMatch(/\bTop Story\b/);
      expect(text, path).not.toMatch(/\bBreaking\b(?! News)/);
    }
  });

  test("cards show the written excerpt when there is one, else the body cut at a word", async () => {
    const [story] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.status, "published"))
      .limit(1);
    const written = "An editor wrote this summary of the story.";
    await database.db.update(articles).set({ excerpt: written }).where(eq(articles.id, story!.id));
    siteChanged(database.db, { scope: "everything", reason: "test: excerpt" });
    expect(textOf((await handle("/latest-news")).html)).toContain(written);

    const body = `<p>${"Parliament debated the budget ".repeat(20)}</p>`;
    await database.db.update(articles).set({ excerpt: "", content: body }).where(eq(articles.id, story!.id));
    siteChanged(database.db, { scope: "everything", reason: "test: no excerpt" });
    const text = textOf((await handle("/latest-news")).html);
    // Cut at 120 characters at a word boundary, never inside a word.
    const cut = text.match(/(Parliament debated the budget[^.]*?)\.\.\./)?.[1] ?? "";
    expect(cut.length).toBeGreaterThan(80);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(`${cut.trim()} `).toMatch(/(Parliament|debated|the|budget) $/);
  });

  test("placeholder contact details are never shown; set ones are, and empty lines are left out", async () => {
    await database.db
      .update(settings)
      .set({ adminEmail: "contact@example.com", contactNumber: "+233 00 000 0000", streetAddress: "" });
    forgetCachedSettings();
    for (const path of ["/", "/contact"]) {
      const { html } = await handle(path);
      expect(html, path).not.toContain("contact@example.com");
      expect(html, path).not.toContain("+233 00 000 0000");
      expect(html, path).not.toContain("mailto:");
      expect(html, path).not.toContain("tel:");
    }
    await database.db.update(settings).set({ adminEmail: "news@daily.example", contactNumber: "" });
    forgetCachedSettings();
    const { html } = await handle("/contact");
    expect(html).toContain('href="mailto:news@daily.example"');
    expect(html).not.toContain("tel:");
  });

  test("a new install stores no contact details", async () => {
    const fresh = await createTestDatabase("pglite");
    try {
      await seedDatabase(fresh.db, { adminPassword: "secret12" });
      const [row] = await fresh.db.select().from(settings);
      expect(row).toMatchObject({ adminEmail: "", contactNumber: "", streetAddress: "" });
    } finally {
      await fresh.destroy();
    }
  });
});
