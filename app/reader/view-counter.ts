/**
 * Counts one view per browser per article (public-site.md section 4): the ids already counted are
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

export const viewCounterPath = (articleId: string) =>
  `/resources/article-views/${encodeURIComponent(articleId)}`;

/** The article page marks itself with data-view-article="<id>". */
export function countView() {
  const articleId = document.querySelector<HTMLElement>("[data-view-article]")?.dataset.viewArticle;
  if (!articleId) return;
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch (error) {
    console.warn("View not counted: local storage is unavailable", error);
    return;
  }
  if (readViewedIds(storage).includes(articleId)) return;
  fetch(viewCounterPath(articleId), { method: "POST" })
    .then((response) => {
      // A refused count (rate limit) is as final as a counted one; other failures retry next visit.
      if (response.ok) rememberViewedId(storage, articleId);
      else console.warn(`View not counted for ${articleId}: ${response.status}`);
    })
    .catch((error: unknown) => console.warn(`View not counted for ${articleId}`, error));
}
