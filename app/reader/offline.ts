/**
 * Offline reading (decision record 019): registers the service worker (public/service-worker.js) once the
 * page has loaded, so a first visit downloads nothing else before the reader sees the page, and fills the
 * "Read offline" lists (the phone menu's, the offline page's) with the stories the worker has kept on this
 * device, newest first.
 */
import { OFFLINE_CACHE, SERVICE_WORKER_PATH } from "#app/lib/offline-text";
import { element } from "./dom";

/** At most this many stories in a list. */
const LISTED = 12;

export interface KeptStory {
  path: string;
  title: string;
  keptAt: number;
}

/** Kept stories, newest first: article pages still within their time, with a headline. */
export function storiesFrom(
  entries: { url: string; keptAt: number; title: string }[],
  now: number,
): KeptStory[] {
  return entries
    .map((entry) => ({ path: new URL(entry.url).pathname, title: entry.title.trim(), keptAt: entry.keptAt }))
    .filter((s) => s.path.startsWith("/article/") && s.title && now - s.keptAt <= OFFLINE_CACHE.keepMs)
    .sort((a, b) => b.keptAt - a.keptAt)
    .slice(0, LISTED);
}

/** The headline as the worker kept it: the page's escaped attribute text, URI-encoded. */
function decoded(header: string): string {
  try {
    const html = decodeURIComponent(header);
    return new DOMParser().parseFromString(html, "text/html").documentElement.textContent ?? "";
  } catch {
    return "";
  }
}

async function keptStories(): Promise<KeptStory[]> {
  if (!("caches" in window) || !(await caches.has(OFFLINE_CACHE.pages))) return [];
  const cache = await caches.open(OFFLINE_CACHE.pages);
  const entries = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith("/article/")) continue;
    const response = await cache.match(request);
    if (!response) continue;
    entries.push({
      url: request.url,
      keptAt: Number(response.headers.get(OFFLINE_CACHE.keptAt)),
      title: decoded(response.headers.get(OFFLINE_CACHE.title) ?? ""),
    });
  }
  return storiesFrom(entries, Date.now());
}

async function fillLists() {
  const lists = document.querySelectorAll<HTMLElement>("[data-offline-list]");
  if (lists.length === 0) return;
  const stories = await keptStories();
  for (const list of lists) {
    // A first visit keeps nothing yet: the page is left as it came (no style work for nothing).
    if (stories.length === 0 && list.childElementCount === 0) continue;
    list.replaceChildren(
      ...stories.map((story) => {
        const item = element("li", "");
        item.append(
          element(
            "a",
            "flex min-h-11 items-center px-3 py-2 font-semibold text-slate-800 hover:text-brand-700",
            { href: story.path },
            story.title,
          ),
        );
        return item;
      }),
    );
    // The menu's part shows only with something in it; the offline page says when nothing is kept.
    const part = list.closest<HTMLElement>("[data-offline-menu]");
    if (part) part.hidden = stories.length === 0;
    const empty = list.parentElement?.querySelector<HTMLElement>("[data-offline-empty]");
    if (empty) empty.hidden = stories.length > 0;
  }
}

/** How long after the load the worker is registered, at the least. */
const REGISTER_DELAY_MS = 3000;

/**
 * Set on a reader's first page. From the second page on, the worker is told each page was opened; a lite
 * page registers the worker only then.
 */
const SEEN_KEY = "newsdesk-seen";

function isFirstPage(): boolean {
  try {
    if (localStorage.getItem(SEEN_KEY)) return false;
    localStorage.setItem(SEEN_KEY, "1");
    return true;
  } catch {
    return true;
  }
}

/** This page, and the page of ours the reader came from (a story from a search engine, then this one). */
function openedPages(): string[] {
  const pages = [location.href];
  try {
    if (document.referrer && new URL(document.referrer).origin === location.origin)
      pages.push(document.referrer);
  } catch {
    // An unreadable referrer: this page alone.
  }
  return pages;
}

/**
 * `fromSecondPage`: a lite page (the reader saves data) leaves the worker for the next page, so a first
 * visit is the page alone.
 */
export function wireOfflineReading({ fromSecondPage = false }: { fromSecondPage?: boolean } = {}) {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch((error: unknown) => {
      console.error("[reader] the service worker could not be registered", error);
    });
  };
  // Nothing of this runs before the load and the page's first idle moment: the lists and the storage
  // lookups wait, and registering (which starts the worker) waits 3 s more. Work in the reader's first
  // seconds on a slow phone shares the main thread with the page (Lighthouse counted it as blocking).
  const whenIdle = (work: () => void, timeoutMs: number) =>
    "requestIdleCallback" in window ? requestIdleCallback(work, { timeout: timeoutMs }) : setTimeout(work, 1);
  const afterLoad = () =>
    whenIdle(() => {
      void fillLists().catch((error: unknown) => console.error("[reader] offline list", error));
      if (isFirstPage()) {
        if (!fromSecondPage) setTimeout(() => whenIdle(register, REGISTER_DELAY_MS), REGISTER_DELAY_MS);
        return;
      }
      // A later page: the worker keeps it (and the page before) and starts its refresh, also when the
      // reader left the first page before its worker was up, so this page did not pass through it.
      register();
      void navigator.serviceWorker.ready
        .then((registration) => registration.active?.postMessage({ opened: openedPages() }))
        .catch((error: unknown) => console.error("[reader] offline reading", error));
    }, 1000);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
