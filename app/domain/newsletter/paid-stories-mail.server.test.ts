/**
 * The reader-revenue acceptance for the newsletter (decision record 021, point 7): every mailing goes
 * through the real path (the editor's save and flag, the issue made or composed and sent, the sender
 * loop, a real SMTP server), and each subscriber is mailed only what the member with their address may
 * read. The breaking-news e-mail carries a paid story whole to members with a pass running now and its
 * preview with the offer to everyone else (free members, a pass that ended or has not begun, an address
 * that is no member's); a members' story whole to every member. Composed issues and the daily digest
 * mail summaries, cut from a gated story's preview: past the cut goes to nobody. Each check reads the
 * HTML and the plain-text part of every mail received.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { newsletterIssues, newsletterSubscribers, settings, users } from "#app/db/schema";
import { saveArticle, setArticleFlag } from "#app/domain/articles/admin.server";
import { createMailer, type Mailer } from "#app/domain/email/mailer.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { checkEmailHtml } from "#test-support/email-html-check";
import { insertMember, insertPass } from "#test-support/gated-fixtures";
import { testServices } from "#test-support/services";
import { startTestSmtpServer, type ReceivedEmail, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { makeDailyDigest } from "./automatic-issues.server";
import { ISSUE_MAIL_TEXT } from "./issue-mail";
import { saveIssueDraft, sendIssueNow } from "./issues.server";
import { startNewsletterSender, type NewsletterSender } from "./sender.server";
import { subscribersReadTheMainEdition } from "#test-support/editions";

const HOUR = 3600_000;
const SITE = "https://news.example.com";

/** Who is subscribed, by what the member with the address may read now. */
const PAYING = ["paying-0@example.com", "paying-1@example.com", "paying-2@example.com"];
const FREE = ["free-0@example.com", "free-1@example.com", "free-2@example.com"];
const PASS_ENDED = "ended@example.com";
const PASS_NOT_BEGUN = "tomorrow@example.com";
const NO_MEMBER = "outsider@example.com";
const MEMBERS = [...PAYING, ...FREE, PASS_ENDED, PASS_NOT_BEGUN];
const SUBSCRIBERS = [...MEMBERS, NO_MEMBER];
/** A paying member who never confirmed the subscription, and one who never subscribed: mailed nothing. */
const UNCONFIRMED = "paying-unconfirmed@example.com";
const NOT_SUBSCRIBED = "paying-elsewhere@example.com";

/** A paid story with the editor's cut: the opening everyone may read, the rest for readers with a pass. */
const PAID = {
  title: "Inside the cocoa smuggling ring",
  opening: "Lorries crossed the border at night.",
  rest: ["Customs officers were paid per lorry.", "The ledger names three district officials."],
  body() {
    return `<p>${this.opening}</p><hr data-preview-cut=""><p>${this.rest[0]}</p><p>${this.rest[1]} <a href="/article/cocoa-ledger">The ledger</a></p>`;
  },
};
/** A members' story without a cut: its preview is its first three blocks. */
const FOR_MEMBERS = {
  title: "How the district assemblies spend their common fund",
  opening: ["Every assembly gets a share.", "Few publish their accounts.", "We asked all 261 of them."],
  rest: ["Forty assemblies answered with figures."],
  body() {
    return [...this.opening, ...this.rest].map((p) => `<p>${p}</p>`).join("");
  },
};
const FOR_EVERYONE = {
  title: "Harmattan haze over Tamale",
  opening: ["Flights were delayed on Tuesday."],
  body() {
    return `<p>${this.opening[0]}</p>`;
  },
};

