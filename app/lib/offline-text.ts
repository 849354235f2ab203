/**
 * The names the service worker (public/service-worker.js, plain JavaScript) and the reader script share
 * for offline reading: `app/reader/offline.test.ts` checks the worker uses the same ones. Its texts are
 * messages (`offline.*`, decision record 022, point 6).
 */

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
