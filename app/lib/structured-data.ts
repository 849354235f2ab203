/**
 * schema.org structured data (JSON-LD) for reader pages, following Google's rules for articles,
 * breadcrumbs and the sitelinks search box (developers.google.com/search/docs/appearance/structured-data):
 * NewsArticle on article pages, Organization and WebSite on home, BreadcrumbList on articles and
 * categories. Everything comes from the settings and the article; every URL is absolute.
 *
 * The objects go into the page through React Router's `script:ld+json` meta descriptor, which renders
 * `<script type="application/ld+json">` on the server with `<`, `>` and `&` escaped as `\u003c`...,
 * so a title containing `</script>` cannot end the script early (tested in structured-data.test.ts).
 */
import type { SocialLinks } from "#app/db/schema";
import { absoluteUrl, editionUrl, type SiteMeta } from "./seo";

type JsonLd = Record<string, unknown>;

/** Google shows at most 110 characters of an article's headline. */
export const HEADLINE_MAX = 110;

/** The publisher's logo: the site icon as a PNG (rendered from public/favicon.svg), a square Google accepts. */
export const SITE_LOGO = { path: "/images/logo-512.png", width: 512, height: 512 } as const;

/** The reader search page and its query parameter (app/routes/site/search.tsx). */
const SEARCH_PATH = "/search";
const SEARCH_PARAM = "q";

/** The social links the site layout's loader hands every page (its public settings). */
export function siteSocialFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): Partial<SocialLinks> | undefined {
  const layout = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as
    { settings?: { socialMedia?: Partial<SocialLinks> } } | undefined;
  return layout?.settings?.socialMedia;
}

/** Cut at a word boundary with an ellipsis when over `max` characters. */
export function headlineOf(title: string, max = HEADLINE_MAX): string {
  const text = title.trim().replace(/\s+/g, " ");
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function logo(site: SiteMeta): JsonLd {
  return {
    "@type": "ImageObject",
    url: absoluteUrl(site.origin, SITE_LOGO.path),
    width: SITE_LOGO.width,
    height: SITE_LOGO.height,
  };
}

function publisher(site: SiteMeta): JsonLd {
  return {
    "@type": "Organization",
    name: site.siteTitle,
    url: editionUrl(site, "/"),
    logo: logo(site),
  };
}

const SOCIAL_ORDER: ReadonlyArray<keyof SocialLinks> = [
  "facebook",
  "twitter",
  "instagram",
  "youtube",
  "linkedin",
  "tiktok",
  "telegram",
  "whatsapp",
  "pinterest",
];

/** The social profiles that are set and are web addresses (sameAs wants URLs, not handles). */
export function sameAsOf(social: Partial<SocialLinks> | undefined): string[] {
  // In the Settings screen's order: the stored JSON's key order is the database's, not ours.
  return SOCIAL_ORDER.map((network) => social?.[network])
    .map((value) => (typeof value === "string" ? value.trim() : ""))
    .filter((value) => /^https?:\/\/\S+$/i.test(value));
}

/** Home: who publishes the site (name, address, logo, social profiles). */
export function organizationLd(site: SiteMeta, social?: Partial<SocialLinks>): JsonLd {
  const sameAs = sameAsOf(social);
  return {
    "@context": "https://schema.org",
    ...publisher(site),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** Home: the site and its search, so a search engine can offer a search box for it. */
export function webSiteLd(site: SiteMeta): JsonLd {
  const home = editionUrl(site, "/");
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.siteTitle,
    description: site.siteDescription,
    url: home,
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${editionUrl(site, SEARCH_PATH)}?${SEARCH_PARAM}={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

export interface Crumb {
  name: string;
  /** The page's bare path; absolute URLs are made from the site's origin, inside the page's edition. */
  path: string;
}

/** The breadcrumb's first step, the edition's home, named in the page's language (`site.words`). */
export const homeCrumb = (site: SiteMeta): Crumb => ({ name: site.words?.home ?? "Home", path: "/" });

/** Home → ... → the page, each with its position, name and absolute URL. */
export function breadcrumbLd(site: SiteMeta, crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: editionUrl(site, crumb.path),
    })),
  };
}

export interface NewsArticleFacts {
  title: string;
  description: string;
  /** The article's canonical path (articlePath). */
  path: string;
  /** Image URLs or paths, best first (the 1200x630 share copy, then the original). */
  images: string[];
  /** ISO date-times. */
  datePublished: string;
  dateModified: string;
  authorName: string;
  /** The author page's path when the author has one. */
  authorPath?: string | null;
  section?: string | null;
  tags: string[];
  /** The story's language, its edition's tag (decision record 022, point 8): `inLanguage`. */
  language?: string;
  /**
   * A gated story's paywalled part, as a CSS selector (decision record 021): marked as not free, as
   * Google asks of paywalled content, for readers with access too.
   */
  gatedPart?: string;
}

export function newsArticleLd(site: SiteMeta, facts: NewsArticleFacts): JsonLd {
  const url = editionUrl(site, facts.path);
  const images = [...new Set(facts.images.filter(Boolean).map((image) => absoluteUrl(site.origin, image)))];
  const authorName = facts.authorName.trim();
  // A story without a byline is the publication's own.
  const author = authorName
    ? {
        "@type": "Person",
        name: authorName,
        ...(facts.authorPath ? { url: editionUrl(site, facts.authorPath) } : {}),
      }
    : { "@type": "Organization", name: site.siteTitle, url: editionUrl(site, "/") };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: headlineOf(facts.title),
    description: facts.description,
    ...(images.length ? { image: images } : {}),
    datePublished: facts.datePublished,
    dateModified: facts.dateModified,
    author: [author],
    publisher: publisher(site),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(facts.language ? { inLanguage: facts.language } : {}),
    ...(facts.section ? { articleSection: facts.section } : {}),
    ...(facts.tags.length ? { keywords: facts.tags.join(", ") } : {}),
    ...(facts.gatedPart
      ? {
          isAccessibleForFree: false,
          hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: facts.gatedPart },
        }
      : { isAccessibleForFree: true }),
  };
}

export interface LiveCoverageFacts {
  /** ISO date-times; `end` only once the coverage has ended. */
  start: string;
  end: string | null;
  /** The updates shown on the page, newest first, their bodies as plain text. */
  updates: Array<{
    id: string;
    headline: string;
    text: string;
    datePublished: string;
    dateModified?: string;
  }>;
}

/**
 * A live story (decision record 016): the article's facts as a LiveBlogPosting, with its coverage times and
 * each update shown as a BlogPosting whose address is the update's anchor on the page.
 */
export function liveBlogPostingLd(
  site: SiteMeta,
  facts: NewsArticleFacts,
  coverage: LiveCoverageFacts,
): JsonLd {
  const article = newsArticleLd(site, facts);
  const url = editionUrl(site, facts.path);
  return {
    ...article,
    "@type": "LiveBlogPosting",
    coverageStartTime: coverage.start,
    ...(coverage.end ? { coverageEndTime: coverage.end } : {}),
    liveBlogUpdate: coverage.updates.map((update) => ({
      "@type": "BlogPosting",
      headline: headlineOf(update.headline),
      articleBody: update.text,
      datePublished: update.datePublished,
      ...(update.dateModified ? { dateModified: update.dateModified } : {}),
      url: `${url}#update-${update.id}`,
    })),
  };
}
