import { tagSlug } from "#app/lib/slug";

/**
 * Which side of the site a path belongs to. The back office is everything under /admin; every other
 * page is a reader page (no hydration, the reader script instead: decision record 005; admin code
 * injected: decision record 002). Matched in any letter case, as the router matches it.
 */
export const isBackOfficePath = (pathname: string) => /^\/admin(\/|$)/i.test(pathname);

/** A story's address: its readable slug, or its id for a row that has none yet (the id redirects once it has). */
export const articlePath = (article: { id: string; slug?: string | null }) =>
  `/article/${encodeURIComponent(article.slug || article.id)}`;

/** A staff member's author page. */
export const authorPath = (slug: string) => `/author/${encodeURIComponent(slug)}`;

/** A tag's page: the tag's slug, as the database computes it into `articles.tag_slugs`. */
export const tagPath = (tag: string) => `/tag/${tagSlug(tag)}`;
