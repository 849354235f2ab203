import { expect, test } from "vitest";
import { escapeHtml, EXCERPT_LENGTH, listingExcerpt, readTimeFor, stripHtml, truncate } from "./text";

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

test("truncate never ends in half a word; a single overlong word is cut where it must be", () => {
  const text = "The Government of Ghana announced new measures";
  expect(truncate(text, 20)).toBe("The Government of...");
  expect(truncate(text, 17)).toBe("The Government of...");
  expect(truncate(text, 16)).toBe("The Government...");
  expect(truncate("Supercalifragilistic", 5)).toBe("Super...");
});

test("listing excerpts show the written excerpt when there is one, else the body cut at a word", () => {
  const content = `<p>${"word ".repeat(100)}</p>`;
  expect(listingExcerpt({ content, excerpt: "<em>The editor's</em> summary." })).toBe(
    "The editor's summary.",
  );
  expect(listingExcerpt({ content, excerpt: "  " }, EXCERPT_LENGTH.hero)).toBe(
    `${"word ".repeat(39)}word...`,
  );
  expect(listingExcerpt({ content: "<p>Accra traffic eases</p>", excerpt: "" }, 15)).toBe("Accra traffic...");
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

test("escapeHtml makes text safe as element text and in a double-quoted attribute", () => {
  expect(escapeHtml(`<b class="x">Tom & Jerry</b>`)).toBe(
    "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/b&gt;",
  );
  expect(escapeHtml("</textarea><script>")).toBe("&lt;/textarea&gt;&lt;script&gt;");
  expect(escapeHtml("plain 'quoted'")).toBe("plain 'quoted'");
});
