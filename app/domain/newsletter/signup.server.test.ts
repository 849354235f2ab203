import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { newsletterSubscribers, rateLimits, settings } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { createMailer, type Mailer } from "#app/domain/email/mailer.server";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf } from "#app/lib/http-errors.server";
import { NEWSLETTER_TEXT } from "./newsletter-form";
import {
  confirmSubscription,
  SIGNUP_RATE_LIMIT_PER_EMAIL,
  subscribe,
  subscriberForLink,
  unsubscribe,
} from "./signup.server";
import { captureLogEvents } from "#test-support/logs";

const ORIGIN = "https://news.example.com";

/** How a signup was refused: the error's code, the status it answers with, and the reader's text. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, status: statusOf(error), title: error.title, message: error.message };
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("newsletter signup on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  /** The mailer of the suite's SMTP server, and one with no SMTP_URL. */
  let mailer: Mailer;
  const noMail = createMailer({});

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await seedDatabase(database.db, { adminPassword: "secret123" });
    smtp = await startTestSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.smtpUrl });
  });
  afterAll(async () => {
    forgetCachedSettings();
    mailer.close();
    await smtp.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
    await database.db.delete(newsletterSubscribers);
    await database.db.update(settings).set({ enableNewsletter: true });
    forgetCachedSettings();
    smtp.clear();
  });

  const rowFor = async (email: string) =>
    one(await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)));
  const linkIn = (text: string, path: string) => {
    const match = text.match(new RegExp(`${ORIGIN}${path}\\?token=[A-Za-z0-9_%-]+`));
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    return new URL(match[0]);
  };

  test("with e-mail: pending, a confirmation e-mail whose link confirms, then its unsubscribe link ends it", async () => {
    const before = new Date();
    const result = await subscribe(
      database.db,
      { email: "  Reader@Example.COM ", consent: "on" },
      { origin: ORIGIN, ip: "203.0.113.9", mailer },
    );
    expect(result).toEqual({
      title: NEWSLETTER_TEXT.thanksTitle,
      message: NEWSLETTER_TEXT.thanksConfirm,
    });
    const stored = await rowFor("reader@example.com");
    expect(stored).toMatchObject({ status: "pending", confirmedAt: null, ipAddress: "203.0.113.9" });
    expect(stored.consentAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const message = await smtp.waitFor("reader@example.com");
    expect(message.subject).toContain(NEWSLETTER_TEXT.emailSubject);
    const confirm = linkIn(message.text, "/newsletter/confirm");
    expect(await confirmSubscription(database.db, confirm.searchParams.get("token") ?? "")).toBe(true);
    const confirmed = await rowFor("reader@example.com");
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.confirmedAt).not.toBeNull();

    const leave = linkIn(message.text, "/newsletter/unsubscribe");
    const token = leave.searchParams.get("token") ?? "";
    // Opening the link only shows whose subscription it ends (mail scanners open links).
    expect(await subscriberForLink(database.db, "unsubscribe", token)).toEqual({
      email: "reader@example.com",
      status: "confirmed",
    });
    expect((await rowFor("reader@example.com")).status).toBe("confirmed");
    expect(await unsubscribe(database.db, token)).toBe(true);
    const gone = await rowFor("reader@example.com");
    expect(gone.status).toBe("unsubscribed");
    expect(gone.unsubscribedAt).not.toBeNull();
    // The old confirmation link does not bring them back.
    expect(await confirmSubscription(database.db, confirm.searchParams.get("token") ?? "")).toBe(false);
    expect((await rowFor("reader@example.com")).status).toBe("unsubscribed");
  });

  test("each link of the confirmation e-mail does only its own thing: the unsubscribe link confirms nothing, the confirm link unsubscribes nobody", async () => {
    await subscribe(
      database.db,
      { email: "apart@example.com", consent: "on" },
      { origin: ORIGIN, ip: "1.2.3.4", mailer },
    );
    const message = await smtp.waitFor("apart@example.com");
    const confirmToken = linkIn(message.text, "/newsletter/confirm").searchParams.get("token") ?? "";
    const leaveToken = linkIn(message.text, "/newsletter/unsubscribe").searchParams.get("token") ?? "";
    expect(confirmToken).not.toBe(leaveToken);
    const { countsToken } = await rowFor("apart@example.com");
    for (const token of [confirmToken, countsToken]) {
      expect(await subscriberForLink(database.db, "unsubscribe", token)).toBeNull();
      expect(await unsubscribe(database.db, token)).toBe(false);
    }
    for (const token of [leaveToken, countsToken]) {
      expect(await subscriberForLink(database.db, "confirm", token)).toBeNull();
      expect(await confirmSubscription(database.db, token)).toBe(false);
    }
    expect((await rowFor("apart@example.com")).status).toBe("pending");
    expect(await confirmSubscription(database.db, confirmToken)).toBe(true);
    expect(await unsubscribe(database.db, leaveToken)).toBe(true);
    expect((await rowFor("apart@example.com")).status).toBe("unsubscribed");
  });

  test("without e-mail: confirmed at once, no message sent", async () => {
    const result = await subscribe(
      database.db,
      { email: "direct@example.com", consent: "on" },
      { origin: ORIGIN, ip: "", mailer: noMail },
    );
    expect(result).toMatchObject({ message: NEWSLETTER_TEXT.thanksConfirmed });
    const row = await rowFor("direct@example.com");
    expect(row.status).toBe("confirmed");
    expect(row.confirmedAt).not.toBeNull();
    expect(smtp.received).toHaveLength(0);
  });

  test("a bad address or no consent is refused with a clear message and nothing is stored", async () => {
    const options = { origin: ORIGIN, ip: "1.2.3.4", mailer };
    expect(
      await refusal(subscribe(database.db, { email: "not-an-address", consent: "on" }, options)),
    ).toMatchObject({ code: "invalid", status: 400, message: NEWSLETTER_TEXT.invalidEmail });
    expect(await refusal(subscribe(database.db, { email: "ok@example.com" }, options))).toMatchObject({
      code: "invalid",
      status: 400,
      message: NEWSLETTER_TEXT.missingConsent,
    });
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  test("signing up a known address answers the same, and mails a pending one again only after the interval", async () => {
    const options = { origin: ORIGIN, ip: "1.2.3.4", mailer };
    const first = await subscribe(database.db, { email: "twice@example.com", consent: "on" }, options);
    await smtp.waitFor("twice@example.com");
    const again = await subscribe(database.db, { email: "twice@example.com", consent: "on" }, options);
    expect(again).toEqual(first);
    await mailer.settled();
    expect(smtp.received).toHaveLength(1);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    await subscribe(database.db, { email: "twice@example.com", consent: "on" }, { ...options, now: later });
    await mailer.settled();
    expect(smtp.received).toHaveLength(2);
    // A confirmed reader is not mailed at all, and gets the very same answer.
    await confirmSubscription(database.db, (await rowFor("twice@example.com")).confirmToken);
    smtp.clear();
    const known = await subscribe(
      database.db,
      { email: "twice@example.com", consent: "on" },
      { ...options, now: new Date(Date.now() + 40 * 60 * 1000) },
    );
    expect(known).toEqual(first);
    await mailer.settled();
    expect(smtp.received).toHaveLength(0);
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  test("the answer never waits for the mail server: a new and a known address are both answered before the mail is accepted, and the mail still arrives", async () => {
    const slowSmtp = await startTestSmtpServer({ acceptAfterMs: 3000 });
    try {
      const slowMailer = createMailer({ smtpUrl: slowSmtp.smtpUrl });
      const options = { origin: ORIGIN, ip: "1.2.3.4", mailer: slowMailer };
      await subscribe(database.db, { email: "known@example.com", consent: "on" }, options);
      await confirmSubscription(database.db, (await rowFor("known@example.com")).confirmToken);

      const fresh = await subscribe(database.db, { email: "new@example.com", consent: "on" }, options);
      // Answered, and the mail server has not accepted the confirmation yet: the answer did not wait for it.
      expect(slowSmtp.received.map((message) => message.to)).not.toContainEqual(["new@example.com"]);
      const known = await subscribe(database.db, { email: "known@example.com", consent: "on" }, options);
      expect(known).toEqual(fresh);

      const mail = await slowSmtp.waitFor("new@example.com", 10_000);
      expect(mail.subject).toContain(NEWSLETTER_TEXT.emailSubject);
      await slowMailer.settled();
      slowMailer.close();
    } finally {
      await slowSmtp.close();
    }
  });

  test("a confirmation the mail server refuses is logged for the operator; the reader's answer is the same", async () => {
    const logged = captureLogEvents();
    try {
      // Nothing listens on port 9 of this machine: the connection is refused.
      const refused = createMailer({ smtpUrl: "smtp://127.0.0.1:9" });
      const options = { origin: ORIGIN, ip: "1.2.3.4", mailer: refused };
      const result = await subscribe(database.db, { email: "lost@example.com", consent: "on" }, options);
      expect(result).toEqual({
        title: NEWSLETTER_TEXT.thanksTitle,
        message: NEWSLETTER_TEXT.thanksConfirm,
      });
      await refused.settled();
      refused.close();
      expect(logged.events).toMatchObject([
        { level: "error", component: "newsletter", msg: "sending a confirmation e-mail failed", err: {} },
      ]);
    } finally {
      logged.stop();
    }
  });

  test("an unsubscribed reader who signs up again starts over with a new token", async () => {
    const options = { origin: ORIGIN, ip: "1.2.3.4", mailer: noMail };
    await subscribe(database.db, { email: "back@example.com", consent: "on" }, options);
    const before = await rowFor("back@example.com");
    const { token } = before;
    await unsubscribe(database.db, token);
    await subscribe(database.db, { email: "back@example.com", consent: "on" }, options);
    const row = await rowFor("back@example.com");
    expect(row).toMatchObject({ status: "confirmed", unsubscribedAt: null });
    expect(row.token).not.toBe(token);
    expect(row.confirmToken).not.toBe(before.confirmToken);
    expect(row.countsToken).not.toBe(before.countsToken);
  });

  test("one address is rate-limited, whatever client asks", async () => {
    for (let i = 0; i < SIGNUP_RATE_LIMIT_PER_EMAIL.limit; i++) {
      await subscribe(
        database.db,
        { email: "busy@example.com", consent: "on" },
        { origin: ORIGIN, ip: `10.0.0.${i}`, mailer: noMail },
      );
    }
    expect(
      await refusal(
        subscribe(
          database.db,
          { email: "busy@example.com", consent: "on" },
          { origin: ORIGIN, ip: "10.0.1.1", mailer: noMail },
        ),
      ),
    ).toEqual({
      code: "rate_limited",
      status: 429,
      title: NEWSLETTER_TEXT.failedTitle,
      message: NEWSLETTER_TEXT.rateLimited,
    });
  });

  test("with the newsletter off, signing up and confirming are refused as not found and nothing is stored; leaving still works", async () => {
    await subscribe(
      database.db,
      { email: "stay@example.com", consent: "on" },
      { origin: ORIGIN, ip: "", mailer: noMail },
    );
    const { token } = await rowFor("stay@example.com");
    await database.db.update(settings).set({ enableNewsletter: false });
    forgetCachedSettings();
    const refused = await subscribe(
      database.db,
      { email: "off@example.com", consent: "on" },
      { origin: ORIGIN, ip: "", mailer },
    ).catch((e: unknown) => e);
    expect(isDomainError(refused, "not_found")).toBe(true);
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
    expect(await unsubscribe(database.db, token)).toBe(true);
    expect((await rowFor("stay@example.com")).status).toBe("unsubscribed");
  });

  test("unknown or malformed tokens match nothing", async () => {
    expect(await confirmSubscription(database.db, "nope")).toBe(false);
    expect(await confirmSubscription(database.db, "A".repeat(32))).toBe(false);
    expect(await unsubscribe(database.db, "' OR 1=1 --")).toBe(false);
    expect(await subscriberForLink(database.db, "confirm", "")).toBeNull();
  });
});
