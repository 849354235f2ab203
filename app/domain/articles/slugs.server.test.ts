import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articleSlugs, articles, settings, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { SLUG_TEXT } from "#app/lib/article-form/slug-rules";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { getRequest, makeUser, outcome as routeOutcome, args } from "#test-support/route-calls";
import * as articleRoute from "#app/routes/site/article";
import * as authorRoute from "#app/routes/site/author";
import * as tagRoute from "#app/routes/site/tag";
import { saveArticle, setArticleStatus } from "./admin.server";
import { articleInput, outcome, staff } from "#test-support/article-fixtures";
import { articlesByAuthorSlug, articlesByTagSlug } from "./public.server";
import { resolveArticleAddress, shortSlug } from "./slugs.server";
import { testServices } from "#test-support/services";

describe("shortSlug", () => {
  test("cuts a long title at a dash, never mid-word, to at most 60 characters", () => {
    const slug = shortSlug(
      "Parliament approves the 2027 budget after a long night of debate over fuel levies and road tolls",
    );
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toBe("parliament-approves-the-2027-budget-after-a-long-night-of");
    expect(shortSlug("Kotoko & Hearts draw")).toBe("kotoko-and-hearts-draw");
    expect(shortSlug("!!!")).toBe("story");
  });
});

describe.each(TEST_ENGINES)("article slugs, author and tag pages on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem Editor");
  const writer = staff("writer", "Wale");
  const db = () => database.db;
  const publish = (overrides: Record<string, unknown> = {}, actor = editor) =>
    saveArticle(testServices(db()), actor, articleInput({ status: "published", ...overrides }));
  const slugOf = async (id: string) =>
    one(await db().select({ slug: articles.slug }).from(articles).where(eq(articles.id, id))).slug;
  const load = (path: string, params: Record<string, string>, route: { loader: (a: never) => unknown }) =>
    routeOutcome(() => route.loader(args(getRequest(path), params)) as Promise<unknown>);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    for (const u of [editor, writer]) {
      await db().insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role!, slug: null });
    }
    await db()
      .update(users)
      .set({ slug: "edem-editor", bio: "Covers Accra." })
      .where(eq(users.id, editor.id));
    await db().insert(settings).values({ id: 1 });
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await db().delete(articles);
  });

  test("a new story's slug comes from its title; a second story of the same title gets a suffix", async () => {
    const first = await publish({ title: "Accra floods: roads closed" });
    const second = await publish({ title: "Accra floods: roads closed" });
    expect(await slugOf(first.id)).toBe("accra-floods-roads-closed");
    expect(await slugOf(second.id)).toBe(`accra-floods-roads-closed-${second.id.slice(0, 8)}`);
  });

  test("an editor renames the slug: the old one is kept (same save) and answers 301; the id too", async () => {
    const changes: SiteChange[] = [];
    const stop = onSiteChange(db(), (change) => changes.push(change));
    const saved = await publish({ title: "Budget passed" });
    changes.length = 0;
    await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "Budget passed", status: "published", slug: "budget-2027" }),
      saved.id,
    );
    stop();
    expect(await slugOf(saved.id)).toBe("budget-2027");
    expect(changes.map((c) => c.scope)).toEqual(["everything"]);
    const kept = await db().select().from(articleSlugs).where(eq(articleSlugs.articleId, saved.id));
    expect(kept.map((k) => k.slug)).toEqual(["budget-passed"]);

    expect(await resolveArticleAddress(db(), "budget-2027")).toEqual({ kind: "current", id: saved.id });
    const old = await load("/article/budget-passed", { id: "budget-passed" }, articleRoute);
    expect(old).toMatchObject({ status: 301, location: "/article/budget-2027" });
    const byId = await load(`/article/${saved.id}`, { id: saved.id }, articleRoute);
    expect(byId).toMatchObject({ status: 301, location: "/article/budget-2027" });
    const current = await load("/article/budget-2027", { id: "budget-2027" }, articleRoute);
    expect(current.status).toBe(200);
    const body = current.body as { shareUrl: string; article: { path: string } };
    expect(body.shareUrl).toBe("http://localhost/article/budget-2027");

    // Taking the old slug back: it is the current one again, no longer a redirect.
    await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "Budget passed", status: "published", slug: "budget-passed" }),
      saved.id,
    );
    expect(await db().select().from(articleSlugs).where(eq(articleSlugs.slug, "budget-passed"))).toEqual([]);
    expect((await load("/article/budget-2027", { id: "budget-2027" }, articleRoute)).location).toBe(
      "/article/budget-passed",
    );
  });

  test("a slug another story has, or had, is refused with a clear message; a malformed one too", async () => {
    const a = await publish({ title: "First story" });
    const b = await publish({ title: "Second story" });
    await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "First story", status: "published", slug: "first-renamed" }),
      a.id,
    );
    for (const taken of ["first-renamed", "first-story"]) {
      await expect(
        saveArticle(
          testServices(db()),
          editor,
          articleInput({ title: "Second story", status: "published", slug: taken }),
          b.id,
        ),
      ).rejects.toMatchObject({ details: { fieldErrors: { slug: SLUG_TEXT.taken } } });
    }
    expect(await slugOf(b.id)).toBe("second-story");
    expect(() => articleInput({ slug: "Not OK!" })).toThrow(SLUG_TEXT.invalid);
  });

  test("a story never published follows its title (an autosave may have caught half of it); a published one keeps its address", async () => {
    const draft = await saveArticle(testServices(db()), writer, articleInput({ title: "Tam" }), undefined, {
      autosave: true,
    });
    await saveArticle(
      testServices(db()),
      writer,
      articleInput({ title: "Tamale market reopens" }),
      draft.id,
      {
        autosave: true,
      },
    );
    expect(await slugOf(draft.id)).toBe("tamale-market-reopens");
    expect(await db().select().from(articleSlugs).where(eq(articleSlugs.articleId, draft.id))).toEqual([]);
    const live = await publish({ title: "Kumasi roads" });
    await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "Kumasi roads repaved", status: "published" }),
      live.id,
    );
    expect(await slugOf(live.id)).toBe("kumasi-roads");
  });

  test("an abandoned autosaved draft gives up its title's address to the first story published with that title", async () => {
    const title = "Tema port strike ends";
    const abandoned = await saveArticle(
      testServices(db()),
      writer,
      articleInput({ title, status: "draft" }),
      undefined,
      {
        autosave: true,
      },
    );
    expect(await slugOf(abandoned.id)).toBe("tema-port-strike-ends");
    // Published straight away, from the editor.
    const story = await publish({ title });
    expect(await slugOf(story.id)).toBe("tema-port-strike-ends");
    expect(await slugOf(abandoned.id)).toBe(`tema-port-strike-ends-${abandoned.id.slice(0, 8)}`);
    expect(await resolveArticleAddress(db(), "tema-port-strike-ends")).toEqual({
      kind: "current",
      id: story.id,
    });
    // The draft's old address was never given out: no redirect kept, for either story.
    expect(await db().select().from(articleSlugs)).toEqual([]);

    // A published story never gives its address up, not even to another first publication.
    const later = await saveArticle(testServices(db()), editor, articleInput({ title, status: "draft" }));
    await saveArticle(testServices(db()), editor, articleInput({ title, status: "published" }), later.id);
    expect(await slugOf(later.id)).toBe(`tema-port-strike-ends-${later.id.slice(0, 8)}`);
    expect(await slugOf(story.id)).toBe("tema-port-strike-ends");
  });

  test("a draft saved first and published later from the list takes the clean address too", async () => {
    const title = "Cedi steadies against the dollar";
    const abandoned = await saveArticle(testServices(db()), editor, articleInput({ title, status: "draft" }));
    const story = await saveArticle(testServices(db()), editor, articleInput({ title, status: "draft" }));
    expect(await slugOf(story.id)).toBe(`cedi-steadies-against-the-dollar-${story.id.slice(0, 8)}`);
    await setArticleStatus(testServices(db()), editor, story.id, "published");
    expect(await slugOf(story.id)).toBe("cedi-steadies-against-the-dollar");
    expect(await slugOf(abandoned.id)).toBe(`cedi-steadies-against-the-dollar-${abandoned.id.slice(0, 8)}`);
  });

  test("a slug an editor typed for a draft, and an old slug kept for a redirect, stay where they are", async () => {
    const chosen = await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "Accra Mall reopens", slug: "accra-mall-reopens", status: "draft" }),
    );
    // Typed to differ from its title: the editor's choice.
    const typed = await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "Mall story placeholder", slug: "weekend-market", status: "draft" }),
    );
    const story = await publish({ title: "Weekend market" });
    expect(await slugOf(typed.id)).toBe("weekend-market");
    expect(await slugOf(story.id)).toBe(`weekend-market-${story.id.slice(0, 8)}`);

    // A published story renamed away from "harbour-news": its old links still lead to it.
    const renamed = await publish({ title: "Harbour news" });
    await saveArticle(
      testServices(db()),
      editor,
      articleInput({ title: "Harbour news", slug: "harbour-update", status: "published" }),
      renamed.id,
    );
    const again = await publish({ title: "Harbour news" });
    expect(await slugOf(again.id)).toBe(`harbour-news-${again.id.slice(0, 8)}`);
    expect(await resolveArticleAddress(db(), "harbour-news")).toEqual({
      kind: "moved",
      id: renamed.id,
      slug: "harbour-update",
    });
    expect(await slugOf(chosen.id)).toBe("accra-mall-reopens");
  });

  test("a writer's slug is ignored; a row without a slug is served by its id", async () => {
    const saved = await saveArticle(
      testServices(db()),
      writer,
      articleInput({ title: "Writer story", slug: "my-own-slug" }),
    );
    expect(await slugOf(saved.id)).toBe("writer-story");
    const bare = one(
      await db()
        .insert(articles)
        .values({
          title: "Old row",
          content: "<p>x</p>",
          status: "published",
          publishedAt: new Date(Date.now() - 1000),
        })
        .returning({ id: articles.id }),
    );
    expect((await load(`/article/${bare.id}`, { id: bare.id }, articleRoute)).status).toBe(200);
    expect((await load("/article/nope", { id: "nope" }, articleRoute)).status).toBe(404);
    expect(await outcome(Promise.resolve())).toBe("ok");
  });

  test("the author page pages their published stories with posts per page; bylines link there", async () => {
    await db().update(settings).set({ postsPerPage: 2 });
    forgetCachedSettings();
    for (const n of [1, 2, 3]) await publish({ title: `Editor story ${n}`, authorName: "Edem Editor" });
    await saveArticle(testServices(db()), editor, articleInput({ title: "Editor draft" }));
    const page2 = await articlesByAuthorSlug(db(), "en", "edem-editor", 2, 2);
    expect(page2).toMatchObject({
      total: 3,
      page: 2,
      totalPages: 2,
      author: { name: "Edem Editor", bio: "Covers Accra." },
    });
    expect(page2!.articles).toHaveLength(1);
    expect(page2!.articles[0]!.authorSlug).toBe("edem-editor");
    const routed = await load("/author/edem-editor", { slug: "edem-editor" }, authorRoute);
    expect((routed.body as { articles: unknown[] }).articles).toHaveLength(2);
    expect((await load("/author/nobody", { slug: "nobody" }, authorRoute)).status).toBe(404);
    expect((await load("/author/edem-editor?page=9", { slug: "edem-editor" }, authorRoute)).location).toBe(
      "/author/edem-editor?page=2",
    );
    await db().update(settings).set({ postsPerPage: 10 });
    forgetCachedSettings();
  });

  test("the tag page lists published stories with the tag, headed as the newest writes it; unknown tags are 404", async () => {
    await publish({ title: "Older", tags: "Black Stars", manualDate: "2026-01-01", useManualDate: "on" });
    await publish({
      title: "Newer",
      tags: "black stars, Accra",
      manualDate: "2026-02-01",
      useManualDate: "on",
    });
    await saveArticle(testServices(db()), editor, articleInput({ title: "Draft", tags: "Black Stars" }));
    const found = await articlesByTagSlug(db(), "en", "black-stars", 1, 10);
    expect(found?.tag).toEqual({ name: "black stars", slug: "black-stars" });
    expect(found?.articles.map((a) => a.title)).toEqual(["Newer", "Older"]);
    expect(await articlesByTagSlug(db(), "en", "nothing-here", 1, 10)).toBeNull();
    expect((await load("/tag/accra", { slug: "accra" }, tagRoute)).status).toBe(200);
    expect((await load("/tag/none", { slug: "none" }, tagRoute)).status).toBe(404);
    const article = await load("/article/newer", { id: "newer" }, articleRoute);
    expect((article.body as { article: { tagLinks: unknown } }).article.tagLinks).toEqual([
      { name: "black stars", href: "/tag/black-stars" },
      { name: "Accra", href: "/tag/accra" },
    ]);
  });

  test("new staff get a unique slug from their name", async () => {
    const a = await makeUser("ama.owusu@example.com", "writer");
    const b = await makeUser("ama.owusu@example.org", "writer");
    expect(a.slug).toBe("ama-owusu");
    expect(b.slug).toBe(`ama-owusu-${b.id.slice(0, 8)}`);
  });

  test("the migration's backfill gives every story a short, unique slug", async () => {
    const ids = [];
    // Distinct creation times: the backfill keeps the bare slug for the oldest story, and two rows
    // written in the same microsecond would fall back to ordering by their random ids.
    const titles = ["Same title", "Same title", "   "];
    for (const [index, title] of titles.entries()) {
      const createdAt = new Date(Date.UTC(2026, 0, 1 + index));
      ids.push(
        one(
          await db()
            .insert(articles)
            .values({ title, content: "<p>x</p>", createdAt })
            .returning({ id: articles.id }),
        ).id,
      );
    }
    const migration = readFileSync("drizzle/0008_public_site.sql", "utf8");
    const backfill = migration.slice(
      migration.indexOf('UPDATE "articles"'),
      migration.indexOf('UPDATE "users"'),
    );
    await db().execute(sql.raw(backfill.replace(/--> statement-breakpoint\s*$/, "")));
    const slugs = await Promise.all(ids.map(slugOf));
    expect(slugs[0]).toBe("same-title");
    expect(slugs[1]).toBe(`same-title-${ids[1]!.slice(0, 8)}`);
    expect(slugs[2]).toBe("story");
  });
});
