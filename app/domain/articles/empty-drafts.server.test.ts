/**
 * Empty drafts: which drafts count as empty, who may delete which, and the check
 * again at deletion time that keeps a draft that got text since.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articleRevisions, articles, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { saveArticle, setArticleStatus } from "./admin.server";
import { articleInput, outcome, staff } from "#test-support/article-fixtures";
import { deleteEmptyDrafts, findEmptyDrafts, isEmptyDraft } from "./empty-drafts.server";
import { testServices } from "#test-support/services";

type Draft = Parameters<typeof isEmptyDraft>[0];

const base: Draft = {
  id: "a",
  title: "Abandoned",
  status: "draft",
  publishedAt: null,
  liveStartedAt: null,
  featured: false,
  isTopStory: false,
  content: "<p>Notes</p>",
  excerpt: "",
  imageUrl: "",
  youtubeUrl: "",
  seoTitle: "",
  seoDescription: "",
};

describe("what counts as an empty draft", () => {
  test("a draft never published with a title and a few words, nothing else", () => {
    expect(isEmptyDraft(base, [])).toBe(true);
    expect(isEmptyDraft({ ...base, content: "<p>One two three <b>four</b> five</p>" }, [])).toBe(true);
    expect(isEmptyDraft({ ...base, content: "<p><br></p>" }, [{ ...base, content: "" }])).toBe(true);
  });

  test.each<[string, Partial<Draft>]>([
    ["six words of text", { content: "<p>One two three four five six</p>" }],
    ["a featured image", { imageUrl: "/media/a.jpg" }],
    ["an image in the body", { content: '<p><img src="/media/a.jpg" alt=""></p>' }],
    ["a video link", { youtubeUrl: "https://www.youtube.com/watch?v=abc" }],
    ["an excerpt", { excerpt: "Why the levy was cut" }],
    ["a search description", { seoDescription: "The levy" }],
    ["submitted for review", { status: "pending" }],
    ["scheduled", { status: "scheduled" }],
    ["published once, then taken back to draft", { publishedAt: new Date() }],
    ["live coverage started", { liveStartedAt: new Date() }],
    ["marked Featured by an editor", { featured: true }],
  ])("a draft with %s is kept", (_label, change) => {
    expect(isEmptyDraft({ ...base, ...change }, [])).toBe(false);
  });

  test("text typed once and erased is still in the history: kept", () => {
    const earlier = { ...base, content: "<p>The assembly met the traders on Tuesday and cut the levy.</p>" };
    expect(isEmptyDraft(base, [base, earlier])).toBe(false);
  });
});

describe.each(TEST_ENGINES)("deleting empty drafts on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const admin = staff("admin", "Ada");
  const writer = staff("writer", "Wale");
  const otherWriter = staff("writer", "Wunmi");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [editor, admin, writer, otherWriter]) {
      await database.db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role! });
    }
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(activityLog);
  });

  /** A draft as the editor's autosave leaves it: a title and what was typed, last saved `idleMinutes` ago. */
  const autosaved = async (
    author: typeof writer,
    title: string,
    body = "<p>Notes</p>",
    idleMinutes = 120,
  ) => {
    const { id } = await saveArticle(
      testServices(database.db),
      author,
      articleInput({ title }, body),
      undefined,
      {
        autosave: true,
      },
    );
    await database.db
      .update(articles)
      .set({ updatedAt: new Date(Date.now() - idleMinutes * 60_000) })
      .where(eq(articles.id, id));
    return id;
  };
  const titles = async () =>
    (await database.db.select({ title: articles.title }).from(articles)).map((r) => r.title).sort();

  test("each person is offered the empty drafts they may delete: editors and admins all, a writer their own", async () => {
    const wales = await autosaved(writer, "Wale's start");
    const wunmis = await autosaved(otherWriter, "Wunmi's start");
    const edems = await autosaved(editor, "Edem's start");
    await autosaved(writer, "Wale's story", "<p>The assembly cut the market levy by half on Tuesday.</p>");
    const published = (
      await saveArticle(
        testServices(database.db),
        editor,
        articleInput({ title: "Short", status: "published" }, "<p>Hi</p>"),
      )
    ).id;

    for (const person of [editor, admin]) {
      const found = await findEmptyDrafts(database.db, person);
      expect(found.count).toBe(3);
      expect([...found.ids].sort()).toEqual([wales, wunmis, edems].sort());
      expect(found.ids).not.toContain(published);
    }
    expect(await findEmptyDrafts(database.db, writer)).toEqual({ count: 1, ids: [wales] });
    expect(await findEmptyDrafts(database.db, otherWriter)).toEqual({ count: 1, ids: [wunmis] });
  });

  test("an editor deletes them with one activity entry each; a draft that got text since is kept", async () => {
    const left = await autosaved(writer, "Left behind");
    const resumed = await autosaved(writer, "Picked up again");
    const { ids } = await findEmptyDrafts(database.db, editor);
    expect([...ids].sort()).toEqual([left, resumed].sort());

    // The writer comes back between the offer and the editor's confirmation.
    await saveArticle(
      testServices(database.db),
      writer,
      articleInput(
        { title: "Picked up again" },
        "<p>The assembly cut the market levy by half on Tuesday.</p>",
      ),
      resumed,
      { autosave: true },
    );
    expect(await deleteEmptyDrafts(database.db, editor, ids)).toEqual({ deleted: 1, kept: 1 });
    expect(await titles()).toEqual(["Picked up again"]);
    const log = await database.db.select().from(activityLog);
    expect(log.map((e) => [e.action, e.title])).toContainEqual(["deleted empty draft", "Left behind"]);
    expect(log.filter((e) => e.action === "deleted empty draft")).toHaveLength(1);
    // Its revisions went with it; the kept draft's stay.
    expect(
      await database.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, left)),
    ).toEqual([]);

    // Asked again (a second tab): nothing left to delete, nothing refused.
    expect(await deleteEmptyDrafts(database.db, editor, ids)).toEqual({ deleted: 0, kept: 1 });
  });

  test("a draft published meanwhile is kept", async () => {
    const id = await autosaved(editor, "Quick note");
    await setArticleStatus(testServices(database.db), editor, id, "published");
    expect(await deleteEmptyDrafts(database.db, editor, [id])).toEqual({ deleted: 0, kept: 1 });
    expect(await titles()).toEqual(["Quick note"]);
  });

  test("a writer deletes their own; asking for someone else's refuses the whole request and deletes nothing", async () => {
    const own = await autosaved(writer, "Mine");
    const theirs = await autosaved(otherWriter, "Theirs");
    expect(await outcome(deleteEmptyDrafts(database.db, writer, [own, theirs]))).toBe(403);
    expect(await titles()).toEqual(["Mine", "Theirs"]);
    expect(
      await database.db.select().from(activityLog).where(eq(activityLog.action, "deleted empty draft")),
    ).toEqual([]);

    expect(await deleteEmptyDrafts(database.db, writer, [own])).toEqual({ deleted: 1, kept: 0 });
    expect(await titles()).toEqual(["Theirs"]);
  });

  test("someone else's draft saved within the hour is neither offered nor deleted; one's own is at once", async () => {
    const writing = await autosaved(writer, "Being written", "<p>Notes</p>", 5);
    const left = await autosaved(writer, "Left", "<p>Notes</p>", 61);
    const mine = await autosaved(editor, "Mine just now", "<p>Notes</p>", 0);
    expect([...(await findEmptyDrafts(database.db, editor)).ids].sort()).toEqual([left, mine].sort());
    expect((await findEmptyDrafts(database.db, writer)).ids).toContain(writing);
    // A form posted with its id (an old page) does not delete it either.
    expect(await deleteEmptyDrafts(database.db, editor, [writing, left, mine])).toEqual({
      deleted: 2,
      kept: 1,
    });
    expect(await titles()).toEqual(["Being written"]);
  });
});
