/**
 * An edition's pages keep the reader inside it (decision record 022, point 2): every link and form of a
 * Twi page that opens an edition page starts with `/tw/`, its head names its own addresses (canonical,
 * `og:url`, the feeds, structured data), its home link is the current one only on its home, and the main
 * edition's pages are as they were. Whole documents, rendered by the real root, layout, edition route,
 * pages and server entry on a seeded database, on each engine.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, categories, editions, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { jsonLdOf, readerDocuments } from "#test-support/reader-documents";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

const ORIGIN = "http://localhost";

/** The pages every edition has, by their bare paths (app/routes.ts's `editionPages`). */
const EDITION_PAGE =
  /^\/(?:$|[?#]|(?:article|category|author|tag|search|all-articles|latest-news|featured-news|newsletter|offline)(?:[/?#]|$))/;

/** Every address the page's markup names: `href` and `action` values, our origin's made into paths. */
function addressesOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)]
    .map((match) => match[1]!.replaceAll("&amp;", "&"))
    .map((value) => (value.startsWith(`${ORIGIN}/`) ? value.slice(ORIGIN.length) : value))
    .filter((value) => value.startsWith("/") && !value.startsWith("//"));
}

/**
 * The page without its language alternates: the head's `<link rel="alternate" hreflang>` and the story's
 * "Read in:" links name the other editions' versions on purpose (decision record 022, points 3 and 8).
 */
const withoutAlternates = (html: string) => html.replace(/<(?:link|a)\b[^>]*\shrefLang="[^"]*"[^>]*>/g, "");

/** The addresses that open a main-edition page where the edition's own was due. */
const strayLinks = (html: string) =>
  addressesOf(withoutAlternates(html)).filter((path) => !path.startsWith("/tw/") && EDITION_PAGE.test(path));

/** The `<a>` whose `href` is exactly `href`, as the page writes it. */
const anchorTo = (html: string, href: string) =>
  [...html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0]).filter((tag) => tag.includes(` href="${href}"`));

const headLink = (html: string, rel: string, type?: string) =>
  [...html.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`rel="${rel}"`) && (!type || tag.includes(`type="${type}"`)))
    .map((tag) => tag.match(/href="([^"]*)"/)?.[1]);

const metaContent = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];

