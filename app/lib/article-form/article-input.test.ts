import { expect, test } from "vitest";
import { ARTICLE_CONTENT_MAX_BYTES, parseArticleForm } from "./article-input";
import { ARTICLE_TEXT } from "./article-text";

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

test("the featured image is an http(s) address or a path on this site, as the sample stories and imports hold", () => {
  const withImage = (imageUrl: string) =>
    parseArticleForm({ title: "Makola", content: "<p>Open</p>", imageUrl });
  for (const accepted of [
    "",
    "https://cdn.example.com/a.jpg",
    "/images/sample/accra-market.svg",
    "/media/0123456789abcdef01234567.png",
  ])
    expect(withImage(accepted).ok, accepted).toBe(true);
  for (const refused of [
    "//evil.example/a.jpg",
    "/\\evil.example/a.jpg",
    "javascript:alert(1)",
    "media/a.jpg",
    "/a b.jpg",
  ]) {
    const result = withImage(refused);
    expect(result.ok, refused).toBe(false);
    if (!result.ok) expect(result.fieldErrors.imageUrl, refused).toBe(ARTICLE_TEXT.invalidImageUrl);
  }
});
