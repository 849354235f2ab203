/**
 * The newsroom routes (articles, categories, comments) called directly, per role, against the permission
 * matrix of app/auth/permissions.ts: signed out goes to the sign-in page, a role without the permission
 * gets 403 and the database keeps every row as it was, the allowed roles succeed and the change is stored.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  activityLog,
  articleRevisions,
  articles,
  categories,
  comments,
  notifications,
  settings,
} from "#app/db/schema";
import type { CommentStatus } from "#app/lib/enums";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import * as articlesAddRoute from "./articles.add";
import * as articlesEditRoute from "./articles.edit";
import * as articlesRoute from "./articles";
import * as categoriesAddRoute from "./categories.add";
import * as categoriesEditRoute from "./categories.edit";
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
  type Outcome,
} from "#test-support/route-calls";
import { firstRow } from "#app/db/rows";

const MODERATION_SETTINGS = [
  "allowComments",
  "moderateComments",
  "autoApproveComments",
  "showRejectedComments",
  "showSpamComments",
] as const;

const expectDenied = (result: Outcome, label: string) => {
  expect(result.status, label).toBe(403);
  expect(result.body, label).toMatchObject({ title: "Access Denied" });
};

describe("newsroom routes: articles, categories and comments per role", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const ids = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings(); // the settings cache is per process; this database is a new one
    await database.db.insert(settings).values({ id: 1 });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      ids[role] = user.id;
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(comments);
    await database.db.delete(articles);
    await database.db.delete(categories);
    await database.db.delete(notifications);
  });

  // ---------------------------------------------------------------------------------------------
  // Fixtures and snapshots
  // ---------------------------------------------------------------------------------------------

  const addArticle = async (values: Partial<typeof articles.$inferInsert> & { title: string }) =>
    one(
      await database.db
        .insert(articles)
        .values({ content: "<p>Body</p>", status: "draft", ...values })
        .returning(),
    );
  const addCategory = async (name: string) =>
    one(
      await database.db
        .insert(categories)
        .values({ name, slug: name.toLowerCase().replace(/\s+/g, "-") })
        .returning(),
    );
  const addComment = async (articleId: string, status: CommentStatus, text = "Hello") =>
    one(
      await database.db
        .insert(comments)
        .values({ articleId, authorName: "Ama", authorEmail: "ama@example.com", text, status })
        .returning(),
    );

  const articleRows = () => database.db.select().from(articles).orderBy(articles.id);
  const findArticle = async (id: string) =>
    (await database.db.select().from(articles).where(eq(articles.id, id)))[0];
  const articleRow = async (id: string) =>
    one(await database.db.select().from(articles).where(eq(articles.id, id)));
  const categoryRows = () => database.db.select().from(categories).orderBy(categories.id);
  const commentRows = () => database.db.select().from(comments).orderBy(comments.id);
  const settingsRow = async () => one(await database.db.select().from(settings));
  const activityCount = async () => (await database.db.select().from(activityLog)).length;

  /** Everything a newsroom action could write, to compare before and after a refusal. */
  const snapshot = async () => ({
    articles: await articleRows(),
    categories: await categoryRows(),
    comments: await commentRows(),
    settings: await settingsRow(),
    activity: await activityCount(),
    notifications: (await database.db.select().from(notifications)).length,
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

  // ---------------------------------------------------------------------------------------------
  // Signed out
  // ---------------------------------------------------------------------------------------------

  test("signed out: every loader and action of the newsroom routes sends to /admin/login and writes nothing", async () => {
    const article = await addArticle({ title: "Draft", authorId: ids.writer });
    const category = await addCategory("Politics");
    const comment = await addComment(article.id, "pending");
    const before = await snapshot();
    const calls: Array<[string, () => Promise<unknown>]> = [
      ["articles loader", () => articlesRoute.loader(args(getRequest("/admin/articles")))],
      [
        "articles publish",
        () =>
          articlesRoute.action(args(postRequest("/admin/articles", { intent: "publish", id: article.id }))),
      ],
      [
        "articles delete",
        () =>
          articlesRoute.action(
            args(postRequest("/admin/articles", { intent: "delete", id: article.id, confirmed: "yes" })),
          ),
      ],
      [
        "articles bulk",
        () =>
          articlesRoute.action(
            args(
              postRequest("/admin/articles", { intent: "bulk", bulkAction: "publish", ids: [article.id] }),
            ),
          ),
      ],
      ["articles.add loader", () => articlesAddRoute.loader(args(getRequest("/admin/articles/add")))],
      [
        "articles.add action",
        () => articlesAddRoute.action(args(postRequest("/admin/articles/add", articleForm()))),
      ],
      [
        "articles.edit loader",
        () =>
          articlesEditRoute.loader(
            args(getRequest(`/admin/articles/edit/${article.id}`), { id: article.id }),
          ),
      ],
      [
        "articles.edit save",
        () =>
          articlesEditRoute.action(
            args(postRequest(`/admin/articles/edit/${article.id}`, articleForm({ title: "Hijack" })), {
              id: article.id,
            }),
          ),
      ],
      [
        "articles.edit delete",
        () =>
          articlesEditRoute.action(
            args(postRequest(`/admin/articles/edit/${article.id}`, { intent: "delete", confirmed: "yes" }), {
              id: article.id,
            }),
          ),
      ],
      ["categories loader", () => categoriesRoute.loader(args(getRequest("/admin/categories")))],
      [
        "categories delete",
        () =>
          categoriesRoute.action(
            args(
              postRequest("/admin/categories", { intent: "delete", ids: [category.id], confirmed: "yes" }),
            ),
          ),
      ],
      ["categories.add loader", () => categoriesAddRoute.loader(args(getRequest("/admin/categories/add")))],
      [
        "categories.add action",
        () => categoriesAddRoute.action(args(postRequest("/admin/categories/add", { name: "Sports" }))),
      ],
      [
        "categories.edit loader",
        () =>
          categoriesEditRoute.loader(
            args(getRequest(`/admin/categories/edit/${category.id}`), { id: category.id }),
          ),
      ],
      [
        "categories.edit action",
        () =>
          categoriesEditRoute.action(
            args(postRequest(`/admin/categories/edit/${category.id}`, { name: "Renamed" }), {
              id: category.id,
            }),
          ),
      ],
      ["comments loader", () => commentsRoute.loader(args(getRequest("/admin/comments")))],
      [
        "comments approve",
        () =>
          commentsRoute.action(args(postRequest("/admin/comments", { intent: "approve", id: comment.id }))),
      ],
      [
        "comments delete",
        () =>
          commentsRoute.action(
            args(postRequest("/admin/comments", { intent: "delete", id: comment.id, confirmed: "yes" })),
          ),
      ],
      [
        "comments bulk",
        () =>
          commentsRoute.action(
            args(
              postRequest("/admin/comments", { intent: "bulk", bulkAction: "approve", ids: [comment.id] }),
            ),
          ),
      ],
      [
        "comments cleanup",
        () => commentsRoute.action(args(postRequest("/admin/comments", { intent: "cleanup" }))),
      ],
      [
        "comments settings",
        () =>
          commentsRoute.action(
            args(
              postRequest("/admin/comments", { intent: "settings", setting: "allowComments", value: "off" }),
            ),
          ),
      ],
    ];
    for (const [label, call] of calls) {
      expect(await outcome(call), label).toMatchObject({ status: 302, location: "/admin/login" });
    }
    expect(await snapshot()).toEqual(before);
  });

  // ---------------------------------------------------------------------------------------------
  // Articles: the writer
  // ---------------------------------------------------------------------------------------------

  describe("articles, as a writer", () => {
    const post = (fields: Record<string, string | string[]>) =>
      outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookies.writer))));

    test("the list shows only the writer's own articles and no publishing controls", async () => {
      await addArticle({ title: "Mine", authorId: ids.writer });
      await addArticle({
        title: "Theirs",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const { status, body } = await outcome(() =>
        articlesRoute.loader(args(getRequest("/admin/articles", cookies.writer))),
      );
      expect(status).toBe(200);
      const list = body as {
        rows: Array<{ title: string }>;
        canPublish: boolean;
        canEditAll: boolean;
        userId: string;
      };
      expect(list.rows.map((r) => r.title)).toEqual(["Mine"]);
      expect(list).toMatchObject({ canPublish: false, canEditAll: false, userId: ids.writer });
    });

    test("row actions publish, unpublish, feature, unfeature, breaking, unbreaking: 403 on own and others' articles, nothing changes", async () => {
      const ownDraft = await addArticle({ title: "Own draft", authorId: ids.writer });
      const ownLive = await addArticle({
        title: "Own live",
        authorId: ids.writer,
        status: "published",
        publishedAt: new Date(),
        featured: true,
      });
      const othersLive = await addArticle({
        title: "Others live",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
        isTopStory: true,
      });
      const othersDraft = await addArticle({ title: "Others draft", authorId: ids.editor });
      const before = await snapshot();
      const cases: Array<[string, string]> = [
        ["publish", ownDraft.id],
        ["publish", othersDraft.id],
        ["unpublish", ownLive.id],
        ["unpublish", othersLive.id],
        ["feature", ownDraft.id],
        ["feature", othersDraft.id],
        ["unfeature", ownLive.id],
        ["breaking", ownDraft.id],
        ["breaking", othersDraft.id],
        ["unbreaking", othersLive.id],
      ];
      for (const [intent, id] of cases)
        expectDenied(await post({ intent, id, confirmed: "yes" }), `${intent} ${id}`);
      expect(await snapshot()).toEqual(before);
    });

    test("row delete: 403 for another's article and for the writer's own published one; nothing is deleted", async () => {
      const othersDraft = await addArticle({ title: "Others draft", authorId: ids.editor });
      const othersLive = await addArticle({
        title: "Others live",
        authorId: ids.admin,
        status: "published",
        publishedAt: new Date(),
      });
      const ownLive = await addArticle({
        title: "Own live",
        authorId: ids.writer,
        status: "published",
        publishedAt: new Date(),
      });
      const before = await snapshot();
      for (const id of [othersDraft.id, othersLive.id, ownLive.id])
        expectDenied(await post({ intent: "delete", id, confirmed: "yes" }), id);
      expect(await snapshot()).toEqual(before);
    });

    test("bulk publish and bulk move-to-draft: 403 and nothing changes", async () => {
      const ownDraft = await addArticle({ title: "Own draft", authorId: ids.writer });
      const ownPending = await addArticle({ title: "Own pending", authorId: ids.writer, status: "pending" });
      const ownLive = await addArticle({
        title: "Own live",
        authorId: ids.writer,
        status: "published",
        publishedAt: new Date(),
      });
      const othersLive = await addArticle({
        title: "Others live",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const before = await snapshot();
      expectDenied(
        await post({ intent: "bulk", bulkAction: "publish", ids: [ownDraft.id, ownPending.id] }),
        "bulk publish",
      );
      expectDenied(
        await post({ intent: "bulk", bulkAction: "publish", ids: [ownDraft.id], confirmed: "yes" }),
        "bulk publish confirmed",
      );
      expectDenied(
        await post({ intent: "bulk", bulkAction: "draft", ids: [ownLive.id, othersLive.id] }),
        "bulk draft",
      );
      expect(await snapshot()).toEqual(before);
    });

    test("bulk delete of others' articles deletes none of them (each is refused and counted as failed)", async () => {
      const othersDraft = await addArticle({ title: "Others draft", authorId: ids.editor });
      const othersLive = await addArticle({
        title: "Others live",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const before = await snapshot();
      const result = await post({
        intent: "bulk",
        bulkAction: "delete",
        ids: [othersDraft.id, othersLive.id],
        confirmed: "yes",
      });
      // The bulk delete itself is open to writers (their own unpublished articles); per article the refusal is counted.
      expect(result.status).toBe(207);
      expect(result.body).toMatchObject({
        result: { type: "error", title: "Failed to process all 2 articles. Please try again." },
      });
      expect(await snapshot()).toEqual(before);
    });

    test("bulk delete takes the writer's own unpublished article and leaves another's in place", async () => {
      const ownDraft = await addArticle({ title: "Own draft", authorId: ids.writer });
      const othersDraft = await addArticle({ title: "Others draft", authorId: ids.editor });
      const result = await post({
        intent: "bulk",
        bulkAction: "delete",
        ids: [ownDraft.id, othersDraft.id],
        confirmed: "yes",
      });
      expect(result.status).toBe(207);
      expect(result.body).toMatchObject({
        result: { type: "warning", title: "Processed 1 of 2 articles with 1 error." },
      });
      expect(await findArticle(ownDraft.id)).toBeUndefined();
      expect(await articleRow(othersDraft.id)).toEqual(othersDraft);
    });

    test("row delete of the writer's own draft succeeds", async () => {
      const ownDraft = await addArticle({ title: "Own draft", authorId: ids.writer });
      expect((await post({ intent: "delete", id: ownDraft.id })).body).toMatchObject({
        result: { type: "confirm" },
      });
      expect(await articleRow(ownDraft.id)).toBeDefined();
      expect(await post({ intent: "delete", id: ownDraft.id, confirmed: "yes" })).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Article Deleted!" } },
      });
      expect(await findArticle(ownDraft.id)).toBeUndefined();
    });

    test("edit screen of another's article: loader 403, save 403, delete 403; the row is unchanged", async () => {
      const theirs = await addArticle({ title: "Theirs", authorId: ids.editor, authorName: "Edem" });
      const theirsLive = await addArticle({
        title: "Theirs live",
        authorId: ids.admin,
        status: "published",
        publishedAt: new Date(),
      });
      const before = await snapshot();
      for (const target of [theirs, theirsLive]) {
        const path = `/admin/articles/edit/${target.id}`;
        const params = { id: target.id };
        expectDenied(
          await outcome(() => articlesEditRoute.loader(args(getRequest(path, cookies.writer), params))),
          "loader",
        );
        expectDenied(
          await outcome(() =>
            articlesEditRoute.action(
              args(
                postRequest(path, articleForm({ title: "Taken over", status: "draft" }), cookies.writer),
                params,
              ),
            ),
          ),
          "save",
        );
        expectDenied(
          await outcome(() =>
            articlesEditRoute.action(
              args(
                postRequest(path, articleForm({ title: "Taken over", status: "published" }), cookies.writer),
                params,
              ),
            ),
          ),
          "save as published",
        );
        expectDenied(
          await outcome(() =>
            articlesEditRoute.action(
              args(postRequest(path, { intent: "delete", confirmed: "yes" }, cookies.writer), params),
            ),
          ),
          "delete",
        );
      }
      expect(await snapshot()).toEqual(before);
    });

    test("edit screen: deleting the writer's own published article is 403 and it stays", async () => {
      const ownLive = await addArticle({
        title: "Own live",
        authorId: ids.writer,
        status: "published",
        publishedAt: new Date(),
      });
      const before = await snapshot();
      expectDenied(
        await outcome(() =>
          articlesEditRoute.action(
            args(
              postRequest(
                `/admin/articles/edit/${ownLive.id}`,
                { intent: "delete", confirmed: "yes" },
                cookies.writer,
              ),
              {
                id: ownLive.id,
              },
            ),
          ),
        ),
        "delete own live",
      );
      expect(await snapshot()).toEqual(before);
    });

    test("add: asking for 'published', Featured and Breaking News saves a pending article without flags", async () => {
      const loaded = await outcome(() =>
        articlesAddRoute.loader(args(getRequest("/admin/articles/add", cookies.writer))),
      );
      expect(loaded.body).toMatchObject({ canPublish: false });
      const result = await outcome(() =>
        articlesAddRoute.action(
          args(
            postRequest(
              "/admin/articles/add",
              articleForm({ title: "Writer scoop", status: "published", featured: "on", isTopStory: "on" }),
              cookies.writer,
            ),
          ),
        ),
      );
      expect(result).toMatchObject({
        status: 302,
        location: expect.stringMatching(/^\/admin\/articles\/edit\/[\w-]+$/),
      });
      expect(await toastOf(result.setCookie)).toMatchObject({ title: "Article Created!" });
      const row = firstRow(
        await database.db.select().from(articles).where(eq(articles.title, "Writer scoop")),
      );
      expect(row).toMatchObject({
        status: "pending",
        featured: false,
        isTopStory: false,
        publishedAt: null,
        authorId: ids.writer,
      });
    });

    test("edit own draft: asking for 'published' and the flags gives pending, no flags", async () => {
      const own = await addArticle({ title: "Own draft", authorId: ids.writer });
      const result = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${own.id}`,
              articleForm({ title: "Own draft v2", status: "published", featured: "on", isTopStory: "on" }),
              cookies.writer,
            ),
            {
              id: own.id,
            },
          ),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: `/admin/articles/edit/${own.id}` });
      expect(await articleRow(own.id)).toMatchObject({
        title: "Own draft v2",
        status: "pending",
        featured: false,
        isTopStory: false,
        publishedAt: null,
      });
    });

    test("edit own published, featured article: the change waits for review; the live story and its flag stay as they were", async () => {
      const own = await addArticle({
        title: "Own live",
        authorId: ids.writer,
        status: "published",
        publishedAt: new Date(),
        featured: true,
      });
      const result = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${own.id}`,
              articleForm({ title: "Own live (corrected)", status: "published" }),
              cookies.writer,
            ),
            { id: own.id },
          ),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: `/admin/articles/edit/${own.id}` });
      expect(await articleRow(own.id)).toMatchObject({
        title: "Own live",
        status: "published",
        featured: true,
      });
      const [proposal] = await database.db
        .select()
        .from(articleRevisions)
        .where(and(eq(articleRevisions.articleId, own.id), eq(articleRevisions.state, "proposed")));
      expect(proposal?.snapshot.title).toBe("Own live (corrected)");
    });

    // Unpublishing needs the publish permission, from the list or from the form: the writer's change
    // waits for review and the article stays live as it was.
    test.each(["draft", "pending"])(
      "edit own published article: a writer cannot take it off the site through the form (status %s)",
      async (status) => {
        const own = await addArticle({
          title: "Own live",
          authorId: ids.writer,
          status: "published",
          publishedAt: new Date(),
        });
        const result = await outcome(() =>
          articlesEditRoute.action(
            args(
              postRequest(
                `/admin/articles/edit/${own.id}`,
                articleForm({ title: "Own live (fixed)", status }),
                cookies.writer,
              ),
              { id: own.id },
            ),
          ),
        );
        expect(result).toMatchObject({ status: 302, location: `/admin/articles/edit/${own.id}` });
        expect(await articleRow(own.id)).toMatchObject({ title: "Own live", status: "published" });
      },
    );
  });

  // ---------------------------------------------------------------------------------------------
  // Articles: editors and admins
  // ---------------------------------------------------------------------------------------------

  describe("articles, as an editor or admin", () => {
    const postAs = (role: "admin" | "editor", fields: Record<string, string | string[]>) =>
      outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookies[role]))));

    test("editor publishes a writer's pending article: 'Article published.' and the publish time is recorded", async () => {
      const pending = await addArticle({ title: "For review", authorId: ids.writer, status: "pending" });
      const result = await postAs("editor", { intent: "publish", id: pending.id });
      expect(result).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Article published." } },
      });
      const row = await articleRow(pending.id);
      expect(row.status).toBe("published");
      expect(row.publishedAt).toBeInstanceOf(Date);
    });

    test("editor unpublishes after the confirmation step", async () => {
      const live = await addArticle({
        title: "Live",
        authorId: ids.admin,
        status: "published",
        publishedAt: new Date(),
      });
      expect((await postAs("editor", { intent: "unpublish", id: live.id })).body).toMatchObject({
        result: { type: "confirm" },
      });
      expect((await articleRow(live.id)).status).toBe("published");
      expect(
        (await postAs("editor", { intent: "unpublish", id: live.id, confirmed: "yes" })).body,
      ).toMatchObject({
        result: { type: "success", title: "Article moved to draft." },
      });
      expect((await articleRow(live.id)).status).toBe("draft");
    });

    test("admin marks Featured and Breaking News; each flag moves off the article that had it", async () => {
      const old = await addArticle({
        title: "Old",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
        featured: true,
        isTopStory: true,
      });
      const fresh = await addArticle({
        title: "Fresh",
        authorId: ids.writer,
        status: "published",
        publishedAt: new Date(),
      });
      expect((await postAs("admin", { intent: "feature", id: fresh.id })).body).toMatchObject({
        result: { title: "Article marked as Featured." },
      });
      expect((await postAs("admin", { intent: "breaking", id: fresh.id })).body).toMatchObject({
        result: { title: "Article marked as Breaking News." },
      });
      expect(await articleRow(fresh.id)).toMatchObject({ featured: true, isTopStory: true });
      expect(await articleRow(old.id)).toMatchObject({ featured: false, isTopStory: false });
      await postAs("editor", { intent: "unfeature", id: fresh.id });
      await postAs("editor", { intent: "unbreaking", id: fresh.id });
      expect(await articleRow(fresh.id)).toMatchObject({ featured: false, isTopStory: false });
    });

    test("editor bulk publishes; admin bulk deletes after the confirmation step", async () => {
      const a = await addArticle({ title: "A", authorId: ids.writer, status: "pending" });
      const b = await addArticle({ title: "B", authorId: ids.admin });
      const published = await postAs("editor", { intent: "bulk", bulkAction: "publish", ids: [a.id, b.id] });
      expect(published).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Successfully processed 2 articles!" } },
      });
      expect([(await articleRow(a.id)).status, (await articleRow(b.id)).status]).toEqual([
        "published",
        "published",
      ]);

      expect(
        (await postAs("admin", { intent: "bulk", bulkAction: "delete", ids: [a.id, b.id] })).body,
      ).toMatchObject({ result: { type: "confirm" } });
      expect(await articleRows()).toHaveLength(2);
      const deleted = await postAs("admin", {
        intent: "bulk",
        bulkAction: "delete",
        ids: [a.id, b.id],
        confirmed: "yes",
      });
      expect(deleted.body).toMatchObject({
        result: { type: "success", title: "Successfully processed 2 articles!" },
      });
      expect(await articleRows()).toHaveLength(0);
    });

    test("editor edits and publishes a writer's article through the edit screen, with a flag", async () => {
      const theirs = await addArticle({ title: "Writer draft", authorId: ids.writer });
      const loaded = await outcome(() =>
        articlesEditRoute.loader(
          args(getRequest(`/admin/articles/edit/${theirs.id}`, cookies.editor), { id: theirs.id }),
        ),
      );
      expect(loaded.body).toMatchObject({
        id: theirs.id,
        canPublish: true,
        values: { title: "Writer draft" },
      });
      const saved = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${theirs.id}`,
              articleForm({ title: "Edited by editor", status: "published", featured: "on" }),
              cookies.editor,
            ),
            {
              id: theirs.id,
            },
          ),
        ),
      );
      expect(saved).toMatchObject({ status: 302, location: `/admin/articles/edit/${theirs.id}` });
      expect(await toastOf(saved.setCookie)).toMatchObject({ title: "Article updated successfully!" });
      expect(await articleRow(theirs.id)).toMatchObject({
        title: "Edited by editor",
        status: "published",
        featured: true,
        authorId: ids.writer,
      });
    });

    test("admin deletes another's published article from the edit screen: 'Article Deleted!'", async () => {
      const theirs = await addArticle({
        title: "Live",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const result = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${theirs.id}`,
              { intent: "delete", confirmed: "yes" },
              cookies.admin,
            ),
            {
              id: theirs.id,
            },
          ),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: "/admin/articles" });
      expect(await toastOf(result.setCookie)).toMatchObject({ title: "Article Deleted!" });
      expect(await findArticle(theirs.id)).toBeUndefined();
    });

    test("editor creates a published article directly", async () => {
      const result = await outcome(() =>
        articlesAddRoute.action(
          args(
            postRequest(
              "/admin/articles/add",
              articleForm({ title: "Editor story", status: "published" }),
              cookies.editor,
            ),
          ),
        ),
      );
      expect(result).toMatchObject({
        status: 302,
        location: expect.stringMatching(/^\/admin\/articles\/edit\/[\w-]+$/),
      });
      const row = firstRow(
        await database.db.select().from(articles).where(eq(articles.title, "Editor story")),
      );
      expect(row).toMatchObject({ status: "published", authorId: ids.editor });
      expect(row.publishedAt).toBeInstanceOf(Date);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Categories
  // ---------------------------------------------------------------------------------------------

  describe("categories", () => {
    test("writer: the list is readable (categories.view) without management controls", async () => {
      await addCategory("Politics");
      const { status, body } = await outcome(() =>
        categoriesRoute.loader(args(getRequest("/admin/categories", cookies.writer))),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ canManage: false, rows: [{ name: "Politics" }] });
    });

    test("writer: add and edit loaders, and every categories action, are 403; nothing changes", async () => {
      const politics = await addCategory("Politics");
      const sports = await addCategory("Sports");
      await addArticle({ title: "Filed", authorId: ids.writer, categoryId: politics.id });
      const before = await snapshot();
      const editPath = `/admin/categories/edit/${politics.id}`;
      const calls: Array<[string, () => Promise<unknown>]> = [
        [
          "add loader",
          () => categoriesAddRoute.loader(args(getRequest("/admin/categories/add", cookies.writer))),
        ],
        [
          "add action",
          () =>
            categoriesAddRoute.action(
              args(
                postRequest(
                  "/admin/categories/add",
                  { name: "Writers Corner", slug: "", description: "", color: "" },
                  cookies.writer,
                ),
              ),
            ),
        ],
        [
          "edit loader",
          () => categoriesEditRoute.loader(args(getRequest(editPath, cookies.writer), { id: politics.id })),
        ],
        [
          "edit action",
          () =>
            categoriesEditRoute.action(
              args(
                postRequest(editPath, { name: "Renamed", slug: "renamed", description: "x" }, cookies.writer),
                { id: politics.id },
              ),
            ),
        ],
        [
          "delete (first step)",
          () =>
            categoriesRoute.action(
              args(postRequest("/admin/categories", { intent: "delete", ids: [sports.id] }, cookies.writer)),
            ),
        ],
        [
          "delete confirmed",
          () =>
            categoriesRoute.action(
              args(
                postRequest(
                  "/admin/categories",
                  { intent: "delete", ids: [sports.id], confirmed: "yes" },
                  cookies.writer,
                ),
              ),
            ),
        ],
        [
          "bulk delete with a move target",
          () =>
            categoriesRoute.action(
              args(
                postRequest(
                  "/admin/categories",
                  { intent: "delete", ids: [politics.id, sports.id], confirmed: "yes", moveTo: sports.id },
                  cookies.writer,
                ),
              ),
            ),
        ],
        [
          "delete moving articles",
          () =>
            categoriesRoute.action(
              args(
                postRequest(
                  "/admin/categories",
                  { intent: "delete", ids: [politics.id], confirmed: "yes", moveTo: sports.id },
                  cookies.writer,
                ),
              ),
            ),
        ],
      ];
      for (const [label, call] of calls) expectDenied(await outcome(call), label);
      expect(await snapshot()).toEqual(before);
    });

    test("editor creates a category: 'Category created successfully!' and the row exists", async () => {
      expect(
        await outcome(() =>
          categoriesAddRoute.loader(args(getRequest("/admin/categories/add", cookies.editor))),
        ),
      ).toMatchObject({ status: 200 });
      const result = await outcome(() =>
        categoriesAddRoute.action(
          args(
            postRequest(
              "/admin/categories/add",
              { name: "World News", slug: "", description: "Abroad", color: "#123456" },
              cookies.editor,
            ),
          ),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: "/admin/categories" });
      expect(await toastOf(result.setCookie)).toMatchObject({ title: "Category created successfully!" });
      const [row] = await database.db.select().from(categories).where(eq(categories.name, "World News"));
      expect(row).toMatchObject({ slug: "world-news", description: "Abroad", color: "#123456" });
    });

    test("admin edits a category: 'Category updated successfully!' and the row changes", async () => {
      const politics = await addCategory("Politics");
      const path = `/admin/categories/edit/${politics.id}`;
      const loaded = await outcome(() =>
        categoriesEditRoute.loader(args(getRequest(path, cookies.admin), { id: politics.id })),
      );
      expect(loaded.body).toMatchObject({ category: { id: politics.id, name: "Politics" } });
      const result = await outcome(() =>
        categoriesEditRoute.action(
          args(
            postRequest(
              path,
              { name: "Government", slug: "government", description: "Power" },
              cookies.admin,
            ),
            { id: politics.id },
          ),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: "/admin/categories" });
      expect(await toastOf(result.setCookie)).toMatchObject({ title: "Category updated successfully!" });
      expect(
        (await database.db.select().from(categories).where(eq(categories.id, politics.id)))[0],
      ).toMatchObject({
        name: "Government",
        slug: "government",
        description: "Power",
      });
    });

    test("editor deletes a category holding articles: asked where they go, then they move and it is gone", async () => {
      const politics = await addCategory("Politics");
      const sports = await addCategory("Sports");
      const filed = await addArticle({ title: "Filed", authorId: ids.writer, categoryId: politics.id });
      const post = (fields: Record<string, string | string[]>) =>
        outcome(() => categoriesRoute.action(args(postRequest("/admin/categories", fields, cookies.editor))));
      expect((await post({ intent: "delete", ids: [politics.id] })).body).toMatchObject({
        deleteStep: { ids: [politics.id], articleCount: 1 },
      });
      expect(await categoryRows()).toHaveLength(2);
      const deleted = await post({
        intent: "delete",
        ids: [politics.id],
        confirmed: "yes",
        moveTo: sports.id,
      });
      expect(deleted).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Category deleted successfully!" } },
      });
      expect((await categoryRows()).map((c) => c.id)).toEqual([sports.id]);
      expect((await articleRow(filed.id)).categoryId).toBe(sports.id);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Comments
  // ---------------------------------------------------------------------------------------------

  describe("comments", () => {
    test("writer: the loader is 403", async () => {
      expectDenied(
        await outcome(() => commentsRoute.loader(args(getRequest("/admin/comments", cookies.writer)))),
        "loader",
      );
      expectDenied(
        await outcome(() =>
          commentsRoute.loader(args(getRequest("/admin/comments?status=pending", cookies.writer))),
        ),
        "loader filtered",
      );
    });

    test("writer: approve, reject, spam, delete, bulk, cleanup and each settings toggle are 403; nothing changes", async () => {
      const article = await addArticle({
        title: "Story",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const pending = await addComment(article.id, "pending", "Waiting");
      const approved = await addComment(article.id, "approved", "Shown");
      const spam = await addComment(article.id, "spam", "Buy now");
      // An orphan left behind by an import: the clean-up would remove it.
      await database.db.execute(sql`ALTER TABLE comments DISABLE TRIGGER ALL`);
      try {
        await database.db
          .insert(comments)
          .values({ articleId: "gone", authorName: "X", authorEmail: "x@example.com", text: "orphan" });
      } finally {
        await database.db.execute(sql`ALTER TABLE comments ENABLE TRIGGER ALL`);
      }
      const before = await snapshot();
      const post = (fields: Record<string, string | string[]>) =>
        outcome(() => commentsRoute.action(args(postRequest("/admin/comments", fields, cookies.writer))));
      const cases: Array<Record<string, string | string[]>> = [
        { intent: "approve", id: pending.id, from: "pending" },
        { intent: "approve", id: spam.id, from: "spam" },
        { intent: "reject", id: pending.id, from: "pending" },
        { intent: "reject", id: approved.id, from: "approved" },
        { intent: "spam", id: approved.id, from: "approved" },
        { intent: "delete", id: approved.id },
        { intent: "delete", id: approved.id, confirmed: "yes" },
        ...(["approve", "reject", "spam"] as const).map((bulkAction) => ({
          intent: "bulk",
          bulkAction,
          ids: [pending.id, approved.id, spam.id],
        })),
        { intent: "bulk", bulkAction: "delete", ids: [pending.id, approved.id] },
        { intent: "bulk", bulkAction: "delete", ids: [pending.id, approved.id], confirmed: "yes" },
        { intent: "cleanup" },
        ...MODERATION_SETTINGS.flatMap((setting) => [
          { intent: "settings", setting, value: "on" },
          { intent: "settings", setting, value: "off" },
        ]),
      ];
      for (const fields of cases) expectDenied(await post(fields), JSON.stringify(fields));
      expect(await snapshot()).toEqual(before);
      expect(before.comments).toHaveLength(4);
    });

    test("admin and editor read the moderation list with its counts and flags; it opens on Pending", async () => {
      const article = await addArticle({
        title: "Story",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const pending = await addComment(article.id, "pending");
      await addComment(article.id, "approved");
      for (const role of ["admin", "editor"] as const) {
        const { status, body } = await outcome(() =>
          commentsRoute.loader(args(getRequest("/admin/comments", cookies[role]))),
        );
        expect(status).toBe(200);
        expect(body).toMatchObject({
          total: 1,
          rows: [{ id: pending.id, status: "pending" }],
          query: { status: "pending" },
          stats: { pending: 1, approved: 1, total: 2 },
          flags: { allowComments: true },
        });
        const all = await outcome(() =>
          commentsRoute.loader(args(getRequest("/admin/comments?status=all", cookies[role]))),
        );
        expect(all.body).toMatchObject({ total: 2, query: { status: "all" } });
      }
    });

    test("admin approves a pending comment; editor rejects, marks spam and deletes (after confirming)", async () => {
      const article = await addArticle({
        title: "Story",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const comment = await addComment(article.id, "pending");
      const statusNow = async () =>
        (await database.db.select().from(comments).where(eq(comments.id, comment.id)))[0]?.status;
      const post = (role: "admin" | "editor", fields: Record<string, string>) =>
        outcome(() => commentsRoute.action(args(postRequest("/admin/comments", fields, cookies[role]))));

      expect(await post("admin", { intent: "approve", id: comment.id, from: "pending" })).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: "Comment approved." } },
      });
      expect(await statusNow()).toBe("approved");
      expect((await post("editor", { intent: "spam", id: comment.id, from: "approved" })).body).toMatchObject(
        { result: { type: "success" } },
      );
      expect(await statusNow()).toBe("spam");
      // Not in the transition table: refused, unchanged.
      expect((await post("editor", { intent: "reject", id: comment.id, from: "spam" })).status).toBe(409);
      expect(await statusNow()).toBe("spam");
      expect((await post("editor", { intent: "delete", id: comment.id })).body).toMatchObject({
        result: { type: "confirm" },
      });
      expect(await statusNow()).toBe("spam");
      expect(
        (await post("editor", { intent: "delete", id: comment.id, confirmed: "yes" })).body,
      ).toMatchObject({
        result: { type: "success", title: "Comment deleted." },
      });
      expect(await statusNow()).toBeUndefined();
    });

    test("editor bulk approves; admin cleans up orphans; editor toggles a moderation setting", async () => {
      const article = await addArticle({
        title: "Story",
        authorId: ids.editor,
        status: "published",
        publishedAt: new Date(),
      });
      const a = await addComment(article.id, "pending");
      const b = await addComment(article.id, "rejected");
      const bulk = await outcome(() =>
        commentsRoute.action(
          args(
            postRequest(
              "/admin/comments",
              { intent: "bulk", bulkAction: "approve", ids: [a.id, b.id] },
              cookies.editor,
            ),
          ),
        ),
      );
      expect(bulk.body).toMatchObject({ result: { type: "success", title: "Processed 2 comments." } });
      expect((await commentRows()).map((c) => c.status)).toEqual(["approved", "approved"]);

      await database.db.execute(sql`ALTER TABLE comments DISABLE TRIGGER ALL`);
      try {
        await database.db
          .insert(comments)
          .values({ articleId: "gone", authorName: "X", authorEmail: "x@example.com", text: "orphan" });
      } finally {
        await database.db.execute(sql`ALTER TABLE comments ENABLE TRIGGER ALL`);
      }
      const cleanup = await outcome(() =>
        commentsRoute.action(args(postRequest("/admin/comments", { intent: "cleanup" }, cookies.admin))),
      );
      expect(cleanup.body).toMatchObject({
        result: { type: "success", title: "Removed 1 orphaned comment." },
      });
      expect(await commentRows()).toHaveLength(2);

      const toggle = (value: "on" | "off") =>
        outcome(() =>
          commentsRoute.action(
            args(
              postRequest(
                "/admin/comments",
                { intent: "settings", setting: "showSpamComments", value },
                cookies.editor,
              ),
            ),
          ),
        );
      expect((await toggle("on")).body).toMatchObject({
        result: { type: "success", title: "Comment settings updated." },
      });
      expect((await settingsRow()).showSpamComments).toBe(true);
      const listed = await outcome(() =>
        commentsRoute.loader(args(getRequest("/admin/comments", cookies.editor))),
      );
      expect(listed.body).toMatchObject({ flags: { showSpamComments: true } });
      await toggle("off");
      expect((await settingsRow()).showSpamComments).toBe(false);
    });
  });
});