/** Every absolute URL in the page's JSON-LD. */
const ldUrls = (html: string) => JSON.stringify(jsonLdOf(html)).match(/https?:\/\/[^"\\]+/g) ?? [];

describe.each(TEST_ENGINES)("an edition's links stay in it (%s)", (engine) => {
  let database: TestDatabase;
  let read: ReturnType<typeof readerDocuments>;
  /** A Twi story's slug, its category's slug and a word of its title (for search). */
  const twi = { slug: "", category: "", word: "" };
  let mainSlug = "";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    const db = database.db;
    await db.insert(editions).values({ tag: "tw", name: "Twi", enabled: true });
    // Three published stories of one category become Twi: the edition's home, bar and category have some.
    const [first] = await db
      .select({ categoryId: articles.categoryId })
      .from(articles)
      .where(and(eq(articles.status, "published"), isNotNull(articles.categoryId), isNotNull(articles.slug)))
      .limit(1);
    const stories = await db
      .select({ id: articles.id, slug: articles.slug, title: articles.title })
      .from(articles)
      .where(and(eq(articles.status, "published"), eq(articles.categoryId, first!.categoryId!)))
      .limit(3);
    for (const story of stories)
      await db.update(articles).set({ language: "tw" }).where(eq(articles.id, story.id));
    // The first has a byline with an author page and a tag: their pages are the edition's too.
    const [author] = await db
      .update(users)
      .set({ name: "Ama Mensah", slug: "ama-mensah" })
      .returning({ id: users.id });
    await db
      .update(articles)
      .set({ tags: ["Kumasi"], authorId: author!.id, authorName: "Ama Mensah" })
      .where(eq(articles.id, stories[0]!.id));
    const [category] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, first!.categoryId!));
    twi.slug = stories[0]!.slug!;
    twi.category = category!.slug;
    twi.word = stories[0]!.title.split(/\s+/).find((word) => /^[a-z]{5,}$/i.test(word)) ?? "news";
    const [main] = await db
      .select({ slug: articles.slug })
      .from(articles)
      .where(and(eq(articles.status, "published"), eq(articles.language, "en"), isNotNull(articles.slug)))
      .limit(1);
    mainSlug = main!.slug!;
    // The editions and listings the layout remembers are read again.
    siteChanged(db, { scope: "everything", reason: "a Twi edition for the test" });
    read = readerDocuments(db);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  const twiPages = () => [
    "/tw/",
    `/tw/article/${twi.slug}`,
    `/tw/category/${twi.category}`,
    `/tw/search?q=${encodeURIComponent(twi.word)}`,
    "/tw/search",
    "/tw/all-articles",
    "/tw/latest-news",
    "/tw/featured-news",
    "/tw/newsletter",
    "/tw/offline",
  ];

  test("every link and form of a Twi page that opens an edition page stays under /tw/", async () => {
    for (const path of twiPages()) {
      const { status, html } = await read(path);
      expect(status, path).toBe(200);
      expect(strayLinks(html), path).toEqual([]);
      // The logo and the header's search open the edition's own.
      expect(anchorTo(html, "/tw/").length, path).toBeGreaterThan(0);
      expect(anchorTo(html, "/tw/search").length, path).toBeGreaterThan(0);
      // Main-only pages keep their address: the header's contact link.
      expect(anchorTo(html, "/contact").length, path).toBeGreaterThan(0);
    }
  });

  test("the story, category, search and not-found pages link the edition's stories, categories and search", async () => {
    const home = (await read("/tw/")).html;
    expect(home).toContain(`href="/tw/article/${twi.slug}"`);
    expect(home).toContain(`href="/tw/category/${twi.category}"`);
    expect(home).toContain('href="/tw/latest-news"');
    expect(home).toContain('action="/tw/newsletter"');
    const story = (await read(`/tw/article/${twi.slug}`)).html;
    expect(story).toContain(`href="/tw/category/${twi.category}"`);
    // The byline's author page and the story's tag pages, in the edition and linking inside it.
    const linked = addressesOf(story).filter((path) => /^\/tw\/(author|tag)\//.test(path));
    expect([...new Set(linked)].sort()).toEqual(["/tw/author/ama-mensah", "/tw/tag/kumasi"]);
    for (const path of new Set(linked)) {
      const page = await read(path);
      expect(page.status, path).toBe(200);
      expect(strayLinks(page.html), path).toEqual([]);
    }
    const found = (await read(`/tw/search?q=${encodeURIComponent(twi.word)}`)).html;
    expect(found).toMatch(/<form[^>]*action="\/tw\/search"/);
    expect(found).toContain(`href="/tw/article/${twi.slug}"`);
    // An address under the edition that is no page: the not-found page, in the edition.
    const missing = await read("/tw/no-such-page");
    expect(missing.status).toBe(404);
    expect(strayLinks(missing.html)).toEqual([]);
    expect(missing.html).toMatch(/<form[^>]*action="\/tw\/search"/);
    const missingStory = await read("/tw/article/no-such-story");
    expect(missingStory.status).toBe(404);
    expect(strayLinks(missingStory.html)).toEqual([]);
  });

  test("the head names the edition's addresses: canonical, og:url, feeds, structured data", async () => {
    const story = (await read(`/tw/article/${twi.slug}`)).html;
    expect(headLink(story, "canonical")).toEqual([`${ORIGIN}/tw/article/${twi.slug}`]);
    expect(metaContent(story, "og:url")).toBe(`${ORIGIN}/tw/article/${twi.slug}`);
    expect(headLink(story, "alternate", "application/rss+xml")).toEqual([`${ORIGIN}/tw/rss.xml`]);
    const storyUrls = ldUrls(story).filter((url) => !url.includes("/images/") && !url.includes("/uploads/"));
    expect(storyUrls.length).toBeGreaterThan(0);
    for (const url of storyUrls.filter((url) => url.startsWith(ORIGIN)))
      expect(url.startsWith(`${ORIGIN}/tw/`), url).toBe(true);
    const category = (await read(`/tw/category/${twi.category}`)).html;
    expect(headLink(category, "canonical")).toEqual([`${ORIGIN}/tw/category/${twi.category}`]);
    expect(headLink(category, "alternate", "application/rss+xml")).toEqual([
      `${ORIGIN}/tw/rss.xml`,
      `${ORIGIN}/tw/category/${twi.category}/rss.xml`,
    ]);
    const crumbs = jsonLdOf(category).find((ld) => ld["@type"] === "BreadcrumbList") as
      { itemListElement: Array<{ item: string }> } | undefined;
    expect(crumbs?.itemListElement.map((crumb) => crumb.item)).toEqual([
      `${ORIGIN}/tw/`,
      `${ORIGIN}/tw/category/${twi.category}`,
    ]);
    const home = (await read("/tw/")).html;
    expect(headLink(home, "canonical")).toEqual([`${ORIGIN}/tw/`]);
    const site = jsonLdOf(home).find((ld) => ld["@type"] === "WebSite") as
      { url: string; potentialAction: { target: { urlTemplate: string } } } | undefined;
    expect(site?.url).toBe(`${ORIGIN}/tw/`);
    expect(site?.potentialAction.target.urlTemplate).toBe(`${ORIGIN}/tw/search?q={search_term_string}`);
  });

  test("the edition's home link is the current page on its home only", async () => {
    const current = (html: string, href: string) =>
      anchorTo(html, href).filter((tag) => tag.includes('aria-current="page"')).length;
    // The header's and the phone menu's Home.
    expect(current((await read("/tw/")).html, "/tw/")).toBe(2);
    const search = (await read("/tw/search")).html;
    expect(current(search, "/tw/")).toBe(0);
    expect(current(search, "/tw/search")).toBe(1);
  });

  test("the Twi newsletter page holds one signup form: the footer's is left out there", async () => {
    const { html } = await read("/tw/newsletter");
    expect(html.match(/data-form="newsletter"/g)).toHaveLength(1);
    expect(html).toMatch(/<form[^>]*action="\/tw\/newsletter"/);
  });

  test("the main edition's pages name no Twi address", async () => {
    const twiAddress = /(?:href|action|content)="(?:http:\/\/localhost)?\/tw(?:[/?"])/;
    for (const path of [
      "/",
      `/article/${mainSlug}`,
      `/category/${twi.category}`,
      "/search?q=news",
      "/all-articles",
      "/no-such-page",
    ]) {
      const { html } = await read(path);
      expect(withoutAlternates(html), path).not.toMatch(twiAddress);
      expect(JSON.stringify(jsonLdOf(html)), path).not.toContain(`${ORIGIN}/tw`);
    }
    const home = (await read("/")).html;
    expect(headLink(home, "canonical")).toEqual([`${ORIGIN}/`]);
    expect(headLink(home, "alternate", "application/rss+xml")).toEqual([`${ORIGIN}/rss.xml`]);
    expect(anchorTo(home, "/").filter((tag) => tag.includes('aria-current="page"'))).toHaveLength(2);
  });
});
