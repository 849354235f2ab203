/**
 * Editions as every side of the app sees them (decision record 022): the main edition at the root, each
 * other under `/{tag}/`. Isomorphic: the back office's forms and the reader pages' links use it.
 */

/** A BCP 47 tag as the `editions` table's CHECK allows it: a language code, optional subtags. */
export const EDITION_TAG_PATTERN = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/**
 * Tags that are also the first segment of a route of the site (app/routes.ts): `/tag/kofi` is the tag
 * page, so a `tag` edition (an ISO 639-3 code) could never have its `/tag/` home, and `all-articles` reads
 * as a language with a subtag. Static segments outrank `:edition` (decision record 022, point 2), so such an
 * edition is refused when added. `app/lib/editions.test.ts` fails when a route's first segment that
 * matches EDITION_TAG_PATTERN is missing here.
 */
export const RESERVED_EDITION_TAGS = ["tag", "all-articles"] as const;

export const isReservedEditionTag = (tag: string) =>
  (RESERVED_EDITION_TAGS as readonly string[]).includes(tag);

/** What a page knows of the edition it is in: the layout's data carries it to every reader component. */
export interface PageEdition {
  /** The edition's tag: `<html lang>`, `hreflang`, the stories' `language`. */
  tag: string;
  /** What its addresses start with: "" for the main edition, `/tw` for Twi. */
  prefix: string;
  /** The locale `Intl` formats its numbers, plurals and dates with (Twi formats as Akan). */
  intlLocale: string;
  /** Whether it is the main edition (at the root). */
  main: boolean;
}

/**
 * Tags `Intl` does not know, formatted as the language they belong to: Node's ICU has Akan (`ak`) but not
 * Twi, which it would silently format as American English (decision record 022, point 7).
 */
const INTL_LOCALES: Record<string, string> = { tw: "ak" };

export const editionIntlLocale = (tag: string) => INTL_LOCALES[tag] ?? tag;

/** The prefix of an edition's addresses: none for the main one. */
export const editionPrefix = (tag: string, mainTag: string) => (tag === mainTag ? "" : `/${tag}`);

export function pageEdition(tag: string, mainTag: string): PageEdition {
  return {
    tag,
    prefix: editionPrefix(tag, mainTag),
    intlLocale: editionIntlLocale(tag),
    main: tag === mainTag,
  };
}

/** A path inside an edition: `/` becomes `/tw/`, `/search` becomes `/tw/search`. */
export function inEdition(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === "/" ? `${prefix}/` : `${prefix}${path}`;
}

/** The main edition's tag from settings already read: their language, English where none is set. */
export const mainTagOf = (settings: { language: string }) => settings.language || "en";
