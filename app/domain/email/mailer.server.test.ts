import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testDkimKey, verifyDkim } from "#test-support/dkim-check";
import { closeMailTransports, isEmailConfigured, senderAddress, sendEmail } from "./mailer.server";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";

describe("the mailer", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    closeMailTransports();
    await smtp.close();
  });

  test("e-mail is configured only when SMTP_URL is set", () => {
    expect(isEmailConfigured({})).toBe(false);
    expect(isEmailConfigured({ smtpUrl: smtp.smtpUrl })).toBe(true);
  });

  test("sends a message through the SMTP server, from SMTP_FROM or no-reply at the server's host", async () => {
    await sendEmail(
      { to: "Reader@Example.com", subject: "Hello", text: "Plain body", html: "<p>HTML body</p>" },
      { smtpUrl: smtp.smtpUrl, smtpFrom: "Newsroom <news@example.com>" },
    );
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
    await sendEmail(
      { to: "signed@example.com", subject: "Reset your password", text: "Your link" },
      { smtpUrl: smtp.smtpUrl, smtpFrom: "Newsroom <news@news.example.com>", dkim: key },
    );
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
    await expect(sendEmail({ to: "a@example.com", subject: "x", text: "x" }, {})).rejects.toThrow(
      /not configured/,
    );
    await expect(
      sendEmail({ to: "a@example.com", subject: "x", text: "x" }, { smtpUrl: "smtp://127.0.0.1:1" }),
    ).rejects.toThrow();
  });
});
