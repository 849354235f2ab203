/**
 * Local-language editions in the back office (decision record 022, points 3 and 11), through the routes,
 * per role: the edit screen's "Start translation" (intent=translate) and what its Translations panel
 * offers each user, the language select's choices and refusals, and the Edition filter of the articles
 * list and the dashboard.
 */
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { ToastProvider } from "#app/components/ui/toast";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articles, articleRevisions, settings } from "#app/db/schema";
import { forgetEditions } from "#app/domain/editions/editions.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { addTwiEdition } from "#test-support/editions";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";
import * as articlesAddRoute from "./articles.add";
import * as articlesEditRoute from "./articles.edit";
import * as articlesRoute from "./articles";
import * as dashboardRoute from "./dashboard";

type Role = "admin" | "editor" | "writer" | "otherWriter";
type EditData = Awaited<ReturnType<typeof articlesEditRoute.loader>>;
type ListData = Awaited<ReturnType<typeof articlesRoute.loader>>;
type DashboardData = Awaited<ReturnType<typeof dashboardRoute.loader>>;
type AddData = Awaited<ReturnType<typeof articlesAddRoute.loader>>;

/** The edit screen as the server renders it, from its loader's data (and an action's answer). */
function renderEditScreen(id: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    {
      id: "edit",
      path: "/admin/articles/edit/:id",
      Component: articlesEditRoute.default as unknown as ComponentType,
      loader: () => loaderData,
    },
  ]);
  const hydrationData = {
    loaderData: { edit: loaderData },
    actionData: actionData ? { edit: actionData } : null,
  };
  return renderToStaticMarkup(
    createElement(
      ToastProvider,
      null,
      createElement(Stub, { initialEntries: [`/admin/articles/edit/${id}`], hydrationData }),
    ),
  );
}

