/**
 * The newsroom routes seen from the reader's side and on their failure branches: publishing and
 * unpublishing through the article list show and hide the story on every public page at once, an unsafe
 * body posted through the add and edit screens is stored and shown clean, the remaining comment
 * transitions and messages, and each catch branch of the article and category routes (the domain call
 * is made to throw) answers with the spec's message.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { articles, categories, comments, notifications, settings } from "#app/db/schema";
import type { CommentStatus } from "#app/lib/enums";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import { bulkArticles, saveArticle, setArticleStatus } from "#app/domain/articles/admin.server";
import {
  createCategory,
  deleteCategories,
  getCategory,
  updateCategory,
} from "#app/domain/categories/admin.server";
import { moderateComment } from "#app/domain/comments/moderation.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { CATEGORY_TEXT } from "#app/lib/category-form";
import * as feedsRoute from "#app/routes/resources/feeds";
import * as articlePageRoute from "#app/routes/site/article";
import * as categoryPageRoute from "#app/routes/site/category";
import * as homeRoute from "#app/routes/site/home";
import * as searchRoute from "#app/routes/site/search";
import * as articlesAddRoute from "./articles.add";
import * as articlesEditRoute from "./articles.edit";
import * as articlesRoute from "./articles";
import * as categoriesEditRoute from "./categories.edit";
import * as categoriesAddRoute from "./categories.add";
import * as categoriesRoute from "./categories";
import * as commentsRoute from "./comments";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";

// The domain calls the routes make, wrapped so a test can make one of them throw once; otherwise they
// run for real against the test database.
vi.mock("#app/domain/articles/admin.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/domain/articles/admin.server")>();
  return {
    ...actual,
    saveArticle: vi.fn(actual.saveArticle),
    setArticleStatus: vi.fn(actual.setArticleStatus),
    bulkArticles: vi.fn(actual.bulkArticles),
  };
});
vi.mock("#app/domain/categories/admin.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/domain/categories/admin.server")>();
  return {
    ...actual,
    getCategory: vi.fn(actual.getCategory),
    createCategory: vi.fn(actual.createCategory),
    updateCategory: vi.fn(actual.updateCategory),
    deleteCategories: vi.fn(actual.deleteCategories),
  };
});
vi.mock("#app/domain/comments/moderation.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/domain/comments/moderation.server")>();
  return { ...actual, moderateComment: vi.fn(actual.moderateComment) };
});

/** A complete article form, as the editor screen posts it. */
const articleForm = (change: Record<string, string> = {}): Record<string, string> => ({
  title: "A story",
  content: "<p>Some words</p>",
  excerpt: "",
  status: "draft",
  authorName: "",
  categoryId: "",
  tags: "",
  imageUrl: "",
  youtubeUrl: "",
  manualDate: "",
  ...change,
});

