/**
 * The back office's live coverage screen (decision record 016) per role, through its loader and action as the
 * server runs them: an editor starts coverage and posts, a writer's update to their published story
 * waits for review, a writer cannot run the coverage or open another's story, a refused update keeps
 * what was typed, and an editor edits an update in place (`?edit=`, no script needed) while the story's
 * writer cannot.
 */
import { and, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ToastProvider } from "#app/components/ui/toast";
import { activityLog, articles, settings } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
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
} from "#test-support/route-calls";

type LiveData = { editingId: string | null; canRun: boolean; updates: Array<{ id: string; title: string }> };

/** The screen as the server renders it (no script has run): the page a browser without JavaScript gets. */
function renderScreen(url: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    {
      id: "live",
      path: "/admin/articles/live/:id",
      Component: liveRoute.default as unknown as ComponentType,
      loader: () => loaderData,
    },
  ]);
  const hydrationData = {
    loaderData: { live: loaderData },
    actionData: actionData ? { live: actionData } : null,
  };
  // The toast provider is the root layout's.
  return renderToStaticMarkup(
    createElement(ToastProvider, null, createElement(Stub, { initialEntries: [url], hydrationData })),
  );
}

/** The opening tag of the element with this id ("" when there is none). */
const tagOf = (html: string, tag: string, id: string) =>
  new RegExp(`<${tag} id="${id}"[^>]*>`).exec(html)?.[0] ?? "";

/** The text of the links to `href` on a page. */
const linksTo = (html: string, href: string) => {
  const escaped = href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...html.matchAll(new RegExp(`<a [^>]*href="${escaped}"[^>]*>([^<]*)</a>`, "g"))].map((m) => m[1]);
};

/** The ids on a page that appear more than once. */
const repeatedIds = (html: string) => {
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  return ids.filter((id, index) => ids.indexOf(id) !== index);
};