describe.each(TEST_ENGINES)("translations in the back office on %s", (engine) => {
  let database: TestDatabase;
  const cookies: Record<Role, string> = { admin: "", editor: "", writer: "", otherWriter: "" };
  const ids: Record<Role, string> = { admin: "", editor: "", writer: "", otherWriter: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    // Switched off: the newsroom writes an edition's stories before readers can open it.
    await addTwiEdition(database.db, false);
    forgetEditions(database.db);
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
    // Translations first: they name their originals.
    await database.db.delete(articleRevisions);
    await database.db.delete(articles).where(eq(articles.isOriginal, false));
    await database.db.delete(articles);
    await database.db.delete(activityLog);
  });

  async function story(
    author: Role,
    status: "published" | "draft",
    extra: Partial<typeof articles.$inferInsert> = {},
  ) {
    return one(
      await database.db
        .insert(articles)
        .values({
          title: "Floods in Accra",
          content: "<p>Rain all night in Accra.</p>",
          status,
          authorId: ids[author],
          authorName: author,
          ...(status === "published" ? { publishedAt: new Date(Date.now() - 60_000) } : {}),
          ...extra,
        })
        .returning(),
    );
  }
  const rows = () => database.db.select().from(articles).orderBy(articles.createdAt);
  const translate = (id: string, role: Role, language = "tw") =>
    outcome(() =>
      articlesEditRoute.action(
        args(postRequest(`/admin/articles/edit/${id}`, { intent: "translate", language }, cookies[role]), {
          id,
        }),
      ),
    );
  const editScreen = async (id: string, role: Role) => {
    const result = await outcome(() =>
      articlesEditRoute.loader(args(getRequest(`/admin/articles/edit/${id}`, cookies[role]), { id })),
    );
    return { status: result.status, data: result.body as EditData };
  };
  const line = (data: EditData, tag: string) => data.translations.editions.find((e) => e.tag === tag)!;

  describe("Start translation", () => {
    test.each(["admin", "editor"] as const)(
      "%s: a Twi draft linked to the original opens in the editor with a toast; a second click opens the same one",
      async (role) => {
        const original = await story("otherWriter", "draft");
        const first = await translate(original.id, role);
        const created = (await rows()).find((row) => row.language === "tw")!;
        expect(first.status).toBe(302);
        expect(first.location).toBe(`/admin/articles/edit/${created.id}`);
        expect(await toastOf(first.setCookie)).toMatchObject({ title: TRANSLATION_TEXT.startedTitle });
        expect(created).toMatchObject({
          translationOf: original.id,
          status: "draft",
          title: "",
          authorId: ids[role],
        });

        const again = await translate(original.id, role);
        expect(again.location).toBe(`/admin/articles/edit/${created.id}`);
        expect(await toastOf(again.setCookie)).toMatchObject({ title: TRANSLATION_TEXT.openedTitle });
        expect(await rows()).toHaveLength(2);
      },
    );

    test("a writer cannot start translating another writer's draft: 403 and nothing written", async () => {
      const original = await story("otherWriter", "draft");
      const refused = await translate(original.id, "writer");
      expect(refused.status).toBe(403);
      expect(await rows()).toEqual([original]);
      expect(await database.db.select().from(activityLog)).toEqual([]);
    });

    test("a writer may translate a published story of another's, and their own draft", async () => {
      const published = await story("otherWriter", "published");
      const started = await translate(published.id, "writer");
      expect(started.status).toBe(302);
      const version = (await rows()).find((row) => row.translationOf === published.id)!;
      expect(version).toMatchObject({ language: "tw", authorId: ids.writer, status: "draft" });
      expect(started.location).toBe(`/admin/articles/edit/${version.id}`);

      const own = await story("writer", "draft", { title: "Market levy" });
      expect((await translate(own.id, "writer")).status).toBe(302);
    });

    test("a language that is no edition is refused in words, and nothing is written", async () => {
      const original = await story("editor", "published");
      const refused = await translate(original.id, "editor", "zz");
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ problem: { message: TRANSLATION_TEXT.notAnEdition } });
      expect(await rows()).toHaveLength(1);
    });
  });

  describe("the Translations panel", () => {
    test("an editor sees every edition: the story itself, and 'Start translation' where none exists", async () => {
      const original = await story("writer", "draft");
      const { status, data } = await editScreen(original.id, "editor");
      expect(status).toBe(200);
      expect(data.translations.editions.map((e) => [e.tag, e.enabled])).toEqual([
        ["en", true],
        ["tw", false],
      ]);
      expect(line(data, "en").version).toMatchObject({ id: original.id, isCurrent: true, canOpen: true });
      expect(line(data, "tw")).toMatchObject({ version: null, canStart: true });
      expect(data.translations.original).toBeNull();
      // The language select lists both, the switched-off one too.
      expect(data.options.editions).toEqual([
        { tag: "en", name: "English", enabled: true },
        { tag: "tw", name: "Twi", enabled: false },
      ]);
      expect(data.values.language).toBe("en");
    });

    test("a writer's panel does not link to a version they cannot open; their translation shows the published original", async () => {
      const published = await story("otherWriter", "published", { title: "Floods in Accra" });
      await translate(published.id, "writer");
      const version = (await rows()).find((row) => row.translationOf === published.id)!;
      const { data } = await editScreen(version.id, "writer");
      expect(line(data, "en").version).toMatchObject({ id: published.id, canOpen: false });
      expect(line(data, "tw").version).toMatchObject({ id: version.id, isCurrent: true, canOpen: true });
      expect(data.translations.original).toMatchObject({
        title: "Floods in Accra",
        content: "<p>Rain all night in Accra.</p>",
        editionName: "English",
        language: "en",
      });
      // And the original itself stays closed to them.
      expect((await editScreen(published.id, "writer")).status).toBe(403);
    });

    test("on a writer's own story, another's translation is text and no start is offered where one exists", async () => {
      const own = await story("writer", "draft");
      await translate(own.id, "editor");
      const { data } = await editScreen(own.id, "writer");
      expect(line(data, "tw").version).toMatchObject({ canOpen: false });
      expect(line(data, "tw").canStart).toBe(false);
      // The editor may open both.
      const editors = await editScreen(own.id, "editor");
      expect(line(editors.data, "tw").version).toMatchObject({ canOpen: true });
    });

    test("rendered: the select marks the switched-off edition, the fields carry lang, the writer gets no link to what they cannot open", async () => {
      const published = await story("otherWriter", "published", { title: "Floods in Accra" });
      await translate(published.id, "writer");
      const version = (await rows()).find((row) => row.translationOf === published.id)!;
      const { data } = await editScreen(version.id, "writer");
      const html = renderEditScreen(version.id, data);
      expect(html).toMatch(/<option value="tw"[^>]*>Twi \(off\)<\/option>/);
      expect(html).toMatch(/<option value="en"[^>]*>English<\/option>/);
      expect(html).toMatch(/<input id="title"[^>]*lang="tw"/);
      expect(html).toContain("Original (English)");
      expect(html).not.toContain(`href="/admin/articles/edit/${published.id}"`);

      // The writer's own story, untranslated: the button posts the form of its own.
      const own = await story("writer", "draft", { title: "Market levy" });
      const ownHtml = renderEditScreen(own.id, (await editScreen(own.id, "writer")).data);
      expect(ownHtml).toMatch(/<button type="submit" form="translate-tw"[^>]*>Start translation<\/button>/);
      expect(ownHtml).toMatch(/<form[^>]*id="translate-tw"/);
      expect(ownHtml).not.toContain("Original (");

      // A refused language shows under the select.
      const refused = renderEditScreen(own.id, (await editScreen(own.id, "writer")).data, {
        values: { ...data.values, language: "tw" },
        fieldErrors: { language: TRANSLATION_TEXT.languageTaken },
        problem: { title: "Update failed", message: TRANSLATION_TEXT.languageTaken },
      });
      expect(refused).toMatch(
        /<p id="language-error"[^>]*>This story already has a version in that language.<\/p>/,
      );
    });

    test("a writer's translation of an original gone back to draft does not show them the original", async () => {
      const published = await story("otherWriter", "published");
      await translate(published.id, "writer");
      const version = (await rows()).find((row) => row.translationOf === published.id)!;
      await database.db.update(articles).set({ status: "draft" }).where(eq(articles.id, published.id));
      const { data } = await editScreen(version.id, "writer");
      expect(data.translations.original).toBeNull();
      // Nor may they start another version from it.
      expect(line(data, "en").canStart).toBe(false);
    });
  });

  describe("the language select", () => {
    test("the add screen starts in the main edition and offers every edition", async () => {
      const result = await outcome(() =>
        articlesAddRoute.loader(args(getRequest("/admin/articles/add", cookies.writer))),
      );
      const data = result.body as AddData;
      expect(data.values.language).toBe("en");
      expect(data.options.editions.map((e) => e.tag)).toEqual(["en", "tw"]);
    });

    test("a language another version holds comes back as the select's error, with what was typed", async () => {
      const original = await story("editor", "published");
      await translate(original.id, "editor");
      const result = await outcome(() =>
        articlesEditRoute.action(
          args(
            postRequest(
              `/admin/articles/edit/${original.id}`,
              {
                title: "Floods in Accra, updated",
                content: "<p>Still raining.</p>",
                status: "published",
                language: "tw",
              },
              cookies.editor,
            ),
            { id: original.id },
          ),
        ),
      );
      expect(result.status).toBe(409);
      expect(result.body).toMatchObject({
        fieldErrors: { language: TRANSLATION_TEXT.languageTaken },
        values: { title: "Floods in Accra, updated", language: "tw" },
      });
      expect(
        one(await database.db.select().from(articles).where(eq(articles.id, original.id))),
      ).toMatchObject({ title: "Floods in Accra", language: "en" });
    });
  });

  describe("the Edition filter", () => {
    async function stories() {
      await story("writer", "published", { title: "English by the writer" });
      await story("writer", "draft", { title: "Twi by the writer", language: "tw" });
      await story("editor", "published", { title: "Twi by the editor", language: "tw", featured: true });
    }
    const list = async (query: string, role: Role) =>
      (await outcome(() => articlesRoute.loader(args(getRequest(`/admin/articles${query}`, cookies[role])))))
        .body as ListData;
    const dashboard = async (query: string, role: Role) =>
      (await outcome(() => dashboardRoute.loader(args(getRequest(`/admin${query}`, cookies[role])))))
        .body as DashboardData;
    const stat = (data: DashboardData, key: string) => data.stats.find((card) => card.key === key)?.value;

    test("the articles list shows one edition's stories, each with its language; an unknown edition is ignored", async () => {
      await stories();
      const twi = await list("?edition=tw", "editor");
      expect(twi.edition).toBe("tw");
      expect(twi.rows.map((row) => [row.title, row.language]).sort()).toEqual([
        ["Twi by the editor", "tw"],
        ["Twi by the writer", "tw"],
      ]);
      expect(twi.editions.map((e) => e.tag)).toEqual(["en", "tw"]);
      const unknown = await list("?edition=zz", "editor");
      expect(unknown.edition).toBeNull();
      expect(unknown.rows).toHaveLength(3);
      // A writer's filtered list is still their own stories only.
      expect((await list("?edition=tw", "writer")).rows.map((row) => row.title)).toEqual([
        "Twi by the writer",
      ]);
    });

    test.each(["admin", "editor", "writer"] as const)(
      "%s: the dashboard's story figures follow the edition chosen",
      async (role) => {
        await stories();
        const all = await dashboard("", role);
        const twi = await dashboard("?edition=tw", role);
        const english = await dashboard("?edition=en", role);
        const ignored = await dashboard("?edition=zz", role);
        const mine = role === "writer";
        expect(all.edition).toBeNull();
        expect(stat(all, "total")).toBe(mine ? 2 : 3);
        expect(twi.edition).toBe("tw");
        expect(stat(twi, "total")).toBe(mine ? 1 : 2);
        expect(stat(twi, "featured")).toBe(mine ? 0 : 1);
        expect(twi.recent.map((row) => row.title).sort()).toEqual(
          mine ? ["Twi by the writer"] : ["Twi by the editor", "Twi by the writer"],
        );
        expect(stat(english, "total")).toBe(1);
        expect(english.recent.map((row) => row.title)).toEqual(["English by the writer"]);
        expect(ignored.edition).toBeNull();
        expect(stat(ignored, "total")).toBe(stat(all, "total"));
      },
    );
  });
});

describe("a site with one edition", () => {
  let database: TestDatabase;
  let cookie = "";
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    cookie = await sessionCookieFor((await makeUser("editor@example.com", "editor")).id);
    await database.db
      .insert(articles)
      .values({ title: "Only English", content: "<p>x</p>", status: "draft" });
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("offers no Edition filter, ignores ?edition=, and the panel has nothing to list", async () => {
    const list = (
      await outcome(() => articlesRoute.loader(args(getRequest("/admin/articles?edition=en", cookie))))
    ).body as ListData;
    expect(list).toMatchObject({ editions: [], edition: null });
    expect(list.rows).toHaveLength(1);
    const board = (await outcome(() => dashboardRoute.loader(args(getRequest("/admin?edition=en", cookie)))))
      .body as DashboardData;
    expect(board).toMatchObject({ editions: [], edition: null });
    const id = list.rows[0]!.id;
    const edit = (
      await outcome(() =>
        articlesEditRoute.loader(args(getRequest(`/admin/articles/edit/${id}`, cookie), { id })),
      )
    ).body as EditData;
    expect(edit.options.editions).toHaveLength(1);
    expect(edit.translations.editions).toHaveLength(1);
  });
});