describe("newsroom publishing, sanitising and failure branches", () => {
  let database: TestDatabase;
  /** A story's readable address (its id answers 301 there), as readers and feeds link to it. */
  const addressOf = async (id: string) =>
    one(await database.db.select({ slug: articles.slug }).from(articles).where(eq(articles.id, id))).slug ??
    id;
  const cookies = { admin: "", editor: "" };
  const ids = { admin: "", editor: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings(); // the settings cache is per process; this database is a new one
    await database.db.insert(settings).values({ id: 1 });
    for (const role of ["admin", "editor"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      ids[role] = user.id;
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    vi.restoreAllMocks(); // console spies; the vi.fn wrappers keep their real implementation
    await database.db.delete(comments);
    await database.db.delete(articles);
    await database.db.delete(categories);
    await database.db.delete(notifications);
  });

  const addCategory = async (name: string) =>
    one(
      await database.db
        .insert(categories)
        .values({ name, slug: name.toLowerCase().replace(/\s+/g, "-") })
        .returning(),
    );
  const addArticle = async (values: Partial<typeof articles.$inferInsert> & { title: string }) =>
    one(
      await database.db
        .insert(articles)
        .values({ content: "<p>Body</p>", status: "draft", ...values })
        .returning(),
    );
  const findArticleByTitle = async (title: string) =>
    (await database.db.select().from(articles).where(eq(articles.title, title)))[0];
  const articleByTitle = async (title: string) =>
    one(await database.db.select().from(articles).where(eq(articles.title, title)));
  const articleRow = async (id: string) =>
    one(await database.db.select().from(articles).where(eq(articles.id, id)));

  // ---------------------------------------------------------------------------------------------
  // 1. Publishing and unpublishing reach every public page at once
  // ---------------------------------------------------------------------------------------------

  /** Where the article shows on the public side, read through the public routes' loaders. */
  async function publicPresence(id: string, categorySlug: string, word: string) {
    const home = (await outcome(() => homeRoute.loader(args(getRequest("/"))))).body as Awaited<
      ReturnType<typeof homeRoute.loader>
    >;
    const category = await outcome(() =>
      categoryPageRoute.loader(args(getRequest(`/category/${categorySlug}`), { categorySlug })),
    );
    const search = await outcome(() => searchRoute.loader(args(getRequest(`/search?q=${word}`))));
    const feed = async (file: string) => {
      const response = (await feedsRoute.loader(args(getRequest(`/${file}`)))) as Response;
      expect(response.status, file).toBe(200);
      return response.text();
    };
    const address = await addressOf(id);
    const page = await outcome(() =>
      articlePageRoute.loader(args(getRequest(`/article/${address}`), { id: address })),
    );
    const listingIds = (result: { ok: boolean; value?: unknown }) =>
      result.ok ? (result.value as Array<{ id: string }>).map((a) => a.id) : ["<load failed>"];
    const categoryBody = category.body as { listing: { ok: boolean; value?: { articles: unknown } } };
    const searchBody = search.body as { search: { ok: boolean; value?: { results: unknown } } };
    expect(category.status).toBe(200);
    expect(search.status).toBe(200);
    return {
      latest: listingIds(home.latest).includes(id),
      hero: home.hero.ok && home.hero.value?.id === id,
      featured: listingIds(home.featured).includes(id),
      category: listingIds({
        ok: categoryBody.listing.ok,
        value: categoryBody.listing.value?.articles,
      }).includes(id),
      search: listingIds({ ok: searchBody.search.ok, value: searchBody.search.value?.results }).includes(id),
      sitemap: (await feed("sitemap.xml")).includes(`/article/${address}<`),
      newsSitemap: (await feed("news-sitemap.xml")).includes(`/article/${address}<`),
      rss: (await feed("rss.xml")).includes(`/article/${address}<`),
      pageStatus: page.status,
    };
  }

  test("editor publishes from the list: home (latest, hero, featured), category, search, sitemaps, RSS and the article page show it; unpublishing hides it everywhere", async () => {
    const category = await addCategory("Coastal Affairs");
    // Another live story, dated later: it is the hero and the newest as long as ours is not Breaking.
    const other = await addArticle({
      title: "Harbour weather update",
      authorId: ids.admin,
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
      useManualDate: true,
      manualDate: new Date("2099-01-01T00:00:00Z"),
      categoryId: category.id,
    });

    const created = await outcome(() =>
      articlesAddRoute.action(
        args(
          postRequest(
            "/admin/articles/add",
            articleForm({
              title: "Zephyrine bridge reopens",
              content: "<p>The bridge reopened this morning.</p>",
              categoryId: category.id,
              featured: "on",
              isTopStory: "on",
            }),
            cookies.editor,
          ),
        ),
      ),
    );
    expect(created).toMatchObject({
      status: 302,
      location: expect.stringMatching(/^\/admin\/articles\/edit\/[\w-]+$/),
    });
    expect(await toastOf(created.setCookie)).toEqual({
      type: "success",
      title: "Article Created!",
      message: "Your article has been successfully created and saved.",
    });
    const draft = await articleByTitle("Zephyrine bridge reopens");
    expect(draft).toMatchObject({ status: "draft", featured: true, isTopStory: true, publishedAt: null });

    const hidden = {
      latest: false,
      hero: false,
      featured: false,
      category: false,
      search: false,
      sitemap: false,
      newsSitemap: false,
      rss: false,
      pageStatus: 404,
    };
    expect(await publicPresence(draft.id, category.slug, "Zephyrine")).toEqual(hidden);

    const post = (fields: Record<string, string>) =>
      outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookies.editor))));
    expect(await post({ intent: "publish", id: draft.id })).toMatchObject({
      status: 200,
      body: { result: { type: "success", title: "Article published." } },
    });
    expect((await articleRow(draft.id)).publishedAt).toBeInstanceOf(Date);
    expect(await publicPresence(draft.id, category.slug, "Zephyrine")).toEqual({
      latest: true,
      hero: true,
      featured: true,
      category: true,
      search: true,
      sitemap: true,
      newsSitemap: true,
      rss: true,
      pageStatus: 200,
    });
    // The other story stays listed, just not as the hero.
    expect((await publicPresence(other.id, category.slug, "Harbour")).latest).toBe(true);

    // Unpublishing asks first and changes nothing until confirmed.
    expect((await post({ intent: "unpublish", id: draft.id })).body).toMatchObject({
      result: { type: "confirm", title: ARTICLE_TEXT.unpublishConfirm },
    });
    expect((await articleRow(draft.id)).status).toBe("published");
    expect(await post({ intent: "unpublish", id: draft.id, confirmed: "yes" })).toMatchObject({
      status: 200,
      body: { result: { type: "success", title: "Article moved to draft." } },
    });
    expect(await publicPresence(draft.id, category.slug, "Zephyrine")).toEqual(hidden);
    const back = await outcome(() =>
      articlePageRoute.loader(args(getRequest(`/article/${draft.id}`), { id: draft.id })),
    );
    expect(back).toMatchObject({ status: 404, body: { title: "Article not found" } });
    // With ours gone the hero falls back to the other live story.
    const home = (await outcome(() => homeRoute.loader(args(getRequest("/"))))).body as Awaited<
      ReturnType<typeof homeRoute.loader>
    >;
    expect(home.hero).toMatchObject({ ok: true, value: { id: other.id } });
  });

  test("Breaking and Featured set from the list after publishing reach the hero and the featured grid at once", async () => {
    const category = await addCategory("Metro");
    const other = await addArticle({
      title: "Later story",
      authorId: ids.admin,
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
      useManualDate: true,
      manualDate: new Date("2099-01-01T00:00:00Z"),
    });
    const ours = await addArticle({
      title: "Quillory tram strike",
      authorId: ids.editor,
      categoryId: category.id,
    });
    const post = (fields: Record<string, string>) =>
      outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookies.editor))));
    await post({ intent: "publish", id: ours.id });
    let presence = await publicPresence(ours.id, category.slug, "Quillory");
    expect(presence).toMatchObject({
      latest: true,
      hero: false,
      featured: false,
      category: true,
      search: true,
    });

    expect((await post({ intent: "breaking", id: ours.id })).body).toMatchObject({
      result: { type: "success", title: "Article marked as Breaking News." },
    });
    expect((await post({ intent: "feature", id: ours.id })).body).toMatchObject({
      result: { type: "success", title: "Article marked as Featured." },
    });
    presence = await publicPresence(ours.id, category.slug, "Quillory");
    expect(presence).toMatchObject({ hero: true, featured: true });

    expect((await post({ intent: "unbreaking", id: ours.id })).body).toMatchObject({
      result: { type: "success", title: "Article is no longer Breaking News." },
    });
    expect((await post({ intent: "unfeature", id: ours.id })).body).toMatchObject({
      result: { type: "success", title: "Article is no longer Featured." },
    });
    presence = await publicPresence(ours.id, category.slug, "Quillory");
    expect(presence).toMatchObject({ latest: true, hero: false, featured: false });
    const home = (await outcome(() => homeRoute.loader(args(getRequest("/"))))).body as Awaited<
      ReturnType<typeof homeRoute.loader>
    >;
    expect(home.hero).toMatchObject({ ok: true, value: { id: other.id } });
  });

  test("bulk publish and bulk move-to-draft from the list show and hide the article everywhere at once", async () => {
    const category = await addCategory("Inland");
    const ours = await addArticle({
      title: "Vornholt dam inspection",
      authorId: ids.editor,
      categoryId: category.id,
    });
    const post = (fields: Record<string, string | string[]>) =>
      outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookies.editor))));
    expect((await post({ intent: "bulk", bulkAction: "publish", ids: [ours.id] })).body).toMatchObject({
      result: { type: "success", title: "Successfully processed 1 articles!" },
    });
    expect(await publicPresence(ours.id, category.slug, "Vornholt")).toMatchObject({
      latest: true,
      category: true,
      search: true,
      sitemap: true,
      rss: true,
      pageStatus: 200,
    });
    await post({ intent: "bulk", bulkAction: "draft", ids: [ours.id] });
    expect(await publicPresence(ours.id, category.slug, "Vornholt")).toMatchObject({
      latest: false,
      category: false,
      search: false,
      sitemap: false,
      rss: false,
      pageStatus: 404,
    });
  });

  // ---------------------------------------------------------------------------------------------
  // 2. Unsafe bodies through the add and edit screens
  // ---------------------------------------------------------------------------------------------

  const YOUTUBE = "https://www.youtube.com/embed/dQw4w9WgXcQ";
  const UNSAFE_BODY = [
    "<p>Lead paragraph</p>",
    "<script>alert(1)</script>",
    `<img src=x onerror="alert(1)">`,
    `<a href="javascript:alert(1)">x</a>`,
    `<a href="data:text/html,hi">y</a>`,
    `<iframe src="https://evil.example/x"></iframe>`,
    `<div data-youtube-video=""><iframe src="${YOUTUBE}" width="640" height="480" allowfullscreen="true"></iframe></div>`,
  ].join("");
  const BAD_PARTS = /<script|alert|onerror|javascript:|data:text|evil\.example/i;

  const expectClean = (html: string, label: string) => {
    expect(html, label).not.toMatch(BAD_PARTS);
    expect(html, label).toContain("<p>Lead paragraph</p>");
    expect(html, label).toContain(`<iframe src="${YOUTUBE}"`);
    expect(html.match(/<iframe/g), label).toHaveLength(1);
  };

  test("add screen: the unsafe body is stored without script, handlers, javascript:/data: links or the foreign iframe, keeps the YouTube embed, and the article page shows it clean", async () => {
    const result = await outcome(() =>
      articlesAddRoute.action(
        args(
          postRequest(
            "/admin/articles/add",
            articleForm({ title: "Unsafe via add", content: UNSAFE_BODY, status: "published" }),
            cookies.editor,
          ),
        ),
      ),
    );
    expect(result).toMatchObject({
      status: 302,
      location: expect.stringMatching(/^\/admin\/articles\/edit\/[\w-]+$/),
    });
    const row = await articleByTitle("Unsafe via add");
    expect(row.status).toBe("published");
    expectClean(row.content, "stored");
    // The links' text stays, without their address.
    expect(row.content).toMatch(/<a>x<\/a>/);
    expect(row.content).toMatch(/<a>y<\/a>/);
    expect(row.excerpt).not.toMatch(BAD_PARTS);

    const page = await outcome(() =>
      articlePageRoute.loader(args(getRequest("/article/x"), { id: row.slug ?? row.id })),
    );
    expect(page.status).toBe(200);
    const body = page.body as Awaited<ReturnType<typeof articlePageRoute.loader>>["data"];
    expectClean(body.article.content, "article page");
    expect(JSON.stringify(body)).not.toMatch(BAD_PARTS);
  });

  test("edit screen: the same unsafe body saved over a clean article is stored and shown clean", async () => {
    const article = await addArticle({
      title: "Clean before",
      authorId: ids.editor,
      status: "published",
      publishedAt: new Date(),
    });
    const result = await outcome(() =>
      articlesEditRoute.action(
        args(
          postRequest(
            `/admin/articles/edit/${article.id}`,
            articleForm({ title: "Unsafe via edit", content: UNSAFE_BODY, status: "published" }),
            cookies.admin,
          ),
          { id: article.id },
        ),
      ),
    );
    expect(result).toMatchObject({ status: 302, location: `/admin/articles/edit/${article.id}` });
    expect(await toastOf(result.setCookie)).toMatchObject({ title: "Article updated successfully!" });
    const row = await articleRow(article.id);
    expect(row.title).toBe("Unsafe via edit");
    expectClean(row.content, "stored");

    const page = await outcome(() =>
      articlePageRoute.loader(args(getRequest("/article/x"), { id: row.slug ?? row.id })),
    );
    expect(page.status).toBe(200);
    expectClean((page.body as Awaited<ReturnType<typeof articlePageRoute.loader>>["data"]).article.content, "page");
    // The edit screen reloads the stored, clean body.
    const editor = await outcome(() =>
      articlesEditRoute.loader(
        args(getRequest(`/admin/articles/edit/${article.id}`, cookies.admin), { id: article.id }),
      ),
    );
    expect(JSON.stringify(editor.body)).not.toMatch(BAD_PARTS);
  });

  test("a body that is nothing but unsafe markup is refused as 'Missing Content' and nothing is stored", async () => {
    const result = await outcome(() =>
      articlesAddRoute.action(
        args(
          postRequest(
            "/admin/articles/add",
            articleForm({
              title: "Only scripts",
              content: `<script>document.write("hi")</script><iframe src="https://evil.example/x"></iframe>`,
            }),
            cookies.editor,
          ),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ problem: { title: "Missing Content" } });
    expect(await findArticleByTitle("Only scripts")).toBeUndefined();
  });

  // ---------------------------------------------------------------------------------------------
  // 3. Comment moderation: the remaining transitions and messages
  // ---------------------------------------------------------------------------------------------

  describe("comment moderation", () => {
    const addComment = async (articleId: string, status: CommentStatus) =>
      one(
        await database.db
          .insert(comments)
          .values({ articleId, authorName: "Ama", authorEmail: "ama@example.com", text: "Hello", status })
          .returning(),
      );
    const statusOf = async (id: string) =>
      (await database.db.select().from(comments).where(eq(comments.id, id)))[0]?.status;
    const post = (fields: Record<string, string>, role: "admin" | "editor" = "editor") =>
      outcome(() => commentsRoute.action(args(postRequest("/admin/comments", fields, cookies[role]))));
    const liveArticle = () =>
      addArticle({ title: "Story", authorId: ids.editor, status: "published", publishedAt: new Date() });

    test("un-reject (rejected → approved) and unspam (spam → approved) answer 'Comment approved.'", async () => {
      const article = await liveArticle();
      const rejected = await addComment(article.id, "rejected");
      const spam = await addComment(article.id, "spam");
      expect(await post({ intent: "approve", id: rejected.id, from: "rejected" })).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Comment approved." } },
      });
      expect(await statusOf(rejected.id)).toBe("approved");
      expect(await post({ intent: "approve", id: spam.id, from: "spam" }, "admin")).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Comment approved." } },
      });
      expect(await statusOf(spam.id)).toBe("approved");
    });

    test("reject answers 'Comment rejected.' and spam answers 'Comment marked as spam.'", async () => {
      const article = await liveArticle();
      const pending = await addComment(article.id, "pending");
      const approved = await addComment(article.id, "approved");
      expect(await post({ intent: "reject", id: pending.id, from: "pending" })).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Comment rejected." } },
      });
      expect(await statusOf(pending.id)).toBe("rejected");
      expect(await post({ intent: "spam", id: approved.id, from: "approved" })).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Comment marked as spam." } },
      });
      expect(await statusOf(approved.id)).toBe("spam");
    });

    test("a failed un-reject or unspam names what was being done: 'Error un-rejecting comment…' / 'Error unmarking as spam comment…'", async () => {
      const article = await liveArticle();
      const rejected = await addComment(article.id, "rejected");
      const spam = await addComment(article.id, "spam");
      vi.mocked(moderateComment).mockRejectedValueOnce(new Error("database went away"));
      expect(await post({ intent: "approve", id: rejected.id, from: "rejected" })).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Error un-rejecting comment. Please try again." } },
      });
      vi.mocked(moderateComment).mockRejectedValueOnce(new Error("database went away"));
      expect(await post({ intent: "approve", id: spam.id, from: "spam" })).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Error unmarking as spam comment. Please try again." } },
      });
      expect(await statusOf(rejected.id)).toBe("rejected");
      expect(await statusOf(spam.id)).toBe("spam");
    });

    test("the orphan clean-up with no orphans answers 'No orphaned comments found.' and removes nothing", async () => {
      const article = await liveArticle();
      await addComment(article.id, "approved");
      expect(await post({ intent: "cleanup" }, "admin")).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "No orphaned comments found." } },
      });
      expect(await database.db.select().from(comments)).toHaveLength(1);
    });

    test("the orphan clean-up counts several orphans in the plural", async () => {
      await database.db.execute(sql`ALTER TABLE comments DISABLE TRIGGER ALL`);
      try {
        for (const text of ["one", "two"])
          await database.db
            .insert(comments)
            .values({ articleId: "gone", authorName: "X", authorEmail: "x@example.com", text });
      } finally {
        await database.db.execute(sql`ALTER TABLE comments ENABLE TRIGGER ALL`);
      }
      expect((await post({ intent: "cleanup" })).body).toMatchObject({
        result: { type: "success", title: "Removed 2 orphaned comments." },
      });
      expect(await database.db.select().from(comments)).toHaveLength(0);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // 4. Categories: not found, the delete confirmation, the failure branches
  // ---------------------------------------------------------------------------------------------

  describe("categories", () => {
    test("edit loader for a missing id: back to the list with the 'Category not found!' error toast", async () => {
      const result = await outcome(() =>
        categoriesEditRoute.loader(
          args(getRequest("/admin/categories/edit/no-such-id", cookies.editor), { id: "no-such-id" }),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: "/admin/categories" });
      expect(await toastOf(result.setCookie)).toMatchObject({ type: "error", title: "Category not found!" });
    });

    test("edit loader when reading fails: 'Error loading category!'", async () => {
      vi.mocked(getCategory).mockRejectedValueOnce(new Error("boom"));
      const result = await outcome(() =>
        categoriesEditRoute.loader(args(getRequest("/admin/categories/edit/x", cookies.editor), { id: "x" })),
      );
      expect(result).toMatchObject({ status: 302, location: "/admin/categories" });
      expect(await toastOf(result.setCookie)).toMatchObject({
        type: "error",
        title: "Error loading category!",
      });
    });

    test("the delete confirmation is the spec's text, shown by the server-rendered first step", async () => {
      expect(CATEGORY_TEXT.deleteConfirm).toBe(
        "Are you sure you want to delete this category? This action cannot be undone.",
      );
      const category = await addCategory("Weather");
      const first = await outcome(() =>
        categoriesRoute.action(
          args(postRequest("/admin/categories", { intent: "delete", ids: [category.id] }, cookies.editor)),
        ),
      );
      expect(first).toMatchObject({
        status: 200,
        body: { deleteStep: { ids: [category.id], articleCount: 0 } },
      });
      expect(await database.db.select().from(categories)).toHaveLength(1);
    });

    test("create failure: 'Error creating category. Please try again.' and the typed values come back", async () => {
      vi.mocked(createCategory).mockRejectedValueOnce(new Error("boom"));
      const result = await outcome(() =>
        categoriesAddRoute.action(
          args(
            postRequest(
              "/admin/categories/add",
              { name: "Science", slug: "", description: "Labs", color: "#123456" },
              cookies.editor,
            ),
          ),
        ),
      );
      expect(result).toMatchObject({
        status: 500,
        body: {
          problem: "Error creating category. Please try again.",
          values: { name: "Science", description: "Labs", color: "#123456" },
        },
      });
      expect(await database.db.select().from(categories)).toHaveLength(0);
    });

    test("update failure: 'Error updating category!' and the row is unchanged", async () => {
      const category = await addCategory("Politics");
      vi.mocked(updateCategory).mockRejectedValueOnce(new Error("boom"));
      const result = await outcome(() =>
        categoriesEditRoute.action(
          args(
            postRequest(
              `/admin/categories/edit/${category.id}`,
              { name: "Government", slug: "government", description: "" },
              cookies.admin,
            ),
            { id: category.id },
          ),
        ),
      );
      expect(result).toMatchObject({
        status: 500,
        body: { problem: "Error updating category!", values: { name: "Government" } },
      });
      expect((await database.db.select().from(categories))[0]).toEqual(category);
    });

    test("delete failure: 'Error deleting category!' and the category stays", async () => {
      const category = await addCategory("Politics");
      vi.mocked(deleteCategories).mockRejectedValueOnce(new Error("boom"));
      const result = await outcome(() =>
        categoriesRoute.action(
          args(
            postRequest(
              "/admin/categories",
              { intent: "delete", ids: [category.id], confirmed: "yes" },
              cookies.editor,
            ),
          ),
        ),
      );
      expect(result).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Error deleting category!" } },
      });
      expect(await database.db.select().from(categories)).toHaveLength(1);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // 5. Article list and add screen: the failure branches
  // ---------------------------------------------------------------------------------------------

  describe("article failures", () => {
    const post = (fields: Record<string, string | string[]>) =>
      outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookies.editor))));

    test("publish failure: 'Failed to publish article. Please try again.' and the article stays a draft", async () => {
      const draft = await addArticle({ title: "Draft", authorId: ids.editor });
      vi.mocked(setArticleStatus).mockRejectedValueOnce(new Error("boom"));
      expect(await post({ intent: "publish", id: draft.id })).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Failed to publish article. Please try again." } },
      });
      expect((await articleRow(draft.id)).status).toBe("draft");
    });

    test("unpublish failure: 'Failed to unpublish article. Please try again.'", async () => {
      const live = await addArticle({
        title: "Live",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      vi.mocked(setArticleStatus).mockRejectedValueOnce(new Error("boom"));
      expect(await post({ intent: "unpublish", id: live.id, confirmed: "yes" })).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Failed to unpublish article. Please try again." } },
      });
      expect((await articleRow(live.id)).status).toBe("published");
    });

    test("bulk failure: 'Failed to perform bulk action. Please try again.' (thrown, and for an empty selection)", async () => {
      const draft = await addArticle({ title: "Draft", authorId: ids.editor });
      vi.mocked(bulkArticles).mockRejectedValueOnce(new Error("boom"));
      expect(await post({ intent: "bulk", bulkAction: "publish", ids: [draft.id] })).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Failed to perform bulk action. Please try again." } },
      });
      expect((await articleRow(draft.id)).status).toBe("draft");
      expect(await post({ intent: "bulk", bulkAction: "publish" })).toMatchObject({
        status: 400,
        body: { result: { type: "error", title: "Failed to perform bulk action. Please try again." } },
      });
    });

    test("bulk delete failure: 'Failed to delete articles. Please try again.'", async () => {
      const draft = await addArticle({ title: "Draft", authorId: ids.editor });
      vi.mocked(bulkArticles).mockRejectedValueOnce(new Error("boom"));
      expect(
        await post({ intent: "bulk", bulkAction: "delete", ids: [draft.id], confirmed: "yes" }),
      ).toMatchObject({
        status: 500,
        body: { result: { type: "error", title: "Failed to delete articles. Please try again." } },
      });
      expect(await articleRow(draft.id)).toBeDefined();
    });

    // Database errors as the drivers raise them: the SQLSTATE on `code` picks the body, never the wording.
    test.each([
      ["an unexpected error", "connection reset", undefined, "Error creating article. Please try again."],
      [
        "a permission error",
        "permission denied for table articles",
        "42501",
        "Permission denied. Please check your authentication.",
      ],
      [
        "a quota error",
        "could not extend file: No space left on device",
        "53100",
        "Storage quota exceeded. Please contact support.",
      ],
      [
        "a size error",
        "index row size 3000 exceeds maximum 2712",
        "54000",
        "Article content is too large. Please reduce the number of images.",
      ],
      [
        "an error whose text merely mentions a permission",
        "permission denied",
        undefined,
        "Error creating article. Please try again.",
      ],
    ])(
      "add screen, %s: 'Creation Failed' with the matching body, the typed values come back, nothing stored",
      async (_name, errorMessage, sqlState, body) => {
        vi.mocked(saveArticle).mockRejectedValueOnce(
          Object.assign(new Error(errorMessage), { code: sqlState }),
        );
        const result = await outcome(() =>
          articlesAddRoute.action(
            args(
              postRequest(
                "/admin/articles/add",
                articleForm({ title: "Never saved", content: "<p>Typed words</p>", tags: "alpha, beta" }),
                cookies.editor,
              ),
            ),
          ),
        );
        expect(result).toMatchObject({
          status: 500,
          body: {
            problem: { title: "Creation Failed", message: body },
            values: { title: "Never saved", content: "<p>Typed words</p>" },
          },
        });
        expect(await findArticleByTitle("Never saved")).toBeUndefined();
      },
    );

    test("edit screen save failure: 'Error updating article. Please try again.' and the row is unchanged", async () => {
      const article = await addArticle({ title: "Before", authorId: ids.editor });
      vi.mocked(saveArticle).mockRejectedValueOnce(new Error("boom"));
      const result = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${article.id}`,
              articleForm({ title: "After" }),
              cookies.editor,
            ),
            { id: article.id },
          ),
        ),
      );
      expect(result).toMatchObject({
        status: 500,
        body: { problem: { title: ARTICLE_TEXT.updateFailed }, values: { title: "After" } },
      });
      expect((await articleRow(article.id)).title).toBe("Before");
    });
  });
});
