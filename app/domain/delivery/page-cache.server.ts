/**
 * The page cache: finished public pages kept in memory, already compressed, so a hit costs no React
 * render and no query. Decision record 006 explains the rules; in short:
 * - only anonymous GET/HEAD of public paths is looked up (`isCacheableRequest`), and only a 200 or 404
 *   without `Set-Cookie` or a private/no-store `Cache-Control` is kept (`isStorableResponse`);
 * - the key holds everything that makes two such responses differ (`pageCacheKey`);
 * - memory is bounded by bytes, least recently used first out;
 * - a miss compresses the page once, fast, for its reader's encoding (page-compression.server.ts);
 * - a change purges exactly (`purge`): everything for a site-wide change, else the pages that link to
 *   the changed article. A render that overlapped any purge is not stored, so nothing stale survives.
 */
import { createHash } from "node:crypto";
import { hasPersonalCookie } from "#app/domain/settings/public-delivery.server";
import { isBackOfficePath } from "#app/lib/paths";
import { ACCESS_CLASS_HEADER } from "#app/domain/access/story-access.server";

const ANONYMOUS_CLASS = "anonymous";
import { encode, FAST_BROTLI_QUALITY, type Encoding } from "./page-compression.server";
import type { SiteChange } from "./site-changes.server";

export interface CachedPage {
  status: number;
  /** The response's own headers, minus those about the body's bytes and cookies. */
  headers: [string, string][];
  /** Weak: the same page is sent gzip or brotli. */
  etag: string;
  /**
   * The page compressed in the encodings readers have asked for so far (decision record 014): a miss
   * compresses only its reader's, the other is added when first asked for.
   */
  bodies: Partial<Record<Encoding, Buffer>>;
  /** Brotli's quality of `bodies.br`: fast when stored, the best once readers asked often. */
  brotliQuality: number;
  /** The articles this page links to: editing one of them, or its comments, purges the page. */
  articleIds: ReadonlySet<string>;
  expiresAt: number;
  /** Hits since it was stored: a page asked for often is worth a better compression. */
  hits: number;
}

/**
 * A page's ETag, from its bytes. Weak: the same page is sent gzip or brotli. A page that knows the bytes
 * of another response (a live story and its poll) can name that response's ETag in advance.
 */
