/**
 * A live story's updates as RSS 2.0 (/article/<slug>/updates.rss): the published updates newest first,
 * each at its anchor on the story's page; a writer's update waiting for review never in it; whatever a
 * newsroom types read back by a strict XML reader; and 404 for a story nobody may follow live.
 */
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articleSlugs, articles, liveUpdates, settings, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { staff } from "#test-support/article-fixtures";
import {
  approveLiveUpdate,
  endLiveCoverage,
  postLiveUpdate,
  startLiveCoverage,
} from "#app/domain/live/live.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { loader } from "#app/routes/resources/live-feed";
import { liveFeedStory, liveUpdatesRss, type LiveFeedStory } from "./feeds.server";
import { childrenNamed, childText, parseXml, type XmlElement } from "#test-support/strict-xml-reader";
import { testServices } from "#test-support/services";

const BASE = "https://news.example.com";
const SITE_TITLE = "Accra <Daily> & Co";
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const at = (minute: number) => new Date(Date.UTC(2024, 11, 7, 20, minute));

/** The feed's channel, read by the strict reader: a feed that is not well-formed fails here. */
function channelOf(xml: string): XmlElement {
  const rss = parseXml(xml);
  expect(rss.name).toBe("rss");
  expect(rss.attributes.version).toBe("2.0");
  return childrenNamed(rss, "channel")[0]!;
}
const itemsOf = (xml: string) => childrenNamed(channelOf(xml), "item");

