import { expect, test } from "vitest";
import {
  ARTICLE_CONTENT_MAX_BYTES,
  ARTICLE_TEXT,
  creationFailureMessage,
  parseArticleForm,
} from "./article-form";

test("'Creation Failed' says why by the database's error code, not by its wording", () => {
  expect(creationFailureMessage("42501")).toBe(ARTICLE_TEXT.creationPermission);
  expect(creationFailureMessage("53100")).toBe(ARTICLE_TEXT.creationQuota);
  expect(creationFailureMessage("53200")).toBe(ARTICLE_TEXT.creationQuota);
  expect(creationFailureMessage("54000")).toBe(ARTICLE_TEXT.creationTooLarge);
  expect(creationFailureMessage("23505")).toBe(ARTICLE_TEXT.creationFailed);
  expect(creationFailureMessage(undefined)).toBe(ARTICLE_TEXT.creationFailed);
});

test("an article body of more than 1 MB is refused with its own message; 1 MB passes", () => {
  const wrap = (bytes: number) => `<p>${"x".repeat(bytes - 7)}</p>`;
  const atLimit = parseArticleForm({ title: "Long read", content: wrap(ARTICLE_CONTENT_MAX_BYTES) });
  expect(atLimit.ok).toBe(true);
  const over = parseArticleForm({ title: "Long read", content: wrap(ARTICLE_CONTENT_MAX_BYTES + 1) });
  expect(over).toMatchObject({
    ok: false,
    fieldErrors: { content: ARTICLE_TEXT.contentTooLong },
    problem: { title: ARTICLE_TEXT.contentTooLongTitle, message: ARTICLE_TEXT.contentTooLong },
  });
  // Counted in bytes: 400,000 three-byte letters are 1.2 MB.
  expect(parseArticleForm({ title: "Ghana", content: `<p>${"€".repeat(400_000)}</p>` }).ok).toBe(false);
});
