/**
 * The newsletter per edition (decision record 022, point 11): a signup chooses editions, a known address
 * gains the one it signs up from, the digest is one per edition and day with that edition's stories,
 * breaking news goes in its story's edition, an issue goes to its edition's confirmed subscribers only,
 * in its language, and its one-click unsubscribe leaves that edition alone.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { seedDatabase } from "#app/db/seed.server";
import {
  editions,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  settings,
  users,
} from "#app/db/schema";
import { saveArticle } from "#app/domain/articles/admin.server";
import { forgetEditions } from "#app/domain/editions/editions.server";
import { createMailer, type Mailer } from "#app/domain/email/mailer.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { articleInput, staff } from "#test-support/article-fixtures";
import { addTwiEdition } from "#test-support/editions";
import { fixedClock, testServices } from "#test-support/services";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { emailBreakingNews, makeDailyDigest } from "./automatic-issues.server";
import { issueMailFor, issueMailWords } from "./issues.server";
import { ISSUE_MAIL_TEXT } from "./issue-mail";
import { NO_ACCESS } from "./mail-readers.server";
import { SIGNUP_EDITION_FIELD, SIGNUP_EDITIONS_LISTED_FIELD } from "./newsletter-form";
import { queueIssue } from "./sending.server";
import { subscribe, unsubscribe, unsubscribeFromEdition } from "./signup.server";
import { signupEditions, subscriberEditions } from "./subscriber-editions.server";

/** A signup form as the signup page posts it where several editions are open. */
function listedForm(...tags: string[]) {
  const form = new FormData();
  form.set(SIGNUP_EDITIONS_LISTED_FIELD, "1");
  for (const tag of tags) form.append(SIGNUP_EDITION_FIELD, tag);
  return form;
}

