/**
 * The meta tags every public page renders on the server: title from the settings, description,
 * canonical URL, Open Graph and the Twitter card (with a 1200x630 share image, SHARE_IMAGE in
 * app/domain/media/media-rules.ts).
 */
import type { MetaDescriptor } from "react-router";
import { inEdition } from "./editions";
import type { Alternate } from "./story-versions";

/** A link-preview image; its size only when it is known to be the file's (an upload's share copy). */
export interface SocialImage {
  url: string;
  width?: number;
  height?: number;
}

/** Used when a page has no image of its own (served from public/, 1200x630). */
const DEFAULT_SOCIAL_IMAGE: SocialImage = { url: "/images/social-default.png", width: 1200, height: 630 };

/** What the site layout's loader hands every page for its meta tags. */
export interface SiteMeta {
  siteTitle: string;
  siteDescription: string;
  /** Absolute origin of the public site, without a trailing slash (e.g. https://news.example.com). */
  origin: string;
  /** Settings → SEO: the site's own meta description (the tagline stands in when it is empty). */
  metaDescription?: string;
  metaKeywords?: string;
  googleSiteVerification?: string;
  bingSiteVerification?: string;
  /**
   * The page's edition's prefix ("" or absent for the main edition, `/tw` for Twi: decision record 022):
   * every page address the head names (canonical, `og:url`, feeds, structured data) is put inside it here,
   * so the pages' `meta` functions pass their bare paths.
   */
  editionPrefix?: string;
  /**
   * A lite page (the reader saves data, app/lib/lite-mode.ts): only what the reader's browser uses. The
   * tags for crawlers and link previews (Open Graph, X, structured data, verification, feeds) stay on the
   * full page, the only one crawlers get; `og:title` stays, the offline reading's headline.
   */
  lite?: boolean;
  /**
   * The head's reader words that no page's data can give (decision record 022, point 6): the
   * breadcrumb's first step and a failed page's title, formatted by the site layout's loader in the
   * page's language. Absent outside the reader site: English.
   */
  words?: { home: string; failed: string; articleFailed: string };
}

/** The site-wide SEO tags of Settings → SEO, on every public page; an empty setting adds no tag. */
export function siteSeoTags(site: SiteMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [];
  const keywords = site.metaKeywords?.trim();
  if (keywords) tags.push({ name: "keywords", content: keywords });
  const google = site.googleSiteVerification?.trim();
  if (google) tags.push({ name: "google-site-verification", content: google });
  const bing = site.bingSiteVerification?.trim();
  if (bing) tags.push({ name: "msvalidate.01", content: bing });
  return tags;
}

/** The description of a page that has none of its own: Settings → SEO's, else the tagline. */
export const siteDefaultDescription = (site: SiteMeta) =>
  site.metaDescription?.trim() || site.siteDescription;

interface PageMetaInput {
  site: SiteMeta;
  /** The page's own title; the home page passes none and gets 'Site - Description'. */
  title?: string;
  description?: string;
  /** Path (and query, if it matters) of the canonical page, e.g. '/category/news', outside any edition. */
  path: string;
  /** A URL as it is (no size claimed), or an upload's share image with its real size. */
  image?: string | SocialImage;
  /** Only article pages are 'article'; everything else is 'website'. */
  article?: { publishedTime?: string; section?: string };
  /** Feeds of this page besides the site's (a category's own feed), for feed readers to discover. */
  feeds?: Feed[];
  /** schema.org objects (app/lib/structured-data.ts), rendered as JSON-LD scripts in the head. */
  structuredData?: Array<Record<string, unknown>>;
  /**
   * The page's versions in the other editions, itself and `x-default` among them (decision record 022,
   * point 8: `alternatesOf` in app/lib/story-versions.ts): absolute `hreflang` links for crawlers.
   */
  alternates?: Alternate[];
}

/** An RSS feed the page's head announces with `<link rel="alternate">`. */
export interface Feed {
  title: string;
  /** Its bare path: an edition's page announces the edition's own (`/tw/rss.xml`). */
  path: string;
  /**
   * The feed has one address for every edition: a live story's updates, under its global slug (decision
   * record 022, point 2).
   */
  everyEdition?: boolean;
}

