/**
 * Shared parts of reader pages kept as HTML (decision record 020): the header, categories bar and footer
 * that thousands of pages repeat, rendered once and reused by every page that shows the same thing. A
 * part is kept under its key (its name and what it shows) in variants: one per way its navigation links
 * are marked (`aria-current`), each with the links it holds, so that a page takes the variant whose marks
 * are right for its own address (`isCurrentPath`).
 *
 * Purged exactly as the page cache is (decision record 006): a site-wide change drops every part, a
 * story's change the parts that link to it; a part rendered while a purge happened is not kept. Parts
 * also age out with the pages (`maxAgeMs`), and their bytes are bounded.
 */
import type { Db } from "#app/db/client.server";
import { isCurrentPath } from "#app/lib/current-path";
import { articleIdsLinkedFrom } from "./page-cache.server";
import { onSiteChange, type SiteChange } from "./site-changes.server";

export interface NavMark {
  href: string;
  end: boolean;
  current: boolean;
}

interface Variant {
  html: string;
  marks: NavMark[];
  articleIds: ReadonlySet<string>;
  storedAt: number;
}

/** Variants of one part kept at most: a category's page marks its own link, so about one per category. */
const MAX_VARIANTS = 32;
const variantBytes = (variant: Variant) => variant.html.length * 2 + 512 + 64 * variant.marks.length;

export class FragmentCache {
  private readonly parts = new Map<string, Variant[]>();
  private bytes = 0;
  /** Grows with every purge; a render that started before the latest purge keeps nothing. */
  generation = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get usedBytes() {
    return this.bytes;
  }

  /** The part for a page at `pathname`, when a variant with the right marks is kept. */
  get(key: string, pathname: string): { html: string; marks: NavMark[] } | undefined {
    const variants = this.parts.get(key);
    if (!variants) return undefined;
    const now = this.now();
    const found = variants.find(
      (variant) =>
        now - variant.storedAt < this.maxAgeMs &&
        variant.marks.every((mark) => isCurrentPath(pathname, mark.href, mark.end) === mark.current),
    );
    if (!found) return undefined;
    // Least recently used last out: a part asked for moves to the end.
    this.parts.delete(key);
    this.parts.set(key, variants);
    return found;
  }

  set(key: string, html: string, marks: NavMark[], renderedAtGeneration: number) {
    if (renderedAtGeneration !== this.generation) return false;
    const variant: Variant = { html, marks, articleIds: articleIdsLinkedFrom(html), storedAt: this.now() };
    const size = variantBytes(variant);
    if (size > this.maxBytes / 8) return false;
    const sameMarks = (other: Variant) =>
      other.marks.length === marks.length &&
      other.marks.every((mark, i) => mark.href === marks[i]!.href && mark.current === marks[i]!.current);
    const kept = (this.parts.get(key) ?? []).filter((other) => {
      const replaced = sameMarks(other) || this.now() - other.storedAt >= this.maxAgeMs;
      if (replaced) this.bytes -= variantBytes(other);
      return !replaced;
    });
    kept.unshift(variant);
    while (kept.length > MAX_VARIANTS) this.bytes -= variantBytes(kept.pop()!);
    this.parts.delete(key);
    this.parts.set(key, kept);
    this.bytes += size;
    for (const [oldest, variants] of this.parts) {
      if (this.bytes <= this.maxBytes) break;
      this.parts.delete(oldest);
      for (const old of variants) this.bytes -= variantBytes(old);
    }
    return true;
  }

  purge(change: SiteChange) {
    this.generation++;
    if (change.scope === "everything") {
      this.parts.clear();
      this.bytes = 0;
      return;
    }
    const { articleId, articleSlug } = change;
    for (const [key, variants] of this.parts) {
      const kept = variants.filter((variant) => {
        const shows =
          variant.articleIds.has(articleId) || (articleSlug !== undefined && variant.articleIds.has(articleSlug));
        if (shows) this.bytes -= variantBytes(variant);
        return !shows;
      });
      if (kept.length === 0) this.parts.delete(key);
      else this.parts.set(key, kept);
    }
  }
}

/**
 * Shared parts' memory: a sixteenth of the page cache's (PAGE_CACHE_MB), taken from it (server/app.ts
 * gives the page cache the rest), so both together stay within what the operator set.
 */
export const fragmentShare = (pageCacheBytes: number) => Math.floor(pageCacheBytes / 16);

const cachesByDb = new WeakMap<Db, FragmentCache>();

/** The shared parts of this database's site: one cache per database, purged by its changes. */
export function fragmentCacheFor(db: Db, options: { maxBytes: number; maxAgeMs: number }): FragmentCache {
  let cache = cachesByDb.get(db);
  if (!cache) {
    const created = new FragmentCache(options.maxBytes, options.maxAgeMs);
    onSiteChange(db, (change) => created.purge(change));
    cachesByDb.set(db, created);
    cache = created;
  }
  return cache;
}
