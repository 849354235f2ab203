import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articles, categories, comments, notifications, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { parseArticleForm } from "#app/lib/article-form/article-input";
import { listingExcerpt } from "#app/lib/text";
import { getPublishedArticle, latestArticles } from "./public.server";
import {
  bulkArticles,
  deleteArticle,
  getArticleForEdit,
  listAdminArticles,
  saveArticle,
  setArticleFlag,
  setArticleStatus,
} from "./admin.server";
import { firstRow } from "#app/db/rows";
import { articleInput, outcome, staff } from "#test-support/article-fixtures";
import { testServices } from "#test-support/services";

const input = (overrides: Partial<Record<string, unknown>> = {}) => articleInput(overrides);

describe.each(TEST_ENGINES)("newsroom article rules on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const admin = staff("admin", "Ada");
  const writer = staff("writer", "Wale");
  const otherWriter = staff("writer", "Wunmi");
  let categoryId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [editor, admin, writer, otherWriter]) {
      await database.db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role! });
    }
    ({ id: categoryId } = one(
      await database.db
        .insert(categories)
        .values({ name: "News", slug: "news" })
        .returning({ id: categories.id }),
    ));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(notifications);
  });

  const findRow = async (id: string) =>
    (await database.db.select().from(articles).where(eq(articles.id, id)))[0];
  const row = async (id: string) => one(await database.db.select().from(articles).where(eq(articles.id, id)));

  test("a writer's 'published' is submitted for review and notifies the editors with a link to the edit screen", async () => {
    const saved = await saveArticle(
      testServices(database.db),
      writer,
      input({ status: "published", tags: "politics, Accra ,politics,", categoryId }),
    );
    expect(saved).toMatchObject({ status: "pending", submittedForReview: true });
    const stored = await row(saved.id);
    expect(stored.status).toBe("pending");
    expect(stored.publishedAt).toBeNull();
    expect(stored.tags).toEqual(["politics", "Accra"]);
    expect(stored.authorId).toBe(writer.id);
    expect(stored.authorName).toBe("Wale");
    const note = firstRow(await database.db.select().from(notifications));
    expect(note).toMatchObject({ type: "article", link: `/admin/articles/edit/${saved.id}` });
    // Only those who can publish are told; other writers never see it.
    expect(note.audience).toEqual(["admin", "editor"]);
    expect(note.message).toContain("Accra floods");
    const [entry] = await database.db
      .select()
      .from(activityLog)
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(entry).toMatchObject({
      type: "article",
      action: "submitted article for review",
      userName: "Wale",
    });
  });

  test("read time derives from the body, an excerpt nobody wrote is not stored (readers get the body's opening); the body is sanitised when saved", async () => {
    const body =
      '<p>Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src="https://img.example.com/a.jpg" onerror="alert(1)">' +
      '<iframe src="https://evil.example.com/x"></iframe><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/abc123XYZ"></iframe></div>' +
      '<img src="data:image/png;base64,AAAA">';
    const saved = await saveArticle(
      testServices(database.db),
      editor,
      input({ content: body, status: "published" }),
    );
    const stored = await row(saved.id);
    expect(stored.content).not.toMatch(/<script|onerror|javascript:|evil\.example|data:image/);
    expect(stored.content).toContain('src="https://img.example.com/a.jpg"');
    expect(stored.content).toContain("https://www.youtube.com/embed/abc123XYZ");
    expect(stored.excerpt).toBe("");
    expect(listingExcerpt(stored)).toBe("Hello there");
    expect(stored.readTime).toBe("1 min read");
    const shown = await getPublishedArticle(database.db, saved.id);
    expect(shown?.content).not.toMatch(/<script|onerror|javascript:/);
  });

  test("a body that is only markup is refused as missing content and nothing is written", async () => {
    expect(parseArticleForm({ title: "T", content: "<p> </p>" })).toMatchObject({
      ok: false,
      problem: { title: "Missing Content" },
    });
    expect(parseArticleForm({ title: "  ", content: "<p>x</p>" })).toMatchObject({
      ok: false,
      problem: { title: "Missing Title" },
    });
    expect(
      await outcome(
        saveArticle(testServices(database.db), editor, input({ content: "<p>x</p>" }), undefined),
      ),
    ).toBe("ok");
    expect(
      await outcome(
        saveArticle(testServices(database.db), editor, { ...input(), content: "<script>alert(1)</script>" }),
      ),
    ).toBe(400);
    expect(await database.db.select().from(articles)).toHaveLength(1);
  });

  test("a writer sees and edits only their own articles", async () => {
    const mine = await saveArticle(testServices(database.db), writer, input({ title: "Mine" }));
    const theirs = await saveArticle(testServices(database.db), otherWriter, input({ title: "Theirs" }));
    const list = await listAdminArticles(database.db, writer, { q: "", status: "all", page: 1 });
    expect(list.rows.map((r) => r.title)).toEqual(["Mine"]);
    expect((await listAdminArticles(database.db, editor, { q: "", status: "all", page: 1 })).total).toBe(2);
    expect(await outcome(getArticleForEdit(database.db, writer, theirs.id))).toBe(403);
    expect(
      await outcome(saveArticle(testServices(database.db), writer, input({ title: "Hijacked" }), theirs.id)),
    ).toBe(403);
    expect((await row(theirs.id)).title).toBe("Theirs");
    expect(await outcome(deleteArticle(database.db, writer, theirs.id))).toBe(403);
    expect(
      await outcome(
        saveArticle(testServices(database.db), writer, input({ title: "Mine, revised" }), mine.id),
      ),
    ).toBe("ok");
    expect((await row(mine.id)).title).toBe("Mine, revised");
  });

  test("writers cannot publish, unpublish, flag or bulk-publish: 403 and nothing changes", async () => {
    const mine = await saveArticle(
      testServices(database.db),
      writer,
      input({ featured: "on", isTopStory: "on" }),
    );
    const stored = await row(mine.id);
    expect(stored.featured).toBe(false);
    expect(stored.isTopStory).toBe(false);
    expect(await outcome(setArticleStatus(testServices(database.db), writer, mine.id, "published"))).toBe(
      403,
    );
    expect(await outcome(setArticleFlag(testServices(database.db), writer, mine.id, "featured", true))).toBe(
      403,
    );
    expect(
      await outcome(setArticleFlag(testServices(database.db), writer, mine.id, "isTopStory", true)),
    ).toBe(403);
    expect(await outcome(bulkArticles(testServices(database.db), writer, [mine.id], "publish"))).toBe(403);
    expect(await row(mine.id)).toEqual(stored);
  });

  test("publishing records the first publish time; unpublish moves to draft; the public side follows at once", async () => {
    const saved = await saveArticle(testServices(database.db), writer, input({ status: "published" }));
    expect(await getPublishedArticle(database.db, saved.id)).toBeNull();
    await setArticleStatus(testServices(database.db), editor, saved.id, "published");
    const first = (await row(saved.id)).publishedAt;
    expect(first).toBeInstanceOf(Date);
    expect((await latestArticles(database.db, "en")).map((a) => a.id)).toContain(saved.id);
    await setArticleStatus(testServices(database.db), editor, saved.id, "draft");
    expect((await row(saved.id)).status).toBe("draft");
    expect(await getPublishedArticle(database.db, saved.id)).toBeNull();
    expect((await latestArticles(database.db, "en")).map((a) => a.id)).not.toContain(saved.id);
    await setArticleStatus(testServices(database.db), admin, saved.id, "published");
    expect((await row(saved.id)).publishedAt).toEqual(first);
  });

  test("Featured and Breaking News move from one live article to the other, from the list and from the form", async () => {
    const live = { status: "published" };
    const a = await saveArticle(
      testServices(database.db),
      editor,
      input({ title: "A", featured: "on", isTopStory: "on", ...live }),
    );
    const b = await saveArticle(testServices(database.db), editor, input({ title: "B", ...live }));
    await setArticleFlag(testServices(database.db), editor, b.id, "featured", true);
    expect((await row(a.id)).featured).toBe(false);
    expect((await row(a.id)).isTopStory).toBe(true);
    expect((await row(b.id)).featured).toBe(true);
    await saveArticle(
      testServices(database.db),
      admin,
      input({ title: "B", isTopStory: "on", featured: "on", ...live }),
      b.id,
    );
    expect((await row(a.id)).isTopStory).toBe(false);
    expect(await row(b.id)).toMatchObject({ featured: true, isTopStory: true });
    await setArticleFlag(testServices(database.db), editor, b.id, "featured", false);
    expect((await row(b.id)).featured).toBe(false);
  });

  test("a story that is not live holds a flag without taking it from the live one", async () => {
    const live = await saveArticle(
      testServices(database.db),
      editor,
      input({ title: "Live", status: "published", isTopStory: "on" }),
    );
    const draft = await saveArticle(
      testServices(database.db),
      editor,
      input({ title: "Draft", isTopStory: "on" }),
    );
    const other = await saveArticle(testServices(database.db), editor, input({ title: "Other draft" }));
    await setArticleFlag(testServices(database.db), editor, other.id, "isTopStory", true);
    expect([
      (await row(live.id)).isTopStory,
      (await row(draft.id)).isTopStory,
      (await row(other.id)).isTopStory,
    ]).toEqual([true, true, true]);
    // Published from the form: it takes the flag from the live story (the other draft keeps its own).
    await saveArticle(
      testServices(database.db),
      editor,
      input({ title: "Draft", isTopStory: "on", status: "published" }),
      draft.id,
    );
    expect((await row(live.id)).isTopStory).toBe(false);
    expect((await row(draft.id)).isTopStory).toBe(true);
    expect((await row(other.id)).isTopStory).toBe(true);
  });

  test("two concurrent requests setting Featured on different live articles leave exactly one", async () => {
    const ids = await Promise.all(
      ["One", "Two", "Three", "Four"].map((title) =>
        saveArticle(testServices(database.db), editor, input({ title, status: "published" })),
      ),
    );
    await Promise.all(
      ids.map(({ id }) => setArticleFlag(testServices(database.db), editor, id, "featured", true)),
    );
    const featured = await database.db.select().from(articles).where(eq(articles.featured, true));
    expect(featured).toHaveLength(1);
    await Promise.all(
      ids.map(({ id }, i) =>
        saveArticle(
          testServices(database.db),
          admin,
          input({ title: `T${i}`, isTopStory: "on", status: "published" }),
          id,
        ),
      ),
    );
    expect(await database.db.select().from(articles).where(eq(articles.isTopStory, true))).toHaveLength(1);
  });

  test("bulk actions report processed and failed counts; a writer's bulk delete skips others' articles", async () => {
    const a = await saveArticle(testServices(database.db), writer, input({ title: "A" }));
    const b = await saveArticle(testServices(database.db), otherWriter, input({ title: "B" }));
    expect(await bulkArticles(testServices(database.db), editor, [a.id, b.id, "missing"], "publish")).toEqual(
      {
        processed: 2,
        failed: 1,
      },
    );
    expect((await row(a.id)).status).toBe("published");
    expect(await bulkArticles(testServices(database.db), editor, [a.id], "draft")).toEqual({
      processed: 1,
      failed: 0,
    });
    expect(await bulkArticles(testServices(database.db), writer, [a.id, b.id], "delete")).toEqual({
      processed: 1,
      failed: 1,
    });
    expect(await findRow(a.id)).toBeUndefined();
    expect((await row(b.id)).title).toBe("B");
  });

  test("search and status filter with real pagination; comment counts come from the database", async () => {
    for (let i = 1; i <= 25; i++)
      await saveArticle(
        testServices(database.db),
        editor,
        input({ title: `Story ${i}`, status: i % 5 === 0 ? "published" : "draft" }),
      );
    const page2 = await listAdminArticles(database.db, editor, {
      q: "",
      status: "all",
      page: 2,
      pageSize: 10,
    });
    expect(page2).toMatchObject({ total: 25, page: 2, pageCount: 3 });
    expect(page2.rows).toHaveLength(10);
    expect(
      (await listAdminArticles(database.db, editor, { q: "", status: "published", page: 1 })).total,
    ).toBe(5);
    expect(
      (await listAdminArticles(database.db, editor, { q: "story 2", status: "all", page: 1 })).total,
    ).toBe(7);
    expect((await listAdminArticles(database.db, editor, { q: "100%", status: "all", page: 1 })).total).toBe(
      0,
    );
    const first = firstRow(
      (await listAdminArticles(database.db, editor, { q: "Story 25", status: "all", page: 1 })).rows,
    );
    await database.db.insert(comments).values([
      { articleId: first.id, authorName: "Ama", authorEmail: "ama@example.com", text: "One" },
      { articleId: first.id, authorName: "Kofi", authorEmail: "kofi@example.com", text: "Two" },
    ]);
    const withComments = firstRow(
      (await listAdminArticles(database.db, editor, { q: "Story 25", status: "all", page: 1 })).rows,
    );
    expect(withComments.comments).toBe(2);
  });

  test("manual date overrides the displayed date; an unknown category is refused", async () => {
    const saved = await saveArticle(
      testServices(database.db),
      editor,
      input({ useManualDate: "on", manualDate: "2024-03-06", status: "published" }),
    );
    expect((await row(saved.id)).displayDate.toISOString().slice(0, 10)).toBe("2024-03-06");
    expect(await outcome(saveArticle(testServices(database.db), editor, input({ categoryId: "nope" })))).toBe(
      400,
    );
  });
});
