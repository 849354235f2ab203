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
