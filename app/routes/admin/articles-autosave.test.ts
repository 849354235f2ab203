/**
 * The editor's autosave (POST /admin/articles/autosave) and the saves that keep the editor open, per role:
 * an autosave only ever keeps a draft (never publishes, never touches a story readers see, never moves
 * the Featured or Breaking News flag), a writer cannot autosave another's article, and a new article's
 * autosaved draft is the one "Create Article" then saves.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articles, notifications, settings, users } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { AUTOSAVE_TEXT, type AutosaveReply } from "#app/lib/article-autosave";
import * as articlesAddRoute from "./articles.add";
import * as autosaveRoute from "./articles.autosave";
import * as articlesEditRoute from "./articles.edit";
import { args, makeUser, outcome, postRequest, sessionCookieFor, toastOf } from "#test-support/route-calls";

describe.each(TEST_ENGINES)("article autosave on %s", (engine) => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "", otherWriter: "" };
  const ids = { admin: "", editor: "", writer: "", otherWriter: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    for (const [key, role] of [
      ["admin", "admin"],
      ["editor", "editor"],
      ["writer", "writer"],
      ["otherWriter", "writer"],
    ] as const) {
      const user = await makeUser(`${key}@example.com`, role);
      ids[key] = user.id;
      cookies[key] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(activityLog);
    await database.db.delete(notifications);
  });

  const form = (change: Record<string, string> = {}): Record<string, string> => ({
    title: "Council votes on market levy",
    content: "<p>The assembly met on Tuesday.</p>",
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

  const autosave = async (fields: Record<string, string>, cookie?: string) => {
    // Returned, or thrown by the guard (its JSON refusals).
    const response = (await autosaveRoute
      .action(args(postRequest("/admin/articles/autosave", fields, cookie)))
      .catch((thrown: unknown) => {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      })) as Response;
    return { status: response.status, body: (await response.json()) as AutosaveReply };
  };

  const addArticle = async (values: Partial<typeof articles.$inferInsert> & { title: string }) =>
    one(
      await database.db
        .insert(articles)
        .values({ content: "<p>Stored text</p>", status: "draft", ...values })
        .returning(),
    );
  const row = async (id: string) => one(await database.db.select().from(articles).where(eq(articles.id, id)));
  const allRows = () => database.db.select().from(articles).orderBy(articles.id);
  const activityCount = async () => (await database.db.select().from(activityLog)).length;

  test("signed out: 401 with the text the editor shows, and nothing is written", async () => {
    const result = await autosave(form());
    expect(result).toMatchObject({ status: 401, body: { ok: false, message: AUTOSAVE_TEXT.signedOut } });
    expect(await allRows()).toEqual([]);
  });

  test("a writer's first autosave creates their draft, the next ones update it without a second article", async () => {
    const before = Date.now();
    const first = await autosave(form(), cookies.writer);
    expect(first.status).toBe(200);
    if (!first.body.ok) throw new Error(first.body.message);
    const savedAt = Date.parse(first.body.savedAt);
    expect(savedAt).toBeGreaterThanOrEqual(before);
    expect(savedAt).toBeLessThanOrEqual(Date.now());
    expect(await row(first.body.id)).toMatchObject({ status: "draft", authorId: ids.writer });
    expect(await activityCount()).toBe(1);

    const second = await autosave(
      form({ id: first.body.id, content: "<p>The assembly met on Tuesday and voted.</p>" }),
      cookies.writer,
    );
    expect(second).toMatchObject({ status: 200, body: { ok: true, id: first.body.id } });
    expect(await allRows()).toHaveLength(1);
    expect((await row(first.body.id)).content).toBe("<p>The assembly met on Tuesday and voted.</p>");
    // Autosaves every few seconds do not bury the activity log.
    expect(await activityCount()).toBe(1);
  });

  test.each(["admin", "editor", "writer"] as const)(
    "%s: an autosave never publishes, never submits for review and never takes a flag",
    async (role) => {
      const live = await addArticle({
        title: "Live lead",
        status: "published",
        publishedAt: new Date(),
        featured: true,
        isTopStory: true,
      });
      for (const status of ["published", "pending"]) {
        const result = await autosave(
          form({ title: `Asked for ${status}`, status, featured: "on", isTopStory: "on" }),
          cookies[role],
        );
        if (!result.body.ok) throw new Error(result.body.message);
        expect(await row(result.body.id)).toMatchObject({
          status: "draft",
          publishedAt: null,
          featured: false,
          isTopStory: false,
        });
      }
      expect(await row(live.id)).toMatchObject({ featured: true, isTopStory: true, status: "published" });
      expect(await database.db.select().from(notifications)).toEqual([]);
    },
  );

  test.each(["published", "pending"] as const)(
    "an autosave of a %s article is refused (409) and changes nothing: readers' text stays as it is",
    async (status) => {
      const article = await addArticle({
        title: "Not a draft",
        authorId: ids.editor,
        status,
        publishedAt: status === "published" ? new Date() : null,
      });
      const before = await row(article.id);
      const result = await autosave(form({ id: article.id, title: "Half-typed change" }), cookies.editor);
      expect(result).toEqual({ status: 409, body: { ok: false, message: AUTOSAVE_TEXT.notDraft } });
      expect(await row(article.id)).toEqual(before);
    },
  );

  test("a writer cannot autosave another's draft: 403, the draft as it was", async () => {
    const theirs = await addArticle({ title: "Their draft", authorId: ids.otherWriter });
    const before = await row(theirs.id);
    const result = await autosave(form({ id: theirs.id, title: "Hijacked" }), cookies.writer);
    expect(result.status).toBe(403);
    expect(result.body.ok).toBe(false);
    expect(await row(theirs.id)).toEqual(before);
    expect(await activityCount()).toBe(0);
  });

  test("an editor's autosave of a writer's draft keeps the writer as its author", async () => {
    const theirs = await addArticle({ title: "Writer draft", authorId: ids.writer, authorName: "writer" });
    const result = await autosave(form({ id: theirs.id, title: "Tightened by the editor" }), cookies.editor);
    expect(result.status).toBe(200);
    expect(await row(theirs.id)).toMatchObject({
      title: "Tightened by the editor",
      authorId: ids.writer,
      status: "draft",
    });
  });

  test("without a title nothing is saved (400), and the reason is the form's own", async () => {
    const result = await autosave(form({ title: "  " }), cookies.writer);
    expect(result).toEqual({
      status: 400,
      body: { ok: false, message: "Please enter a title for the article." },
    });
    expect(await allRows()).toEqual([]);
  });

  test("a body over 1 MB is not saved (400), with the limit's own message", async () => {
    const result = await autosave(form({ content: `<p>${"x".repeat(1024 * 1024)}</p>` }), cookies.writer);
    expect(result).toEqual({ status: 400, body: { ok: false, message: ARTICLE_TEXT.contentTooLong } });
    expect(await allRows()).toEqual([]);
  });

  test("an article that was deleted meanwhile: 404, nothing recreated", async () => {
    const result = await autosave(form({ id: "no-such-article" }), cookies.editor);
    expect(result.status).toBe(404);
    expect(await allRows()).toEqual([]);
  });

  test("a disabled account cannot autosave", async () => {
    const user = await makeUser("gone@example.com", "writer");
    const cookie = await sessionCookieFor(user.id);
    await database.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const result = await autosave(form(), cookie);
    expect(result.status).toBe(403);
    expect(await allRows()).toEqual([]);
  });

  describe("saving keeps the editor open", () => {
    test("'Create Article' after an autosave saves that draft (no second article) and opens its edit screen", async () => {
      const first = await autosave(form(), cookies.writer);
      if (!first.body.ok) throw new Error(first.body.message);
      const draftId = first.body.id;
      const result = await outcome(() =>
        articlesAddRoute.action(
          args(
            postRequest(
              "/admin/articles/add",
              form({ draftId, title: "Council passes market levy", status: "pending" }),
              cookies.writer,
            ),
          ),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: `/admin/articles/edit/${draftId}` });
      expect(await toastOf(result.setCookie)).toMatchObject({ title: "Article Created!" });
      expect(await allRows()).toHaveLength(1);
      expect(await row(first.body.id)).toMatchObject({
        title: "Council passes market levy",
        status: "pending",
      });
    });

    test("a writer's add screen cannot save over another's article by its draft id: 403, unchanged", async () => {
      const theirs = await addArticle({ title: "Their draft", authorId: ids.otherWriter });
      const before = await row(theirs.id);
      const result = await outcome(() =>
        articlesAddRoute.action(
          args(postRequest("/admin/articles/add", form({ draftId: theirs.id }), cookies.writer)),
        ),
      );
      expect(result.status).toBe(403);
      expect(await allRows()).toEqual([before]);
    });

    test("creating opens the new article's edit screen; updating stays on it with 'Article updated successfully!'", async () => {
      const created = await outcome(() =>
        articlesAddRoute.action(
          args(postRequest("/admin/articles/add", form({ status: "published" }), cookies.editor)),
        ),
      );
      const [article] = await allRows();
      if (!article) throw new Error("no article was created");
      expect(created).toMatchObject({ status: 302, location: `/admin/articles/edit/${article.id}` });
      expect(await toastOf(created.setCookie)).toMatchObject({ title: "Article Created!" });

      const updated = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${article.id}`,
              form({ title: "Levy passed", status: "published" }),
              cookies.editor,
            ),
            { id: article.id },
          ),
        ),
      );
      expect(updated).toMatchObject({ status: 302, location: `/admin/articles/edit/${article.id}` });
      expect(await toastOf(updated.setCookie)).toMatchObject({ title: "Article updated successfully!" });
      expect(await row(article.id)).toMatchObject({ title: "Levy passed", status: "published" });
    });
  });
});
