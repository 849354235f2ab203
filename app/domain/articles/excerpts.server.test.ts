/**
 * An excerpt nobody wrote follows the body: the first save used to store the body's
 * opening as if an editor had written it, so later edits of the body never reached cards, the hero,
 * the meta description or RSS. Now only a written excerpt is stored; the rest derive from the body when
 * read. drizzle/0013 clears, once, the stored excerpts the old code derived.
 */
import { MAIN_EDITION } from "#test-support/editions";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { config } from "#app/config.server";
import { articles, settings, users } from "#app/db/schema";
import {
  testDatabaseBefore,
  createTestDatabase,
  TEST_ENGINES,
  type TestDatabase,
  one,
} from "#test-support/test-database";
import { rssXml } from "#app/domain/feeds/feeds.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { SAMPLE_ARTICLES } from "#app/db/sample-content";
import { listingExcerpt } from "#app/lib/text";
import { args, getRequest, outcome as routeOutcome } from "#test-support/route-calls";
import * as articleRoute from "#app/routes/site/article";
import { saveArticle } from "./admin.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { latestArticles } from "./public.server";
import { testServices } from "#test-support/services";

const FIRST_BODY = "<p>Heavy rain flooded Kaneshie market on Monday morning.</p>";
const SECOND_BODY =
  "<p>Traders at Kaneshie market counted their losses on Tuesday as the water went down.</p>";
const FEED = { siteTitle: "Newsdesk", siteDescription: "News", language: "en" };

