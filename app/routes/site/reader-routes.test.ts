import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { totalViews } from "#app/domain/articles/views.server";
import {
  activityLog,
  articles,
  categories,
  comments,
  contactMessages,
  rateLimits,
  settings,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { COMMENT_RATE_LIMIT } from "#app/domain/comments/public.server";
import { CONTACT_TEXT } from "#app/domain/contact/contact-form";
import { CONTACT_RATE_LIMIT } from "#app/domain/contact/contact.server";
import { SETUP_TEXT } from "#app/domain/setup/setup.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import {
  getRequest,
  makeUser,
  outcome,
  postRequest,
  routeArgs,
  sessionCookieFor,
} from "#test-support/route-calls";
import * as viewsRoute from "#app/routes/resources/article-views";
import * as articleRoute from "./article";
import * as contactRoute from "./contact";
import * as setupRoute from "./database-setup";
import * as privacyRoute from "./privacy";
import { firstRow } from "#app/db/rows";

/** Loader/action arguments; the type each route expects is taken from where the call is made. */
const args = <T>(request: Request, params: Record<string, string> = {}): T =>
  routeArgs(request, params) as unknown as T;

describe("reader routes against the database", () => {
  let database: TestDatabase;
  let articleId: string;
  /** The sample story's readable address (/article/<slug>): its id answers 301 there. */
  let articleSlug: string;
  let draftId: string;
  const cookies = { admin: "", editor: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    const first = firstRow(
      await database.db
        .select({ id: articles.id, slug: articles.slug })
        .from(articles)
        .orderBy(articles.title)
        .limit(1),
    );
    articleId = first.id;
    articleSlug = first.slug ?? "";
    const draft = one(
      await database.db
        .insert(articles)
        .values({ title: "Embargoed draft", status: "draft", content: "<p>secret</p>" })
        .returning({ id: articles.id }),
    );
    draftId = draft.id;
    cookies.admin = await sessionCookieFor((await makeUser("admin2@example.com", "admin")).id);
    cookies.editor = await sessionCookieFor((await makeUser("editor@example.com", "editor")).id);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
    await database.db.update(settings).set({ allowComments: true, dateFormat: "F j, Y" });
    forgetCachedSettings();
  });

  describe("article page", () => {
    test("a published article loads with its approved comments only and a sanitised body", async () => {
      await database.db
        .update(articles)
        .set({ content: `<p>Safe</p><script>alert(1)</script><img src="x" onerror="alert(2)">` })
        .where(eq(articles.id, articleId));
      await database.db.insert(comments).values({
        articleId,
        authorName: "Pending Reader",
        authorEmail: "p@example.com",
        text: "not yet",
        status: "pending",
      });
      const result = await outcome(() =>
        articleRoute.loader(args(getRequest(`/article/${articleSlug}`), { id: articleSlug })),
      );
      expect(result.status).toBe(200);
      const body = result.body as Awaited<ReturnType<typeof articleRoute.loader>>["data"];
      expect(body.article.content).toContain("<p>Safe</p>");
      expect(body.article.content).not.toMatch(/script|onerror/);
      expect(body.comments.map((c) => c.status)).toEqual(["approved", "approved", "approved"]);
      expect(body.comments.some((c) => c.text === "not yet")).toBe(false);
      expect(body.related.map((r) => r.id)).not.toContain(articleId);
      expect(body.related.length).toBeLessThanOrEqual(4);
      expect(body.shareUrl).toBe(`http://localhost/article/${articleSlug}`);
      expect(JSON.stringify(body)).not.toContain("Embargoed draft");
    });

    test.each([
      ["a draft", () => draftId],
      ["a missing id", () => "no-such-article"],
    ])("%s is a 404, not a sample article", async (_name, id) => {
      const result = await outcome(() =>
        articleRoute.loader(args(getRequest(`/article/${id()}`), { id: id() })),
      );
      expect(result.status).toBe(404);
      expect(result.body).toMatchObject({ title: "Article not found" });
    });

    test("posting a comment stores it pending and says it will be reviewed", async () => {
      const fields = {
        name: "<b>Kojo</b>",
        email: "kojo@example.com",
        comment: `<script>alert("x")</script>`,
      };
      const result = await outcome(() =>
        articleRoute.action(args(postRequest(`/article/${articleSlug}`, fields), { id: articleSlug })),
      );
      expect(result).toMatchObject({
        status: 200,
        body: { ok: true, title: COMMENT_TEXT.submittedTitle, message: COMMENT_TEXT.submitted },
      });
      const [stored] = await database.db
        .select()
        .from(comments)
        .where(and(eq(comments.articleId, articleId), eq(comments.authorName, "<b>Kojo</b>")));
      expect(stored).toMatchObject({ status: "pending", text: `<script>alert("x")</script>` });
    });

    test("bad input keeps what the reader typed", async () => {
      const fields = { name: "Kojo", email: "kojo@example.com", comment: "   " };
      const result = await outcome(() =>
        articleRoute.action(args(postRequest(`/article/${articleSlug}`, fields), { id: articleSlug })),
      );
      expect(result).toMatchObject({
        status: 400,
        body: { ok: false, title: COMMENT_TEXT.missingTitle, message: COMMENT_TEXT.missing, values: fields },
      });
    });

    test("too many comments from one address: 429 with the spec's message, what was typed kept", async () => {
      const fields = { name: "Kojo", email: "kojo@example.com", comment: "Again and again" };
      const post = () =>
        outcome(() =>
          articleRoute.action(args(postRequest(`/article/${articleSlug}`, fields), { id: articleSlug })),
        );
      for (let i = 0; i < COMMENT_RATE_LIMIT.limit; i++) expect((await post()).status).toBe(200);
      expect(await post()).toMatchObject({
        status: 429,
        body: {
          ok: false,
          title: COMMENT_TEXT.rateLimitedTitle,
          message: COMMENT_TEXT.rateLimited,
          values: fields,
        },
      });
    });

    test("comments disabled in the settings: refused with the spec's message", async () => {
      await database.db.update(settings).set({ allowComments: false });
      forgetCachedSettings();
      const fields = { name: "Kojo", email: "kojo@example.com", comment: "Hello" };
      const result = await outcome(() =>
        articleRoute.action(args(postRequest(`/article/${articleSlug}`, fields), { id: articleSlug })),
      );
      expect(result).toMatchObject({
        status: 403,
        body: { title: COMMENT_TEXT.disabledTitle, message: COMMENT_TEXT.disabled },
      });
      const loaded = await articleRoute.loader(
        args(getRequest(`/article/${articleSlug}`), { id: articleSlug }),
      );
      expect(loaded.data.allowComments).toBe(false);
    });
  });

  describe("view counter", () => {
    test("204 with the new total for a published article, 404 for a draft", async () => {
      const viewsOf = async (id: string) =>
        one(await database.db.select({ v: totalViews() }).from(articles).where(eq(articles.id, id))).v;
      const before = await viewsOf(articleId);
      const counted = (await viewsRoute.action(
        args(postRequest(`/resources/article-views/${articleId}`, {}), { id: articleId }),
      )) as Response;
      expect(counted.status).toBe(204);
      expect(await viewsOf(articleId)).toBe(before + 1);
      // The page may be an older cached copy: the script shows this total instead of the page's.
      expect(counted.headers.get("X-Article-Views")).toBe(String(before + 1));
      const refused = (await viewsRoute.action(
        args(postRequest(`/resources/article-views/${draftId}`, {}), { id: draftId }),
      )) as Response;
      expect(refused.status).toBe(404);
      expect(refused.headers.get("X-Article-Views")).toBeNull();
      expect(await viewsOf(draftId)).toBe(0);
    });
  });

  describe("contact page", () => {
    test("a valid message is stored; an invalid one is refused with what was typed", async () => {
      const ok = await outcome(() =>
        contactRoute.action(
          args(
            postRequest("/contact", { name: "Efua", email: "efua@example.com", subject: "", message: "Hi" }),
          ),
        ),
      );
      expect(ok).toMatchObject({
        status: 200,
        body: { ok: true, title: CONTACT_TEXT.sentTitle, message: CONTACT_TEXT.sent },
      });
      const bad = { name: "Efua", email: "efua", subject: "Tip", message: "Hi" };
      const refused = await outcome(() => contactRoute.action(args(postRequest("/contact", bad))));
      expect(refused).toMatchObject({
        status: 400,
        body: { ok: false, title: CONTACT_TEXT.invalidTitle, message: CONTACT_TEXT.invalid, values: bad },
      });
      expect(await database.db.select().from(contactMessages)).toHaveLength(1);
    });

    test("too many messages from one address: 429 with the spec's message, what was typed kept", async () => {
      const fields = { name: "Efua", email: "efua@example.com", subject: "Tip", message: "Hello again" };
      const post = () => outcome(() => contactRoute.action(args(postRequest("/contact", fields))));
      for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await post()).status).toBe(200);
      expect(await post()).toMatchObject({
        status: 429,
        body: {
          ok: false,
          title: CONTACT_TEXT.failedTitle,
          message: CONTACT_TEXT.rateLimited,
          values: fields,
        },
      });
    });
  });

  describe("privacy page", () => {
    test("today's date follows the settings' date format", async () => {
      await database.db.update(settings).set({ dateFormat: "d/m/Y" });
      forgetCachedSettings();
      const { lastUpdated } = await privacyRoute.loader(routeArgs(getRequest("/privacy")) as never);
      expect(lastUpdated).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });
  });

  describe("database setup", () => {
    const count = async (table: typeof articles | typeof categories) =>
      firstRow(await database.db.select({ n: sql<number>`count(*)::int` }).from(table)).n;

    test("a visitor is sent to sign in and an editor is refused; nothing changes", async () => {
      const before = await count(articles);
      expect(
        await outcome(() =>
          setupRoute.action(args(postRequest("/database-setup", { intent: "clear", confirm: "yes" }))),
        ),
      ).toMatchObject({ status: 302, location: "/admin/login" });
      expect(
        await outcome(() =>
          setupRoute.action(
            args(postRequest("/database-setup", { intent: "clear", confirm: "yes" }, cookies.editor)),
          ),
        ),
      ).toMatchObject({ status: 403 });
      expect(await count(articles)).toBe(before);
      const page = await setupRoute.loader(args(getRequest("/database-setup", cookies.editor)));
      expect(page.canRun).toBe(false);
    });

    test("an admin populates, and clears only once confirmed", async () => {
      const before = await count(articles);
      expect(
        await outcome(() =>
          setupRoute.action(args(postRequest("/database-setup", { intent: "populate" }, cookies.admin))),
        ),
      ).toMatchObject({
        status: 200,
        body: { ok: true, message: SETUP_TEXT.populated },
      });
      expect(await count(articles)).toBe(before + 4);
      const unconfirmed = await outcome(() =>
        setupRoute.action(args(postRequest("/database-setup", { intent: "clear" }, cookies.admin))),
      );
      expect(unconfirmed).toMatchObject({ status: 400, body: { ok: false } });
      expect(await count(articles)).toBe(before + 4);
      expect(
        await outcome(() =>
          setupRoute.action(
            args(postRequest("/database-setup", { intent: "clear", confirm: "yes" }, cookies.admin)),
          ),
        ),
      ).toMatchObject({
        status: 200,
        body: { ok: true, message: SETUP_TEXT.cleared },
      });
      expect(await count(articles)).toBe(0);
      expect(await count(categories)).toBe(0);
      const actions = (await database.db.select().from(activityLog)).map((e) => e.action);
      expect(actions).toEqual(
        expect.arrayContaining(["Sample content added", "All articles and categories deleted"]),
      );
    });
  });
});
