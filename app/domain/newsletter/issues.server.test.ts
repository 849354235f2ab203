/**
 * Newsletter issues in the back office (decision record 018): a draft freezes its published stories in the
 * chosen order, refuses what the form's rules refuse without writing anything, is sent now, scheduled in the
 * site's time zone or unscheduled, paused and resumed; the list shows each send's figures; a writer is
 * refused everything and nothing changes.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import {
  activityLog,
  articles,
  media,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  settings,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { createUser } from "#app/domain/users/users.server";
import { isDomainError } from "#app/lib/errors";
import { NEWSLETTER_TEXT, readIssueForm } from "./issue-form";
import {
  getIssue,
  listIssues,
  pauseIssue,
  previewIssue,
  saveIssueDraft,
  scheduleIssue,
  sendIssueNow,
  sendTestIssue,
  storyChoices,
  unscheduleIssue,
} from "./issues.server";
import { createMailer, type Mailer } from "#app/domain/email/mailer.server";
import { fixedClock, testServices } from "#test-support/services";
import { subscribersReadTheMainEdition } from "#test-support/editions";
import { whenIssueDue } from "./sending.server";

const staff = (role: "admin" | "editor" | "writer"): CurrentUser => ({
  id: "",
  email: `${role}@example.com`,
  name: role,
  role,
  status: "active",
  avatarUrl: "",
});

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("newsletter issues on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const editor = staff("editor");
  const writer = staff("writer");
  const story: Record<string, string> = {};

  const issues = () => database.db.select().from(newsletterIssues);
  const logged = async () => (await database.db.select().from(activityLog)).map((row) => row.action);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db);
    smtp = await startTestSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.smtpUrl });
    for (const actor of [editor, writer]) {
      const user = await createUser(
        testServices(database.db),
        { name: actor.name, email: actor.email, password: "secret12", role: actor.role ?? "writer" },
        null,
      );
      actor.id = user.id;
    }
    await database.db.update(settings).set({ siteUrl: "https://news.example.com", timezone: "Africa/Lagos" });
    forgetCachedSettings(database.db);
    await database.db.insert(media).values({
      name: "Harbour",
      url: "/media/abc123def456abc123def456.jpg",
      storageKey: "abc123def456abc123def456.jpg",
      alt: "Boats in Tema harbour",
      width: 1200,
      height: 800,
    });
    const day = (d: number) => new Date(Date.UTC(2026, 9, d, 8));
    const rows = await database.db
      .insert(articles)
      .values([
        {
          title: "Harbour reopens",
          slug: "harbour-reopens",
          excerpt: "Ships are back.",
          content: "<p>x</p>",
          status: "published",
          publishedAt: day(1),
          imageUrl: "https://news.example.com/media/abc123def456abc123def456.jpg",
        },
        {
          title: "Rain in Kumasi",
          slug: "rain-in-kumasi",
          excerpt: "Wet week.",
          content: "<p>x</p>",
          status: "published",
          publishedAt: day(2),
          imageUrl: "https://elsewhere.example/unknown.jpg",
        },
        { title: "Unfinished draft", content: "<p>x</p>", status: "draft" },
      ])
      .returning({ id: articles.id, title: articles.title });
    for (const row of rows) story[row.title] = row.id;
  }, 60_000);

  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    forgetCachedSettings(database.db);
    await database?.destroy();
  });

  beforeEach(async () => {
    await database.db.delete(newsletterIssues);
    await database.db.delete(newsletterSubscribers);
    await database.db.delete(activityLog);
    smtp.clear();
  });

  /** The suite's services with e-mail on (its SMTP server), their clock at `at` when given. */
  const withMail = (at?: Date) => ({
    ...testServices(database.db, at ? { clock: fixedClock(at) } : {}),
    mailer,
  });
  const draft = (stories: string[] = [], subject = "This week") =>
    saveIssueDraft(testServices(database.db), editor, { subject, intro: "Hello.", stories });

  test("the compose form orders the ticked stories by their position numbers", () => {
    const form = new FormData();
    for (const id of ["a", "b", "c", "d"]) form.append("story", id);
    form.set("position.a", "3");
    form.set("position.b", "1");
    form.set("position.c", "");
    form.set("position.d", "3");
    form.set("position.x", "0"); // not ticked: not sent
    form.set("subject", " S ");
    expect(readIssueForm(form)).toEqual({
      subject: " S ",
      intro: "",
      stories: ["b", "a", "d", "c"],
      edition: "",
    });
  });

  test("a draft freezes its stories in order, with the picture's size only when the library knows it", async () => {
    const saved = await draft([story["Rain in Kumasi"]!, story["Harbour reopens"]!]);
    expect(saved.status).toBe("draft");
    expect(saved.stories).toEqual([
      {
        articleId: story["Rain in Kumasi"],
        title: "Rain in Kumasi",
        excerpt: "Wet week.",
        url: "https://news.example.com/article/rain-in-kumasi",
        image: null,
      },
      {
        articleId: story["Harbour reopens"],
        title: "Harbour reopens",
        excerpt: "Ships are back.",
        url: "https://news.example.com/article/harbour-reopens",
        image: {
          // The upload's path: the mail makes it absolute with the site's address when it is sent.
          url: "/media/abc123def456abc123def456.jpg",
          width: 1200,
          height: 800,
          alt: "Boats in Tema harbour",
        },
      },
    ]);
    expect(await logged()).toEqual(["created newsletter issue"]);
  });

  test("the pick list offers published stories only, newest first, and searches titles", async () => {
    const all = await storyChoices(database.db, editor, { q: "", chosen: [] });
    // The seed's sample stories are newer than ours; the draft is never offered.
    expect(all.map((s) => s.title).slice(-2)).toEqual(["Rain in Kumasi", "Harbour reopens"]);
    expect(all.map((s) => s.title)).not.toContain("Unfinished draft");
    const found = await storyChoices(database.db, editor, { q: "harb", chosen: [] });
    expect(found.map((s) => s.title)).toEqual(["Harbour reopens"]);
  });

  test("a refused save writes nothing: no subject, too long, a story not published", async () => {
    const empty = await refusal(() => draft([], "  "));
    expect(empty.fieldErrors).toEqual({ subject: NEWSLETTER_TEXT.subjectMissing });
    const long = await refusal(() => draft([], "x".repeat(201)));
    expect(long.fieldErrors).toEqual({ subject: NEWSLETTER_TEXT.subjectTooLong });
    const intro = await refusal(() =>
      saveIssueDraft(testServices(database.db), editor, {
        subject: "S",
        intro: "x".repeat(2001),
        stories: [],
      }),
    );
    expect(intro.fieldErrors).toEqual({ intro: NEWSLETTER_TEXT.introTooLong });
    const gone = await refusal(() => draft([story["Unfinished draft"]!]));
    expect(gone.fieldErrors).toEqual({ stories: NEWSLETTER_TEXT.storyGone });
    expect(await issues()).toEqual([]);
    expect(await logged()).toEqual([]);
  });

  test("a writer is refused every action and nothing changes", async () => {
    const saved = await draft();
    const calls = [
      () => listIssues(database.db, writer),
      () => getIssue(database.db, writer, saved.id),
      () => saveIssueDraft(testServices(database.db), writer, { subject: "W", intro: "", stories: [] }),
      () =>
        saveIssueDraft(testServices(database.db), writer, { subject: "W", intro: "", stories: [] }, saved.id),
      () => previewIssue(database.db, writer, saved.id),
      () => sendTestIssue(withMail(), writer, saved.id),
      () => sendIssueNow(withMail(), writer, saved.id),
      () => scheduleIssue(withMail(), writer, saved.id, "2099-01-01T10:00"),
      () => unscheduleIssue(testServices(database.db), writer, saved.id),
      () => pauseIssue(database.db, writer, saved.id, true),
    ];
    for (const call of calls) expect((await refusal(call)).code).toBe("forbidden");
    expect((await issues()).map((i) => [i.subject, i.status])).toEqual([["This week", "draft"]]);
    expect(smtp.received).toEqual([]);
    expect(await logged()).toEqual(["created newsletter issue"]);
  });

  test("the preview and the test are the issue's e-mail; the test goes to the staff member only", async () => {
    const saved = await draft([story["Harbour reopens"]!]);
    const preview = await previewIssue(database.db, editor, saved.id);
    expect(preview.html).toContain("Harbour reopens");
    expect(preview.html).toContain('alt="Boats in Tema harbour"');
    const off = await refusal(() => sendTestIssue(testServices(database.db), editor, saved.id));
    expect(off.message).toBe(NEWSLETTER_TEXT.emailOff);
    expect(await sendTestIssue(withMail(), editor, saved.id)).toBe("editor@example.com");
    const mail = await smtp.waitFor("editor@example.com");
    expect(mail.subject).toBe("[Test] This week");
    expect(mail.html).toContain("Harbour reopens");
    expect(smtp.received).toHaveLength(1);
    expect((await getIssue(database.db, editor, saved.id)).issue.status).toBe("draft");
  });

  test("send now queues one delivery per confirmed subscriber; a sent issue is no longer a draft", async () => {
    await database.db.insert(newsletterSubscribers).values([
      { email: "a@example.com", status: "confirmed", token: "a".repeat(32) },
      { email: "b@example.com", status: "confirmed", token: "b".repeat(32) },
      { email: "p@example.com", status: "pending", token: "p".repeat(32) },
    ]);
    await subscribersReadTheMainEdition(database.db);
    const saved = await draft([story["Harbour reopens"]!]);
    // This instance's sender is woken at once (else it looks again up to 15 s later), as on a resume.
    let wakes = 0;
    whenIssueDue(database.db, () => (wakes += 1));
    await sendIssueNow(withMail(), editor, saved.id);
    expect(wakes).toBe(1);
    const { issue, figures } = await getIssue(database.db, editor, saved.id);
    expect(issue.status).toBe("sending");
    expect(figures).toEqual({
      sent: 0,
      failed: 0,
      skipped: 0,
      left: 2,
      unsubscribedAfter: 0,
      opened: null,
      clicked: null,
    });
    expect((await refusal(() => sendIssueNow(withMail(), editor, saved.id))).code).toBe("conflict");
    const edit = await refusal(() =>
      saveIssueDraft(
        testServices(database.db),
        editor,
        { subject: "Changed", intro: "", stories: [] },
        saved.id,
      ),
    );
    expect(edit.code).toBe("conflict");
    expect((await getIssue(database.db, editor, saved.id)).issue.subject).toBe("This week");

    await pauseIssue(database.db, editor, saved.id, true);
    expect((await getIssue(database.db, editor, saved.id)).issue.status).toBe("paused");
    expect((await refusal(() => pauseIssue(database.db, editor, saved.id, true))).code).toBe("conflict");
    expect(wakes).toBe(1);
    await pauseIssue(database.db, editor, saved.id, false);
    expect(wakes).toBe(2);
    expect((await getIssue(database.db, editor, saved.id)).issue.status).toBe("sending");
    expect(await logged()).toEqual([
      "created newsletter issue",
      "sent newsletter issue",
      "paused newsletter issue",
      "resumed newsletter issue",
    ]);
  });

  test("without e-mail an issue is neither sent nor scheduled: no delivery would ever go", async () => {
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: "a@example.com", status: "confirmed", token: "a".repeat(32) });
    await subscribersReadTheMainEdition(database.db);
    const saved = await draft();
    const send = await refusal(() => sendIssueNow(testServices(database.db), editor, saved.id));
    expect(send.message).toBe(NEWSLETTER_TEXT.emailOff);
    const schedule = await refusal(() =>
      scheduleIssue(testServices(database.db), editor, saved.id, "2099-01-01T10:00"),
    );
    expect(schedule.message).toBe(NEWSLETTER_TEXT.emailOff);
    expect((await getIssue(database.db, editor, saved.id)).issue.status).toBe("draft");
    expect(await database.db.select().from(newsletterDeliveries)).toEqual([]);
  });

  test("the list is newest first with sent, failed, left and who unsubscribed after the issue", async () => {
    const [a, b, c] = await database.db
      .insert(newsletterSubscribers)
      .values([
        { email: "a@example.com", status: "confirmed", token: "a".repeat(32) },
        { email: "b@example.com", status: "confirmed", token: "b".repeat(32) },
        { email: "c@example.com", status: "confirmed", token: "c".repeat(32) },
      ])
      .returning();
    await subscribersReadTheMainEdition(database.db);
    const older = await draft([], "Older");
    await database.db
      .update(newsletterIssues)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1)) })
      .where(eq(newsletterIssues.id, older.id));
    const sent = await draft([], "Sent one");
    await sendIssueNow(withMail(new Date(Date.UTC(2026, 9, 1))), editor, sent.id);
    const settle = (subscriberId: string, status: "sent" | "failed") =>
      database.db
        .update(newsletterDeliveries)
        .set({ status })
        .where(eq(newsletterDeliveries.subscriberId, subscriberId));
    await settle(a!.id, "sent");
    await settle(b!.id, "failed");
    // One left after the issue went out; one had left before it (not its doing).
    await database.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(Date.UTC(2026, 9, 2)) })
      .where(eq(newsletterSubscribers.id, a!.id));
    await database.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(Date.UTC(2026, 8, 30)) })
      .where(eq(newsletterSubscribers.id, c!.id));
    const list = await listIssues(database.db, editor);
    const figures = { sent: 1, failed: 1, skipped: 0, left: 1, unsubscribedAfter: 1 };
    expect(list.map((i) => [i.subject, i.status, i.figures])).toEqual([
      // Opens and clicks only while they are counted.
      ["Sent one", "sending", { ...figures, opened: null, clicked: null }],
      ["Older", "draft", null],
    ]);
    await database.db
      .update(newsletterDeliveries)
      .set({ openedAt: new Date(), clickedAt: new Date() })
      .where(eq(newsletterDeliveries.subscriberId, a!.id));
    await database.db.update(settings).set({ newsletterOpenCounts: true });
    forgetCachedSettings(database.db);
    const counted = await listIssues(database.db, editor);
    expect(counted[0]!.figures).toEqual({ ...figures, opened: 1, clicked: 1 });
    expect((await getIssue(database.db, editor, sent.id)).figures).toEqual({
      ...figures,
      opened: 1,
      clicked: 1,
    });
    await database.db.update(settings).set({ newsletterOpenCounts: false });
    forgetCachedSettings(database.db);
  });

  test("scheduling reads the time in the site's zone, refuses the past, and unschedules to a draft", async () => {
    const saved = await draft();
    const now = new Date(Date.UTC(2026, 10, 1, 12));
    const missing = await refusal(() => scheduleIssue(withMail(now), editor, saved.id, ""));
    expect(missing.fieldErrors).toEqual({ scheduledAt: NEWSLETTER_TEXT.scheduleMissing });
    const past = await refusal(() => scheduleIssue(withMail(now), editor, saved.id, "2026-11-01T12:30"));
    expect(past.fieldErrors).toEqual({ scheduledAt: NEWSLETTER_TEXT.schedulePast });
    expect((await getIssue(database.db, editor, saved.id)).issue.status).toBe("draft");
    // 14:00 in Lagos (UTC+1) is 13:00 UTC.
    const at = await scheduleIssue(withMail(now), editor, saved.id, "2026-11-01T14:00");
    expect(at.toISOString()).toBe("2026-11-01T13:00:00.000Z");
    const scheduled = (await getIssue(database.db, editor, saved.id)).issue;
    expect([scheduled.status, scheduled.scheduledAt?.toISOString()]).toEqual([
      "scheduled",
      "2026-11-01T13:00:00.000Z",
    ]);
    expect((await refusal(() => sendIssueNow(withMail(), editor, saved.id))).code).toBe("conflict");
    await unscheduleIssue(testServices(database.db), editor, saved.id);
    const back = (await getIssue(database.db, editor, saved.id)).issue;
    expect([back.status, back.scheduledAt]).toEqual(["draft", null]);
    expect((await refusal(() => unscheduleIssue(testServices(database.db), editor, saved.id))).code).toBe(
      "conflict",
    );
  });

  /**
   * The log refuses every new entry (a CHECK that holds for no row, NOT VALID so the rows already there
   * stand): a change whose entry is written in its own transaction rolls back with it.
   */
  async function withActivityRefused(run: () => Promise<unknown>) {
    await database.db.execute(
      sql`alter table activity_log add constraint activity_refused check (false) not valid`,
    );
    try {
      return await run().then(
        () => "done",
        (error: unknown) => error,
      );
    } finally {
      await database.db.execute(sql`alter table activity_log drop constraint activity_refused`);
    }
  }
  const statusOf = async (id: string) => (await getIssue(database.db, editor, id)).issue.status;

  test("send now and its log entry are one write: no entry, no send and no delivery", async () => {
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: "a@example.com", status: "confirmed", token: "a".repeat(32) });
    await subscribersReadTheMainEdition(database.db);
    const saved = await draft();
    const failed = await withActivityRefused(() => sendIssueNow(withMail(), editor, saved.id));
    expect(failed).toBeInstanceOf(Error);
    expect(await statusOf(saved.id)).toBe("draft");
    expect(await database.db.select().from(newsletterDeliveries)).toEqual([]);
    expect(await logged()).toEqual(["created newsletter issue"]);
  });

  test("scheduling and unscheduling each roll back when their log entry cannot be written", async () => {
    const saved = await draft();
    const now = new Date(Date.UTC(2026, 10, 1, 12));
    const schedule = () => scheduleIssue(withMail(now), editor, saved.id, "2026-11-02T14:00");
    expect(await withActivityRefused(schedule)).toBeInstanceOf(Error);
    const draftRow = (await getIssue(database.db, editor, saved.id)).issue;
    expect([draftRow.status, draftRow.scheduledAt]).toEqual(["draft", null]);

    await schedule();
    expect(
      await withActivityRefused(() => unscheduleIssue(testServices(database.db), editor, saved.id)),
    ).toBeInstanceOf(Error);
    expect(await statusOf(saved.id)).toBe("scheduled");
    expect(await logged()).toEqual(["created newsletter issue", "scheduled newsletter issue"]);
  });

  test("pausing and resuming each roll back when their log entry cannot be written", async () => {
    const saved = await draft();
    await sendIssueNow(withMail(), editor, saved.id);
    expect(await withActivityRefused(() => pauseIssue(database.db, editor, saved.id, true))).toBeInstanceOf(
      Error,
    );
    expect(await statusOf(saved.id)).toBe("sending");

    await pauseIssue(database.db, editor, saved.id, true);
    expect(await withActivityRefused(() => pauseIssue(database.db, editor, saved.id, false))).toBeInstanceOf(
      Error,
    );
    expect(await statusOf(saved.id)).toBe("paused");
    expect(await logged()).toEqual([
      "created newsletter issue",
      "sent newsletter issue",
      "paused newsletter issue",
    ]);
  });

  test("an unknown issue is not found", async () => {
    expect((await refusal(() => getIssue(database.db, editor, "nope"))).code).toBe("not_found");
  });
});
