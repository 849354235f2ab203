/**
 * What an editor may type as an article's address (/article/<slug>) and what the form says of it; the
 * domain checks the same (app/domain/articles/slugs.server.ts) and the importer too.
 */
/** The article's "URL slug" field (its address, /article/<slug>). */
export const SLUG_TEXT = {
  invalid: "The URL slug may contain only lower-case letters, digits and dashes (1 to 120 characters).",
  taken: "This URL slug is already used by another story. Please choose another.",
} as const;

/** What an editor may type as a slug: lower-case words of letters and digits joined by single dashes. */
export const isValidSlug = (value: string) =>
  value.length >= 1 && value.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