describe.each(TEST_ENGINES)("excerpts that follow the body on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem Editor");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  /** What readers are shown of the story: its card, its page's meta description and its RSS item. */
  async function whatReadersSee(id: string) {
    const card = (await latestArticles(database.db, "en")).find((a) => a.id === id);
    const { slug } = one(await database.db.select().from(articles).where(eq(articles.id, id)));
    const page = await routeOutcome(
      () => articleRoute.loader(args(getRequest(`/article/${slug}`), { id: slug ?? id })) as Promise<unknown>,
    );
    const rss = await rssXml(database.db, "https://n.example", FEED, MAIN_EDITION);
    const item = rss.split("<item>").find((chunk) => chunk.includes(`/article/${slug}<`)) ?? "";
    return {
      card: card?.summary,
      description: (page.body as { article: { description: string } }).article.description,
      rss: /<description>([^<]*)<\/description>/.exec(item)?.[1],
    };
  }

  test("saved without an excerpt, then the body edited: card, meta description and RSS show the new opening", async () => {
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Kaneshie floods", status: "published", excerpt: "" }, FIRST_BODY),
    );
    expect(one(await database.db.select().from(articles).where(eq(articles.id, id))).excerpt).toBe("");
    await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Kaneshie floods", status: "published", excerpt: "" }, SECOND_BODY),
      id,
    );
    const opening = "Traders at Kaneshie market counted their losses on Tuesday as the water went down.";
    expect(await whatReadersSee(id)).toEqual({ card: opening, description: opening, rss: opening });
  });

  test("a written excerpt stays whatever the body becomes", async () => {
    const written = "Markets reopen after the floods.";
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Markets reopen", status: "published", excerpt: written }, FIRST_BODY),
    );
    await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Markets reopen", status: "published", excerpt: written }, SECOND_BODY),
      id,
    );
    expect(await whatReadersSee(id)).toEqual({ card: written, description: written, rss: written });
  });

  test("a card's summary is the excerpt's text when it has any, else the body's, whatever the excerpt holds", async () => {
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Kaneshie excerpts", status: "published", excerpt: "" }, FIRST_BODY),
    );
    // Listings read the body only where the excerpt may not serve: each kind gives what listingExcerpt does.
    for (const excerpt of [
      "Plain words",
      "   ",
      "<p></p>",
      "&nbsp;",
      "Tom &amp; Jerry",
      "<b>Bold</b> words",
      "Kɔfi",
    ]) {
      await database.db.update(articles).set({ excerpt }).where(eq(articles.id, id));
      const card = (await latestArticles(database.db, "en")).find((a) => a.id === id);
      expect(card?.summary, excerpt).toBe(listingExcerpt({ excerpt, content: FIRST_BODY }, 200));
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// drizzle/0013: the excerpts the old code derived are cleared, once
// ---------------------------------------------------------------------------------------------------

const EXCERPT_MIGRATION = "0013_unwritten_excerpts_follow_the_body";

/** The old code's excerpt: listingExcerpt of the body, 160 characters (admin.server.ts before this fix). */
const oldExcerpt = (content: string) => listingExcerpt({ content }, 160);

const LONG_BODY =
  "<h2>Floods</h2><p>Heavy rain &amp; strong winds flooded <strong>Kaneshie</strong> market on Monday, " +
  "and traders said the water reached their stalls before dawn; the city&#39;s drains, blocked since " +
  "March, could not carry it away.</p><p>More later.</p>";
const SHORT_BODY = "<p>Short &quot;note&quot; from&nbsp;Accra.</p>";
const EDITED_BODY =
  "<p>The water went down on Tuesday and traders began to count their losses at the market.</p>";
const PUNCTUATED_BODY = `<p>${"Rain, ".repeat(30)}and more rain fell.</p>`;

describe.each(TEST_ENGINES)("migration 0013 on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  beforeAll(async () => {
    ({ database, olderMigrations } = await testDatabaseBefore(engine, EXCERPT_MIGRATION));
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  const excerpts = async () =>
    Object.fromEntries(
      (await database.db.select({ id: articles.id, excerpt: articles.excerpt }).from(articles)).map((r) => [
        r.id,
        r.excerpt,
      ]),
    );
  const snapshotExcerpts = async () => {
    const result = await database.db.execute(
      sql`SELECT id, snapshot->>'excerpt' AS excerpt FROM article_revisions ORDER BY id`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      id: string;
      excerpt: string;
    }>;
    return Object.fromEntries(rows.map((r) => [r.id, r.excerpt]));
  };

  test("excerpts equal to the opening the old code derived are cleared; written ones stay", async () => {
    expect(oldExcerpt(LONG_BODY)).toMatch(/\.\.\.$/);
    expect(oldExcerpt(PUNCTUATED_BODY)).toMatch(/Rain\.\.\.$/);
    // Written in the schema of before 0013: plain SQL, since Drizzle's insert names every column the
    // schema has today (live coverage's columns came later).
    const row = (id: string, content: string, excerpt: string) =>
      sql`(${id}, ${id}, ${content}, ${excerpt}, 'published', now())`;
    await database.db.execute(sql`
      INSERT INTO articles (id, title, content, excerpt, status, published_at) VALUES ${sql.join(
        [
          row("derived-long", LONG_BODY, oldExcerpt(LONG_BODY)),
          row("derived-short", SHORT_BODY, oldExcerpt(SHORT_BODY)),
          row("derived-punctuated", PUNCTUATED_BODY, oldExcerpt(PUNCTUATED_BODY)),
          // Derived at the first save, the body edited since: its revisions show where the text came from.
          row("stale", EDITED_BODY, oldExcerpt(LONG_BODY)),
          row("written", LONG_BODY, "An editor's own summary of the floods."),
          row("written-like-opening", LONG_BODY, "Heavy rain & strong winds flooded Kaneshie market"),
          row("none", LONG_BODY, ""),
        ],
        sql`, `,
      )}`);
    const snapshot = (content: string, excerpt: string) =>
      JSON.stringify({ title: "stale", content, excerpt, status: "published" });
    await database.db.execute(sql`
      INSERT INTO article_revisions (id, article_id, snapshot) VALUES
        ('rev-1', 'stale', ${snapshot(LONG_BODY, oldExcerpt(LONG_BODY))}::jsonb),
        ('rev-2', 'stale', ${snapshot(EDITED_BODY, oldExcerpt(LONG_BODY))}::jsonb),
        ('rev-3', 'written', ${snapshot(LONG_BODY, "An editor's own summary of the floods.")}::jsonb)`);

    await database.migrate();
    const migrated = {
      "derived-long": "",
      "derived-short": "",
      "derived-punctuated": "",
      stale: "",
      written: "An editor's own summary of the floods.",
      "written-like-opening": "Heavy rain & strong winds flooded Kaneshie market",
      none: "",
    };
    expect(await excerpts()).toEqual(migrated);
    // A restored revision brings back no frozen opening either.
    expect(await snapshotExcerpts()).toEqual({
      "rev-1": "",
      "rev-2": "",
      "rev-3": "An editor's own summary of the floods.",
    });

    // Start-up runs the migrations every time: nothing more changes.
    await database.db
      .update(articles)
      .set({ excerpt: oldExcerpt(LONG_BODY) })
      .where(eq(articles.id, "none"));
    await database.migrate();
    expect(await excerpts()).toEqual({ ...migrated, none: oldExcerpt(LONG_BODY) });
  });
});

describe("migration 0013's SQL derivation", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const migration = fs.readFileSync(path.join(config().migrationsDir, `${EXCERPT_MIGRATION}.sql`), "utf8");
    const createFunction = migration.split("--> statement-breakpoint")[0] ?? "";
    await database.db.execute(sql.raw(createFunction));
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("gives what the old code gave, for the sample stories and for cuts at every kind of boundary", async () => {
    const words = "Accra's markets, ports; and roads: all flooded. ".split(" ");
    const generated = Array.from({ length: 60 }, (_, n) =>
      Array.from({ length: 20 + n }, (_, i) => words[(i * 7 + n) % words.length] || "x".repeat(n % 9)).join(
        n % 3 === 0 ? " " : n % 3 === 1 ? "\n  " : "&nbsp;",
      ),
    ).map((text, n) => (n % 2 ? `<p>${text}</p>` : `<h2>Title &amp; more</h2><p><em>${text}</em></p>`));
    const bodies = [
      ...SAMPLE_ARTICLES.map((a) => a.content),
      ...generated,
      LONG_BODY,
      SHORT_BODY,
      EDITED_BODY,
      PUNCTUATED_BODY,
      `<p>${"x".repeat(200)}</p>`,
      "",
    ];
    for (const body of bodies) {
      const result = await database.db.execute(sql`SELECT newsdesk_0013_old_excerpt(${body}) AS excerpt`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
        excerpt: string;
      }>;
      expect(rows[0]?.excerpt, body).toBe(oldExcerpt(body));
    }
  });
});
