/**
 * The site's icon (public/favicon.svg). A lite page carries it in the page, a few dozen bytes, instead
 * of a request of its own; `favicon.test.ts` checks the two are the same picture.
 */
export const FAVICON_PATH = "/favicon.svg";
export const FAVICON_INLINE =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1e3a8a"/><text x="32" y="44" font-family="Georgia,serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">N</text></svg>',
  );
