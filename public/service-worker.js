/*
 * Newsdesk's service worker (decision records 017 and 019). Plain JavaScript, served as it is from the
 * site's root (no-cache, so an update is seen on the next page), registered by the reader script after a
 * page has loaded.
 *
 * Offline reading (decision record 019): every public page the reader opens while online is kept, and on the
 * pages after the first, the home page and the stories it lists (with each story's smallest photo) are
 * fetched in the background at most every 15 minutes, unless the reader saves data. Pages always come from
 * the network first: a kept copy is shown only when the network fails, so an update never leaves a reader on
 * old text, script or styles. Kept pages expire after three days. The back office, /resources, form answers
 * (anything but GET) and personal pages (private or no-store) are never kept or answered here.
 *
 * Alerts (decision record 017): shows the breaking-news alerts the server sends by web push and opens the
 * story.
 */
const PAGES = "newsdesk-pages-v1";
/** Build files and photos apart: photos crowding out the stylesheet would leave kept pages unstyled. */
const BUILD = "newsdesk-build-v1";
const PHOTOS = "newsdesk-photos-v1";
const OFFLINE_PAGE = "/offline";
const KEEP_MS = 3 * 24 * 60 * 60 * 1000;
const REFRESH_MS = 15 * 60 * 1000;
const PRUNE_MS = 10 * 60 * 1000;
const CAPS = { [PAGES]: 60, [BUILD]: 30, [PHOTOS]: 200 };
/** Stories fetched in the background from the home page, and the largest photo kept for offline. */
const MAX_STORIES = 20;
const MAX_PHOTO_BYTES = 150 * 1024;
/** What a kept page carries besides its own headers: when it was kept and its headline. */
const KEPT_AT = "x-newsdesk-kept-at";
const KEPT_TITLE = "x-newsdesk-title";
/** Not a page: the entry that says when the last background refresh began. */
const REFRESHED_AT = "/__newsdesk-refreshed";

const isBackOffice = (path) => /^\/admin(\/|$)/i.test(path);
const isNeverHandled = (path) =>
  isBackOffice(path) || /^\/(resources|healthz|service-worker\.js)(\/|$)/i.test(path);
const isBuildFile = (path) => path.startsWith("/assets/");
const isPhoto = (path) => /^\/(media|images)\//.test(path) || path === "/favicon.svg";
/** Hashed build files (never change) and uploads (random names): the cache's copy is as good as new. */
const isImmutable = (path) => isBuildFile(path) || path.startsWith("/media/");
/** A request made by a back-office page (its scripts, the media library's photos): never kept. */
const fromBackOffice = (request) => {
  try {
    return isBackOffice(new URL(request.referrer).pathname);
  } catch {
    return false;
  }
};

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("newsdesk-") && !(name in CAPS)) await caches.delete(name);
      }
      await prune();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverHandled(url.pathname)) return;
  if (request.mode === "navigate") event.respondWith(openPage(event, url));
  else if ((isBuildFile(url.pathname) || isPhoto(url.pathname)) && !fromBackOffice(request))
    event.respondWith(openFile(event, url));
});

/** A page from the network, kept on the way; offline, the kept copy or the offline page. */
async function openPage(event, url) {
  try {
    // Always asked of the server (a 304 when nothing changed): the browser's cache would otherwise
    // serve a worker's fetch a stale copy while it revalidates (stale-while-revalidate).
    const response = await fetch(new Request(event.request, { cache: "no-cache" }));
    if (isKeepable(response)) {
      const copy = response.clone();
      event.waitUntil(
        keepPage(new URL(response.url || url.href), copy)
          .then((html) => (isLite(html) ? undefined : refreshIfDue()))
          .then(pruneIfDue)
          .catch(() => {}),
      );
    }
    return response;
  } catch (error) {
    const kept = await keptPage(url.href);
    if (kept) return kept;
    const offline = await keptPage(new URL(OFFLINE_PAGE, self.location.origin).href);
    if (offline) return offline;
    throw error;
  }
}

/**
 * From the reader's second page on, the page says it was opened (app/reader/offline.ts): one the worker did
 * not answer (the reader left the first page before its worker was up) is kept now, with the page before,
 * and the refresh starts: offline reading begins at the second page, not the third.
 */
self.addEventListener("message", (event) => {
  const pages = (event.data || {}).opened;
  if (Array.isArray(pages)) event.waitUntil(keepOpened(pages).catch(() => {}));
});

