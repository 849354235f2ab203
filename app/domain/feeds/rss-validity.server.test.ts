/**
 * The feeds are valid RSS 2.0 (https://www.rssboard.org/rss-specification) and every XML file is
 * well-formed whatever a newsroom types: read back by a strict XML reader (tests/support/strict-xml-reader.ts), with the
 * required channel and item elements checked. A title pasted with control characters (\x0b, \x01:
 * a hostile-input probe found this) once made the whole feed unreadable.
 */
import { MAIN_EDITION, MAIN_ONLY } from "#test-support/editions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, categories } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { firstRow } from "#app/db/rows";
import { escapeXml, feedCategory, newsSitemapXml, rssXml, sitemapXml } from "./feeds.server";
import { childrenNamed, childText, parseXml, type XmlElement } from "#test-support/strict-xml-reader";

const BASE = "https://news.example.com";
const SETTINGS = { siteTitle: "Accra Daily <News>", siteDescription: "Ghana & beyond", language: "en" };
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const ABSOLUTE = /^https?:\/\/[^\s<>"]+$/;
const DIRTY_TITLE = "Cocoa\u000b prices \u0001rise & <b>fall</b>\ufffe";
const CLEAN_TITLE = "Cocoa prices rise & <b>fall</b>";

test("the strict reader refuses what XML forbids, so the checks below can fail", () => {
  expect(() => parseXml("<a>x\u000by</a>")).toThrow(/U\+000b/);
  expect(() => parseXml("<a>Tom & Jerry</a>")).toThrow(/bare "&"/);
  expect(() => parseXml("<a><b></a></b>")).toThrow(/does not close/);
  expect(() => parseXml("<a>&nbsp;</a>")).toThrow(/unknown entity/);
  expect(() => parseXml("<a/><b/>")).toThrow(/second root/);
  expect(parseXml('<?xml version="1.0" encoding="UTF-8"?><a x="1&amp;2">&lt;b&gt;</a>')).toMatchObject({
    name: "a",
    attributes: { x: "1&2" },
    text: "<b>",
  });
});

test("XML text drops the characters XML 1.0 forbids and escapes markup", () => {
  expect(escapeXml("a\u0000b\u0008c\u000bd\u000ce\u001ff\ufffeg\uffffh")).toBe("abcdefgh");
  // Tab, newline and carriage return are allowed; a whole emoji (a surrogate pair) stays, half of one goes.
  expect(escapeXml("a\tb\nc\rd 🇬🇭 \ud83c")).toBe("a\tb\nc\rd 🇬🇭 ");
  expect(parseXml(`<t>${escapeXml(DIRTY_TITLE)}</t>`).text).toBe("Cocoa prices rise & <b>fall</b>");
});

/** The RSS 2.0 channel, checked for its required elements and the ones readers rely on. */
function checkChannel(xml: string, selfUrl: string): XmlElement {
  const rss = parseXml(xml);
  expect(rss.name).toBe("rss");
  expect(rss.attributes.version).toBe("2.0");
  expect(rss.attributes["xmlns:atom"]).toBe("http://www.w3.org/2005/Atom");
  const channels = childrenNamed(rss, "channel");
  expect(channels).toHaveLength(1);
  const channel = channels[0]!;
  for (const required of ["title", "link", "description"])
    expect(childText(channel, required)?.trim(), `channel ${required}`).toBeTruthy();
  expect(childText(channel, "link")).toMatch(ABSOLUTE);
  expect(childText(channel, "language")).toBe("en");
  expect(childText(channel, "lastBuildDate")).toMatch(RFC_822);
  const self = childrenNamed(channel, "atom:link");
  expect(self).toHaveLength(1);
  expect(self[0]!.attributes).toEqual({ href: selfUrl, rel: "self", type: "application/rss+xml" });
  for (const item of childrenNamed(channel, "item")) {
    expect(childText(item, "title")?.trim()).toBeTruthy();
    const link = childText(item, "link") ?? "";
    expect(link).toMatch(ABSOLUTE);
    const guid = childrenNamed(item, "guid")[0];
    expect(guid?.attributes.isPermaLink).toBe("true");
    // The id's address: a story keeps its identity in feed readers when an editor renames its slug.
    expect(guid?.text).toMatch(ABSOLUTE);
    expect(guid?.text).toMatch(/\/article\/[0-9a-f-]{36}$/);
    expect(childText(item, "pubDate")).toMatch(RFC_822);
    expect(childText(item, "description")).toBeDefined();
  }
  return channel;
}

describe.each(TEST_ENGINES)("feeds as RSS 2.0 on %s", (engine) => {
  let database: TestDatabase;
  let dirtyId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "Admin12345" });
    const business = firstRow(
      await database.db.select().from(categories).where(eq(categories.slug, "business")),
    );
    dirtyId = firstRow(
      await database.db
        .insert(articles)
        .values({
          title: DIRTY_TITLE,
          excerpt: "Farmers\u0001 say </description> is \u000bnot the end",
          authorName: "Ama\u0008 Owusu",
          content: "<p>x</p>",
          status: "published",
          publishedAt: new Date(),
          categoryId: business.id,
        })
        .returning({ id: articles.id }),
    ).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("the site feed is valid RSS 2.0 and a title with control characters leaves it well-formed", async () => {
    const channel = checkChannel(await rssXml(database.db, BASE, SETTINGS, MAIN_EDITION), `${BASE}/rss.xml`);
    expect(childText(channel, "title")).toBe("Accra Daily <News>");
    expect(childText(channel, "link")).toBe(`${BASE}/`);
    const items = childrenNamed(channel, "item");
    expect(items).toHaveLength(5);
    const dirty = items.find((item) => childText(item, "guid")?.endsWith(dirtyId));
    expect(childText(dirty!, "title")).toBe(CLEAN_TITLE);
    expect(childText(dirty!, "description")).toBe("Farmers say </description> is not the end");
    expect(childText(dirty!, "dc:creator")).toBe("Ama Owusu");
  });

  test("a category's feed lists only that category's stories and names itself", async () => {
    const business = await feedCategory(database.db, "business");
    expect(business).toMatchObject({ name: "Business", slug: "business" });
    const channel = checkChannel(
      await rssXml(database.db, BASE, SETTINGS, MAIN_EDITION, business!),
      `${BASE}/category/business/rss.xml`,
    );
    expect(childText(channel, "title")).toBe("Accra Daily <News> - Business");
    expect(childText(channel, "link")).toBe(`${BASE}/category/business`);
    expect(childText(channel, "description")).toBe("Markets, trade, cocoa, gold and the cedi.");
    const items = childrenNamed(channel, "item");
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) expect(childText(item, "category")).toBe("Business");
    // A category with no stories is still a valid feed, built now.
    const empty = await feedCategory(database.db, "gallery");
    const emptyChannel = checkChannel(
      await rssXml(database.db, BASE, SETTINGS, MAIN_EDITION, empty!),
      `${BASE}/category/gallery/rss.xml`,
    );
    expect(childrenNamed(emptyChannel, "item")).toHaveLength(0);
    expect(await feedCategory(database.db, "no-such-category")).toBeNull();
  });

  test("the sitemaps stay well-formed with the same title", async () => {
    const sitemap = parseXml(await sitemapXml(database.db, BASE, MAIN_ONLY));
    expect(sitemap.name).toBe("urlset");
    const news = parseXml(await newsSitemapXml(database.db, BASE, "Accra\u0001 Daily", MAIN_ONLY));
    const titles = news.children.map((url) => url.children[1]?.children.find((c) => c.name === "news:title"));
    expect(titles.map((title) => title?.text)).toContain(CLEAN_TITLE);
  });
});