describe.each(TEST_ENGINES)("the live coverage screen on %s", (engine) => {
  let database: TestDatabase;
  const cookies = { editor: "", writer: "", otherWriter: "" };
  let storyId = "";
  let otherStoryId = "";
  const path = () => `/admin/articles/live/${storyId}`;
  const post = (cookie: string, fields: Record<string, string>, id = storyId) =>
    outcome(() => liveRoute.action(args(postRequest(`/admin/articles/live/${id}`, fields, cookie), { id })));

  const open = async (cookie: string, search = "") => {
    const seen = await outcome(() =>
      liveRoute.loader(args(getRequest(path() + search, cookie), { id: storyId })),
    );
    expect(seen.status).toBe(200);
    return seen.body as LiveData;
  };
  const updateTitled = async (title: string) => {
    const update = (await publicLiveStream(database.db, storyId)).updates.find((u) => u.title === title);
    expect(update, title).toBeDefined();
    return update!;
  };
  const editsLogged = (userName: string) =>
    database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "edited a live update"), eq(activityLog.userName, userName)));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
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

  test("an editor opens an update's edit form, saves it, and readers see the new text marked edited", async () => {
    const { id } = await updateTitled("Polls close");
    const listed = renderScreen(path(), await open(cookies.editor));
    expect(linksTo(listed, `${path()}?edit=${id}#update-${id}`)).toEqual([T.edit]);
    expect(listed).not.toContain('name="intent" value="edit"');

    const data = await open(cookies.editor, `?edit=${id}`);
    expect(data.editingId).toBe(id);
    const page = renderScreen(`${path()}?edit=${id}`, data);
    const item = page.slice(page.indexOf(`id="update-${id}"`));
    const form = item.slice(0, item.indexOf("</li>"));
    expect(form).toContain(`action="${path()}?edit=${id}" method="post"`);
    expect(form).toContain('<input type="hidden" name="intent" value="edit"/>');
    expect(form).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    expect(tagOf(form, "input", "edit-update-title")).toContain('value="Polls close"');
    expect(tagOf(form, "textarea", "edit-update-content")).toContain('name="content"');
    expect(form).toContain("&lt;p&gt;Counting begins.&lt;/p&gt;</textarea>");
    expect(form).toContain(`>${T.saveEdit}</button>`);
    expect(linksTo(form, `${path()}#update-${id}`)).toEqual([T.cancelEdit]);
    // The post form is on the page too (the story is live): no id may appear twice.
    expect(tagOf(page, "input", "update-title")).toContain('name="title"');
    expect(repeatedIds(page)).toEqual([]);

    const saved = await post(cookies.editor, {
      intent: "edit",
      id,
      title: "Polls closed at 8",
      content: "<p>Counting has begun in every region.</p>",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(path());
    expect((await toastOf(saved.setCookie))?.title).toBe(T.editSaved);
    const edited = await updateTitled("Polls closed at 8");
    expect(edited).toMatchObject({ id, content: "<p>Counting has begun in every region.</p>" });
    expect(edited.editedAt).toBeInstanceOf(Date);
    expect((await editsLogged("editor")).map((entry) => [entry.title, entry.description])).toEqual([
      ["Election night", "Polls closed at 8"],
    ]);
  });

  test("an empty or over-long edit is refused beside its field, keeps what was typed and changes nothing", async () => {
    const before = await publicLiveStream(database.db, storyId);
    const { id } = await updateTitled("Polls closed at 8");
    const empty = await post(cookies.editor, {
      intent: "edit",
      id,
      title: "Turnout at noon",
      content: "<p></p>",
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      editingId: id,
      fieldErrors: { content: LIVE_TEXT.missingContent },
      values: { title: "Turnout at noon", content: "<p></p>" },
    });
    const long = await post(cookies.editor, {
      intent: "edit",
      id,
      title: "T".repeat(201),
      content: "<p>Kept.</p>",
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ editingId: id, fieldErrors: { title: LIVE_TEXT.titleTooLong } });
    expect(await publicLiveStream(database.db, storyId)).toEqual(before);
    expect(await editsLogged("editor")).toHaveLength(1);

    // As the page shows it: the problem under the edit form's field, what was typed kept, the post form untouched.
    const data = await open(cookies.editor, `?edit=${id}`);
    const page = renderScreen(`${path()}?edit=${id}`, data, empty.body);
    expect(tagOf(page, "input", "edit-update-title")).toContain('value="Turnout at noon"');
    expect(tagOf(page, "textarea", "edit-update-content")).toContain(
      'aria-describedby="edit-update-content-error"',
    );
    expect(page).toContain("&lt;p&gt;&lt;/p&gt;</textarea>");
    expect(page).toContain(
      `<p id="edit-update-content-error" class="mt-1 text-sm text-red-700">${LIVE_TEXT.missingContent}</p>`,
    );
    expect(page).not.toContain('id="update-content-error"');
    expect(page).not.toContain('role="alert"');
    expect(tagOf(page, "input", "update-title")).toContain('value=""');
    expect(repeatedIds(page)).toEqual([]);
  });

  test("the story's writer gets no Edit link, and an edit they post is refused with 403", async () => {
    const { id, content } = await updateTitled("Polls closed at 8");
    const data = await open(cookies.writer, `?edit=${id}`);
    expect(data).toMatchObject({ canRun: false, editingId: null });
    const page = renderScreen(`${path()}?edit=${id}`, data);
    expect(page).not.toMatch(/href="[^"]*\?edit=/);
    expect(page).not.toContain(`>${T.edit}</a>`);
    expect(page).not.toContain('name="intent" value="edit"');

    const refused = await post(cookies.writer, {
      intent: "edit",
      id,
      title: "Mine now",
      content: "<p>Mine.</p>",
    });
    expect(refused.status).toBe(403);
    expect(await updateTitled("Polls closed at 8")).toMatchObject({ id, content });
    expect(await editsLogged("writer")).toEqual([]);
  });
});