describe.each(TEST_ENGINES)("paid and members' stories in the newsletter on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const senders: NewsletterSender[] = [];
  const editor = staff("editor", "Esi");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: editor.role! });
    await database.db.insert(settings).values({
      id: 1,
      siteUrl: SITE,
      enableNewsletter: true,
      newsletterBreakingEmail: true,
      newsletterDigestEnabled: true,
      newsletterDigestHour: 0,
      timezone: "Africa/Accra",
    });
    forgetCachedSettings(database.db);
    smtp = await startTestSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.smtpUrl });

    const now = Date.now();
    const subscribed = (email: string, status: "confirmed" | "pending" = "confirmed") => ({
      email,
      status,
      token: `${email.replace(/\W/g, "-")}-${"x".repeat(24)}`,
    });
    await database.db
      .insert(newsletterSubscribers)
      .values([...SUBSCRIBERS.map((email) => subscribed(email)), subscribed(UNCONFIRMED, "pending")]);
    await subscribersReadTheMainEdition(database.db);
    for (const email of [...MEMBERS, UNCONFIRMED, NOT_SUBSCRIBED]) {
      const member = await insertMember(database.db, email);
      if (email.startsWith("paying"))
        await insertPass(database.db, member.id, new Date(now - HOUR), new Date(now + 24 * HOUR));
      // A day pass that ran out an hour ago (a refund ends one the same way).
      if (email === PASS_ENDED)
        await insertPass(database.db, member.id, new Date(now - 25 * HOUR), new Date(now - HOUR));
      if (email === PASS_NOT_BEGUN)
        await insertPass(database.db, member.id, new Date(now + HOUR), new Date(now + 25 * HOUR));
    }
  }, 60_000);

  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    forgetCachedSettings(database.db);
    await database?.destroy();
  });

  beforeEach(async () => {
    smtp.clear();
    await database.db.delete(newsletterIssues);
  });

  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  /** The suite's services with e-mail on (its SMTP server). */
  const withMail = () => ({ ...testServices(database.db), mailer });

  /** A story the editor publishes, with its access and body saved through the article form. */
  async function publish(story: { title: string; body(): string }, access: "public" | "members" | "paid") {
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: story.title, status: "published", access }, story.body()),
    );
    return id;
  }

  /** Starts the sender loop and waits until every issue made so far is sent. */
  async function sendAll() {
    senders.push(
      startNewsletterSender(database.db, {
        smtpUrl: smtp.smtpUrl,
        smtpFrom: "Newsdesk <news@example.com>",
        ratePerMinute: 600_000,
        intervalMs: 50,
      }),
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      const issues = await database.db.select({ status: newsletterIssues.status }).from(newsletterIssues);
      if (issues.length > 0 && issues.every((issue) => issue.status === "sent")) return;
      if (Date.now() > deadline) throw new Error("the mailing was not sent within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits until the editor's flag has made the story's breaking-news e-mail (in the background). */
  async function breakingEmailMade(articleId: string) {
    const deadline = Date.now() + 10_000;
    while (
      (
        await database.db
          .select({ id: newsletterIssues.id })
          .from(newsletterIssues)
          .where(eq(newsletterIssues.breakingArticleId, articleId))
      ).length === 0
    ) {
      if (Date.now() > deadline) throw new Error("no breaking-news e-mail was made");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The one mail each confirmed subscriber received; nobody else got any. */
  function mailsByReader(): Map<string, ReceivedEmail> {
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...SUBSCRIBERS].sort());
    return new Map(smtp.received.map((mail) => [mail.to[0]!, mail]));
  }

  /** Each words' presence in both parts of the mail, HTML and plain text. */
  function expectIn(mail: ReceivedEmail, words: readonly string[], isThere: boolean) {
    for (const [part, content] of [
      ["html", mail.html],
      ["text", mail.text],
    ] as const)
      for (const word of words)
        expect(content.includes(word), `${mail.to[0]} (${part}): "${word}"`).toBe(isThere);
  }

  test("a paid Breaking News story: whole to the 3 members with a pass, the preview and the offer to everyone else", async () => {
    const id = await publish(PAID, "paid");
    await setArticleFlag(withMail(), editor, id, "isTopStory", true);
    await breakingEmailMade(id);
    await sendAll();

    const mails = mailsByReader();
    for (const [email, mail] of mails) {
      expect(checkEmailHtml(mail.html, mail.text), email).toEqual([]);
      expect(mail.subject).toBe(`Breaking: ${PAID.title}`);
      expectIn(mail, [PAID.opening], true);
      const isPaying = PAYING.includes(email);
      expectIn(mail, PAID.rest, isPaying);
      expectIn(mail, [ISSUE_MAIL_TEXT.offer.paid], !isPaying);
      expectIn(mail, [ISSUE_MAIL_TEXT.offer.members], false);
      expect(mail.html).not.toContain("data-preview-cut");
    }
    // A link inside the body is made absolute for the mail, in both parts.
    const paying = mails.get(PAYING[0]!)!;
    expect(paying.html).toContain(`href="${SITE}/article/cocoa-ledger"`);
    expect(paying.text).toContain(`The ledger (${SITE}/article/cocoa-ledger)`);
  }, 60_000);

  test("a members' Breaking News story: whole to every member, pass or not; the preview and the members' offer to an address that is no member's", async () => {
    const id = await publish(FOR_MEMBERS, "members");
    await setArticleFlag(withMail(), editor, id, "isTopStory", true);
    await breakingEmailMade(id);
    await sendAll();

    for (const [email, mail] of mailsByReader()) {
      expect(checkEmailHtml(mail.html, mail.text), email).toEqual([]);
      expectIn(mail, FOR_MEMBERS.opening, true);
      const isMember = email !== NO_MEMBER;
      expectIn(mail, FOR_MEMBERS.rest, isMember);
      expectIn(mail, [ISSUE_MAIL_TEXT.offer.members], !isMember);
      expectIn(mail, [ISSUE_MAIL_TEXT.offer.paid], false);
    }
  }, 60_000);

  test("a composed issue and the daily digest mail summaries: a gated story's is cut from its preview, so its rest goes to nobody, paying members included", async () => {
    const paid = await publish(PAID, "paid");
    const forMembers = await publish(FOR_MEMBERS, "members");
    const forEveryone = await publish(FOR_EVERYONE, "public");
    const issue = await saveIssueDraft(withMail(), editor, {
      subject: "This week",
      intro: "Three stories.",
      stories: [paid, forMembers, forEveryone],
    });
    await sendIssueNow(withMail(), editor, issue.id);
    expect(await makeDailyDigest(withMail())).toBe("made");
    await sendAll();

    expect(smtp.received).toHaveLength(2 * SUBSCRIBERS.length);
    for (const subject of ["This week", "daily digest"]) {
      const mails = smtp.received.filter((mail) => mail.subject.includes(subject));
      expect(mails.flatMap((mail) => mail.to).sort()).toEqual([...SUBSCRIBERS].sort());
      for (const mail of mails) {
        expect(checkEmailHtml(mail.html, mail.text), mail.to[0]).toEqual([]);
        expectIn(mail, [PAID.title, FOR_MEMBERS.title, FOR_EVERYONE.title], true);
        expectIn(mail, [PAID.opening, FOR_MEMBERS.opening[0]!, FOR_EVERYONE.opening[0]!], true);
        expectIn(mail, [...PAID.rest, ...FOR_MEMBERS.rest], false);
        expectIn(mail, [ISSUE_MAIL_TEXT.offer.paid, ISSUE_MAIL_TEXT.offer.members], false);
      }
    }
  }, 60_000);
});
