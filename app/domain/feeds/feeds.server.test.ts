import { eq } from "drizzle-orm";
import { MAIN_EDITION, MAIN_ONLY } from "#test-support/editions";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { adsTxt, escapeXml, newsSitemapXml, robotsTxt, rssXml, sitemapXml } from "./feeds.server";
import { firstRow } from "#app/db/rows";

test("ads.txt exists only when ads are on with a publisher id", () => {
  expect(adsTxt({ adsEnabled: true, adsPublisherId: "ca-pub-1234567890123456" })).toBe(
    "google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n",
  );
  expect(adsTxt({ adsEnabled: false, adsPublisherId: "pub-1234567890123456" })).toBeNull();
  expect(adsTxt({ adsEnabled: true, adsPublisherId: "" })).toBeNull();
  expect(adsTxt({ adsEnabled: true, adsPublisherId: "pub-12<script>" })).toBeNull();
});

test("robots.txt keeps crawlers out of the back office and points at the sitemaps", () => {
  const robots = robotsTxt("https://news.example.com");
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Sitemap: https://news.example.com/sitemap.xml");
});

test("XML text is escaped", () => {
  expect(escapeXml(`Tom & "Jerry" <b>`)).toBe("Tom &amp; &quot;Jerry&quot; &lt;b&gt;");
});

describe.each(TEST_ENGINES)("feeds on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "Admin12345" });
    await database.db.insert(articles).values({
      title: "Secret draft & plans",
      status: "draft",
      content: "<p>x</p>",
      tags: ["Hidden Plans"],
    });
    // One writer with a published story (an author page), one with a draft only (none yet).
    const [writer, drafter] = await database.db
      .insert(users)
      .values([
        { email: "kwame@example.com", name: "Kwame Asante", slug: "kwame-asante", role: "writer" },
        { email: "yaw@example.com", name: "Yaw Draft", slug: "yaw-draft", role: "writer" },
      ])
      .returning();
    await database.db.insert(articles).values([
      {
        title: "Market day",
        slug: "market-day",
        status: "published",
        content: "<p>x</p>",
        authorId: writer?.id,
        publishedAt: new Date(),
      },
      { title: "Not yet", status: "draft", content: "<p>x</p>", authorId: drafter?.id },
    ]);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("sitemap, news sitemap and RSS list published articles only", async () => {
    const published = await database.db
      .select({ id: articles.id, slug: articles.slug })
      .from(articles)
      .where(eq(articles.status, "published"));
    const draft = firstRow(
      await database.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.title, "Secret draft & plans")),
    );
    const sitemap = await sitemapXml(database.db, "https://n.example", MAIN_ONLY);
    const news = await newsSitemapXml(database.db, "https://n.example", "Newsdesk", MAIN_ONLY);
    const rss = await rssXml(
      database.db,
      "https://n.example",
      { siteTitle: "Newsdesk", siteDescription: "d", language: "en" },
      MAIN_EDITION,
    );
    for (const a of published) {
      // Readable addresses; the RSS item keeps the id's address (it redirects) as its lasting guid.
      expect(a.slug).toBeTruthy();
      expect(sitemap).toContain(`https://n.example/article/${a.slug}<`);
      expect(rss).toContain(`<link>https://n.example/article/${a.slug}</link>`);
      expect(rss).toContain(`https://n.example/article/${a.id}</guid>`);
    }
    for (const xml of [sitemap, news, rss]) {
      expect(xml).not.toContain(draft.id);
      expect(xml).not.toContain("Secret draft");
    }
    expect(sitemap).toContain("https://n.example/category/travel-and-events");
    // Author and tag pages that have a published story; not a tag only a draft carries.
    const tagged = await database.db
      .select({ tagSlugs: articles.tagSlugs })
      .from(articles)
      .where(eq(articles.status, "published"));
    const tagSlugs = new Set(tagged.flatMap((a) => a.tagSlugs));
    expect(tagSlugs.size).toBeGreaterThan(0);
    for (const slug of tagSlugs) expect(sitemap).toContain(`https://n.example/tag/${slug}<`);
    expect(sitemap).not.toContain("/tag/hidden-plans");
    const authors = await database.db
      .selectDistinct({ slug: users.slug })
      .from(users)
      .innerJoin(articles, eq(articles.authorId, users.id))
      .where(eq(articles.status, "published"));
    expect(authors).toEqual([{ slug: "kwame-asante" }]);
    for (const a of authors) expect(sitemap).toContain(`https://n.example/author/${a.slug}<`);
    expect(sitemap.match(/\/author\//g)).toHaveLength(authors.length);
    // The seed publishes two articles within the last two days (3 h and 20 h ago), and "Market day" now.
    expect(news.match(/<url>/g)).toHaveLength(3);
    expect(rss.match(/<item>/g)).toHaveLength(5);
  });
});
