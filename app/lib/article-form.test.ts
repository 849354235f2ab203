import { expect, test } from "vitest";
import { ARTICLE_CONTENT_MAX_BYTES, ARTICLE_TEXT, parseArticleForm } from "./article-form";

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
