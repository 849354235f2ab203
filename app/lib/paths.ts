import { editionPrefix, inEdition } from "#app/lib/editions";
import { tagSlug } from "#app/lib/slug";

/**
 * The page a path opens, written one way, for every rule that is about pages (the back office, snippet
 * and ad paths, pages whose address holds a secret). React Router decodes each segment's percent-escapes
 * (an encoded slash stays one), matches letters in any case and ignores trailing slashes, so `/ABOUT`,
 * `/About/` and `/%61bout` all open `/about`; a rule that compared the raw address missed them. A
 * prefix (a `*` rule) is read with `{ trailingSlash: "keep" }`: `/tag/*` must not become `/tag*`.
 */
export function pagePath(pathname: string, options: { trailingSlash?: "drop" | "keep" } = {}): string {
  let decoded: string;
  try {
    decoded = pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    // A broken escape: the router, too, matches such a path as written.
    decoded = pathname;
  }
  const lower = decoded.toLowerCase();
  return options.trailingSlash === "keep" ? lower : lower.replace(/\/+$/, "") || "/";
}

/**
 * Which side of the site a path belongs to. The back office is everything under /admin; every other
 * page is a reader page (no hydration, the reader script instead: decision record 005; admin code
 * injected: decision record 002). Read as the router reads it (`pagePath`): `/%61dmin` is the back office.
 */
export const isBackOfficePath = (pathname: string) => /^\/admin(\/|$)/.test(pagePath(pathname));

/** A story's address: its readable slug, or its id for a row that has none yet (the id redirects once it has). */
export const articlePath = (article: { id: string; slug?: string | null }) =>
  `/article/${encodeURIComponent(article.slug || article.id)}`;

/**
 * A story's address in its own edition (decision record 022): under `/{tag}` unless it is in the main
 * edition, whose tag is `mainTag`. What a page outside the story's edition links with: feeds, sitemaps,
 * mail and alerts.
 */
export const storyPath = (story: { id: string; slug?: string | null; language: string }, mainTag: string) =>
  inEdition(editionPrefix(story.language, mainTag), articlePath(story));

/** A staff member's author page. */
export const authorPath = (slug: string) => `/author/${encodeURIComponent(slug)}`;

/** A tag's page: the tag's slug, as the database computes it into `articles.tag_slugs`. */
export const tagPath = (tag: string) => `/tag/${tagSlug(tag)}`;

/** The `List-Unsubscribe` address of every newsletter issue: a mail client's one-click POST (RFC 8058). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/newsletter/one-click";

/**
 * Paystack's webhook (decision record 021): the one JSON body the edge reads, and from anywhere, since the
 * signature over its exact bytes, not the page it came from, is what allows it (server/security.ts).
 */
export const PAYSTACK_WEBHOOK_PATH = "/webhooks/paystack";
/** Where a reader buys a pass or gives, and the form's target. */
export const SUPPORT_PATH = "/account/support";
export const CHECKOUT_PATH = "/account/checkout";
/** A reader's sign-in page (decision record 021), which takes `returnTo`. */
export const MEMBER_SIGN_IN_PATH = "/account/sign-in";
