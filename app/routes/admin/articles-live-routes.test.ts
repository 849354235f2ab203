/**
 * The back office's live coverage screen (issue 28) per role, through its loader and action as the
 * server runs them: an editor starts coverage and posts, a writer's update to their published story
 * waits for review, a writer cannot run the coverage or open another's story, and a refused update
 * keeps what was typed.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, settings } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { LIVE_ADMIN_TEXT as T, LIVE_TEXT } from "#app/domain/live/live-update-form";
import { publicLiveStream } from "#app/domain/live/live.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import * as liveRoute from "./articles.live";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "./route-testing.server";

describe("the live coverage screen", () => {
  let database: TestDatabase;
  const cookies = { editor: "", writer: "", otherWriter: "" };
  let storyId = "";
  let otherStoryId = "";
  const path = () => `/admin/articles/live/${storyId}`;
  const post = (cookie: string, fields: Record<string, string>, id = storyId) =>
    outcome(() => liveRoute.action(args(postRequest(`/admin/articles/live/${id}`, fields, cookie), { id })));

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    const editor = await makeUser("editor@example.com", "editor");
    const writer = await makeUser("writer@example.com", "writer");
    const otherWriter = await makeUser("other@example.com", "writer");
    cookies.editor = await sessionCookieFor(editor.id);
    cookies.writer = await sessionCookieFor(writer.id);
    cookies.otherWriter = await sessionCookieFor(otherWriter.id);
    const [story, other] = await database.db
      .insert(articles)
      .values([
        {
          title: "Election night",
          status: "published",
          publishedAt: new Date(),
          content: "<p>Live.</p>",
          authorId: writer.id,
        },
        {
          title: "Budget reading",
          status: "published",
          publishedAt: new Date(),
          content: "<p>Live.</p>",
          authorId: otherWriter.id,
        },
      ])
      .returning();
    storyId = story!.id;
    otherStoryId = other!.id;
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });

  test("a writer can neither start the coverage nor post before it starts", async () => {
    expect((await post(cookies.writer, { intent: "start" })).status).toBe(403);
    const early = await post(cookies.writer, { intent: "post", content: "<p>Too soon</p>" });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ message: LIVE_TEXT.notLive });
  });

  test("an editor starts the coverage and posts; the reader's stream has the update", async () => {
    const started = await post(cookies.editor, { intent: "start" });
    expect(started.status).toBe(302);
    expect((await toastOf(started.setCookie))?.title).toBe(T.started);
    const posted = await post(cookies.editor, {
      intent: "post",
      title: "Polls close",
      content: "<p>Counting begins.</p>",
    });
    expect((await toastOf(posted.setCookie))?.title).toBe(T.posted);
    expect((await publicLiveStream(database.db, storyId)).updates.map((u) => u.title)).toEqual([
      "Polls close",
    ]);
  });

  test("the story's writer posts for review; the editor sees it waiting and approves it", async () => {
    const sent = await post(cookies.writer, {
      intent: "post",
      title: "First result",
      content: "<p>Ayawaso West.</p>",
    });
    expect((await toastOf(sent.setCookie))?.title).toBe(T.sentForReview);
    expect((await publicLiveStream(database.db, storyId)).updates.map((u) => u.title)).toEqual([
      "Polls close",
    ]);

    const seen = await outcome(() =>
      liveRoute.loader(args(getRequest(path(), cookies.editor), { id: storyId })),
    );
    const updates = (seen.body as { updates: Array<{ id: string; title: string; status: string }> }).updates;
    const pending = updates.find((u) => u.title === "First result");
    expect(pending?.status).toBe("pending");
    expect((await post(cookies.writer, { intent: "approve", id: pending!.id })).status).toBe(403);
    const approved = await post(cookies.editor, { intent: "approve", id: pending!.id });
    expect((await toastOf(approved.setCookie))?.title).toBe(T.approved);
    expect((await publicLiveStream(database.db, storyId)).updates.map((u) => u.title)).toEqual([
      "First result",
      "Polls close",
    ]);
  });

  test("another writer cannot open or post to the story", async () => {
    const opened = await outcome(() =>
      liveRoute.loader(
        args(getRequest(`/admin/articles/live/${otherStoryId}`, cookies.writer), { id: otherStoryId }),
      ),
    );
    expect(opened.status).toBe(403);
    expect((await post(cookies.otherWriter, { intent: "post", content: "<p>Not mine</p>" })).status).toBe(
      403,
    );
  });

  test("an empty update is refused beside its field and keeps the title typed", async () => {
    const refused = await post(cookies.editor, {
      intent: "post",
      title: "Turnout",
      content: "<p></p>",
      isAlert: "on",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fieldErrors: { content: LIVE_TEXT.missingContent },
      values: { title: "Turnout", content: "<p></p>", isAlert: true },
    });
  });
});
