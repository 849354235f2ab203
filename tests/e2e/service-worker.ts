/**
 * Reading the service worker's state from a page (decision record 019): whether it runs and controls the
 * page, and what it keeps in Cache Storage on this device.
 */
import type { Page } from "@playwright/test";
import { OFFLINE_CACHE } from "../../app/lib/offline-text";

/** Waits for the worker the reader script registered after the page loaded to be running. */
export async function workerReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** Waits until the worker answers this page's requests (it claims open pages once active). */
export async function workerControls(page: Page) {
  await workerReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The paths of the pages the worker has kept on this device. */
export function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, OFFLINE_CACHE.pages);
}

export interface CachedEntry {
  cache: string;
  /** The entry's path and query. */
  address: string;
  text: string;
}

/** Every entry of every Cache Storage cache of the page's origin, with its whole text. */
export function cachedEntries(page: Page): Promise<CachedEntry[]> {
  return page.evaluate(async () => {
    const entries: CachedEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const url = new URL(request.url);
        entries.push({
          cache: name,
          address: url.pathname + url.search,
          text: (await response?.text()) ?? "",
        });
      }
    }
    return entries;
  });
}