export const weakEtag = (body: Buffer | string) =>
  `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;

/** The page as its first reader takes it (plain bytes are kept gzipped): compressed once, fast. */
export async function storedPage(
  body: Buffer,
  meta: Pick<CachedPage, "status" | "headers" | "expiresAt">,
  asked: Encoding | "identity",
  {
    brotliQuality = FAST_BROTLI_QUALITY,
    articleIds,
  }: {
    brotliQuality?: number;
    /** The linked stories when the cache tags already read them off the same bytes (server/cache-tags.ts). */
    articleIds?: Set<string>;
  } = {},
): Promise<CachedPage> {
  const encoding = asked === "identity" ? "gzip" : asked;
  return {
    ...meta,
    etag: weakEtag(body),
    bodies: { [encoding]: await encode(body, encoding, brotliQuality) },
    brotliQuality,
    articleIds: articleIds ?? articleIdsLinkedFrom(body),
    hits: 0,
  };
}

/**
 * What a kept page costs the heap: its bytes, plus its key, headers and linked ids (measured at about
 * 2 KB a page, and more for a page that links to many stories), so PAGE_CACHE_MB bounds real memory.
 */
export const pageBytes = (page: CachedPage) =>
  (page.bodies.br?.length ?? 0) + (page.bodies.gzip?.length ?? 0) + 2048 + 64 * page.articleIds.size;

/** A byte-bounded LRU of pages. A Map keeps insertion order: a hit moves its key to the end. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  /** Grows with every purge; a render that started before the latest purge is not stored. */
  generation = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.pages.size;
  }

  get usedBytes() {
    return this.bytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (page.expiresAt <= this.now()) {
      this.bytes -= pageBytes(page);
      return undefined;
    }
    this.pages.set(key, page);
    page.hits++;
    return page;
  }

  /** Stores the page unless a purge happened since `renderedAtGeneration`; returns whether it did. */
  set(key: string, page: CachedPage, renderedAtGeneration: number): boolean {
    const size = pageBytes(page);
    // One page may not take more than an eighth of the cache: a huge feed must not evict everything.
    if (renderedAtGeneration !== this.generation || size > this.maxBytes / 8) return false;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += size;
    this.evictOverflow();
    return true;
  }

  /**
   * Swaps in another form of the same page (an encoding added, a better compression) if `current` is
   * still what is kept under `key`: a page purged or stored anew meanwhile is left alone.
   */
  replace(key: string, current: CachedPage, next: CachedPage): boolean {
    if (this.pages.get(key) !== current || pageBytes(next) > this.maxBytes / 8) return false;
    next.hits = current.hits;
    this.pages.set(key, next);
    this.bytes += pageBytes(next) - pageBytes(current);
    this.evictOverflow();
    return true;
  }

  private evictOverflow() {
    for (const [oldest, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= pageBytes(old);
    }
  }

  purge(change: SiteChange) {
    this.generation++;
    if (change.scope === "everything") {
      this.pages.clear();
      this.bytes = 0;
      return;
    }
    for (const [key, page] of this.pages) {
      const { articleId, articleSlug } = change;
      if (page.articleIds.has(articleId) || (articleSlug && page.articleIds.has(articleSlug)))
        this.remove(key);
    }
  }

  private remove(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= pageBytes(page);
  }
}

/** Endpoints and files Express serves itself: looking them up would only cost every asset a miss. */
const NOT_PAGES = /^\/(resources|assets|media)(\/|$)/i;

/**
 * Only an anonymous reader's GET or HEAD of a public path. The back office is matched without regard to
 * case, as the router matches it; `/resources/` are endpoints, not pages.
 */
export function isCacheableRequest(request: { method: string; path: string; cookie?: string | null }) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (isBackOfficePath(request.path) || NOT_PAGES.test(request.path)) return false;
  return !hasPersonalCookie(request.cookie);
}

/**
 * A page every reader of the access class (decision record 021) may be sent: a 200 or a 404, no
 * cookie set, not marked no-store. A page that names the class it was rendered for (a gated story's,
 * `X-Access-Class`) is kept only under that class's key (a pass that ran out between the lookup and the
 * render leaves nothing); `private` is kept only then, for a class of members: a full gated page, for
 * that class alone, never the anonymous key.
 */
export function isStorableResponse(
  response: { status: number; headers: Headers },
  accessClass: string = ANONYMOUS_CLASS,
) {
  if (response.status !== 200 && response.status !== 404) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const renderedFor = response.headers.get(ACCESS_CLASS_HEADER);
  if (renderedFor !== null && renderedFor !== accessClass) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\bno-store\b/i.test(cacheControl)) return false;
  return !/\bprivate\b/i.test(cacheControl) || (renderedFor !== null && accessClass !== ANONYMOUS_CLASS);
}

export interface KeyParts {
  /** The full URL as the page sees it: the host is part of it while absolute links may come from it. */
  url: string;
  maintenance: boolean;
  /** Only when a device-specific snippet is active; otherwise every device shares one entry. */
  deviceClass?: "mobile" | "desktop";
  /** Lite pages (`Save-Data: on`, or Lite chosen: app/lib/lite-mode.ts) are kept apart from full ones. */
  lite: boolean;
  /**
   * A signed-in reader's access class (decision record 021, point 4): pages vary by it, never by
   * reader. Anonymous requests leave it out and keep the key they always had.
   */
  accessClass?: string;
}

export function pageCacheKey(parts: KeyParts): string {
  return [
    parts.url,
    parts.maintenance ? "maintenance" : "",
    parts.deviceClass ?? "",
    parts.lite ? "lite" : "",
    ...(parts.accessClass && parts.accessClass !== ANONYMOUS_CLASS ? [parts.accessClass] : []),
  ].join("\u0000");
}

/**
 * A link to a story by its slug or id (/article/<slug>), or the article page's own mark of its id
 * (data-view-article): an article change names both, so either finds the pages to purge.
 */
const ARTICLE_LINK = /\/article\/([a-z0-9][a-z0-9-]{0,119})|data-view-article="([0-9a-f-]{36})"/gi;

/**
 * Every article a page links to, read off its bytes: cards, trending, related, feeds and sitemaps all
 * link to what they show, so no loader has to remember to declare it.
 */
export function articleIdsLinkedFrom(body: Buffer | string): Set<string> {
  const text = typeof body === "string" ? body : body.toString("utf8");
  const ids = new Set<string>();
  for (const match of text.matchAll(ARTICLE_LINK)) ids.add((match[1] ?? match[2])!.toLowerCase());
  return ids;
}

/** Brotli when the client takes it, else gzip, else the plain bytes. */
export function chooseEncoding(acceptEncoding: string | null | undefined): "br" | "gzip" | "identity" {
  const accepted = (acceptEncoding ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip") || accepted.includes("*")) return "gzip";
  return "identity";
}

/** `If-None-Match` names this page's ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}
