import { expect, test } from "vitest";
import { EXCERPT_LENGTH, listingExcerpt, readTimeFor, stripHtml, truncate } from "./text";

test("stripHtml removes tags, scripts and entities and collapses whitespace", () => {
  expect(stripHtml("<p>Hello   <b>world</b></p>\n<script>alert(1)</script><p>A &amp; B</p>")).toBe(
    "Hello world A & B",
  );
});

test("truncate cuts at the length with an ellipsis only when longer", () => {
  expect(truncate("short", 10)).toBe("short");
  expect(truncate("abcdefghij", 10)).toBe("abcdefghij");
  expect(truncate("abcde fghijk", 6)).toBe("abcde...");
});

test("listing excerpts prefer the content over the excerpt and use the spec's lengths", () => {
  const content = `<p>${"word ".repeat(100)}</p>`;
  expect(listingExcerpt({ content, excerpt: "the excerpt" }, EXCERPT_LENGTH.hero)).toHaveLength(200 - 1 + 3);
  expect(listingExcerpt({ content: "", excerpt: "<em>the excerpt</em>" })).toBe("the excerpt");
  expect(EXCERPT_LENGTH).toMatchObject({
    latest: 120,
    featured: 120,
    allArticles: 150,
    search: 150,
    category: 160,
    hero: 200,
  });
});

test("read time counts words at 200 a minute", () => {
  expect(readTimeFor("<p>one two</p>")).toBe("1 min read");
  expect(readTimeFor(`<p>${"w ".repeat(401)}</p>`)).toBe("3 min read");
});

test("no doubled dots when the cut falls after punctuation", () => {
  expect(truncate("One sentence. Two", 13)).toBe("One sentence...");
});
