/**
 * The daily digest and the breaking-news e-mail (decision record 018): made once a day at the digest's hour
 * in the site's time zone, with two instances sending; not at all on a day with nothing new; one e-mail per
 * Breaking News story. Mailed to a real SMTP server in this process. What each subscriber of a gated story
 * is mailed: paid-stories-mail.server.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { seedDatabase } from "#app/db/seed.server";
import { newsletterIssues, newsletterSubscribers, settings, users } from "#app/db/schema";
import { articleInput, staff } from "#test-support/article-fixtures";
import { saveArticle } from "#app/domain/articles/admin.server";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { emailBreakingNews, makeDailyDigest } from "./automatic-issues.server";
import { startNewsletterSender, type NewsletterSender } from "./sender.server";
import { createMailer, type Mailer } from "#app/domain/email/mailer.server";
import { fixedClock, testServices } from "#test-support/services";
import { subscribersReadTheMainEdition } from "#test-support/editions";

describe.each(TEST_ENGINES)("automatic issues on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const senders: NewsletterSender[] = [];
  const editor = staff("editor", "Efua");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db);
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: editor.role! });
    smtp = await startTestSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.smtpUrl });
  }, 60_000);

  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await database?.destroy();
  });

  beforeEach(async () => {
    smtp.clear();
    await database.db.delete(newsletterIssues);
    await database.db.delete(newsletterSubscribers);
    await database.db.insert(newsletterSubscribers).values(
      Array.from({ length: 20 }, (_, i) => ({
        email: `reader-${i}@example.com`,
        status: "confirmed" as const,
        token: `reader-token-${i}-${"x".repeat(20)}`,
      })),
    );
    await subscribersReadTheMainEdition(database.db);
    await useSettings({
      newsletterDigestEnabled: true,
      newsletterDigestHour: 7,
      newsletterBreakingEmail: true,
      timezone: "Asia/Tokyo",
    });
  });

  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  async function useSettings(values: Partial<typeof settings.$inferInsert>) {
    await database.db.update(settings).set(values);
    forgetCachedSettings(database.db);
  }

  /** The suite's services with their clock at `when`. */
  const at = (when: Date) => testServices(database.db, { clock: fixedClock(when) });
  /** The suite's services with e-mail on (its SMTP server). */
  const withMail = () => ({ ...testServices(database.db), mailer });

  const issuesOf = (kind: "digest" | "breaking") =>
    database.db.select().from(newsletterIssues).where(eq(newsletterIssues.kind, kind));

  test("the digest is made at its hour in the site's time zone, once a day however many instances try", async () => {
    // 06:59 in Tokyo: not yet. 07:00: due.
    expect(await makeDailyDigest(at(new Date("2026-11-27T21:59:00Z")))).toBe("not yet");
    const due = new Date("2026-11-27T22:00:00Z");
    const tries = await Promise.all([1, 2, 3].map(() => makeDailyDigest(at(due))));
    expect(tries.filter((outcome) => outcome === "made")).toHaveLength(1);
    expect(tries.filter((outcome) => outcome === "already made")).toHaveLength(2);
    expect(await makeDailyDigest(at(new Date("2026-11-28T14:00:00Z")))).toBe("already made");

    const [digest, ...others] = await issuesOf("digest");
    expect(others).toEqual([]);
    expect(digest!.digestDay).toBe("2026-11-28");
    expect(digest!.status).toBe("scheduled");
    expect(digest!.stories.length).toBeGreaterThan(0);
    expect(digest!.stories[0]!.url).toMatch(/^http:\/\/localhost:\d+\/article\//);
  });

  test("on a day with no new story nothing is mailed, and the day is not tried again", async () => {
    // A day long after every story in the database was published.
    const later = new Date("2031-03-10T23:00:00Z");
    expect(await makeDailyDigest(at(later))).toBe("skipped");
    expect(await makeDailyDigest(at(later))).toBe("already made");
    const [digest] = await issuesOf("digest");
    expect(digest!.status).toBe("skipped");
    expect(digest!.stories).toEqual([]);
  });

  test("switched off, or the newsletter off: no digest", async () => {
    const due = new Date("2026-11-27T22:00:00Z");
    await useSettings({ newsletterDigestEnabled: false });
    expect(await makeDailyDigest(at(due))).toBe("off");
    await useSettings({ newsletterDigestEnabled: true, enableNewsletter: false });
    expect(await makeDailyDigest(at(due))).toBe("off");
    await useSettings({ enableNewsletter: true });
    expect(await issuesOf("digest")).toEqual([]);
  });

  test("with two instances sending, today's digest reaches each subscriber once", async () => {
    // Due since midnight wherever the site is.
    await useSettings({ newsletterDigestHour: 0, timezone: "Africa/Accra" });
    // Each instance's digest job makes it (server/site-jobs.ts); their senders send it.
    await Promise.all([1, 2].map(() => makeDailyDigest(testServices(database.db))));
    for (const owner of ["instance-a", "instance-b"])
      senders.push(
        startNewsletterSender(database.db, {
          smtpUrl: smtp.smtpUrl,
          smtpFrom: "Newsdesk <news@example.com>",
          ratePerMinute: 600_000,
          intervalMs: 50,
          owner,
        }),
      );
    const deadline = Date.now() + 30_000;
    while ((await issuesOf("digest"))[0]?.status !== "sent") {
      if (Date.now() > deadline) throw new Error("the digest was not sent within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The loops keep looking: nothing more goes out today.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(20);
    expect(new Set(smtp.received.flatMap((message) => message.to)).size).toBe(20);
    expect(smtp.received[0]!.subject).toMatch(/daily digest/);
    expect(await issuesOf("digest")).toHaveLength(1);
  }, 60_000);

  test("a Breaking News story is e-mailed once; not with the setting off or without e-mail", async () => {
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Floods close the Accra-Kumasi road", status: "published", isTopStory: true }),
    );
    expect(await emailBreakingNews(testServices(database.db), id)).toBe(false); // no SMTP_URL
    const tries = await Promise.all([1, 2].map(() => emailBreakingNews(withMail(), id)));
    expect(tries.filter(Boolean)).toHaveLength(1);
    const [breaking, ...others] = await issuesOf("breaking");
    expect(others).toEqual([]);
    expect(breaking!.subject).toBe("Breaking: Floods close the Accra-Kumasi road");
    expect(breaking!.stories.map((story) => story.title)).toEqual(["Floods close the Accra-Kumasi road"]);

    const { id: quiet } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Parliament resumes", status: "published", isTopStory: true }),
    );
    await useSettings({ newsletterBreakingEmail: false });
    expect(await emailBreakingNews(withMail(), quiet)).toBe(false);
    expect(await issuesOf("breaking")).toHaveLength(1);
  });
});
