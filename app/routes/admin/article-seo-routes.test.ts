/**
 * The article form's "Search & sharing" overrides through the real add and edit routes: too long is
 * refused with the field's message and everything typed comes back; a good value is stored (one line,
 * trimmed), shown again by the edit screen, kept in the revision, and an older revision without the
 * fields still reads and restores without wiping them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articleRevisions, articles, settings } from "#app/db/schema";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import { restoreRevision } from "#app/domain/articles/revisions.server";
import { revisionsInOrder } from "#test-support/article-fixtures";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { SEO_LIMITS, SEO_TEXT } from "#app/lib/article-seo";
import * as articlesAddRoute from "./articles.add";
import * as articlesEditRoute from "./articles.edit";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";
import { testServices } from "#test-support/services";

describe("article search-and-sharing overrides", () => {
  let database: TestDatabase;
  let cookie = "";
  let editor: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    editor = await makeUser("seo-editor@example.com", "editor");
    cookie = await sessionCookieFor(editor.id);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const form = (change: Record<string, string> = {}): Record<string, string> => ({
    title: "Cocoa price rises",
    content: "<p>Farmers will be paid more this season.</p>",
    excerpt: "",
    status: "draft",
    authorName: "",
    categoryId: "",
    tags: "",
    imageUrl: "",
    youtubeUrl: "",
    manualDate: "",
    seoTitle: "",
    seoDescription: "",
    ...change,
  });
  const add = (fields: Record<string, string>) =>
    outcome(() => articlesAddRoute.action(args(postRequest("/admin/articles/add", fields, cookie))));
  const edit = (id: string, fields: Record<string, string>) =>
    outcome(() =>
      articlesEditRoute.action(args(postRequest(`/admin/articles/edit/${id}`, fields, cookie), { id })),
    );
  const editScreen = async (id: string) =>
    (
      await outcome(() =>
        articlesEditRoute.loader(args(getRequest(`/admin/articles/edit/${id}`, cookie), { id })),
      )
    ).body as { values: { seoTitle: string; seoDescription: string } };

  test("too long: each field says its limit, everything typed comes back, nothing is saved", async () => {
    const typed = form({
      title: "Kept title",
      seoTitle: "t".repeat(SEO_LIMITS.title + 1),
      seoDescription: "d".repeat(SEO_LIMITS.description + 1),
    });
    const result = await add(typed);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      fieldErrors: { seoTitle: SEO_TEXT.titleTooLong, seoDescription: SEO_TEXT.descriptionTooLong },
      problem: { title: "Please check the form", message: SEO_TEXT.titleTooLong },
      values: { title: "Kept title", seoTitle: typed.seoTitle, seoDescription: typed.seoDescription },
    });
    expect(SEO_TEXT.titleTooLong).toBe("Please keep the SEO title to 120 characters or fewer.");
    expect(await database.db.select().from(articles)).toHaveLength(0);
  });

  test("exactly at the limits is accepted; stored on one line, trimmed; the edit screen shows them", async () => {
    const title = "T".repeat(SEO_LIMITS.title);
    const result = await add(
      form({ seoTitle: `  ${title}  `, seoDescription: "  A short guide\nfor farmers.  " }),
    );
    expect(result.status).toBe(302);
    const id = result.location!.split("/").pop()!;
    expect(one(await database.db.select().from(articles).where(eq(articles.id, id)))).toMatchObject({
      seoTitle: title,
      seoDescription: "A short guide for farmers.",
    });
    expect((await editScreen(id)).values).toMatchObject({
      seoTitle: title,
      seoDescription: "A short guide for farmers.",
    });
    const [revision] = await revisionsInOrder(database.db, id);
    expect(revision!.snapshot).toMatchObject({
      seoTitle: title,
      seoDescription: "A short guide for farmers.",
    });
  });

  test("an edit that fails keeps the typed overrides; one that clears them leaves the story's own", async () => {
    const created = await add(form({ title: "Gold exports", seoTitle: "Gold: the numbers" }));
    const id = created.location!.split("/").pop()!;
    const failed = await edit(
      id,
      form({ title: "", seoTitle: "Gold, again", seoDescription: "Why it matters" }),
    );
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({
      values: { seoTitle: "Gold, again", seoDescription: "Why it matters" },
    });
    expect(one(await database.db.select().from(articles).where(eq(articles.id, id))).seoTitle).toBe(
      "Gold: the numbers",
    );
    expect((await edit(id, form({ title: "Gold exports" }))).status).toBe(302);
    expect(one(await database.db.select().from(articles).where(eq(articles.id, id)))).toMatchObject({
      seoTitle: "",
      seoDescription: "",
    });
    const history = await revisionsInOrder(database.db, id);
    expect(history.at(-1)!.changedFields).toEqual(["seoTitle"]);
  });

  test("a revision saved before the overrides existed still restores, keeping the stored overrides", async () => {
    const created = await add(form({ title: "Harbour works", seoTitle: "Tema harbour: the plan" }));
    const id = created.location!.split("/").pop()!;
    const {
      seoTitle: _t,
      seoDescription: _d,
      ...oldSnapshot
    } = (await revisionsInOrder(database.db, id))[0]!.snapshot;
    const old = one(
      await database.db
        .insert(articleRevisions)
        .values({
          articleId: id,
          authorId: editor.id,
          authorName: "Before",
          state: "applied",
          snapshot: { ...oldSnapshot, title: "Harbour works (old)" },
          changedFields: ["title"],
        })
        .returning(),
    );
    const actor = { ...editor, role: "editor" as const, status: "active" as const, avatarUrl: "" };
    await restoreRevision(testServices(database.db), actor, old.id);
    expect(one(await database.db.select().from(articles).where(eq(articles.id, id)))).toMatchObject({
      title: "Harbour works (old)",
      seoTitle: "Tema harbour: the plan",
    });
    expect((await revisionsInOrder(database.db, id)).at(-1)!.changedFields).toEqual(["title"]);
  });
});
