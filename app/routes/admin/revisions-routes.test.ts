/**
 * The revision history and review routes per role, called as the browser calls them: a writer's save of
 * a published story waits for review, editors approve or reject, readers see only approved text.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articleRevisions, articles, notifications, settings } from "#app/db/schema";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import { REVISION_TEXT } from "#app/domain/articles/revision-rules";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import * as articleRoute from "#app/routes/site/article";
import * as articlesEditRoute from "./articles.edit";
import * as revisionsRoute from "./articles.revisions";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";

describe("revision routes per role", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "", other: "" };
  const ids = { admin: "", editor: "", writer: "", other: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    for (const [key, role] of [
      ["admin", "admin"],
      ["editor", "editor"],
      ["writer", "writer"],
      ["other", "writer"],
    ] as const) {
      const user = await makeUser(`${key}@example.com`, role);
      ids[key] = user.id;
      cookies[key] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(notifications);
  });

  const writersLiveStory = async () =>
    one(
      await database.db
        .insert(articles)
        .values({
          title: "Live story",
          content: "<p>The approved text.</p>",
          status: "published",
          publishedAt: new Date(Date.now() - 60_000),
          authorId: ids.writer,
          authorName: "Wale",
        })
        .returning(),
    );
  const articleForm = (change: Record<string, string>) => ({
    title: "Live story",
    content: "<p>The approved text.</p>",
    excerpt: "",
    status: "published",
    authorName: "",
    categoryId: "",
    tags: "",
    imageUrl: "",
    youtubeUrl: "",
    manualDate: "",
    ...change,
  });
  const saveAs = (who: keyof typeof cookies, id: string, change: Record<string, string>) =>
    outcome(() =>
      articlesEditRoute.action(
        args(postRequest(`/admin/articles/edit/${id}`, articleForm(change), cookies[who]), { id }),
      ),
    );
  const history = (who: keyof typeof cookies, id: string, query = "") =>
    outcome(() =>
      revisionsRoute.loader(
        args(getRequest(`/admin/articles/revisions/${id}${query}`, cookies[who]), { id }),
      ),
    );
  const review = (who: keyof typeof cookies, id: string, fields: Record<string, string>) =>
    outcome(() =>
      revisionsRoute.action(
        args(postRequest(`/admin/articles/revisions/${id}`, fields, cookies[who]), { id }),
      ),
    );
  const readerPage = async (id: string) => {
    const result = await outcome(() => articleRoute.loader(args(getRequest(`/article/${id}`), { id })));
    return (result.body as Awaited<ReturnType<typeof articleRoute.loader>>["data"]).article;
  };
  const proposalOf = async (id: string) =>
    one(
      await database.db
        .select()
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, id))
        .orderBy(articleRevisions.createdAt)
        .then((rows) => rows.filter((r) => r.state === "proposed")),
    );

  test("writer proposes, editor approves: 'waiting for review' in the writer's editor, readers see the new text after approval", async () => {
    const story = await writersLiveStory();
    const saved = await saveAs("writer", story.id, { content: "<p>The corrected text.</p>" });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.setCookie)).toMatchObject({ message: REVISION_TEXT.proposedSaved });
    expect((await readerPage(story.id)).content).toContain("The approved text.");

    const editorScreen = await outcome(() =>
      articlesEditRoute.loader(
        args(getRequest(`/admin/articles/edit/${story.id}`, cookies.writer), { id: story.id }),
      ),
    );
    const body = editorScreen.body as Awaited<ReturnType<typeof articlesEditRoute.loader>>;
    expect(body.review.ownProposal).not.toBeNull();
    expect(body.values.content).toContain("The corrected text.");

    const page = await history("editor", story.id);
    const data = page.body as Awaited<ReturnType<typeof revisionsRoute.loader>>;
    expect(data.canReview).toBe(true);
    expect(data.proposals).toHaveLength(1);
    expect(data.compare?.diffs.find((d) => d.field === "content")?.parts).toContainEqual({
      kind: "added",
      text: "corrected",
    });

    const proposal = await proposalOf(story.id);
    const approved = await review("editor", story.id, {
      intent: "approve",
      revisionId: proposal.id,
      correctionNote: "The first version named the wrong text.",
    });
    expect(approved).toMatchObject({ status: 302, location: `/admin/articles/revisions/${story.id}` });
    expect(await toastOf(approved.setCookie)).toMatchObject({ title: REVISION_TEXT.approved });
    const reader = await readerPage(story.id);
    expect(reader.content).toContain("The corrected text.");
    expect(reader.revisedText).not.toBe("");
    expect(reader.correctionNote).toBe("The first version named the wrong text.");
  });

  test("a writer cannot approve or reject, nor open another writer's history: 403 and nothing changes", async () => {
    const story = await writersLiveStory();
    await saveAs("writer", story.id, { title: "Proposed title" });
    const proposal = await proposalOf(story.id);
    for (const intent of ["approve", "reject"]) {
      const result = await review("writer", story.id, { intent, revisionId: proposal.id, note: "x" });
      expect(result.status, intent).toBe(403);
    }
    expect((await history("other", story.id)).status).toBe(403);
    expect((await review("other", story.id, { intent: "restore", revisionId: proposal.id })).status).toBe(
      403,
    );
    expect((await proposalOf(story.id)).state).toBe("proposed");
    expect((await readerPage(story.id)).title).toBe("Live story");
    expect((await history("writer", story.id)).status).toBe(200);
  });

  test("rejecting needs a note: without one the form says so and keeps the proposal; with one the writer is told", async () => {
    const story = await writersLiveStory();
    await saveAs("writer", story.id, { content: "<p>Rumour.</p>" });
    const proposal = await proposalOf(story.id);
    const refused = await review("editor", story.id, { intent: "reject", revisionId: proposal.id, note: "" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      problem: { message: REVISION_TEXT.reviewNoteRequired, onNote: true },
    });
    expect((await proposalOf(story.id)).state).toBe("proposed");
    const rejected = await review("admin", story.id, {
      intent: "reject",
      revisionId: proposal.id,
      note: "Needs a source.",
    });
    expect(rejected.status).toBe(302);
    expect((await readerPage(story.id)).content).not.toContain("Rumour");
    const editorScreen = await outcome(() =>
      articlesEditRoute.loader(
        args(getRequest(`/admin/articles/edit/${story.id}`, cookies.writer), { id: story.id }),
      ),
    );
    const body = editorScreen.body as Awaited<ReturnType<typeof articlesEditRoute.loader>>;
    expect(body.review.rejection).toMatchObject({ note: "Needs a source." });
    expect(body.values.content).toContain("The approved text.");
    // Reviewing it a second time is refused with a message, not an error page.
    const again = await review("editor", story.id, { intent: "approve", revisionId: proposal.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ problem: { message: REVISION_TEXT.notProposed } });
  });
});
