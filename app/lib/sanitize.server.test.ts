import { expect, test } from "vitest";
import { sanitizeArticleHtml } from "./sanitize.server";

test("a body image with a caption keeps its figure and figcaption, without any attribute on them", () => {
  const html =
    '<figure onclick="steal()" class="x" style="x"><img src="/media/abc-1200.webp" alt="Boats"><figcaption onmouseover="steal()">Boats — <script>steal()</script>Ama</figcaption></figure>';
  expect(sanitizeArticleHtml(html)).toBe(
    '<figure><img src="/media/abc-1200.webp" alt="Boats" loading="lazy" /><figcaption>Boats — Ama</figcaption></figure>',
  );
});

test("a figure's image keeps only http(s) or site-relative sources", () => {
  expect(
    sanitizeArticleHtml('<figure><img src="javascript:alert(1)"><figcaption>x</figcaption></figure>'),
  ).toBe('<figure><img loading="lazy" /><figcaption>x</figcaption></figure>');
});

test("a link to a new window never keeps a handle on this page, whatever letter case or rel it was written with", () => {
  for (const target of ["_blank", "_BLANK", "_Blank", "somewindow"]) {
    const html = sanitizeArticleHtml(`<a href="https://example.com" target="${target}" rel="opener">x</a>`);
    expect(html, target).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  }
});

test("a link in the same window keeps the author's rel, except opener", () => {
  expect(sanitizeArticleHtml('<a href="https://example.com" rel="nofollow opener sponsored">x</a>')).toBe(
    '<a href="https://example.com" rel="nofollow sponsored">x</a>',
  );
  expect(sanitizeArticleHtml('<a href="/a" target="_SELF" rel="OPENER">x</a>')).toBe(
    '<a href="/a" target="_SELF">x</a>',
  );
});
