/**
 * A live story's page as a reader without JavaScript gets it (rendered whole, app/root's document):
 * the updates newest first with their anchors, key points, a Refresh link, paging for long streams, and
 * LiveBlogPosting structured data with the coverage's times and updates.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articles, liveUpdates, users } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { staff } from "#test-support/article-fixtures";
import {
  endLiveCoverage,
  LIVE_PAGE_SIZE,
  pinLiveUpdate,
  postLiveUpdate,
  startLiveCoverage,
} from "#app/domain/live/live.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { FLAG_LABEL } from "#app/components/site/category-badge";
import { EN_MESSAGES } from "#app/i18n/messages/en";
import { jsonLdOf, readerDocuments } from "#test-support/reader-documents";
import { testServices } from "#test-support/services";

/** The section's English words (the main edition's). */
const T = {
  heading: EN_MESSAGES["live.heading"],
  live: EN_MESSAGES["live.live"],
  ended: EN_MESSAGES["live.ended"],
  refresh: EN_MESSAGES["live.refresh"],
  keyPoints: EN_MESSAGES["live.keyPoints"],
  older: EN_MESSAGES["live.older"],
  newer: EN_MESSAGES["live.newer"],
};
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** The one link with this text in the page, by its address. */
const linkTo = (html: string, text: string) =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].filter((m) => m[2] === text).map((m) => m[1]);
/** The card (a listing's <article>, the home page's top story <section>) that links to `path`, as text. */
const cardText = (html: string, path: string) => {
  const card = html.split(/<(?:article|section)\b/).find((part) => part.includes(`href="${path}"`)) ?? ">";
  return textOf(card.slice(card.indexOf(">") + 1).split(/<\/(?:article|section)>/)[0]!);
};
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a live story's page", () => {
  let database: TestDatabase;
  let read: ReturnType<typeof readerDocuments>;
  const editor = staff("editor", "Edem");
  let story: { id: string; path: string };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
    forgetCachedSettings();
    read = readerDocuments(database.db);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(liveUpdates);
    await database.db.update(articles).set({ liveStartedAt: null, liveEndedAt: null });
    const [row] = await database.db
      .select({ id: articles.id, slug: articles.slug })
      .from(articles)
      .where(and(eq(articles.status, "published")))
      .limit(1);
    story = { id: row!.id, path: `/article/${row!.slug}` };
  });

  test("a story that was never live is a NewsArticle with no stream", async () => {
    const { html } = await read(story.path);
    expect(html).not.toContain('id="live-updates"');
    expect(jsonLdOf(html).map((ld) => ld["@type"])).toContain("NewsArticle");
  });

  test("three updates and a key point, newest first, with anchors, a Refresh link and LiveBlogPosting", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    const posted = [];
    for (const n of [1, 2, 3])
      posted.push(
        await postLiveUpdate(testServices(database.db), editor, story.id, {
          title: `Constituency ${n} declared`,
          content: `<p>Result number ${n} is in.</p>`,
        }),
      );
    await pinLiveUpdate(database.db, editor, posted[0]!.id, true);

    const { status, html } = await read(story.path);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain(`${T.heading} ${T.live}`);
    const order = [3, 2, 1].map((n) => text.indexOf(`Constituency ${n} declared Result number ${n} is in.`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const update of posted) expect(html).toContain(`id="update-${update.id}"`);
    expect(linkTo(html, T.refresh)).toEqual([story.path]);
    expect(text).toContain(`${T.keyPoints} Constituency 1 declared`);

    const lds = jsonLdOf(html);
    const live = lds.find((ld) => ld["@type"] === "LiveBlogPosting");
    expect(live).toBeDefined();
    expect(lds.map((ld) => ld["@type"])).not.toContain("NewsArticle");
    expect(live!.coverageStartTime).toMatch(ISO_WITH_ZONE);
    expect(live!.coverageEndTime).toBeUndefined();
    expect(live!.headline).toEqual(expect.any(String));
    expect(live!.publisher).toMatchObject({ "@type": "Organization" });
    const updates = live!.liveBlogUpdate as Array<Record<string, unknown>>;
    expect(updates.map((u) => u.headline)).toEqual([3, 2, 1].map((n) => `Constituency ${n} declared`));
    expect(updates[0]).toMatchObject({
      "@type": "BlogPosting",
      articleBody: "Result number 3 is in.",
      url: `http://localhost${story.path}#update-${posted[2]!.id}`,
    });
    expect(updates[0]!.datePublished).toMatch(ISO_WITH_ZONE);
  });

  test("the page announces the feed of its updates; a story never live does not", async () => {
    const feedLink = (html: string) =>
      html.match(
        /<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*updates\.rss)"/,
      );
    expect(feedLink((await read(story.path)).html)).toBeNull();
    await startLiveCoverage(database.db, editor, story.id);
    const link = feedLink((await read(story.path)).html);
    expect(link?.[2]).toBe(`http://localhost${story.path}/updates.rss`);
    expect(link?.[1]).toMatch(/: live updates$/);
  });

  test("ended coverage keeps its updates and says so", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    await postLiveUpdate(testServices(database.db), editor, story.id, {
      title: "",
      content: "<p>All results are in.</p>",
    });
    await endLiveCoverage(database.db, editor, story.id);
    const { html } = await read(story.path);
    expect(textOf(html)).toContain(`${T.heading} ${T.ended}`);
    expect(textOf(html)).toContain("All results are in.");
    const live = jsonLdOf(html).find((ld) => ld["@type"] === "LiveBlogPosting");
    expect(live!.coverageEndTime).toMatch(ISO_WITH_ZONE);
  });

  test("a long stream pages without JavaScript", async () => {
    await startLiveCoverage(database.db, editor, story.id);
    for (let n = 1; n <= LIVE_PAGE_SIZE + 2; n++)
      await database.db.insert(liveUpdates).values({
        articleId: story.id,
        title: `Update ${n}`,
        content: `<p>${n}</p>`,
        createdAt: new Date(Date.UTC(2026, 10, 26, 20, n)),
      });
    const first = await read(story.path);
    expect(linkTo(first.html, T.older)).toEqual([`${story.path}?updates=2#live-updates`]);
    expect(first.html).not.toContain(T.newer);
    expect(textOf(first.html)).toContain(`Update ${LIVE_PAGE_SIZE + 2}`);

    const second = await read(`${story.path}?updates=2`);
    const text = textOf(second.html);
    expect(text).toContain("Update 2 ");
    expect(text).toContain("Update 1 ");
    expect(text).not.toContain(`Update ${LIVE_PAGE_SIZE + 2} `);
    expect(linkTo(second.html, T.newer)).toEqual([`${story.path}#live-updates`]);
  });

  test("while the coverage runs its cards carry the Live badge, on the home page and listings; ended, it goes", async () => {
    const badge = `${EN_MESSAGES[FLAG_LABEL.live]} `;
    const before = await read("/latest-news");
    expect(cardText(before.html, story.path)).not.toMatch(/^\s*Live /);
    await startLiveCoverage(database.db, editor, story.id);
    for (const page of ["/latest-news", "/"]) {
      const { html } = await read(page);
      expect(cardText(html, story.path), page).toMatch(new RegExp(`^\\s*${badge}`));
    }
    await endLiveCoverage(database.db, editor, story.id);
    const after = await read("/latest-news");
    expect(cardText(after.html, story.path)).not.toMatch(/^\s*Live /);
  });
});
