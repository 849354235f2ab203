/**
 * Slugs for addresses (categories, articles, authors, tags) and category matching (decision record 007,
 * "Addresses").
 */

/**
 * The letters Ghana's languages write beyond a-z, each with the Latin letter readers type for it
 * (decision record 022, point 10): Twi's ɛ ɔ, Ga's ŋ, Ewe's ɖ ƒ ɣ ʋ, Dagbani's ʒ, Hausa's hooked ɓ ɗ ƙ ƴ;
 * capitals alike. Position for position, as `translate()` reads its arguments in `newsdesk_fold`
 * (drizzle/0028_readable_slugs.sql).
 */
const FOLD_FROM = "ɛɔŋɖƒɣʋʒɓɗƙƴƐƆŊƉƑƔƲƷƁƊƘƳ";
const FOLD_TO = "eondfgvzbdkyEONDFGVZBDKY";
const FOLDED = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO.charAt(i)]));
const FOLDABLE = new RegExp(`[${FOLD_FROM}]`, "g");
/** ʼ (U+02BC, Hausa's glottal ʼy) and ’ (U+2019) are dropped: "ʼyan" is one word, `yan`, not `y-an`. */
const DROPPED = /[\u02BC\u2019]/g;

/**
 * Readable letters kept: NFD, combining marks removed (tone marks and accents: "Gã" → "Ga"), then the letter
 * table above; case stays. Slugs, category matching and (decision record 022, point 9) search fold alike.
 * The database's copy is `newsdesk_fold` (drizzle/0028_readable_slugs.sql): change both together.
 */
export function foldLetters(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(DROPPED, "")
    .replace(FOLDABLE, (letter) => FOLDED.get(letter) ?? letter);
}

/**
 * Folded (`foldLetters`), lower-cased, '&' to 'and', other non-alphanumerics to single dashes. The database
 * has the same rule as `newsdesk_slug` (drizzle/0028_readable_slugs.sql, first in 0008_public_site.sql) for
 * the tag slugs it computes: change both together (app/db/readable-slugs.server.test.ts compares them).
 */
export function slugify(name: string): string {
  return foldLetters(name)
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The longest slug made from a title: shared links stay short (the migration's backfill uses the same cut). */
const SHORT_SLUG = 60;

/** The title's slug, cut to at most 60 characters at a dash so no word is split; `fallback` when nothing is left. */
export function shortSlug(title: string, max = SHORT_SLUG, fallback = "story"): string {
  const full = slugify(title);
  if (full.length <= max) return full || fallback;
  const cut = full.slice(0, max + 1);
  const atDash = cut.lastIndexOf("-");
  const short = (atDash > 0 ? cut.slice(0, atDash) : full.slice(0, max)).replace(/-+$/, "");
  return short || fallback;
}

export const categorySlug = slugify;
export const tagSlug = slugify;

/** Split on dashes, capitalise each word, the word 'and' becomes '&'. */
export function categoryNameFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => (word.toLowerCase() === "and" ? "&" : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}

/**
 * Case-, mark- and punctuation-insensitive key: folded (`foldLetters`), '&' to 'and', non-alphanumerics to
 * single spaces, trimmed.
 */
export function categoryMatchKey(value: string): string {
  return foldLetters(value)
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const categoriesMatch = (a: string, b: string) => categoryMatchKey(a) === categoryMatchKey(b);

/** The order the header, footer and categories bar use; others follow alphabetically. */
export const PREFERRED_CATEGORIES = [
  "News",
  "Business",
  "Entertainment",
  "Sports",
  "Travel & Events",
  "Religious",
  "Gallery",
] as const;

export function sortCategoriesPreferred<T extends { name: string }>(list: readonly T[]): T[] {
  const rank = (name: string) => {
    const i = PREFERRED_CATEGORIES.findIndex((p) => categoriesMatch(p, name));
    return i === -1 ? PREFERRED_CATEGORIES.length : i;
  };
  return [...list].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}