async function keepOpened(hrefs) {
  let refresh = false;
  for (const [i, href] of hrefs.slice(0, 2).entries()) {
    const url = new URL(href);
    url.hash = "";
    if (url.origin !== self.location.origin || isNeverHandled(url.pathname)) continue;
    const kept = await keptPage(url.href);
    // This page unless the worker answered it (kept this minute), the page before unless kept; fetched
    // with the reader's cookies (their lite choice); a personal answer is not kept.
    const html =
      kept && (i || Date.now() - kept.headers.get(KEPT_AT) < 60000)
        ? await kept.text()
        : await fetchPage(url.href, "same-origin");
    // As after a page the worker answered: only a kept page (not a staff member's) that is not lite.
    if (!i) refresh = html && !isLite(html);
  }
  if (refresh) await refreshIfDue();
  await pruneIfDue();
}

/** A lite page (the reader saves data, by the browser's setting or their choice) says so on <html>. */
const isLite = (html) => /<html[^>]* data-lite/.test(html);

/** A page anyone may be shown: a whole 200 that is not personal, from our own origin. */
function isKeepable(response) {
  if (response.status !== 200 || response.type !== "basic") return false;
  if (!/^text\/html/i.test(response.headers.get("content-type") || "")) return false;
  return !/\b(private|no-store)\b/i.test(response.headers.get("cache-control") || "");
}

/** Stores a page's copy with the time and its headline (for the "Read offline" lists); returns its HTML. */
async function keepPage(url, response) {
  if (isBackOffice(url.pathname)) return "";
  const html = await response.text();
  const headers = new Headers(response.headers);
  // The copy is kept decoded: the answer's encoding and length no longer describe it.
  for (const name of ["content-encoding", "content-length", "etag"]) headers.delete(name);
  headers.set(KEPT_AT, String(Date.now()));
  const title = /<meta property="og:title" content="([^"]*)"/.exec(html);
  // Header values are Latin-1: the headline (its HTML escapes as on the page) travels URI-encoded.
  headers.set(KEPT_TITLE, encodeURIComponent(title ? title[1] : ""));
  const cache = await caches.open(PAGES);
  await cache.put(url.href, new Response(html, { status: 200, headers }));
  return html;
}

/** A kept page younger than KEEP_MS. */
async function keptPage(href) {
  const response = await (await caches.open(PAGES)).match(href);
  if (!response || Date.now() - Number(response.headers.get(KEPT_AT)) > KEEP_MS) return undefined;
  return response;
}

/** One refresh at a time, and none tried again within REFRESH_MS (home failing included). */
let refreshing = null;
let refreshTriedAt = 0;

/**
 * The background refresh: the home page, the offline page and the stories home lists (each with its
 * smallest photo), fetched when home's copy is older than REFRESH_MS. Never while the reader saves data
 * (the browser's Save-Data, or Lite chosen on the site: the page they opened says so) and never on the
 * first visit: a reader only passing through pays for nothing but this worker. Fetched without cookies:
 * pages anyone may be shown, and a reader's one-time message is left for their own next page.
 */
function refreshIfDue() {
  if ((self.navigator.connection || {}).saveData || refreshing) return refreshing;
  if (Date.now() - refreshTriedAt < REFRESH_MS) return undefined;
  refreshing = refresh().finally(() => {
    refreshTriedAt = Date.now();
    refreshing = null;
  });
  return refreshing;
}

