import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articles, liveUpdates, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { saveArticle } from "#app/domain/articles/admin.server";
import { articleInput, outcome, staff } from "#test-support/article-fixtures";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { isDomainError } from "#app/lib/errors";
import { LIVE_TEXT } from "./live-update-form";
import {
  approveLiveUpdate,
  deleteLiveUpdate,
  editLiveUpdate,
  endLiveCoverage,
  letWritersPostDirectly,
  LIVE_PAGE_SIZE,
  listLiveUpdatesForEditing,
  pinLiveUpdate,
  postLiveUpdate,
  publicLiveStream,
  startLiveCoverage,
} from "./live.server";
import { testServices } from "#test-support/services";

const update = (text: string, title = "") => ({ title, content: `<p>${text}</p>` });

describe.each(TEST_ENGINES)("live coverage on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const admin = staff("admin", "Ada");
  const writer = staff("writer", "Wale");
  const otherWriter = staff("writer", "Wunmi");
  const changes: SiteChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [editor, admin, writer, otherWriter]) {
      await database.db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role! });
    }
    onSiteChange(database.db, (change) => changes.push(change));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(activityLog);
    changes.length = 0;
  });

  /** A published story by `author` (the writer's goes through review), with live coverage started. */
  async function liveStory(author = writer) {
    const { id } = await saveArticle(
      testServices(database.db),
      author,
      articleInput({ title: "Election night", status: author.role === "writer" ? "pending" : "published" }),
    );
    if (author.role === "writer")
      await saveArticle(testServices(database.db), editor, articleInput({ status: "published" }), id);
    await startLiveCoverage(database.db, editor, id);
    return id;
  }
  const stream = (id: string, page = 1) => publicLiveStream(database.db, id, page);
  const titles = async (id: string, page = 1) => (await stream(id, page)).updates.map((u) => u.title);
  const actions = async () => (await database.db.select().from(activityLog)).map((row) => row.action);

  test("an editor makes a story live, posts three updates and pins one: readers get them newest first", async () => {
    const id = await liveStory(editor);
    expect(changes.at(-1)).toMatchObject({ scope: "everything" }); // the Live badge is on every card
    const posted = [];
    for (const n of [1, 2, 3])
      posted.push(
        await postLiveUpdate(testServices(database.db), editor, id, update(`Result ${n}`, `Update ${n}`)),
      );
    expect(changes.at(-1)).toMatchObject({ scope: "article", articleId: id });
    await pinLiveUpdate(database.db, editor, posted[0]!.id, true);

    const seen = await stream(id);
    expect(seen.updates.map((u) => u.title)).toEqual(["Update 3", "Update 2", "Update 1"]);
    expect(seen.updates[0]).toMatchObject({ content: "<p>Result 3</p>", authorName: "Edem", editedAt: null });
    expect(seen.keyPoints.map((u) => u.title)).toEqual(["Update 1"]);
    expect(seen.total).toBe(3);
    expect(await actions()).toEqual(
      expect.arrayContaining([
        "started live coverage",
        "posted a live update",
        "pinned a live update as a key point",
      ]),
    );
  });

  test("a writer's update to their published live story waits for an editor, who puts it on top", async () => {
    const id = await liveStory(writer);
    const early = await postLiveUpdate(
      testServices(database.db),
      editor,
      id,
      update("Polls close", "Polls close"),
    );
    const pending = await postLiveUpdate(
      testServices(database.db),
      writer,
      id,
      update("First count in", "First count"),
    );
    expect(pending.status).toBe("pending");
    expect(await titles(id)).toEqual(["Polls close"]);
    expect(changes.filter((c) => c.reason === "live update posted")).toHaveLength(1); // only the editor's

    // The writer sees their own story's updates, pending ones too; another writer sees none.
    const own = await listLiveUpdatesForEditing(database.db, writer, id);
    expect(own.map((u) => u.status).sort()).toEqual(["pending", "published"]);
    expect(await outcome(listLiveUpdatesForEditing(database.db, otherWriter, id))).toBe(403);

    await approveLiveUpdate(testServices(database.db), editor, pending.id);
    expect(await titles(id)).toEqual(["First count", "Polls close"]);
    expect(await outcome(approveLiveUpdate(testServices(database.db), editor, pending.id))).toBe(409);
    expect(early.status).toBe("published");
  });

  test("an editor may let the story's writers post directly", async () => {
    const id = await liveStory(writer);
    await letWritersPostDirectly(database.db, editor, id, true);
    const posted = await postLiveUpdate(
      testServices(database.db),
      writer,
      id,
      update("Turnout at 61%", "Turnout"),
    );
    expect(posted.status).toBe("published");
    expect(await titles(id)).toEqual(["Turnout"]);
    expect(await outcome(letWritersPostDirectly(database.db, writer, id, true))).toBe(403);
  });

  test("the server decides: writers post only to their own stories and run nothing", async () => {
    const id = await liveStory(writer);
    const theirs = await liveStory(otherWriter);
    expect(await outcome(postLiveUpdate(testServices(database.db), writer, theirs, update("Not mine")))).toBe(
      403,
    );
    const posted = await postLiveUpdate(
      testServices(database.db),
      editor,
      id,
      update("Counting", "Counting"),
    );
    // Each refusal is started only when it is awaited: a rejection left waiting is an unhandled one.
    for (const work of [
      () => startLiveCoverage(database.db, writer, id),
      () => endLiveCoverage(database.db, writer, id),
      () => pinLiveUpdate(database.db, writer, posted.id, true),
      () => editLiveUpdate(testServices(database.db), writer, posted.id, update("Changed")),
      () => deleteLiveUpdate(database.db, writer, posted.id),
      () => approveLiveUpdate(testServices(database.db), writer, posted.id),
    ]) {
      expect(await outcome(work())).toBe(403);
    }
    expect(await titles(id)).toEqual(["Counting"]);
  });

  test("updates need live coverage; ended coverage keeps its page and updates", async () => {
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ status: "published" }),
    );
    const refused = await postLiveUpdate(testServices(database.db), editor, id, update("Too early")).catch(
      (e: unknown) => e,
    );
    expect(isDomainError(refused) && refused.message).toBe(LIVE_TEXT.notLive);

    await startLiveCoverage(database.db, editor, id);
    await postLiveUpdate(testServices(database.db), admin, id, update("Final result", "Final"));
    await endLiveCoverage(database.db, editor, id);
    const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
    expect(row?.liveStartedAt).toBeInstanceOf(Date);
    expect(row?.liveEndedAt).toBeInstanceOf(Date);
    expect(
      await outcome(postLiveUpdate(testServices(database.db), editor, id, update("After the end"))),
    ).toBe(400);
    expect(await titles(id)).toEqual(["Final"]);
    expect(await actions()).toContain("ended live coverage");
  });

  test("at most three key points", async () => {
    const id = await liveStory(editor);
    const posted = [];
    for (const n of [1, 2, 3, 4])
      posted.push(await postLiveUpdate(testServices(database.db), editor, id, update(`Point ${n}`, `P${n}`)));
    for (const u of posted.slice(0, 3)) await pinLiveUpdate(database.db, editor, u.id, true);
    const refused = await pinLiveUpdate(database.db, editor, posted[3]!.id, true).catch((e: unknown) => e);
    expect(isDomainError(refused, "conflict") && refused.message).toBe(LIVE_TEXT.tooManyPinned);
    await pinLiveUpdate(database.db, editor, posted[0]!.id, false);
    await pinLiveUpdate(database.db, editor, posted[3]!.id, true);
    expect((await stream(id)).keyPoints.map((u) => u.title)).toEqual(["P4", "P3", "P2"]);
  });

  test("an edit is marked as edited and sanitised; a deleted update is gone", async () => {
    const id = await liveStory(editor);
    const posted = await postLiveUpdate(testServices(database.db), editor, id, update("Accra: 51%", "Accra"));
    await editLiveUpdate(testServices(database.db), editor, posted.id, {
      title: "Accra region",
      content: '<p>Accra: 52%<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    const [edited] = (await stream(id)).updates;
    expect(edited?.title).toBe("Accra region");
    expect(edited?.editedAt).toBeInstanceOf(Date);
    expect(edited?.content).toContain("Accra: 52%");
    expect(edited?.content).not.toMatch(/script|onerror/);

    await deleteLiveUpdate(database.db, editor, posted.id);
    expect((await stream(id)).total).toBe(0);
    expect(await outcome(deleteLiveUpdate(database.db, editor, posted.id))).toBe(404);
  });

  test("an empty or oversized update is refused with its message and writes nothing", async () => {
    const id = await liveStory(editor);
    const empty = await postLiveUpdate(testServices(database.db), editor, id, {
      title: "Nothing",
      content: "<p> </p>",
    }).catch((e: unknown) => e);
    expect(isDomainError(empty, "invalid") && empty.details?.fieldErrors).toEqual({
      content: LIVE_TEXT.missingContent,
    });
    const longTitle = await postLiveUpdate(
      testServices(database.db),
      editor,
      id,
      update("Text", "x".repeat(201)),
    ).catch((e: unknown) => e);
    expect(isDomainError(longTitle) && longTitle.details?.fieldErrors).toEqual({
      title: LIVE_TEXT.titleTooLong,
    });
    expect(await database.db.select().from(liveUpdates)).toHaveLength(0);
  });

  test("a long stream comes a page at a time", async () => {
    const id = await liveStory(editor);
    for (let n = 1; n <= LIVE_PAGE_SIZE + 5; n++) {
      await database.db.insert(liveUpdates).values({
        articleId: id,
        title: `U${n}`,
        content: `<p>${n}</p>`,
        createdAt: new Date(Date.UTC(2026, 10, 26, 20, n)),
      });
    }
    expect(await titles(id)).toHaveLength(LIVE_PAGE_SIZE);
    expect((await titles(id))[0]).toBe(`U${LIVE_PAGE_SIZE + 5}`);
    expect(await titles(id, 2)).toEqual(["U5", "U4", "U3", "U2", "U1"]);
    expect((await stream(id)).total).toBe(LIVE_PAGE_SIZE + 5);
  });
});
