import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testDkimKey, verifyDkim } from "#test-support/dkim-check";
import { createMailer, senderAddress, type Mailer, type MailSettings } from "./mailer.server";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";

describe("the mailer", () => {
  let smtp: TestSmtpServer;
  const made: Mailer[] = [];
  /** A mailer with these settings, closed after the suite. */
  const mailer = (settings: MailSettings) => {
    const one = createMailer(settings);
    made.push(one);
    return one;
  };
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    for (const one of made) one.close();
    await smtp.close();
  });

  test("e-mail is configured only when SMTP_URL is set", () => {
    expect(mailer({}).isConfigured()).toBe(false);
    expect(mailer({ smtpUrl: smtp.smtpUrl }).isConfigured()).toBe(true);
  });

  test("sends a message through the SMTP server, from SMTP_FROM or no-reply at the server's host", async () => {
    await mailer({ smtpUrl: smtp.smtpUrl, smtpFrom: "Newsroom <news@example.com>" }).send({
      to: "Reader@Example.com",
      subject: "Hello",
      text: "Plain body",
      html: "<p>HTML body</p>",
    });
    const message = await smtp.waitFor("reader@example.com");
    expect(message.subject).toBe("Hello");
    expect(message.text.trim()).toBe("Plain body");
    expect(message.html).toContain("<p>HTML body</p>");
    expect(message.from).toBe('"Newsroom" <news@example.com>');
    expect(senderAddress({ smtpUrl: "smtp://u:p@mail.example:587" })).toBe(
      "Newsdesk <no-reply@mail.example>",
    );
  });

  test("with DKIM settings every message is signed for the domain, and the signature verifies against the published key", async () => {
    const key = testDkimKey();
    await mailer({ smtpUrl: smtp.smtpUrl, smtpFrom: "Newsroom <news@news.example.com>", dkim: key }).send({
      to: "signed@example.com",
      subject: "Reset your password",
      text: "Your link",
    });
    const message = await smtp.waitFor("signed@example.com");
    const [signature, ...more] = await verifyDkim(message.raw, key);
    expect(more).toEqual([]);
    expect(signature).toMatchObject({ domain: "news.example.com", result: "pass" });
    expect(signature!.signedHeaders).toEqual(expect.arrayContaining(["from", "subject", "to"]));
    // Another key at that selector (a rotated or forged one): the signature fails.
    expect((await verifyDkim(message.raw, { ...key, txtRecord: testDkimKey().txtRecord }))[0]!.result).toBe(
      "fail",
    );
  });

  test("refuses to send without SMTP_URL, and fails when the server is not there", async () => {
    await expect(mailer({}).send({ to: "a@example.com", subject: "x", text: "x" })).rejects.toThrow(
      /not configured/,
    );
    await expect(
      mailer({ smtpUrl: "smtp://127.0.0.1:1" }).send({ to: "a@example.com", subject: "x", text: "x" }),
    ).rejects.toThrow();
  });

  test("mail sent in the background is settled once the server has taken it, and a failure only logged", async () => {
    const sending = mailer({ smtpUrl: smtp.smtpUrl });
    sending.sendInBackground(
      { to: "later@example.com", subject: "Later", text: "After the answer" },
      "[test]",
    );
    mailer({ smtpUrl: "smtp://127.0.0.1:1" }).sendInBackground(
      { to: "nowhere@example.com", subject: "x", text: "x" },
      "[test] the refused mail failed, as it should",
    );
    await sending.settled();
    expect((await smtp.waitFor("later@example.com")).subject).toBe("Later");
  });
});