async function refresh() {
  // When the last refresh began, kept as an entry of its own: the worker forgets its variables when
  // idle, and home's own copy may just have been kept by the reader opening it.
  const pages = await caches.open(PAGES);
  const marker = new URL(REFRESHED_AT, self.location.origin).href;
  const last = await pages.match(marker);
  if (last && Date.now() - Number(last.headers.get(KEPT_AT)) < REFRESH_MS) return;
  await pages.put(marker, new Response("", { headers: { [KEPT_AT]: String(Date.now()) } }));
  const homeHtml = await fetchPage(new URL("/", self.location.origin).href);
  if (!homeHtml || isLite(homeHtml)) return;
  await fetchPage(new URL(OFFLINE_PAGE, self.location.origin).href);
  for (const href of filesOf(homeHtml)) await keepFile(href);
  const stories = [...new Set([...homeHtml.matchAll(/href="(\/article\/[^"?#]+)"/g)].map((m) => m[1]))];
  for (const path of stories.slice(0, MAX_STORIES)) {
    const html = await fetchPage(new URL(path, self.location.origin).href);
    const photo = html && smallestPhoto(html);
    if (photo) await keepFile(new URL(photo, self.location.origin).href);
  }
}

/** Fetches and keeps a page (no cookies unless told); its HTML, or "" if not kept (or offline). */
async function fetchPage(href, credentials = "omit") {
  try {
    const response = await fetch(href, { credentials, cache: "no-cache" });
    return isKeepable(response) ? await keepPage(new URL(response.url || href), response) : "";
  } catch {
    return "";
  }
}

/** The page's stylesheet and script, so kept pages are drawn the same offline. */
function filesOf(html) {
  return [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g)].map(
    (m) => new URL(m[1], self.location.origin).href,
  );
}

/** The smallest copy of a story's first photo: the first candidate of its first srcset, else its src. */
function smallestPhoto(html) {
  const main = html.slice(Math.max(0, html.indexOf("<main")));
  const srcset = /<img[^>]* srcset="([^"]+)"/.exec(main);
  if (srcset) return srcset[1].split(",")[0].trim().split(/\s+/)[0];
  const src = /<img[^>]* src="(\/(?:media|images)\/[^"]+)"/.exec(main);
  return src ? src[1] : "";
}

const cacheFor = (path) => caches.open(isBuildFile(path) ? BUILD : PHOTOS);

async function keepFile(href) {
  const cache = await cacheFor(new URL(href).pathname);
  if (await cache.match(href)) return;
  try {
    const response = await fetch(href, { credentials: "omit" });
    if (isKeepableFile(response)) await cache.put(href, response);
  } catch {
    // Offline, refused or storage full: it is only missing from offline reading.
  }
}

function isKeepableFile(response) {
  if (response.status !== 200 || response.type !== "basic") return false;
  if (/\bno-store\b/i.test(response.headers.get("cache-control") || "")) return false;
  const length = Number(response.headers.get("content-length") || 0);
  return !/^image\//i.test(response.headers.get("content-type") || "") || length <= MAX_PHOTO_BYTES;
}

/**
 * Build files and uploads from the cache when they are there; other files (the logo, the sample
 * photos) from the network first. Offline, a photo missing in the size the page asks for is answered
 * with a kept copy of the same upload at another width (`<id>-400.webp` for `<id>-800.webp`). Keeping
 * a copy never holds up the answer, and a full storage never fails it.
 */
async function openFile(event, url) {
  const cache = await cacheFor(url.pathname);
  if (isImmutable(url.pathname)) {
    const kept = await cache.match(event.request);
    if (kept) return kept;
  }
  try {
    const response = await fetch(event.request);
    if (isKeepableFile(response)) event.waitUntil(cache.put(event.request, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const kept = (await cache.match(event.request)) || (await otherWidth(cache, url));
    if (kept) return kept;
    throw error;
  }
}

async function otherWidth(cache, url) {
  const upload = /^(\/media\/.+)-\d+\.webp$/.exec(url.pathname);
  if (!upload) return undefined;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith(`${upload[1]}-`) && path.endsWith(".webp")) return cache.match(request);
  }
  return undefined;
}

let prunedAt = 0;
const pruneIfDue = () => (Date.now() - prunedAt < PRUNE_MS ? undefined : prune());

/** Expired pages go; past the caps, the oldest go first (keys are in insertion order). */
async function prune() {
  prunedAt = Date.now();
  const pages = await caches.open(PAGES);
  for (const request of await pages.keys()) {
    const kept = await pages.match(request);
    if (!kept || Date.now() - Number(kept.headers.get(KEPT_AT)) > KEEP_MS) await pages.delete(request);
  }
  for (const [name, cap] of Object.entries(CAPS)) {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    for (const request of keys.slice(0, Math.max(0, keys.length - cap))) await cache.delete(request);
  }
}

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  const text = (value) => (typeof value === "string" ? value : "");
  event.waitUntil(
    self.registration.showNotification(text(alert.title) || "Newsdesk", {
      body: text(alert.body),
      tag: text(alert.tag) || undefined,
      icon: "/images/logo-512.png",
      data: { url: text(alert.url) || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  // Only our own pages: an alert never sends a reader elsewhere.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url.href);
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