/** A category's own feed (app/routes/resources/category-feed.ts). */
export const categoryFeedPath = (slug: string) => `/category/${encodeURIComponent(slug)}/rss.xml`;

/** A live story's feed of its updates (app/routes/resources/live-feed.ts), under the story's address. */
export const liveFeedPath = (articlePath: string) => `${articlePath}/updates.rss`;

/** That feed's title, in its channel and in the story page's `<link rel="alternate">` alike. */
export const liveFeedTitle = (siteTitle: string, storyTitle: string) =>
  `${siteTitle} - ${storyTitle}: live updates`;

/** The whole site's feed (app/routes/resources/feeds.ts), announced on every reader page. */
export const siteFeed = (site: SiteMeta): Feed => ({ title: `${site.siteTitle} RSS Feed`, path: "/rss.xml" });

/** A page's absolute address inside the page's edition: `/search` on a Twi page is `…/tw/search`. */
export const editionUrl = (site: SiteMeta, path: string) =>
  absoluteUrl(site.origin, inEdition(site.editionPrefix ?? "", path));

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/+$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Share previews do not render SVG (the sample images are SVG): those fall back to the default PNG. */
function socialImage(image: string | SocialImage | undefined): SocialImage {
  const social = typeof image === "string" ? { url: image } : image;
  if (!social?.url || /\.svg(\?|#|$)/i.test(social.url)) return DEFAULT_SOCIAL_IMAGE;
  return social;
}

export function pageMeta({
  site,
  title,
  description,
  path,
  image,
  article,
  feeds = [],
  structuredData = [],
  alternates = [],
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} - ${site.siteTitle}` : `${site.siteTitle} - ${site.siteDescription}`;
  const text = description?.trim() || siteDefaultDescription(site);
  const url = editionUrl(site, path);
  const social = socialImage(image);
  const imageUrl = absoluteUrl(site.origin, social.url);
  // A size that is not the file's makes some previews crop or refuse it: claimed only when known.
  const imageSize: MetaDescriptor[] =
    social.width && social.height
      ? [
          { property: "og:image:width", content: String(social.width) },
          { property: "og:image:height", content: String(social.height) },
        ]
      : [];
  if (site.lite)
    return [
      { title: fullTitle },
      { name: "description", content: text },
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:title", content: title ?? fullTitle },
    ];
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    // Each version stays its own canonical; these only name its siblings (paths already in their editions).
    ...alternates.map((alternate): MetaDescriptor => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hreflang,
      href: absoluteUrl(site.origin, alternate.path),
    })),
    { property: "og:site_name", content: site.siteTitle },
    { property: "og:title", content: title ?? fullTitle },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    { property: "og:type", content: article ? "article" : "website" },
    { property: "og:image", content: imageUrl },
    ...imageSize,
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title ?? fullTitle },
    { name: "twitter:description", content: text },
    { name: "twitter:image", content: imageUrl },
    ...siteSeoTags(site),
  ];
  if (article?.publishedTime)
    tags.push({ property: "article:published_time", content: article.publishedTime });
  if (article?.section) tags.push({ property: "article:section", content: article.section });
  for (const feed of [siteFeed(site), ...feeds])
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: feed.title,
      href: feed.everyEdition ? absoluteUrl(site.origin, feed.path) : editionUrl(site, feed.path),
    });
  for (const data of structuredData) tags.push({ "script:ld+json": data });
  return tags;
}

/**
 * An error page's tags (not found, failed to load), or a private page's (a newsletter link): a real title,
 * and `noindex` so that search engines never list it. No canonical or share tags: the address is not a
 * page of the site to share.
 */
export function errorPageMeta(site: SiteMeta, title: string): MetaDescriptor[] {
  return [{ title: `${title} - ${site.siteTitle}` }, { name: "robots", content: "noindex" }];
}

const SITE_LAYOUT_ROUTE_ID = "routes/site/layout";

/** Finds the site layout's meta data among a meta function's matches. */
export function siteMetaFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteMeta {
  const layout = matches.find((m) => m?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData as
    { site?: SiteMeta } | undefined;
  return (
    layout?.site ?? { siteTitle: "Newsdesk", siteDescription: "Your Trusted Source for News", origin: "" }
  );
}
