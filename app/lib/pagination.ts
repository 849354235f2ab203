/** Page numbers for listings (All articles and every paged listing; pagination.test.ts). */

type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * The numbered window: first, last, current ±1, and an ellipsis wherever pages are skipped.
 * E.g. page 5 of 10 gives 1 … 4 5 6 … 10.
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const numbers = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  numbers.forEach((n, i) => {
    const previous = numbers[i - 1];
    if (previous !== undefined && n - previous > 1)
      items.push(previous === 1 ? "ellipsis-start" : "ellipsis-end");
    items.push(n);
  });
  return items;
}

/** How many pages a listing of `total` items has: at least one, so an empty listing still shows page 1. */
export const totalPagesFor = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** The range of 'Showing X to Y of Z articles' (`listing.showing`; X is 0 when there is nothing to show). */
export function showingRange(page: number, perPage: number, total: number): { from: number; to: number } {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  return { from, to: Math.min(page * perPage, total) };
}

/** `?page=` from the URL: a positive whole number, anything else is page 1. */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * Where a listing page should live: `null` when the requested `?page=` is already the page shown,
 * otherwise the one address of that page (page 1 has no `?page=`). A page past the end, a malformed
 * one or `?page=1` is sent there, so every page has a single address.
 */
export function canonicalPagePath(basePath: string, requested: string | null, shown: number): string | null {
  const canonical = shown > 1 ? String(shown) : null;
  if (requested === null || requested === canonical) return null;
  return canonical ? `${basePath}?page=${canonical}` : basePath;
}
