import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articleRevisions, articles, notifications, users } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { listAdminArticles, saveArticle } from "./admin.server";
import { getPublishedArticle } from "./public.server";
import { REVISION_TEXT } from "./revision-rules";
import {
  approveRevision,
  editorReviewState,
  rejectRevision,
  restoreRevision,
  revisionPage,
} from "./revisions.server";
import { articleInput, outcome, revisionsInOrder, staff } from "#test-support/article-fixtures";
import { testServices } from "#test-support/services";

const input = (overrides: Partial<Record<string, unknown>> = {}) =>
  articleInput(overrides, "<p>Heavy rain in Accra closed three roads.</p>");

describe.each(TEST_ENGINES)("article revisions and review on %s", (engine) => {
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
    await database.db.delete(notifications);
  });

  /** A writer's story, published by the editor: the starting point of every review. */
  async function writersPublishedStory() {
    const { id } = await saveArticle(testServices(database.db), writer, input({ status: "pending" }));
    await saveArticle(testServices(database.db), editor, input({ status: "published" }), id);
    await database.db.delete(notifications);
    return id;
  }
  const readerText = async (id: string) => (await getPublishedArticle(database.db, id))?.content;
  const articleRow = async (id: string) =>
    one(await database.db.select().from(articles).where(eq(articles.id, id)));
  const revisionRow = async (id: string) =>
    one(await database.db.select().from(articleRevisions).where(eq(articleRevisions.id, id)));

  test("a writer edits a published story: readers keep the old text, editors are notified, approval puts it live", async () => {
    const id = await writersPublishedStory();
    const before = await articleRow(id);
    const saved = await saveArticle(
      testServices(database.db),
      writer,
      input({ title: "Accra floods: roads reopen", content: "<p>The roads reopened on Tuesday.</p>" }),
      id,
    );
    expect(saved).toMatchObject({ id, status: "published", proposed: true });
    expect(await articleRow(id)).toEqual(before);
    expect(await readerText(id)).toContain("Heavy rain in Accra");
    expect(await revisionRow(saved.revisionId)).toMatchObject({
      state: "proposed",
      authorId: writer.id,
      changedFields: ["title", "content"],
    });
    const note = one(await database.db.select().from(notifications));
    expect(note).toMatchObject({
      type: "article",
      link: `/admin/articles/revisions/${id}`,
      audience: ["admin", "editor"],
      recipientId: null,
    });
    expect(note.message).toContain("Wale");

    // The writer's editor shows their proposal; the editor's shows there is one to review.
    expect((await editorReviewState(database.db, writer, before)).ownProposal?.snapshot.title).toBe(
      "Accra floods: roads reopen",
    );
    expect((await editorReviewState(database.db, editor, before)).proposalsToReview).toBe(1);

    await approveRevision(database.db, editor, saved.revisionId);
    expect(await readerText(id)).toContain("The roads reopened on Tuesday.");
    expect((await getPublishedArticle(database.db, id))?.title).toBe("Accra floods: roads reopen");
    const after = await articleRow(id);
    expect(after.revisedAt).toBeInstanceOf(Date);
    expect(after.status).toBe("published");
    expect(await revisionRow(saved.revisionId)).toMatchObject({
      state: "applied",
      reviewedById: editor.id,
      reviewedByName: "Edem",
    });
    const told = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, writer.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/admin/articles/edit/${id}`);
  });

  test("the article list's review filter holds submitted stories and live ones with a proposed change", async () => {
    const proposedOn = await writersPublishedStory();
    const { id: submitted } = await saveArticle(
      testServices(database.db),
      writer,
      input({ title: "Tema port", status: "pending" }),
    );
    await saveArticle(
      testServices(database.db),
      editor,
      input({ title: "Untouched live story", status: "published" }),
    );
    const reviewList = async () =>
      (await listAdminArticles(database.db, editor, { q: "", status: "review", page: 1 })).rows
        .map((row) => ({ id: row.id, hasProposal: row.hasProposal }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(await reviewList()).toEqual(
      [{ id: submitted, hasProposal: false }].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const { revisionId } = await saveArticle(
      testServices(database.db),
      writer,
      input({ title: "Accra floods: update" }),
      proposedOn,
    );
    expect(await reviewList()).toEqual(
      [
        { id: submitted, hasProposal: false },
        { id: proposedOn, hasProposal: true },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // Once reviewed, the live story leaves the filter.
    await approveRevision(database.db, editor, revisionId);
    expect((await reviewList()).map((row) => row.id)).toEqual([submitted]);
  });

  test("a rejected proposal never reaches readers and the writer sees the note", async () => {
    const id = await writersPublishedStory();
    const { revisionId } = await saveArticle(
      testServices(database.db),
      writer,
      input({ content: "<p>Unchecked rumour about the floods.</p>" }),
      id,
    );
    expect(await outcome(rejectRevision(database.db, editor, revisionId, { note: " " }))).toBe(400);
    await rejectRevision(database.db, editor, revisionId, { note: "Please cite the ministry." });
    expect(await readerText(id)).toContain("Heavy rain in Accra");
    expect(await readerText(id)).not.toContain("rumour");
    expect(await revisionRow(revisionId)).toMatchObject({
      state: "rejected",
      reviewNote: "Please cite the ministry.",
    });
    // Neither approving it later nor rejecting it again is possible.
    expect(await outcome(approveRevision(database.db, admin, revisionId))).toBe(409);
    expect(await readerText(id)).not.toContain("rumour");
    const state = await editorReviewState(database.db, writer, await articleRow(id));
    expect(state).toMatchObject({ ownProposal: null, rejection: { note: "Please cite the ministry." } });
    const told = one(
      await database.db.select().from(notifications).where(eq(notifications.recipientId, writer.id)),
    );
    expect(told.message).toContain("Please cite the ministry.");
  });

  test("a writer cannot approve, reject or see another's history; the server refuses with 403 and nothing changes", async () => {
    const id = await writersPublishedStory();
    const { revisionId } = await saveArticle(
      testServices(database.db),
      writer,
      input({ title: "Changed" }),
      id,
    );
    const before = await revisionRow(revisionId);
    expect(await outcome(approveRevision(database.db, writer, revisionId))).toBe(403);
    expect(await outcome(rejectRevision(database.db, writer, revisionId, { note: "no" }))).toBe(403);
    expect(await outcome(revisionPage(database.db, otherWriter, id))).toBe(403);
    expect(await outcome(restoreRevision(testServices(database.db), otherWriter, revisionId))).toBe(403);
    expect(await revisionRow(revisionId)).toEqual(before);
    expect((await articleRow(id)).title).toBe("Accra floods");
    // The story's own writer and the editors do read it.
    expect(await outcome(revisionPage(database.db, writer, id))).toBe("ok");
    expect(await outcome(revisionPage(database.db, editor, id))).toBe("ok");
  });

  test("history shows every save with who and the changed fields; the diff compares two revisions word by word", async () => {
    const { id } = await saveArticle(testServices(database.db), writer, input());
    await saveArticle(
      testServices(database.db),
      writer,
      input({ content: "<p>Heavy rain in Kumasi closed three roads.</p>" }),
      id,
    );
    await saveArticle(
      testServices(database.db),
      editor,
      input({ title: "Kumasi floods", status: "published" }),
      id,
    );
    const history = await revisionsInOrder(database.db, id);
    expect(history.map((r) => [r.authorName, r.state, r.changedFields])).toEqual([
      [
        "Wale",
        "applied",
        [
          "title",
          "content",
          "excerpt",
          "status",
          "authorName",
          "categoryId",
          "tags",
          "imageUrl",
          "youtubeUrl",
          "useManualDate",
          "manualDate",
          "seoTitle",
          "seoDescription",
        ],
      ],
      ["Wale", "applied", ["content"]],
      ["Edem", "applied", ["title", "content", "status"]],
    ]);
    const page = await revisionPage(database.db, writer, id, { from: history[0]!.id, to: history[1]!.id });
    expect(page.revisions).toHaveLength(3);
    expect(page.liveId).toBe(history[2]!.id);
    const content = page.compare?.diffs.find((d) => d.field === "content");
    expect(content?.parts).toEqual([
      { kind: "same", text: "Heavy rain in " },
      { kind: "removed", text: "Accra" },
      { kind: "added", text: "Kumasi" },
      { kind: "same", text: " closed three roads." },
    ]);
  });

  test("autosave replaces the same person's last autosave; a real save is kept beside it", async () => {
    const { id } = await saveArticle(testServices(database.db), writer, input());
    for (const word of ["one", "two", "three"]) {
      await saveArticle(testServices(database.db), writer, input({ content: `<p>Draft ${word}</p>` }), id, {
        autosave: true,
      });
    }
    let history = await revisionsInOrder(database.db, id);
    expect(history.map((r) => r.autosave)).toEqual([false, true]);
    expect(history[1]!.snapshot.content).toBe("<p>Draft three</p>");
    expect((await articleRow(id)).content).toBe("<p>Draft three</p>");
    await saveArticle(testServices(database.db), writer, input({ content: "<p>Final</p>" }), id);
    await saveArticle(testServices(database.db), writer, input({ content: "<p>Final, again</p>" }), id, {
      autosave: true,
    });
    history = await revisionsInOrder(database.db, id);
    expect(history.map((r) => r.autosave)).toEqual([false, true, false, true]);
  });

  test("restoring an old revision makes a new revision and goes live only by the normal rules", async () => {
    const id = await writersPublishedStory();
    await saveArticle(
      testServices(database.db),
      editor,
      input({ content: "<p>Second version.</p>", status: "published" }),
      id,
    );
    const [first] = await revisionsInOrder(database.db, id);
    const count = async () => (await revisionsInOrder(database.db, id)).length;
    const before = await count();

    // The writer's restore on a published story is a proposal: readers keep the live text.
    const byWriter = await restoreRevision(testServices(database.db), writer, first!.id);
    expect(byWriter.proposed).toBe(true);
    expect(await count()).toBe(before + 1);
    expect(await readerText(id)).toContain("Second version.");

    // The editor's restore goes live, as a new revision; the status stays published.
    const byEditor = await restoreRevision(testServices(database.db), editor, first!.id);
    expect(byEditor).toMatchObject({ proposed: false, status: "published" });
    expect(await count()).toBe(before + 2);
    expect(await readerText(id)).toContain("Heavy rain in Accra");
    expect((await revisionRow(byEditor.revisionId)).state).toBe("applied");
  });

  test("an editor's correction on a published story shows 'Updated' and the note to readers", async () => {
    const { id } = await saveArticle(testServices(database.db), editor, input({ status: "published" }));
    expect((await getPublishedArticle(database.db, id))?.revisedAt).toBeNull();
    await saveArticle(
      testServices(database.db),
      editor,
      input({ content: "<p>Heavy rain in Accra closed four roads.</p>", status: "published" }),
      id,
      { correctionNote: "An earlier version said three roads were closed." },
    );
    const live = await getPublishedArticle(database.db, id);
    expect(live?.revisedAt).toBeInstanceOf(Date);
    expect(live?.correctionNote).toBe("An earlier version said three roads were closed.");
    const [, last] = await revisionsInOrder(database.db, id);
    expect(last).toMatchObject({ isCorrection: true });

    // Approving a writer's change can be marked as a correction too.
    const writers = await writersPublishedStory();
    const { revisionId } = await saveArticle(
      testServices(database.db),
      writer,
      input({ title: "Fixed name" }),
      writers,
    );
    await approveRevision(database.db, admin, revisionId, {
      correctionNote: "The mayor's name was misspelt.",
    });
    expect((await getPublishedArticle(database.db, writers))?.correctionNote).toBe(
      "The mayor's name was misspelt.",
    );
  });

  test("a writer's newer proposal closes their earlier one; editors are notified once", async () => {
    const id = await writersPublishedStory();
    const first = await saveArticle(testServices(database.db), writer, input({ title: "First try" }), id);
    const second = await saveArticle(testServices(database.db), writer, input({ title: "Second try" }), id);
    expect(await revisionRow(first.revisionId)).toMatchObject({
      state: "rejected",
      reviewNote: REVISION_TEXT.superseded,
      reviewedById: null,
    });
    expect((await revisionRow(second.revisionId)).state).toBe("proposed");
    expect(await database.db.select().from(notifications)).toHaveLength(1);
    // A closed proposal is not shown to the writer as a rejection.
    expect((await editorReviewState(database.db, writer, await articleRow(id))).rejection).toBeNull();
  });

  test("a writer's autosave on a published story is refused: nothing kept, nothing live, nobody notified", async () => {
    const id = await writersPublishedStory();
    const before = await articleRow(id);
    const revisionsBefore = await database.db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id));
    expect(
      await outcome(
        saveArticle(testServices(database.db), writer, input({ title: "Typing" }), id, { autosave: true }),
      ),
    ).toBe(409);
    expect(await articleRow(id)).toEqual(before);
    expect(
      await database.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, id)),
    ).toEqual(revisionsBefore);
    expect(await database.db.select().from(notifications)).toHaveLength(0);
    // Saving by hand proposes it: editors hear of it now, readers still see the live text.
    await saveArticle(testServices(database.db), writer, input({ title: "Typing done" }), id);
    expect(await database.db.select().from(notifications)).toHaveLength(1);
    expect(await readerText(id)).toContain("Heavy rain in Accra");
  });
});
