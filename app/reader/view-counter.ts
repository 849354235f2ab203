/**
 * Counts one view per browser per article: the ids already counted are
 * kept in local storage and only a new id asks the server. Failures are only logged.
 */
export const VIEWED_ARTICLES_KEY = "viewedArticles";
/** Keeps the stored list from growing without end; the oldest ids drop off first. */
const MAX_REMEMBERED = 500;

export function readViewedIds(storage: Pick<Storage, "getItem">): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VIEWED_ARTICLES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function rememberViewedId(storage: Pick<Storage, "getItem" | "setItem">, id: string) {
  const ids = readViewedIds(storage).filter((known) => known !== id);
  ids.push(id);
  storage.setItem(VIEWED_ARTICLES_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
}

/** The counter answers a counted view with the article's new total. */
export const ARTICLE_VIEWS_HEADER = "X-Article-Views";
/** The totals this browser's views came back with, by article. */
export const VIEW_TOTALS_KEY = "articleViewTotals";

export function readViewTotals(storage: Pick<Storage, "getItem">): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VIEW_TOTALS_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => Number.isSafeInteger(entry[1])),
    );
  } catch {
    return {};
  }
}

export function rememberViewTotal(storage: Pick<Storage, "getItem" | "setItem">, id: string, total: number) {
  const totals = readViewTotals(storage);
  delete totals[id];
  totals[id] = total;
  const newest = Object.entries(totals).slice(-MAX_REMEMBERED);
  storage.setItem(VIEW_TOTALS_KEY, JSON.stringify(Object.fromEntries(newest)));
}

/**
 * The count to show: the page's, unless this browser's own view came back with a higher total. A page
 * from the page cache may be older than the reader's view; the reader must still see it counted.
 */
export const shownViews = (pageCount: number, ownTotal: number | undefined) =>
  ownTotal !== undefined && ownTotal > pageCount ? ownTotal : pageCount;

function showViews(articleId: string, storage: Pick<Storage, "getItem">, viewsText: ViewsText) {
  const target = document.querySelector<HTMLElement>("[data-view-count]");
  if (!target) return;
  // The number itself: the words around it are the page's language's, and may hold digits.
  const pageCount = Number(target.dataset.viewCount || (target.textContent ?? "").replace(/\D/g, ""));
  const shown = shownViews(pageCount, readViewTotals(storage)[articleId]);
  if (shown !== pageCount) target.textContent = viewsText(shown);
}

export const viewCounterPath = (articleId: string) =>
  `/resources/article-views/${encodeURIComponent(articleId)}`;

/** "1,234 views" in the page's words: the full script's from its island, the lite one's English. */
export type ViewsText = (count: number) => string;

/** The article page marks itself with data-view-article="<id>". */
export function countView(viewsText: ViewsText) {
  const articleId = document.querySelector<HTMLElement>("[data-view-article]")?.dataset.viewArticle;
  if (!articleId) return;
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch (error) {
    console.warn("View not counted: local storage is unavailable", error);
    return;
  }
  if (readViewedIds(storage).includes(articleId)) {
    showViews(articleId, storage, viewsText);
    return;
  }
  fetch(viewCounterPath(articleId), { method: "POST" })
    .then((response) => {
      // A refused count (rate limit) is as final as a counted one; other failures retry next visit.
      if (response.ok) rememberViewedId(storage, articleId);
      const total = Number(response.headers.get(ARTICLE_VIEWS_HEADER));
      if (response.ok && Number.isSafeInteger(total) && total > 0) {
        rememberViewTotal(storage, articleId, total);
        showViews(articleId, storage, viewsText);
      } else console.warn(`View not counted for ${articleId}: ${response.status}`);
    })
    .catch((error: unknown) => console.warn(`View not counted for ${articleId}`, error));
}
