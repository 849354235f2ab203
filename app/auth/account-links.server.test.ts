import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { isDomainError } from "#app/lib/errors";
import { statusOf } from "#app/lib/http-errors.server";
import { ACCOUNT_LINK_TEXT } from "./account-links-text";
import { createMailer } from "#app/domain/email/mailer.server";
import { requestPasswordReset, RESET_RATE_LIMIT_PER_CLIENT } from "./account-links.server";
import { AUTH_TEXT } from "./messages";

/** How a request was refused: the error's code, the status it answers with, and the text shown. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, status: statusOf(error), message: error.message };
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("asking for a password reset link on %s", (engine) => {
  let database: TestDatabase;
  // Nothing listens on port 9: configured, but no mail can go (none is sent to unknown addresses anyway).
  const options = {
    origin: "https://news.example.com",
    siteTitle: "Newsdesk",
    mailer: createMailer({ smtpUrl: "smtp://127.0.0.1:9" }),
  };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    options.mailer.close();
    await database.destroy();
  });

  test("without e-mail configured: refused as not found, with the page's text", async () => {
    expect(
      await refusal(
        requestPasswordReset(database.db, "kojo@example.com", {
          ...options,
          mailer: createMailer({}),
          ip: "10.1.0.1",
        }),
      ),
    ).toEqual({ code: "not_found", status: 404, message: ACCOUNT_LINK_TEXT.emailNotConfigured });
  });

  test("a malformed address is refused as invalid", async () => {
    expect(await refusal(requestPasswordReset(database.db, "kojo@", { ...options, ip: "10.1.0.2" }))).toEqual(
      {
        code: "invalid",
        status: 400,
        message: AUTH_TEXT.invalidEmail,
      },
    );
  });

  test("too many requests from one client are refused as rate-limited; any address gets the same answer before", async () => {
    for (let i = 0; i < RESET_RATE_LIMIT_PER_CLIENT.limit; i++)
      expect(
        await requestPasswordReset(database.db, `nobody${i}@example.com`, { ...options, ip: "10.1.0.3" }),
      ).toBeUndefined();
    expect(
      await refusal(requestPasswordReset(database.db, "nobody@example.com", { ...options, ip: "10.1.0.3" })),
    ).toEqual({ code: "rate_limited", status: 429, message: ACCOUNT_LINK_TEXT.rateLimited });
  });
});
