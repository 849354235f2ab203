/** Plain-text helpers for excerpts and read time. */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: " ",
};

/** Text for HTML built as a string: as element text or a double-quoted attribute value. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (entity: string, name: string) => ENTITIES[name] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}

/** Excerpt lengths of the reader site, one per place an excerpt is shown. */
export const EXCERPT_LENGTH = {
  latest: 120,
  featured: 120,
  allArticles: 150,
  search: 150,
  category: 160,
  listing: 160,
  hero: 200,
} as const;

/**
 * Cuts plain text to at most `length` characters at a word boundary, with an ellipsis when it was
 * longer: a card never ends in half a word ('the Gover...'). One word longer than the whole length is
 * cut where it must be.
 */
export function truncate(text: string, length: number, ellipsis = "..."): string {
  if (text.length <= length) return text;
  let cut = text.slice(0, length);
  if (!/\s/.test(text.charAt(length))) {
    const lastBreak = cut.search(/\s\S*$/);
    if (lastBreak > 0) cut = cut.slice(0, lastBreak);
  }
  // No 'end....': a cut right after punctuation drops it before the ellipsis.
  return cut.replace(/[\s.,;:]+$/, "") + ellipsis;
}

/**
 * Listing excerpt: the written excerpt when there is one (decision record 007: cards show what the editor
 * wrote, where the spec's observed app cut the body), else the body's plain text; HTML stripped, whitespace
 * collapsed, cut at a word boundary at `length`.
 */
export function listingExcerpt(
  article: { content?: string | null; excerpt?: string | null },
  length = 160,
): string {
  const source = stripHtml(article.excerpt ?? "") || stripHtml(article.content ?? "");
  return truncate(source, length);
}

const WORDS_PER_MINUTE = 200;
export function readTimeFor(html: string): string {
  const words = stripHtml(html).split(" ").filter(Boolean).length;
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`;
}
