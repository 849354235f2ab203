/**
 * Structured data and feed discovery on real reader pages (rendered whole, app/root's document):
 * the NewsArticle of every sample article passes Google's Rich Results rules for articles
 * (developers.google.com/search/docs/appearance/structured-data/article: headline, image, dates,
 * author, publisher), breadcrumbs are complete, home's WebSite search action points at the real search,
 * and no title can break out of its script.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, settings, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { getRequest, routeArgs } from "#test-support/route-calls";
import * as categoryFeed from "#app/routes/resources/category-feed";
import { jsonLdOf, readerDocuments } from "#test-support/reader-documents";

type Ld = Record<string, unknown>;
const ORIGIN = "http://localhost";
const ABSOLUTE = /^https?:\/\/[^\s]+$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Google's rules for an article's structured data, as a list of problems (empty: it passes). The
 * Rich Results Test names these properties for Article/NewsArticle; the publisher and its logo are
 * what Google News and Top Stories read.
 */
function articleRichResultProblems(ld: Ld): string[] {
  const problems: string[] = [];
  const add = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem);
  };
  add(ld["@context"] === "https://schema.org", "@context is not https://schema.org");
  add(["Article", "NewsArticle", "BlogPosting"].includes(String(ld["@type"])), "not an article type");
  const headline = ld.headline;
  add(typeof headline === "string" && headline.trim().length > 0, "headline is missing");
  add(typeof headline === "string" && headline.length <= 110, "headline is over 110 characters");
  const images = Array.isArray(ld.image) ? ld.image : [ld.image];
  add(
    images.length > 0 && images.every((i) => typeof i === "string" && ABSOLUTE.test(i)),
    "image: absolute URLs",
  );
  for (const date of ["datePublished", "dateModified"] as const)
    add(
      typeof ld[date] === "string" && ISO_WITH_ZONE.test(ld[date] as string),
      `${date}: ISO 8601 with a zone`,
    );
  add(
    Date.parse(String(ld.dateModified)) >= Date.parse(String(ld.datePublished)),
    "dateModified is before datePublished",
  );
  const authors = (Array.isArray(ld.author) ? ld.author : [ld.author]) as Array<Ld | undefined>;
  add(authors.length > 0, "author is missing");
  for (const author of authors) {
    add(
      author && ["Person", "Organization"].includes(String(author["@type"])),
      "author: Person or Organization",
    );
    add(typeof author?.name === "string" && author.name.trim(), "author.name is missing");
    add(author?.url === undefined || ABSOLUTE.test(String(author.url)), "author.url is not absolute");
  }
  const publisher = ld.publisher as Ld | undefined;
  add(publisher?.["@type"] === "Organization", "publisher is not an Organization");
  add(typeof publisher?.name === "string" && publisher.name.trim(), "publisher.name is missing");
  const logo = publisher?.logo as Ld | undefined;
  add(
    logo?.["@type"] === "ImageObject" && ABSOLUTE.test(String(logo.url)),
    "publisher.logo: absolute ImageObject",
  );
  const page = ld.mainEntityOfPage as Ld | undefined;
  add(ABSOLUTE.test(String(page?.["@id"] ?? page)), "mainEntityOfPage is not an absolute URL");
  return problems;
}

/** Google's rules for a breadcrumb trail: at least two items, each with position, name and item URL. */
function breadcrumbProblems(ld: Ld): string[] {
  const items = (ld.itemListElement ?? []) as Ld[];
  const problems: string[] = [];
  if (ld["@type"] !== "BreadcrumbList") problems.push("not a BreadcrumbList");
  if (items.length < 2) problems.push("fewer than two items");
  items.forEach((item, index) => {
    if (item["@type"] !== "ListItem") problems.push(`${index}: not a ListItem`);
    if (item.position !== index + 1) problems.push(`${index}: position ${String(item.position)}`);
    if (typeof item.name !== "string" || !item.name) problems.push(`${index}: no name`);
    if (!ABSOLUTE.test(String(item.item))) problems.push(`${index}: item is not an absolute URL`);
  });
  return problems;
}

const ofType = (lds: Ld[], type: string) => lds.filter((ld) => ld["@type"] === type);
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

