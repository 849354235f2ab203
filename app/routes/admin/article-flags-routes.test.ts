/**
 * Featured and Breaking News on a story not yet live : the articles list tells the
 * newsroom which story holds a flag for readers now ('Featured') and which takes it when it is
 * published ('Featured when published'), in the loader's data and on the rendered list.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ArticleListTable } from "#app/components/admin/article-list-table";
import { articles, settings } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { FLAG_TEXT } from "#app/domain/articles/flag-rules";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import * as articlesRoute from "./articles";
import { args, getRequest, makeUser, outcome, sessionCookieFor } from "#test-support/route-calls";

type ListData = Awaited<ReturnType<typeof articlesRoute.loader>>;

describe("the articles list says who holds Featured and Breaking News now and who takes them when published", () => {
  let database: TestDatabase;
  let cookie = "";
  let list: ListData;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1 });
    const editor = await makeUser("editor@example.com", "editor");
    cookie = await sessionCookieFor(editor.id);
    const story = (title: string, status: "published" | "draft" | "scheduled", flags: object) => ({
      title,
      status,
      content: "<p>Body</p>",
      ...(status === "published" ? { publishedAt: new Date() } : {}),
      ...(status === "scheduled" ? { scheduledAt: new Date(Date.now() + 86_400_000) } : {}),
      ...flags,
    });
    await database.db
      .insert(articles)
      .values([
        story("Live lead", "published", { featured: true, isTopStory: true }),
        story("Tomorrow's lead", "scheduled", { featured: true }),
        story("Breaking draft", "draft", { isTopStory: true }),
        story("Plain draft", "draft", {}),
      ]);
    const { status, body } = await outcome(() =>
      articlesRoute.loader(args(getRequest("/admin/articles", cookie))),
    );
    expect(status).toBe(200);
    list = body as ListData;
  });
  afterAll(async () => {
    await database.destroy();
  });

  const flagsOf = (title: string) =>
    list.rows.find((row) => row.title === title)?.flags.map((badge) => badge.label);

  test("loader: the live story is 'Featured' and 'Breaking News'; the others take the flag when published", () => {
    expect(flagsOf("Live lead")).toEqual([FLAG_TEXT.featured, FLAG_TEXT.breaking]);
    expect(flagsOf("Tomorrow's lead")).toEqual(["Featured when published"]);
    expect(flagsOf("Breaking draft")).toEqual(["Breaking News when published"]);
    expect(flagsOf("Plain draft")).toEqual([]);
  });

  test("the rendered list shows the same labels beside each title", async () => {
    const Stub = createRoutesStub([
      {
        path: "/admin/articles",
        Component: () =>
          createElement(ArticleListTable, {
            rows: list.rows,
            canPublish: true,
            canEditAll: true,
            userId: list.userId,
          }),
      },
    ]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/articles"] }));
    const rowOf = (title: string) => {
      const start = html.indexOf(`>${title.replace("'", "&#x27;")}</a>`);
      expect(start, title).toBeGreaterThan(0);
      return html.slice(start, html.indexOf("</tr>", start));
    };
    expect(rowOf("Live lead")).toContain(">Featured<");
    expect(rowOf("Live lead")).toContain(">Breaking News<");
    expect(rowOf("Tomorrow's lead")).toContain(">Featured when published<");
    expect(rowOf("Tomorrow's lead")).not.toContain(">Featured<");
    expect(rowOf("Breaking draft")).toContain(">Breaking News when published<");
    expect(rowOf("Breaking draft")).not.toContain(">Breaking News<");
  });
});
