import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { contactMessages, notifications, rateLimits } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { isDomainError } from "#app/lib/errors";
import { statusOf } from "#app/lib/http-errors.server";
import { CONTACT_TEXT } from "./contact-form";
import { CONTACT_RATE_LIMIT, submitContactMessage } from "./contact.server";
import { firstRow } from "#app/db/rows";

/** How a message was refused: the error's code, the status it answers with, and the reader's text. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, status: statusOf(error), title: error.title, message: error.message };
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("contact messages on %s", (engine) => {
  let database: TestDatabase;
  const valid = {
    name: "Kofi Boateng",
    email: "Kofi@Example.com",
    subject: "",
    message: "Please cover the Kumasi floods.",
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
    await database.db.delete(contactMessages);
    await database.db.delete(notifications);
  });

  test("a message is stored with status new, the subject defaulting to empty, and admins and editors are notified with a link to it", async () => {
    const result = await submitContactMessage(
      database.db,
      { ...valid, name: "  Kofi Boateng ", subject: undefined },
      { ip: "10.0.0.1" },
    );
    const [stored] = await database.db.select().from(contactMessages);
    expect(stored?.id).toBe(result.id);
    expect(stored).toMatchObject({
      name: "Kofi Boateng",
      email: "kofi@example.com",
      subject: "",
      message: valid.message,
      status: "new",
    });
    const note = firstRow(await database.db.select().from(notifications));
    expect(note.link).toBe(`/admin/messages/${stored?.id}`);
    expect(note.audience).toEqual(["admin", "editor"]);
    expect(note.message).toContain("Kofi Boateng");
  });

  test("HTML in every field is stored as the text it is", async () => {
    const html = `<script>alert(1)</script>`;
    await submitContactMessage(
      database.db,
      { name: html, email: "a@b.co", subject: html, message: html },
      { ip: "10.0.0.1" },
    );
    const stored = firstRow(await database.db.select().from(contactMessages));
    expect([stored.name, stored.subject, stored.message]).toEqual([html, html, html]);
  });

  test.each([
    [{ ...valid, name: "  " }, CONTACT_TEXT.invalid],
    [{ ...valid, email: "kofi" }, CONTACT_TEXT.invalid],
    [{ ...valid, email: "kofi@example" }, CONTACT_TEXT.invalid],
    [{ ...valid, message: "" }, CONTACT_TEXT.invalid],
    [{}, CONTACT_TEXT.invalid],
    [{ ...valid, message: "m".repeat(5001) }, CONTACT_TEXT.tooLong],
    [{ ...valid, subject: "s".repeat(201) }, CONTACT_TEXT.tooLong],
  ])("bad input gets 'Invalid form' and nothing is stored (%#)", async (values, message) => {
    expect(await refusal(submitContactMessage(database.db, values, { ip: "10.0.0.2" }))).toEqual({
      code: "invalid",
      status: 400,
      title: CONTACT_TEXT.invalidTitle,
      message,
    });
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await database.db.select().from(notifications)).toHaveLength(0);
  });

  test("one address may send only a few messages an hour", async () => {
    const now = new Date("2026-01-05T10:00:00Z");
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      await submitContactMessage(database.db, valid, { ip: "10.3.0.1" }, now);
    }
    expect(await refusal(submitContactMessage(database.db, valid, { ip: "10.3.0.1" }, now))).toEqual({
      code: "rate_limited",
      status: 429,
      title: CONTACT_TEXT.failedTitle,
      message: CONTACT_TEXT.rateLimited,
    });
    expect(await database.db.select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.limit);
  });
});
