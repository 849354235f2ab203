/**
 * The newsletter screens (decision record 018) called as routes per role: admins and editors list issues,
 * compose a draft (stories in the order their numbers give, what was typed kept on a refusal), preview it,
 * send it after confirming (refused while the site has no e-mail), unschedule it, pause and resume its send;
 * a writer gets 403 everywhere and changes nothing; a signed-out visitor is sent to the sign-in page.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { navFor } from "#app/components/admin/nav";
import {
  articles,
  editions,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/issue-form";
import { queueIssue } from "#app/domain/newsletter/sending.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";
import * as issueRoute from "./newsletter.issue";
import * as newRoute from "./newsletter.new";
import * as listRoute from "./newsletter";
import { addTwiEdition, subscribersReadTheMainEdition } from "#test-support/editions";
import { forgetEditions } from "#app/domain/editions/editions.server";

describe("newsletter (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  let stories: string[] = [];

  const list = (cookie?: string) =>
    outcome(() => listRoute.loader(args(getRequest("/admin/newsletter", cookie))));
  const compose = (cookie?: string) =>
    outcome(() => newRoute.loader(args(getRequest("/admin/newsletter/new", cookie))));
  const create = (fields: Record<string, string | string[]>, cookie?: string) =>
    outcome(() => newRoute.action(args(postRequest("/admin/newsletter/new", fields, cookie))));
  const page = (id: string, cookie?: string) =>
    outcome(() => issueRoute.loader(args(getRequest(`/admin/newsletter/${id}`, cookie), { id })));
  const act = (id: string, fields: Record<string, string | string[]>, cookie?: string) =>
    outcome(() => issueRoute.action(args(postRequest(`/admin/newsletter/${id}`, fields, cookie), { id })));
  const issues = () => database.db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt));
  type Page = Awaited<ReturnType<typeof issueRoute.loader>>;

  async function draft(cookie = cookies.editor) {
    const done = await create(
      {
        subject: "Week in review",
        intro: "Hello.",
        story: [stories[0]!, stories[1]!],
        [`position.${stories[0]}`]: "2",
        [`position.${stories[1]}`]: "1",
      },
      cookie,
    );
    expect(done.status).toBe(302);
    const [row] = await issues();
    expect(done.location).toBe(`/admin/newsletter/${row!.id}`);
    return row!;
  }

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    forgetCachedSettings();
    await seedDatabase(database.db, { adminEmail: "root@example.com", adminPassword: "secret123" });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
    stories = (
      await database.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.status, "published"))
        .orderBy(desc(articles.publishedAt))
        .limit(2)
    ).map((row) => row.id);
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(newsletterIssues);
    await database.db.delete(newsletterSubscribers);
  });

  test("the side menu shows Newsletter to admins and editors, never to writers", () => {
    const has = (role: string) => navFor(role).some((item) => item.to === "/admin/newsletter");
    expect([has("admin"), has("editor"), has("writer")]).toEqual([true, true, false]);
  });

  test("a writer gets 403 on every screen and action, and nothing changes", async () => {
    const row = await draft();
    expect((await list(cookies.writer)).status).toBe(403);
    expect((await compose(cookies.writer)).status).toBe(403);
    expect((await page(row.id, cookies.writer)).status).toBe(403);
    expect((await create({ subject: "Writer's", intro: "" }, cookies.writer)).status).toBe(403);
    for (const intent of ["save", "send", "test", "schedule", "pause"])
      expect((await act(row.id, { intent, subject: "X", confirmed: "yes" }, cookies.writer)).status).toBe(
        403,
      );
    expect((await issues()).map((i) => [i.subject, i.status])).toEqual([["Week in review", "draft"]]);
  });

  test("signed out: every screen sends to the sign-in page", async () => {
    for (const answer of [await list(), await compose(), await page("x")]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/admin\/login/);
    }
  });

  test("an editor composes a draft: stories frozen in the numbered order, listed, previewed", async () => {
    const offered = (await compose(cookies.editor)).body as Awaited<ReturnType<typeof newRoute.loader>>;
    expect(offered.choices.map((c) => c.id).slice(0, 2)).toEqual(stories);
    const row = await draft();
    expect(row.stories.map((s) => s.articleId)).toEqual([stories[1], stories[0]]);
    expect(row.stories[0]?.url).toMatch(/^https?:\/\/[^/]+\/article\//);

    const listed = (await list(cookies.admin)).body as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(listed.issues.map((i) => [i.subject, i.status, i.figures])).toEqual([
      ["Week in review", "draft", null],
    ]);

    const shown = (await page(row.id, cookies.admin)).body as Page;
    expect(shown.issue.stories).toEqual([stories[1], stories[0]]);
    expect(shown.previewHtml).toContain(row.stories[0]!.title.replaceAll("&", "&amp;"));
    expect(shown.isEmailOn).toBe(false);
    expect(shown.choices.map((c) => c.id)).toEqual(expect.arrayContaining(stories));
  });

  test("a refused save keeps what was typed and writes nothing", async () => {
    const refused = await create({ subject: "", intro: "Kept intro", story: [stories[0]!] }, cookies.editor);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      values: { subject: "", intro: "Kept intro", stories: [stories[0]], edition: "" },
      fieldErrors: { subject: NEWSLETTER_TEXT.subjectMissing },
    });
    expect(await issues()).toEqual([]);

    const row = await draft();
    const long = await act(row.id, { intent: "save", subject: "x".repeat(201), intro: "" }, cookies.editor);
    expect(long.status).toBe(400);
    expect((long.body as { fieldErrors: object }).fieldErrors).toEqual({
      subject: NEWSLETTER_TEXT.subjectTooLong,
    });
    expect((await issues())[0]?.subject).toBe("Week in review");

    const saved = await act(row.id, { intent: "save", subject: "Renamed", intro: "" }, cookies.editor);
    expect(saved.status).toBe(302);
    expect((await toastOf(saved.setCookie))?.title).toBe(NEWSLETTER_TEXT.saved);
    expect((await issues())[0]?.stories).toEqual([]);
  });

  test("without e-mail the test is refused with the sentence the page shows", async () => {
    const row = await draft();
    const answer = await act(row.id, { intent: "test" }, cookies.editor);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      result: { type: "error", title: NEWSLETTER_TEXT.testFailed, message: NEWSLETTER_TEXT.emailOff },
    });
  });

  test("send now asks first; without e-mail sending and scheduling are refused and nothing is queued", async () => {
    await database.db.insert(newsletterSubscribers).values([
      { email: "a@example.com", status: "confirmed", token: "a".repeat(32) },
      { email: "p@example.com", status: "pending", token: "p".repeat(32) },
    ]);
    await subscribersReadTheMainEdition(database.db);
    const row = await draft();
    const asked = await act(row.id, { intent: "send" }, cookies.editor);
    expect(asked.body).toEqual({
      result: { type: "confirm", title: NEWSLETTER_TEXT.sendConfirm(1), intent: "send" },
    });
    expect((await issues())[0]?.status).toBe("draft");

    // This process has no SMTP_URL (the e-mail journey sends on the site that has one).
    const refused = { type: "error", title: NEWSLETTER_TEXT.failed, message: NEWSLETTER_TEXT.emailOff };
    const sent = await act(row.id, { intent: "send", confirmed: "yes" }, cookies.admin);
    expect([sent.status, sent.body]).toEqual([400, { result: refused }]);
    const later = await act(row.id, { intent: "schedule", scheduledAt: "2099-06-01T09:00" }, cookies.editor);
    expect([later.status, later.body]).toEqual([400, { result: refused }]);
    expect((await issues())[0]?.status).toBe("draft");
    expect(await database.db.select().from(newsletterDeliveries)).toEqual([]);
  });

  test("a send shows its figures and is paused and resumed; a sent issue is no longer edited", async () => {
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: "a@example.com", status: "confirmed", token: "a".repeat(32) });
    await subscribersReadTheMainEdition(database.db);
    const row = await draft();
    await queueIssue(database.db, row.id);
    const shown = (await page(row.id, cookies.editor)).body as Page;
    expect([shown.issue.status, shown.figures]).toEqual([
      "sending",
      { sent: 0, failed: 0, skipped: 0, left: 1, unsubscribedAfter: 0, opened: null, clicked: null },
    ]);
    const late = await act(row.id, { intent: "save", subject: "Late edit", intro: "" }, cookies.editor);
    expect(late.status).toBe(409);
    expect((await issues())[0]?.subject).toBe("Week in review");

    const paused = await act(row.id, { intent: "pause" }, cookies.editor);
    expect([paused.status, (await toastOf(paused.setCookie))?.title]).toEqual([302, NEWSLETTER_TEXT.paused]);
    expect((await issues())[0]?.status).toBe("paused");
    expect((await act(row.id, { intent: "pause" }, cookies.editor)).status).toBe(409);
    expect((await act(row.id, { intent: "resume" }, cookies.admin)).status).toBe(302);
    expect((await issues())[0]?.status).toBe("sending");
  });

  test("a scheduled issue unschedules back to a draft; a draft cannot be unscheduled", async () => {
    const row = await draft();
    expect((await act(row.id, { intent: "unschedule" }, cookies.editor)).status).toBe(409);
    await database.db
      .update(newsletterIssues)
      .set({ status: "scheduled", scheduledAt: new Date(Date.UTC(2099, 5, 1, 9)) })
      .where(eq(newsletterIssues.id, row.id));
    const shown = (await page(row.id, cookies.editor)).body as Page;
    // The seed's site time zone is Africa/Accra (UTC+0): the field shows the scheduled time.
    expect(shown.scheduleDefault).toBe("2099-06-01T09:00");
    const back = await act(row.id, { intent: "unschedule" }, cookies.editor);
    expect([back.status, (await toastOf(back.setCookie))?.title]).toEqual([302, NEWSLETTER_TEXT.unscheduled]);
    const [issue] = await issues();
    expect([issue?.status, issue?.scheduledAt]).toEqual(["draft", null]);
  });

  test("an unknown issue is a 404", async () => {
    expect((await page("nope", cookies.editor)).status).toBe(404);
  });

  test("an issue's Edition: none offered on a one-edition site (the main one), chosen where there are more", async () => {
    const alone = (await compose(cookies.editor)).body as Awaited<ReturnType<typeof newRoute.loader>>;
    expect(alone.editions).toEqual([]);
    expect((await draft()).edition).toBe("en");
    await addTwiEdition(database.db);
    forgetEditions(database.db);
    try {
      const offered = (await compose(cookies.editor)).body as Awaited<ReturnType<typeof newRoute.loader>>;
      expect(offered.editions.map((e) => e.tag)).toEqual(["en", "tw"]);
      expect(offered.mainEdition).toBe("en");
      const made = await create({ subject: "Nsɛm", intro: "", edition: "tw" }, cookies.editor);
      expect(made.status).toBe(302);
      const [twi] = await issues();
      expect(twi!.edition).toBe("tw");
      // Saved again without the select (it is only on drafts' pages): the edition stays.
      expect((await act(twi!.id, { intent: "save", subject: "Nsɛm foforo" }, cookies.editor)).status).toBe(
        302,
      );
      expect((await issues())[0]!.edition).toBe("tw");
      const unknown = await create({ subject: "X", intro: "", edition: "xx" }, cookies.editor);
      expect(unknown.status).toBe(400);
      expect((unknown.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
        edition: NEWSLETTER_TEXT.editionUnknown,
      });
      expect((await issues()).map((i) => i.subject)).not.toContain("X");
      expect(((await page(twi!.id, cookies.editor)).body as Page).issue.edition).toBe("tw");
    } finally {
      await database.db.delete(newsletterIssues);
      await database.db.delete(editions).where(eq(editions.tag, "tw"));
      forgetEditions(database.db);
    }
  });
});
