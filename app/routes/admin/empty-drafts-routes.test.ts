/**
 * The articles list's offer to delete empty drafts, through the route per role: the
 * loader counts what each person may delete, the post asks first, then deletes only those, re-checked.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { activityLog, articles, settings } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { saveArticle } from "#app/domain/articles/admin.server";
import { articleInput } from "#test-support/article-fixtures";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { EMPTY_DRAFT_TEXT } from "#app/lib/empty-drafts";
import * as articlesRoute from "./articles";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";
import { testServices } from "#test-support/services";

type Role = "admin" | "editor" | "writer";

describe.each(TEST_ENGINES)("empty drafts on the articles list on %s", (engine) => {
  let database: TestDatabase;
  const people = {} as Record<Role, CurrentUser & { cookie: string }>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`drafts-${role}@example.com`, role);
      people[role] = {
        id: user.id,
        email: user.email,
        name: user.name,
        role,
        status: "active",
        avatarUrl: "",
        cookie: await sessionCookieFor(user.id),
      };
    }
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(activityLog);
  });

  /** A draft autosaved and left two hours ago (someone else's is offered after an hour). */
  const autosaved = async (role: Role, title: string, body = "<p>Notes</p>") => {
    const { id } = await saveArticle(
      testServices(database.db),
      people[role],
      articleInput({ title }, body),
      undefined,
      {
        autosave: true,
      },
    );
    await database.db
      .update(articles)
      .set({ updatedAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(articles.id, id));
    return id;
  };
  const list = (cookie?: string) =>
    outcome(() => articlesRoute.loader(args(getRequest("/admin/articles", cookie))));
  const post = (fields: Record<string, string | string[]>, cookie?: string) =>
    outcome(() => articlesRoute.action(args(postRequest("/admin/articles", fields, cookie))));
  const titles = async () =>
    (await database.db.select({ title: articles.title }).from(articles)).map((r) => r.title).sort();

  /** An empty draft by the writer and one by the editor, and a draft with text by the writer. */
  async function newsroom() {
    const writers = await autosaved("writer", "Writer's start");
    const editors = await autosaved("editor", "Editor's start");
    await autosaved(
      "writer",
      "Writer's story",
      "<p>The assembly cut the market levy by half on Tuesday.</p>",
    );
    return { writers, editors };
  }

  test.each(["admin", "editor"] as const)(
    "%s: offered every empty draft, asked first, then they are gone and the draft with text stays",
    async (role) => {
      const { writers, editors } = await newsroom();
      const { body } = (await list(people[role].cookie)) as {
        body: { emptyDrafts: { count: number; ids: string[] } };
      };
      expect(body.emptyDrafts.count).toBe(2);
      expect([...body.emptyDrafts.ids].sort()).toEqual([writers, editors].sort());

      const form = { intent: "delete-empty-drafts", ids: body.emptyDrafts.ids };
      const asked = await post(form, people[role].cookie);
      expect(asked).toMatchObject({
        status: 200,
        body: {
          result: { type: "confirm", title: EMPTY_DRAFT_TEXT.confirm(2), intent: "delete-empty-drafts" },
        },
      });
      expect(await titles()).toHaveLength(3);

      const done = await post({ ...form, confirmed: "yes" }, people[role].cookie);
      expect(done).toMatchObject({
        status: 200,
        body: { result: { type: "success", title: EMPTY_DRAFT_TEXT.deleted(2) } },
      });
      expect(await titles()).toEqual(["Writer's story"]);
      const after = (await list(people[role].cookie)) as { body: { emptyDrafts: { count: number } } };
      expect(after.body.emptyDrafts.count).toBe(0);
    },
  );

  test("writer: offered only their own empty draft; another's id in the post is refused and nothing goes", async () => {
    const { writers, editors } = await newsroom();
    const { body } = (await list(people.writer.cookie)) as {
      body: { emptyDrafts: { count: number; ids: string[] } };
    };
    expect(body.emptyDrafts).toEqual({ count: 1, ids: [writers] });

    const forged = await post(
      { intent: "delete-empty-drafts", ids: [writers, editors], confirmed: "yes" },
      people.writer.cookie,
    );
    expect(forged.status).toBe(403);
    expect(await titles()).toHaveLength(3);

    const done = await post(
      { intent: "delete-empty-drafts", ids: [writers], confirmed: "yes" },
      people.writer.cookie,
    );
    expect(done.body).toMatchObject({ result: { type: "success", title: EMPTY_DRAFT_TEXT.deleted(1) } });
    expect(await titles()).toEqual(["Editor's start", "Writer's story"]);
  });

  test("a draft that got text between the offer and the confirmation is kept, and the answer says so", async () => {
    const { writers, editors } = await newsroom();
    await saveArticle(
      testServices(database.db),
      people.writer,
      articleInput({ title: "Writer's start" }, "<p>Back at it: the levy was cut by half on Tuesday.</p>"),
      writers,
      { autosave: true },
    );
    const done = await post(
      { intent: "delete-empty-drafts", ids: [writers, editors], confirmed: "yes" },
      people.editor.cookie,
    );
    expect(done.body).toMatchObject({
      result: { type: "success", title: EMPTY_DRAFT_TEXT.deleted(1), message: EMPTY_DRAFT_TEXT.kept(1) },
    });
    expect(await titles()).toEqual(["Writer's start", "Writer's story"]);
  });

  test("signed out: the list and the post send to sign-in, and nothing is deleted", async () => {
    const { writers, editors } = await newsroom();
    const seen = await list();
    expect(seen.status).toBe(302);
    expect(seen.location).toMatch(/^\/admin\/login/);
    const posted = await post({ intent: "delete-empty-drafts", ids: [writers, editors], confirmed: "yes" });
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/admin\/login/);
    expect(await titles()).toHaveLength(3);
  });
});
