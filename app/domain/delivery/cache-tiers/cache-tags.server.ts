/**
 * Cache tags: the keys a shared cache in front of the app (Varnish, Cloudflare, Fastly) files each answer
 * under, so that a change purges there exactly what the page cache purges here (page-cache.server.ts,
 * decision record 023). A page carries the site's key, purged by a site-wide change, and one key for each
 * story it links to, purged when that story's text or comments change; the same ids the page cache reads
 * off the page's bytes (`articleIdsLinkedFrom`), so no loader has to declare them. A page that links to
 * more stories than a header can name carries the broader key every story change purges. Media files are
 * not site-wide (a setting changed must not empty the CDN of photos): each carries its own key, purged
 * when it is deleted.
 */
import type { SiteChange } from "../site-changes.server";

/** Every page, feed, sitemap and poll: a site-wide change (settings, categories, what is published) purges it. */
export const SITE_TAG = "nd";
/** A page whose stories do not fit its header: any story's change purges it. */
export const ANY_STORY_TAG = "nd-a";

/** A story by its id or slug, as pages link to it (lower case: tags are case-insensitive at Cloudflare). */
export const storyTag = (idOrSlug: string) => `${ANY_STORY_TAG}-${idOrSlug.toLowerCase()}`;
/** One stored media file by its key (`isMediaKey`). */
export const mediaTag = (key: string) => `nd-m-${key.toLowerCase()}`;

/**
 * The most bytes of tags a response carries. The smallest limit of the three headers: Varnish reads a
 * response header line of at most 8 KB (`http_resp_hdr_len`), Fastly's `Surrogate-Key` and Cloudflare's
 * `Cache-Tag` take 16 KB.
 */
export const MAX_TAG_BYTES = 7_500;

/**
 * A page's tags: the site's, and each linked story's while they fit in `maxBytes` (a home page's
 * fifty-odd stories take about 3 KB); past that, the broader key in their place.
 */
export function pageTags(linkedStories: Iterable<string>, maxBytes = MAX_TAG_BYTES): string[] {
  const tags = [SITE_TAG];
  let bytes = SITE_TAG.length;
  for (const story of linkedStories) {
    const tag = storyTag(story);
    bytes += tag.length + 1;
    if (bytes > maxBytes) return [SITE_TAG, ANY_STORY_TAG];
    tags.push(tag);
  }
  return tags;
}

/** The tags a change purges: the site's for a site-wide change; a story's own, and the broader key, for one story. */
export function changeTags(change: SiteChange): string[] {
  const media = (change.mediaKeys ?? []).map(mediaTag);
  if (change.scope === "everything") return [SITE_TAG, ...media];
  const { articleId, articleSlug } = change;
  return [
    ANY_STORY_TAG,
    storyTag(articleId),
    ...(articleSlug ? [storyTag(articleSlug)] : []),
    ...media,
  ];
}

/** A response header that carries tags to one kind of cache, and how it separates them. */
export interface TagHeader {
  name: string;
  separator: string;
}

/** Varnish's xkey module, Fastly and Cloudflare: each reads its own header (operations guide). */
const TAG_HEADERS = {
  varnish: { name: "xkey", separator: " " },
  fastly: { name: "Surrogate-Key", separator: " " },
  cloudflare: { name: "Cache-Tag", separator: "," },
} satisfies Record<string, TagHeader>;

/**
 * The headers of the tiers configured, and only those: a reader's phone pays for every byte that no
 * cache in front takes off (each takes its own off; deploy/varnish.vcl does for Varnish).
 */
export function tagHeadersFor(tiers: {
  varnishUrls: readonly string[];
  cloudflare?: object;
  fastly?: object;
}): TagHeader[] {
  return [
    ...(tiers.varnishUrls.length > 0 ? [TAG_HEADERS.varnish] : []),
    ...(tiers.fastly ? [TAG_HEADERS.fastly] : []),
    ...(tiers.cloudflare ? [TAG_HEADERS.cloudflare] : []),
  ];
}
