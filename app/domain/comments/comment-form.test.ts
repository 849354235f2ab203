import { describe, expect, test } from "vitest";
import { CONTACT_TEXT, parseContact } from "#app/domain/contact/contact-form";
import { COMMENT_TEXT, parseComment } from "./comment-form";

/** The reader forms' rules run in the browser (the reader script) and on the server: one function each. */
describe("the public comment form's rule", () => {
  const good = { name: " Ama ", email: " ama@example.com ", comment: " Well said. " };

  test("takes what was typed, trimmed", () => {
    expect(parseComment(good)).toEqual({
      ok: true,
      data: { name: "Ama", email: "ama@example.com", comment: "Well said." },
    });
  });

  test("a missing field is told in the spec's words, before any other problem", () => {
    const missing = { ok: false, problem: { title: "Missing Information", message: COMMENT_TEXT.missing } };
    expect(COMMENT_TEXT.missing).toBe("Please fill in all fields (name, email, and comment).");
    expect(parseComment({ ...good, comment: "   " })).toEqual(missing);
    expect(parseComment({ ...good, name: undefined })).toEqual(missing);
    expect(parseComment({ name: "", email: "not-an-email", comment: "x".repeat(5001) })).toEqual(missing);
  });

  test("then a malformed address, then a text over the column limits", () => {
    expect(parseComment({ ...good, email: "ama@example" })).toEqual({
      ok: false,
      problem: { title: COMMENT_TEXT.invalidEmailTitle, message: COMMENT_TEXT.invalidEmail },
    });
    expect(parseComment({ ...good, email: "ama@", comment: "x".repeat(5001) })).toMatchObject({
      problem: { title: COMMENT_TEXT.invalidEmailTitle },
    });
    expect(parseComment({ ...good, name: "x".repeat(101) })).toEqual({
      ok: false,
      problem: { title: COMMENT_TEXT.tooLongTitle, message: COMMENT_TEXT.tooLong },
    });
    expect(parseComment({ ...good, name: "x".repeat(100), comment: "y".repeat(5000) }).ok).toBe(true);
  });
});

describe("the contact form's rule", () => {
  const good = { name: "Kofi", email: "kofi@example.com", subject: "", message: "A tip." };

  test("the subject is optional; everything is trimmed", () => {
    expect(parseContact({ ...good, subject: "  Floods " })).toEqual({
      ok: true,
      data: { ...good, subject: "Floods" },
    });
    expect(parseContact({ ...good, subject: undefined }).ok).toBe(true);
  });

  test("a missing or malformed field is 'Invalid form'; only a long text alone is told as such", () => {
    const invalid = { ok: false, title: "Invalid form", message: CONTACT_TEXT.invalid };
    expect(parseContact({ ...good, message: " " })).toEqual(invalid);
    expect(parseContact({ ...good, email: "kofi@" })).toEqual(invalid);
    expect(parseContact({ ...good, email: "kofi@", subject: "x".repeat(201) })).toEqual(invalid);
    expect(parseContact({ ...good, subject: "x".repeat(201) })).toEqual({
      ok: false,
      title: "Invalid form",
      message: CONTACT_TEXT.tooLong,
    });
  });
});