describe.each(TEST_ENGINES)("a live story's feed on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const writer = staff("writer", "Wiredu");
  let story: { id: string; slug: string };
  let storyUrl: string;

  /** The route as a feed reader asks it, by the story's slug or id (or anything else). */
  const fetchFeed = (address: string) =>
    loader({
      request: new Request(`${BASE}/article/${address}/updates.rss`),
      params: { id: address },
      context: { db: database.db },
    } as never) as Promise<Response>;

  const feedStory = async () => {
    const found = await liveFeedStory(database.db, story.id);
    expect(found).not.toBeNull();
    return found as LiveFeedStory;
  };
  const feed = async () =>
    liveUpdatesRss(
      database.db,
      BASE,
      { siteTitle: SITE_TITLE, siteDescription: "", language: "en" },
      await feedStory(),
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, {
      adminEmail: "admin@example.com",
      adminPassword: "secret12",
      siteUrl: BASE,
    });
    await database.db.update(settings).set({ siteTitle: SITE_TITLE });
    await database.db.insert(users).values([
      { id: editor.id, email: editor.email, name: editor.name, role: "editor" },
      { id: writer.id, email: writer.email, name: writer.name, role: "writer" },
    ]);
    forgetCachedSettings();
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(liveUpdates);
    await database.db.delete(articleSlugs);
    await database.db.update(articles).set({ liveStartedAt: null, liveEndedAt: null });
    const [row] = await database.db
      .select({ id: articles.id, slug: articles.slug })
      .from(articles)
      .where(eq(articles.status, "published"))
      .orderBy(articles.id)
      .limit(1);
    story = { id: row!.id, slug: row!.slug! };
    storyUrl = `${BASE}/article/${story.slug}`;
    // The writer's own story, published, whose writers' updates wait for an editor.
    await database.db
      .update(articles)
      .set({ authorId: writer.id, writersPostLiveDirectly: false, title: "Election night" })
      .where(eq(articles.id, story.id));
  });

  /** Posts as `who` and sets the update's time, so the order does not hang on the clock. */
  async function post(who: typeof editor, minute: number, values: { title: string; content: string }) {
    const update = await postLiveUpdate(testServices(database.db), who, story.id, values);
    await database.db
      .update(liveUpdates)
      .set({ createdAt: at(minute) })
      .where(eq(liveUpdates.id, update.id));
    return update;
  }

  test("the published updates are items newest first, each linked to its anchor on the story's page", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    await database.db
      .update(articles)
      .set({ liveStartedAt: at(0) })
      .where(eq(articles.id, story.id));
    // Before the first update: a feed with no items, built when the coverage started.
    const empty = await feed();
    expect(itemsOf(empty)).toEqual([]);
    expect(childText(channelOf(empty), "lastBuildDate")).toBe(at(0).toUTCString());

    const longText =
      "Turnout in the Ashanti region passed seventy per cent for the first time since the return to " +
      "multi-party rule, officials said on Saturday evening.";
    const first = await post(editor, 5, {
      title: "Polls close",
      content: "<p>Counting <em>has</em> begun.</p>",
    });
    const second = await post(editor, 10, { title: "", content: `<p>${longText}</p>` });
    const third = await post(editor, 15, { title: "First result", content: "<p>Ayawaso West declared.</p>" });
    // An edit after the newest update is when the channel last changed.
    await database.db
      .update(liveUpdates)
      .set({ editedAt: at(20) })
      .where(eq(liveUpdates.id, first.id));

    const xml = await feed();
    const channel = channelOf(xml);
    expect(childText(channel, "title")).toBe(`${SITE_TITLE} - Election night: live updates`);
    expect(childText(channel, "link")).toBe(storyUrl);
    expect(childText(channel, "description")?.trim()).toBeTruthy();
    expect(childText(channel, "language")).toBe("en");
    expect(childText(channel, "lastBuildDate")).toBe(at(20).toUTCString());
    expect(childText(channel, "lastBuildDate")).toMatch(RFC_822);
    expect(childrenNamed(channel, "atom:link")[0]!.attributes).toEqual({
      href: `${storyUrl}/updates.rss`,
      rel: "self",
      type: "application/rss+xml",
    });

    const items = itemsOf(xml);
    expect(items.map((item) => childText(item, "link"))).toEqual(
      [third, second, first].map((u) => `${storyUrl}#update-${u.id}`),
    );
    for (const item of items) {
      const guid = childrenNamed(item, "guid")[0]!;
      expect(guid.attributes).toEqual({ isPermaLink: "true" });
      expect(guid.text).toBe(childText(item, "link"));
      expect(childText(item, "dc:creator")).toBe("Edem");
    }
    expect(items.map((item) => childText(item, "pubDate"))).toEqual(
      [15, 10, 5].map((minute) => at(minute).toUTCString()),
    );
    expect(childText(items[0]!, "title")).toBe("First result");
    expect(childText(items[0]!, "description")).toBe("Ayawaso West declared.");
    expect(childText(items[2]!, "description")).toBe("Counting has begun.");
    // No title: the opening of its text, at most 100 characters cut at a word, with an ellipsis.
    const fallback = childText(items[1]!, "title")!;
    expect(fallback).toBe(
      "Turnout in the Ashanti region passed seventy per cent for the first time since the return to...",
    );
    expect(fallback.length).toBeLessThanOrEqual(103);
    expect(childText(items[1]!, "description")).toBe(longText);
  });

  test("a writer's update waiting for review is not in the feed until an editor approves it", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    await post(editor, 5, { title: "Polls close", content: "<p>Counting begins.</p>" });
    const waiting = await postLiveUpdate(testServices(database.db), writer, story.id, {
      title: "Unverified: recount in Tema",
      content: "<p>Sources say a recount is likely.</p>",
    });
    expect(waiting.status).toBe("pending");

    const before = await feed();
    expect(itemsOf(before).map((item) => childText(item, "title"))).toEqual(["Polls close"]);
    expect(before).not.toContain("recount");
    expect(before).not.toContain(waiting.id);

    await approveLiveUpdate(testServices(database.db), editor, waiting.id);
    const after = itemsOf(await feed());
    expect(after.map((item) => childText(item, "title"))).toEqual([
      "Unverified: recount in Tema",
      "Polls close",
    ]);
    expect(childText(after[0]!, "dc:creator")).toBe("Wiredu");
  });

  test("markup and characters XML forbids are escaped or dropped, so the feed stays well-formed", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    await database.db
      .update(articles)
      .set({ title: 'Vote "count" <live> & more\u000b' })
      .where(eq(articles.id, story.id));
    // Written by hand (no form, no sanitiser): a script, a control character, entities, quotes.
    await database.db.insert(liveUpdates).values({
      articleId: story.id,
      authorName: "O'Brien & <Sons>",
      title: "Tom & Jerry <b>win</b> \u0001'seat'",
      content: '<p>Tom &amp; Jer\u0001ry said "hi" &lt;ok&gt;</p><script>alert("x")</script>',
      status: "published",
      createdAt: at(30),
    });

    const xml = await feed();
    const channel = channelOf(xml);
    expect(childText(channel, "title")).toBe(`${SITE_TITLE} - Vote "count" <live> & more: live updates`);
    const [item] = itemsOf(xml);
    expect(childText(item!, "title")).toBe("Tom & Jerry <b>win</b> 'seat'");
    expect(childText(item!, "description")).toBe('Tom & Jerry said "hi" <ok>');
    expect(childText(item!, "dc:creator")).toBe("O'Brien & <Sons>");
    expect(xml).not.toContain("<script");
    expect(xml).not.toContain("alert");
    expect(xml).not.toContain("<b>");
    for (const forbidden of ["\u0001", "\u000b"]) expect(xml).not.toContain(forbidden);
  });

  test("the feed lists the newest 50 updates", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    await database.db.insert(liveUpdates).values(
      Array.from({ length: 55 }, (_, n) => ({
        articleId: story.id,
        title: `Update ${n}`,
        content: `<p>Number ${n}.</p>`,
        status: "published" as const,
        createdAt: at(n),
      })),
    );
    const titles = itemsOf(await feed()).map((item) => childText(item, "title"));
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe("Update 54");
    expect(titles.at(-1)).toBe("Update 5");
  });

  test("the route answers RSS with a short cache, by slug and by id's redirect, and keeps ended coverage's feed", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    await post(editor, 5, { title: "Polls close", content: "<p>Counting begins.</p>" });
    await endLiveCoverage(database.db, editor, story.id);

    const response = await fetchFeed(story.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    const channel = channelOf(await response.text());
    expect(childText(channel, "title")).toBe(`${SITE_TITLE} - Election night: live updates`);
    expect(childrenNamed(channel, "item").map((item) => childText(item, "title"))).toEqual(["Polls close"]);

    // An earlier slug, and the id of a story that has a slug, move for good to the current feed.
    await database.db
      .insert(articleSlugs)
      .values({ slug: "election-night-draft-title", articleId: story.id });
    for (const address of ["election-night-draft-title", story.id]) {
      const moved = await fetchFeed(address);
      expect(moved.status, address).toBe(301);
      expect(moved.headers.get("Location"), address).toBe(`/article/${story.slug}/updates.rss`);
    }
  });

  test("a story never live, a draft with live updates and an unknown address answer 404, never a feed", async () => {
    const expectNotFound = async (address: string) => {
      const response = await fetchFeed(address);
      expect(response.status, address).toBe(404);
      expect(response.headers.get("Content-Type"), address).toBe("text/plain; charset=utf-8");
      expect(await response.text(), address).toBe("Not found\n");
    };
    // Published, never live.
    await expectNotFound(story.slug);
    await expectNotFound(story.id);
    expect(await liveFeedStory(database.db, story.id)).toBeNull();

    // A draft whose coverage runs, with a published update: nothing of it is public.
    const [draft] = await database.db
      .select({ id: articles.id, slug: articles.slug })
      .from(articles)
      .where(and(eq(articles.status, "published"), ne(articles.id, story.id)))
      .limit(1);
    await database.db.update(articles).set({ status: "draft" }).where(eq(articles.id, draft!.id));
    try {
      await startLiveCoverage(database.db, editor, draft!.id);
      await postLiveUpdate(testServices(database.db), editor, draft!.id, {
        title: "Embargoed",
        content: "<p>Not yet.</p>",
      });
      await expectNotFound(draft!.slug!);
      await expectNotFound(draft!.id);
      expect(await liveFeedStory(database.db, draft!.id)).toBeNull();
    } finally {
      await database.db.update(articles).set({ status: "published" }).where(eq(articles.id, draft!.id));
    }

    await expectNotFound("no-such-story");
  });
});
