import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "./sanitize.server";
import {
  fullGatedBody,
  GATED_PART_CLASS,
  previewParts,
  PREVIEW_CUT,
  storyPreview,
  topLevelBlocks,
} from "./story-preview";

const p = (n: number) =>
  `<p>Paragraph ${n} with <strong>bold</strong> and <a href="https://x.test/a?b=1&amp;c=2">a link</a>.</p>`;

describe("story previews", () => {
  it("keeps the editor's marker through the sanitiser, in the form the preview looks for", () => {
    expect(sanitizeArticleHtml(`${p(1)}<hr data-preview-cut="">${p(2)}`)).toBe(
      `${p(1)}${PREVIEW_CUT}${p(2)}`,
    );
    expect(sanitizeArticleHtml(`<hr data-preview-cut onclick="x()">`)).toBe(PREVIEW_CUT);
  });

  it("cuts at the marker, and sends nothing after it", () => {
    const body = `${p(1)}${PREVIEW_CUT}${p(2)}${p(3)}`;
    expect(previewParts(body)).toEqual({ preview: p(1), rest: `${p(2)}${p(3)}` });
  });

  it("honours only the first marker and never shows one", () => {
    const body = `${p(1)}${PREVIEW_CUT}${p(2)}${PREVIEW_CUT}${p(3)}`;
    expect(previewParts(body)).toEqual({ preview: p(1), rest: `${p(2)}${p(3)}` });
    expect(fullGatedBody(body)).not.toContain("data-preview-cut");
  });

  it("without a marker keeps the first three blocks whole, nested elements and all", () => {
    const list = "<ul><li><p>one</p></li><li>two<br />three</li></ul>";
    const figure =
      '<figure><img src="https://x.test/a.jpg" alt="" loading="lazy" /><figcaption>c</figcaption></figure>';
    const body = `${p(1)}${list}${figure}${p(4)}<blockquote><p>q</p></blockquote>`;
    expect(topLevelBlocks(body)).toHaveLength(5);
    expect(storyPreview(body)).toBe(`${p(1)}${list}${figure}`);
    expect(previewParts(body).rest).toBe(`${p(4)}<blockquote><p>q</p></blockquote>`);
  });

  it("a short story is all preview, and its full body has no gated part", () => {
    expect(previewParts(`${p(1)}${p(2)}`)).toEqual({ preview: `${p(1)}${p(2)}`, rest: "" });
    expect(fullGatedBody(`${p(1)}${p(2)}`)).toBe(`${p(1)}${p(2)}`);
  });

  it("marks the gated part of the full body for crawlers", () => {
    const body = `${p(1)}${PREVIEW_CUT}${p(2)}`;
    expect(fullGatedBody(body)).toBe(`${p(1)}<div class="${GATED_PART_CLASS}">${p(2)}</div>`);
  });

  it("never cuts on a tag-like text, which the sanitiser escapes", () => {
    const body = sanitizeArticleHtml("<p>a < b > c</p><p>2</p><p>3</p><p>4</p>");
    expect(storyPreview(body)).toBe("<p>a &lt; b &gt; c</p><p>2</p><p>3</p>");
  });
});
