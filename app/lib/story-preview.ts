/**
 * A gated story's preview (decision record 021, point 3): its body up to the editor's cut, else its
 * first paragraphs, never cut inside an element. The body is our sanitiser's output
 * (app/lib/sanitize.server.ts): well-formed, tags in lower case, attributes double-quoted, so its
 * top-level elements can be found by counting tags.
 */

/** The editor's "Preview ends here" marker as the sanitiser keeps it (decision record 021). */
export const PREVIEW_CUT = "<hr data-preview-cut />";
/** Without a cut, a preview is this many top-level blocks. */
export const PREVIEW_BLOCKS = 3;
/** The class that marks a story's gated part, named by its structured data's `cssSelector`. */
export const GATED_PART_CLASS = "gated-part";

const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>/g;
const VOID = new Set(["br", "hr", "img", "wbr", "source", "col", "input"]);
const CUT = /<hr\b[^>]*\bdata-preview-cut\b[^>]*>/;
const EVERY_CUT = new RegExp(CUT.source, "g");

/** The body's top-level pieces: each element with what it holds, and any text between them. */
export function topLevelBlocks(html: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (const match of html.matchAll(TAG)) {
    const [tag, closing, name, selfClosing] = match;
    const end = match.index + tag.length;
    if (closing) depth = Math.max(0, depth - 1);
    else if (!VOID.has(name!) && !selfClosing) depth++;
    if (depth === 0) {
      const block = html.slice(start, end);
      if (block.trim()) blocks.push(block);
      start = end;
    }
  }
  if (html.slice(start).trim()) blocks.push(html.slice(start));
  return blocks;
}

const isCut = (block: string) => CUT.test(block) && block.trimStart().startsWith("<hr");

/** The body split at its first top-level cut (a later one is ignored), without any marker. */
export function splitAtCut(html: string): { before: string; after: string; cut: boolean } {
  const blocks = topLevelBlocks(html);
  const at = blocks.findIndex(isCut);
  const keep = (list: string[]) =>
    list
      .filter((block) => !isCut(block))
      .join("")
      .replace(EVERY_CUT, "");
  if (at < 0) return { before: keep(blocks), after: "", cut: false };
  return { before: keep(blocks.slice(0, at)), after: keep(blocks.slice(at + 1)), cut: true };
}

/**
 * The preview and the rest: up to the cut, else the first PREVIEW_BLOCKS blocks. `rest` is what a
 * reader without access must never be sent.
 */
export function previewParts(html: string): { preview: string; rest: string } {
  const { before, after, cut } = splitAtCut(html);
  if (cut) return { preview: before, rest: after };
  const blocks = topLevelBlocks(before);
  return {
    preview: blocks.slice(0, PREVIEW_BLOCKS).join(""),
    rest: blocks.slice(PREVIEW_BLOCKS).join(""),
  };
}

/** The preview alone, for every place a reader without access could read a gated story. */
export const storyPreview = (html: string) => previewParts(html).preview;

/** The whole body as readers with access see it: no marker, the gated part marked for crawlers. */
export function fullGatedBody(html: string): string {
  const { preview, rest } = previewParts(html);
  return rest ? `${preview}<div class="${GATED_PART_CLASS}">${rest}</div>` : preview;
}
