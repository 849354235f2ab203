/**
 * Cache tags on the answers a shared cache in front may keep (decision record 023): pages, feeds,
 * sitemaps and the live poll get the tag header of each configured tier, with the keys their purge
 * names (app/domain/delivery/cache-tiers/cache-tags.server.ts), read off the answer's own bytes as the
 * page cache reads them. The page cache keeps the headers with the page, so a hit carries them too.
 */
import { articleIdsLinkedFrom } from "#app/domain/delivery/page-cache.server";
import { pageTags, type TagHeader } from "#app/domain/delivery/cache-tiers/cache-tags.server";
import { documentResponse, documentTextOf } from "#app/lib/document-text";
import type { PageHandler } from "./page-handler";

/** Text answers a cache keeps and whose links name stories: HTML, feeds (RSS, Atom, JSON), sitemaps. */
const TAGGED_TYPES = /^(text\/|application\/([a-z.+-]*\+)?(xml|json))/i;

/** An answer any shared cache may keep: GET or HEAD, 200 or 404, no cookie, `public` or `s-maxage`, nothing private. */
export function isSharedAnswer(request: Request, response: Response): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (response.status !== 200 && response.status !== 404) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return false;
  return /\b(public|s-maxage)\b/i.test(cacheControl);
}

/** Sets each header's tags on the response. */
function setTagHeaders(headers: Headers, tagHeaders: readonly TagHeader[], tags: readonly string[]) {
  for (const { name, separator } of tagHeaders) headers.set(name, tags.join(separator));
}

/** The stories a tagged answer links to, read once: the page cache keeps the same ids with the page. */
const storiesLinked = new WeakMap<Response, Set<string>>();
export const storiesLinkedBy = (response: Response) => storiesLinked.get(response);

function tag(response: Response, tagHeaders: readonly TagHeader[], body: string) {
  const stories = articleIdsLinkedFrom(body);
  storiesLinked.set(response, stories);
  setTagHeaders(response.headers, tagHeaders, pageTags(stories));
  return response;
}

/** `handle` with tags on what a shared cache may keep; as it is when no tier is configured. */
export function taggedAnswers(handle: PageHandler, tagHeaders: readonly TagHeader[]): PageHandler {
  if (tagHeaders.length === 0) return handle;
  return async (request, context) => {
    const response = await handle(request, context);
    if (!isSharedAnswer(request, response)) return response;
    const text = documentTextOf(response);
    if (text !== null) return tag(response, tagHeaders, text);
    if (!response.body || !TAGGED_TYPES.test(response.headers.get("Content-Type") ?? "")) {
      setTagHeaders(response.headers, tagHeaders, pageTags([]));
      return response;
    }
    // A feed or sitemap: read whole (they are bounded), tagged, and handed on as text.
    const body = await response.text();
    const tagged = documentResponse(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return tag(tagged, tagHeaders, body);
  };
}
