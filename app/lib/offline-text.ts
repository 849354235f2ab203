/**
 * Offline reading's texts and the names the service worker (public/service-worker.js, plain JavaScript)
 * and the reader script share: `app/reader/offline.test.ts` checks the worker uses the same ones.
 */
export const OFFLINE_TEXT = {
  title: "You're offline",
  message:
    "This page isn't saved on this device. Check your connection, or read a story saved for offline reading.",
  listTitle: "Saved for offline reading",
  empty:
    "No stories are saved yet. Stories you open, and those on the home page, are saved while you are online.",
  tryHome: "Try the home page",
  menuTitle: "Read offline",
} as const;

/** The worker's cache of pages, and the headers it adds to each kept copy. */
export const OFFLINE_CACHE = {
  pages: "newsdesk-pages-v1",
  keptAt: "x-newsdesk-kept-at",
  title: "x-newsdesk-title",
  /** How long a kept page is shown offline. */
  keepMs: 3 * 24 * 60 * 60 * 1000,
} as const;

/** Where the worker is served and the page it shows for what it has not kept. */
export const SERVICE_WORKER_PATH = "/service-worker.js";
export const OFFLINE_PATH = "/offline";