describe.each(TEST_ENGINES)("the newsletter per edition on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const editor = staff("editor", "Efua");
  const signupOptions = () => ({ origin: "http://localhost:3000", ip: "10.0.0.1", mailer: createMailer({}) });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db);
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: editor.role! });
    await addTwiEdition(database.db);
    forgetEditions(database.db);
    smtp = await startTestSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.smtpUrl });
  }, 60_000);

  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await database?.destroy();
  });

  beforeEach(async () => {
    await database.db.delete(newsletterIssues);
    await database.db.delete(newsletterSubscribers);
  });

  const subscriberId = async (email: string) =>
    (
      await database.db
        .select({ id: newsletterSubscribers.id, token: newsletterSubscribers.token })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0]!;
  const editionsOf = async (email: string) => subscriberEditions(database.db, (await subscriberId(email)).id);
  const signUp = async (email: string, editions: string[]) =>
    subscribe(database.db, { email, consent: "on" }, { ...signupOptions(), editions });

  test("a signup reads the editions ticked, or the page's; none ticked or one not open is refused in the page's language", async () => {
    expect(await signupEditions(database.db, "tw", new FormData())).toEqual(["tw"]);
    expect(await signupEditions(database.db, "en", listedForm("en", "tw"))).toEqual(["en", "tw"]);
    for (const form of [listedForm(), listedForm("tw", "fr")]) {
      const refusal = await signupEditions(database.db, "tw", form).catch((error: unknown) => error);
      expect(isDomainError(refusal, "invalid")).toBe(true);
      expect((refusal as Error).message).toBe("Please choose at least one edition.");
    }
    await signUp("ama@example.com", ["tw"]);
    expect(await editionsOf("ama@example.com")).toEqual(["tw"]);
  });

  test("the confirmation e-mail's links open the pages of the edition signed up from", async () => {
    const options = { ...signupOptions(), mailer, editions: ["en", "tw"], edition: "tw" };
    await subscribe(database.db, { email: "akua@example.com", consent: "on" }, options);
    const mail = await smtp.waitFor("akua@example.com");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/tw\/newsletter\/confirm\?token=\S+/);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/tw\/newsletter\/unsubscribe\?token=\S+/);
  });

  test("a known subscriber signing up from another edition gains it; one who left starts afresh with the new choice", async () => {
    await signUp("kofi@example.com", ["en"]);
    await signUp("kofi@example.com", ["tw"]);
    expect(await editionsOf("kofi@example.com")).toEqual(["en", "tw"]);
    const { token } = await subscriberId("kofi@example.com");
    expect(await unsubscribe(database.db, token)).toBe(true);
    await signUp("kofi@example.com", ["tw"]);
    expect(await editionsOf("kofi@example.com")).toEqual(["tw"]);
    // The account page's own address (no edition given) is the main edition's.
    await subscribe(database.db, { email: "esi@example.com", consent: "on" }, signupOptions());
    expect(await editionsOf("esi@example.com")).toEqual(["en"]);
  });

  test("the one-click unsubscribe leaves that edition; with none left the subscriber is unsubscribed", async () => {
    await signUp("yaw@example.com", ["en", "tw"]);
    const { token } = await subscriberId("yaw@example.com");
    expect(await unsubscribeFromEdition(database.db, token, "tw")).toBe("left-edition");
    expect(await editionsOf("yaw@example.com")).toEqual(["en"]);
    const status = async () =>
      (
        await database.db
          .select({ status: newsletterSubscribers.status })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, "yaw@example.com"))
      )[0]!.status;
    expect(await status()).toBe("confirmed");
    expect(await unsubscribeFromEdition(database.db, token, "en")).toBe("unsubscribed");
    expect(await status()).toBe("unsubscribed");
    expect(await unsubscribeFromEdition(database.db, "not-a-token-of-anyone", "en")).toBe("unknown-token");
  });

  test("an issue goes to its edition's confirmed subscribers only", async () => {
    await signUp("english@example.com", ["en"]);
    await signUp("twi@example.com", ["tw"]);
    await signUp("both@example.com", ["en", "tw"]);
    const [issue] = await database.db
      .insert(newsletterIssues)
      .values({ subject: "Nsɛm a ɛsisii nnɛ", edition: "tw" })
      .returning();
    expect(await queueIssue(database.db, issue!.id)).toBe(true);
    const recipients = await database.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterDeliveries)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(eq(newsletterDeliveries.issueId, issue!.id));
    expect(recipients.map((r) => r.email).sort()).toEqual(["both@example.com", "twi@example.com"]);
  });

  test("the daily digest is one per edition and day, each with its own stories and in its language", async () => {
    await database.db
      .update(settings)
      .set({ newsletterDigestEnabled: true, newsletterDigestHour: 7, timezone: "UTC" });
    forgetCachedSettings(database.db);
    const now = new Date("2026-11-28T09:00:00Z");
    const services = testServices(database.db, { clock: fixedClock(now) });
    for (const [title, language] of [
      ["Harbour reopens in Tema", "en"],
      ["Kɔfi kɔ Kumasi", "tw"],
    ] as const)
      await saveArticle(
        testServices(database.db, { clock: fixedClock(new Date(now.getTime() - 3600_000)) }),
        editor,
        articleInput({ title, status: "published", language }),
      );
    expect(await makeDailyDigest(services)).toBe("made");
    expect(await makeDailyDigest(services)).toBe("already made");
    const digests = await database.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.kind, "digest"))
      .orderBy(newsletterIssues.edition);
    expect(digests.map((d) => [d.edition, d.digestDay])).toEqual([
      ["en", "2026-11-28"],
      ["tw", "2026-11-28"],
    ]);
    // The main edition's carries the seed's English stories too; the Twi one only its own.
    const titles = digests.map((d) => d.stories.map((s) => s.title));
    expect(titles[0]).toContain("Harbour reopens in Tema");
    expect(titles[0]).not.toContain("Kɔfi kɔ Kumasi");
    expect(titles[1]).toEqual(["Kɔfi kɔ Kumasi"]);
    expect(digests[0]!.subject).toContain("November 28, 2026");
    // Twi's month names come from its catalogue (CLDR's `ak`).
    expect(digests[1]!.subject).toContain("Obubuo 28, 2026");
    expect(digests[1]!.stories[0]!.url).toMatch(/\/tw\/article\//);
  });

  test("a Breaking News story is e-mailed in its own edition, once that edition is open", async () => {
    await database.db.update(settings).set({ newsletterBreakingEmail: true });
    forgetCachedSettings(database.db);
    const { id } = await saveArticle(
      testServices(database.db),
      editor,
      articleInput({ title: "Nsuyiri ato kwan", status: "published", isTopStory: true, language: "tw" }),
    );
    const switchTwi = async (enabled: boolean) => {
      await database.db.update(editions).set({ enabled }).where(eq(editions.tag, "tw"));
      forgetEditions(database.db);
    };
    await switchTwi(false);
    expect(await emailBreakingNews({ ...testServices(database.db), mailer }, id)).toBe(false);
    expect(await database.db.select().from(newsletterIssues)).toEqual([]);
    await switchTwi(true);
    expect(await emailBreakingNews({ ...testServices(database.db), mailer }, id)).toBe(true);
    const [breaking] = await database.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.kind, "breaking"));
    expect(breaking!.edition).toBe("tw");
  });

  test("an issue's mail says its edition's language, its words from that catalogue", async () => {
    const [site] = await database.db.select().from(settings);
    const mail = (edition: string) =>
      issueMailFor({ id: "i-1", subject: "Nsɛm", intro: "", stories: [], edition }, site!, {
        email: "ama@example.com",
        token: "t".repeat(32),
        countsToken: "c".repeat(32),
        reader: NO_ACCESS,
      });
    expect(mail("tw").html).toContain('<html lang="tw">');
    expect(mail("en").html).toContain('<html lang="en">');
    // Its unsubscribe link opens the page in the same edition.
    expect(mail("tw").html).toMatch(/href="https?:\/\/[^"/]+\/tw\/newsletter\/unsubscribe\?token=t{32}"/);
    expect(mail("en").html).toMatch(/href="https?:\/\/[^"/]+\/newsletter\/unsubscribe\?token=t{32}"/);
    // English's catalogue says what the mail always said.
    const english = issueMailWords("en");
    expect({ ...english, reason: english.reason("Newsdesk", "a@b.c") }).toEqual({
      ...ISSUE_MAIL_TEXT,
      reason: ISSUE_MAIL_TEXT.reason("Newsdesk", "a@b.c"),
    });
  });
});