describe("structured data on reader pages", () => {
  let database: TestDatabase;
  let read: ReturnType<typeof readerDocuments>;
  let published: Array<{
    id: string;
    slug: string | null;
    title: string;
    tags: string[];
    authorName: string;
  }>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    await database.db.update(settings).set({
      siteTitle: "Accra Daily",
      siteDescription: "News from Ghana",
      socialMedia: {
        facebook: "https://facebook.com/accradaily",
        twitter: "@accradaily", // a handle, not an address: left out of sameAs
        instagram: "",
        youtube: "https://youtube.com/@accradaily",
        linkedin: "",
        tiktok: "",
        telegram: "",
        whatsapp: "",
        pinterest: "",
      },
    });
    forgetCachedSettings();
    read = readerDocuments(database.db);
    published = await database.db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        tags: articles.tags,
        authorName: articles.authorName,
      })
      .from(articles)
      .where(eq(articles.status, "published"));
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  test("the rules can fail: an article without images, dates or publisher logo is refused", () => {
    expect(
      articleRichResultProblems({
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: "x".repeat(111),
        image: ["/relative.png"],
        datePublished: "yesterday",
        author: [{ "@type": "Person" }],
        publisher: { "@type": "Organization", name: "N" },
      }),
    ).toEqual([
      "headline is over 110 characters",
      "image: absolute URLs",
      "datePublished: ISO 8601 with a zone",
      "dateModified: ISO 8601 with a zone",
      "dateModified is before datePublished",
      "author.name is missing",
      "publisher.logo: absolute ImageObject",
      "mainEntityOfPage is not an absolute URL",
    ]);
  });

  test("every sample article's NewsArticle passes Google's rules for articles, from the settings and the article", async () => {
    expect(published).toHaveLength(4);
    for (const article of published) {
      const { status, html } = await read(`/article/${article.slug}`);
      expect(status).toBe(200);
      const lds = jsonLdOf(html);
      const [news, ...more] = ofType(lds, "NewsArticle");
      expect(more).toHaveLength(0);
      expect(articleRichResultProblems(news!), article.title).toEqual([]);
      expect(news).toMatchObject({
        headline: article.title,
        author: [{ "@type": "Person", name: article.authorName }],
        publisher: {
          name: "Accra Daily",
          logo: { "@type": "ImageObject", url: `${ORIGIN}/images/logo-512.png`, width: 512, height: 512 },
        },
        mainEntityOfPage: { "@type": "WebPage", "@id": `${ORIGIN}/article/${article.slug}` },
        isAccessibleForFree: true,
        keywords: article.tags.join(", "),
      });
      expect(typeof news!.articleSection).toBe("string");
      expect(String(news!.description).length).toBeGreaterThan(20);
      // The sample images are the article's own (SVG, which Google Images reads), made absolute.
      expect(news!.image).toEqual([expect.stringMatching(/^http:\/\/localhost\/images\/sample\/.+\.svg$/)]);
    }
  });

  test("an author with an author page is linked; the modified date follows the last revision", async () => {
    const [author] = await database.db
      .insert(users)
      .values({ email: "ama@example.com", name: "Ama Owusu", slug: "ama-owusu", role: "writer" })
      .returning();
    const article = published[0]!;
    const revisedAt = new Date(Date.now() - 60_000);
    await database.db
      .update(articles)
      .set({ authorId: author!.id, authorName: "Ama Owusu", revisedAt })
      .where(eq(articles.id, article.id));
    const news = ofType(jsonLdOf((await read(`/article/${article.slug}`)).html), "NewsArticle")[0]!;
    expect(news.author).toEqual([
      { "@type": "Person", name: "Ama Owusu", url: `${ORIGIN}/author/ama-owusu` },
    ]);
    expect(news.dateModified).toBe(revisedAt.toISOString());
    expect(articleRichResultProblems(news)).toEqual([]);
  });

  test("a headline over 110 characters is cut at a word; a title with </script> cannot leave the script", async () => {
    const article = published[1]!;
    const title = `Breaking </script><script>alert("x")</script> ${"longer words ".repeat(10)}end`;
    await database.db.update(articles).set({ title }).where(eq(articles.id, article.id));
    const { html } = await read(`/article/${article.slug}`);
    expect(html).not.toContain('<script>alert("x")');
    expect(html).toContain("\\u003c/script\\u003e");
    const news = ofType(jsonLdOf(html), "NewsArticle")[0]!;
    expect(String(news.headline).length).toBeLessThanOrEqual(110);
    expect(news.headline).toMatch(/^Breaking <\/script><script>alert\("x"\)<\/script> longer words.*…$/);
    expect(articleRichResultProblems(news)).toEqual([]);
  });

  test("article breadcrumbs: Home, the category, the article", async () => {
    const article = published[2]!;
    const crumbs = ofType(jsonLdOf((await read(`/article/${article.slug}`)).html), "BreadcrumbList");
    expect(crumbs).toHaveLength(1);
    expect(breadcrumbProblems(crumbs[0]!)).toEqual([]);
    const items = crumbs[0]!.itemListElement as Ld[];
    expect(items.map((item) => item.item)).toEqual([
      `${ORIGIN}/`,
      expect.stringMatching(/^http:\/\/localhost\/category\/[a-z-]+$/),
      `${ORIGIN}/article/${article.slug}`,
    ]);
    expect(items[2]!.name).toBe(article.title);
  });

  test("home: the Organization with its social profiles and the WebSite with a search action that works", async () => {
    const { html } = await read("/");
    const lds = jsonLdOf(html);
    expect(ofType(lds, "Organization")[0]).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Accra Daily",
      url: `${ORIGIN}/`,
      logo: { "@type": "ImageObject", url: `${ORIGIN}/images/logo-512.png`, width: 512, height: 512 },
      sameAs: ["https://facebook.com/accradaily", "https://youtube.com/@accradaily"],
    });
    const site = ofType(lds, "WebSite")[0]!;
    expect(site).toMatchObject({ name: "Accra Daily", url: `${ORIGIN}/` });
    const action = site.potentialAction as Ld;
    expect(action["@type"]).toBe("SearchAction");
    expect(action["query-input"]).toBe("required name=search_term_string");
    const template = String((action.target as Ld).urlTemplate);
    expect(template).toBe(`${ORIGIN}/search?q={search_term_string}`);
    // The template filled in finds the sample story about cocoa: the parameter is the one search reads.
    const search = await read(template.replace(ORIGIN, "").replace("{search_term_string}", "cocoa"));
    expect(search.status).toBe(200);
    expect(search.html).toMatch(/Found [1-9]\d* results?/);
  });

  test("a category page has its breadcrumb and announces its own feed beside the site's", async () => {
    const { html } = await read("/category/business");
    const crumbs = ofType(jsonLdOf(html), "BreadcrumbList");
    expect(crumbs).toHaveLength(1);
    expect(breadcrumbProblems(crumbs[0]!)).toEqual([]);
    expect((crumbs[0]!.itemListElement as Ld[]).map((item) => [item.name, item.item])).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Business", `${ORIGIN}/category/business`],
    ]);
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Accra Daily RSS Feed" href="${ORIGIN}/rss.xml"/>`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Accra Daily - Business RSS Feed" href="${ORIGIN}/category/business/rss.xml"/>`,
    );
    // An unknown category offers no feed and no breadcrumb.
    const unknown = await read("/category/no-such-thing");
    expect(unknown.html).not.toContain("/category/no-such-thing/rss.xml");
    expect(ofType(jsonLdOf(unknown.html), "BreadcrumbList")).toHaveLength(0);
  });

  test("every reader page announces the site feed", async () => {
    for (const path of ["/", `/article/${published[3]!.slug}`, "/search?q=cocoa"]) {
      const { html } = await read(path);
      expect(html, path).toContain(
        `type="application/rss+xml" title="Accra Daily RSS Feed" href="${ORIGIN}/rss.xml"`,
      );
    }
  });

  test("the category feed answers RSS for a category and 404 for an unknown one", async () => {
    const load = (slug: string) =>
      categoryFeed.loader(
        routeArgs(getRequest(`/category/${slug}/rss.xml`), { categorySlug: slug }) as never,
      ) as Promise<Response>;
    const feed = await load("business");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(await feed.text()).toContain("<title>Accra Daily - Business</title>");
    const missing = await load("no-such-thing");
    expect(missing.status).toBe(404);
  });

  test("the search-and-sharing overrides replace the title and description in the head, not the headline", async () => {
    const article = published[3]!;
    await database.db
      .update(articles)
      .set({
        seoTitle: "Cocoa farmers: what the new price means",
        seoDescription: "A short guide for farmers.",
      })
      .where(eq(articles.id, article.id));
    const { html } = await read(`/article/${article.slug}`);
    expect(html).toContain("<title>Cocoa farmers: what the new price means - Accra Daily</title>");
    expect(metaContent(html, "description")).toBe("A short guide for farmers.");
    expect(metaContent(html, "og:title")).toBe("Cocoa farmers: what the new price means");
    expect(metaContent(html, "og:description")).toBe("A short guide for farmers.");
    expect(metaContent(html, "twitter:title")).toBe("Cocoa farmers: what the new price means");
    expect(metaContent(html, "twitter:description")).toBe("A short guide for farmers.");
    const news = ofType(jsonLdOf(html), "NewsArticle")[0]!;
    expect(news.headline).toBe(article.title);
    expect(news.description).toBe("A short guide for farmers.");
    // Without overrides the page is as before: the article's title and summary.
    await database.db
      .update(articles)
      .set({ seoTitle: "", seoDescription: "" })
      .where(eq(articles.id, article.id));
    const plain = (await read(`/article/${article.slug}`)).html;
    expect(metaContent(plain, "og:title")).toBe(article.title.replaceAll("&", "&amp;"));
    expect(plain).toContain(`<title>${article.title.replaceAll("&", "&amp;")} - Accra Daily</title>`);
  });
});
