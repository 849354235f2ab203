/**
 * The page cache in front of React Router (app/domain/delivery/page-cache.server.ts holds the rules).
 * `serveHit` answers a hit straight from Node's request, before Express, from stored compressed bytes;
 * `middleware` renders a miss through React Router once, however many readers ask for the same page at
 * the same moment, and stores it when it may.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { AppLoadContext } from "react-router";
import type { Db } from "#app/db/client.server";
import {
  articleIdsLinkedFrom,
  chooseEncoding,
  isCacheableRequest,
  isStorableResponse,
  matchesEtag,
  pageCacheKey,
  storedPage,
  type CachedPage,
  type PageCache,
} from "#app/domain/delivery/page-cache.server";
import {
  CompressionUpgrader,
  encode,
  FAST_BROTLI_QUALITY,
  LITE_BROTLI_QUALITY,
  plainBody,
  RECOMPRESS_AFTER_HITS,
  type Encoding,
} from "#app/domain/delivery/page-compression.server";
import type { Settings } from "#app/db/schema";
import { isDatabaseUnreachable } from "#app/lib/database-unreachable.server";
import { documentTextOf } from "#app/lib/document-text";
import { getSettings } from "#app/domain/settings/settings.server";
import { liteReason } from "#app/lib/lite-mode";
import { snippetsVaryByDevice } from "#app/domain/snippets/page-code.server";
import { isMobileUserAgent } from "#app/domain/snippets/snippet-rules";
import { spokenInterval, type Job } from "./jobs";
import { storiesLinkedBy } from "./cache-tags";
import { HSTS, SECURITY_HEADERS } from "./security";
import { logFor } from "#app/lib/log.server";
import { findSessionMember, readMemberToken } from "#app/auth/member-session.server";
import { readerStanding } from "#app/domain/access/story-access.server";
import { systemClock, type Clock } from "#app/services.server";

/** Headers that describe the bytes on the wire, or must never be shared: not kept with a page. */
const UNSTORED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "set-cookie",
  "x-cache",
]);

interface PageCacheOptions {
  cache: PageCache;
  db: Db;
  /** Express `trust proxy` hop count: with a proxy, its X-Forwarded-Proto/Host shape the page's URL. */
  trustProxy: number;
  /** React Router's request handler (the web-standard one) and the context a request gets. */
  render: (request: Request, context: AppLoadContext) => Promise<Response>;
  context: (req: ExpressRequest) => AppLoadContext;
  /** The time the meter and passes are read at (the services' clock). */
  clock?: Clock;
}

/** What the cache did since the server started: the operator's and the bench's view of it. */
export interface PageCacheCounts {
  hits: number;
  misses: number;
  /** Rendered for this reader alone: not storable (a redirect, an error, a cookie). */
  bypasses: number;
  /** Encodings made on a hit, when a page kept for one encoding was first asked in the other. */
  encodedOnHit: number;
}

type InFlightRender = { generation: number; page: Promise<CachedPage | null> };

/** What a found page is kept under, and how long it may stay. */
interface CacheLookup {
  url: string;
  key: string;
  cacheDuration: number;
  lite: boolean;
  /** The reader's access class (decision record 021): "anonymous" without a reader's cookie. */
  accessClass: string;
}

/** What the page cache's handlers share: their options, the renders in flight and the counts. */
interface PageCacheState extends PageCacheOptions {
  /** Renders in flight by key: a crowd asking for a page just purged waits for one render. */
  inFlight: Map<string, InFlightRender>;
  counts: PageCacheCounts;
  upgrader: CompressionUpgrader<CachedPage>;
  /**
   * The settings the last lookup used. While the database cannot be reached, the cached pages are
   * still found with them: the in-memory settings may have just been dropped (another instance's
   * change), and a hit must not need the database.
   */
  lastSettings?: Settings;
}

type SendOptions = { withSecurityHeaders: boolean; overHttps?: boolean };

export function pageCacheHandlers(options: PageCacheOptions) {
  const state: PageCacheState = {
    ...options,
    inFlight: new Map(),
    counts: { hits: 0, misses: 0, bypasses: 0, encodedOnHit: 0 },
    upgrader: new CompressionUpgrader<CachedPage>({
      replace: (key, current, better) => options.cache.replace(key, current, better),
    }),
  };
  /** Answers the request from the cache if it can; false leaves it to Express. */
  const serveHit = (req: IncomingMessage, res: ServerResponse): Promise<boolean> =>
    serveHitFrom(state, req, res);
  const middleware: RequestHandler = async (req, res, next) => {
    try {
      await serveThroughCache(state, req, res, next);
    } catch (error) {
      next(error);
    }
  };
  return { serveHit, middleware, counts: state.counts, upgrader: state.upgrader };
}

/**
 * Sends a kept page. A page asked for often is offered for its best compression; one kept in
 * another encoding than this reader takes gets this one now, once (decision record 014).
 */
async function send(
  state: PageCacheState,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  page: CachedPage,
  outcome: "HIT" | "MISS",
  options: SendOptions,
) {
  if (outcome === "HIT") {
    state.counts.hits++;
    if (page.hits >= RECOMPRESS_AFTER_HITS) state.upgrader.offer(key, page);
  }
  // A 304 sends no body, so nothing is chosen or made for it (the live poll's answer, decision record 016).
  if (isNotModified(req, page)) return sendNotModified(res, page, outcome);
  const asked = chooseEncoding(req.headers["accept-encoding"]);
  let bytes = asked === "identity" ? undefined : page.bodies[asked];
  // A HEAD sends no body either: a missing encoding is not made for it.
  if (!bytes && req.method !== "HEAD") {
    const plain = await plainBody(page);
    if (asked === "identity") bytes = plain;
    else {
      bytes = await encode(plain, asked);
      state.cache.replace(key, page, { ...page, bodies: { ...page.bodies, [asked]: bytes } });
      state.counts.encodedOnHit++;
    }
  }
  sendPage(req, res, page, outcome, asked, bytes, options);
}

/** The settings to look a page up with (see PageCacheState.lastSettings). */
function settingsForLookup(state: PageCacheState): Promise<Settings> {
  return getSettings(state.db).then(
    (settings) => (state.lastSettings = settings),
    (error: unknown) => {
      if (state.lastSettings && isDatabaseUnreachable(error)) return state.lastSettings;
      throw error;
    },
  );
}

/** The page's URL and cache key, or null when this request is not the cache's business. */
async function lookup(state: PageCacheState, req: IncomingMessage): Promise<CacheLookup | null> {
  const rawUrl = req.url ?? "/";
  const path = safeDecode(rawUrl.split("?")[0] ?? "/");
  if (!isCacheableRequest({ method: req.method ?? "", path, cookie: req.headers.cookie })) return null;
  const settings = await settingsForLookup(state);
  if (!settings.cacheEnabled) return null;
  const url = pageUrl(req, state.trustProxy);
  const userAgent = req.headers["user-agent"];
  const lite = liteReason(String(req.headers["save-data"] ?? ""), req.headers.cookie) !== null;
  // Anonymous requests (nearly all) read no session and wait on nothing here: the hit path stays as it was.
  const accessClass = readMemberToken(req.headers.cookie)
    ? await accessClassOnce(state, req, settings)
    : "anonymous";
  const key = pageCacheKey({
    url,
    maintenance: settings.maintenanceEnabled,
    deviceClass: snippetsVaryByDevice(settings)
      ? isMobileUserAgent(userAgent)
        ? "mobile"
        : "desktop"
      : undefined,
    lite,
    accessClass,
  });
  return { url, key, cacheDuration: settings.cacheDuration, lite, accessClass };
}

/**
 * A request is looked up twice (before Express, for a hit, and again in its middleware on a miss): a
 * member's session, passes and meter are read once per request.
 */
const accessClasses = new WeakMap<IncomingMessage, Promise<string>>();
function accessClassOnce(state: PageCacheState, req: IncomingMessage, settings: Settings) {
  let found = accessClasses.get(req);
  if (!found) accessClasses.set(req, (found = accessClassOf(state, req.headers.cookie, settings)));
  return found;
}

/**
 * The access class of a request with a reader's cookie (decision record 021, point 4): their session,
 * passes and meter, as the page's own render reads them. Without the cookie nothing is read.
 */
async function accessClassOf(state: PageCacheState, cookie: string | undefined, settings: Settings) {
  const token = readMemberToken(cookie);
  if (!token) return "anonymous";
  const now = (state.clock ?? systemClock).now();
  const member = await findSessionMember(state.db, token, now);
  return (await readerStanding(state.db, member, { now, settings })).accessClass;
}

/**
 * No settings to look with (the database unreachable since they were dropped): the request goes on
 * uncached, where its loaders answer for the database (a 503 page), and no error is logged per request.
 */
const lookupUnlessDown = (state: PageCacheState, req: IncomingMessage) =>
  lookup(state, req).catch((error: unknown) => {
    if (isDatabaseUnreachable(error)) return null;
    throw error;
  });

async function serveHitFrom(
  state: PageCacheState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const found = await lookupUnlessDown(state, req);
  const page = found && state.cache.get(found.key);
  if (!page) return false;
  await send(state, req, res, found.key, page, "HIT", {
    withSecurityHeaders: true,
    overHttps: found.url.startsWith("https:"),
  });
  return true;
}

/** Express's side: a hit, a share of a render in flight, or a render of this reader's own. */
async function serveThroughCache(
  state: PageCacheState,
  req: ExpressRequest,
  res: ServerResponse,
  next: () => void,
): Promise<void> {
  const found = await lookupUnlessDown(state, req);
  if (!found) return next();
  const noSecurityHeaders = { withSecurityHeaders: false }; // Express's middleware sent them
  const hit = state.cache.get(found.key);
  if (hit) return await send(state, req, res, found.key, hit, "HIT", noSecurityHeaders);

  // A render that began before the latest purge may show what the change replaced: a reader who
  // came after the change does not join it (a worker's next request must show the change).
  const shared = state.inFlight.get(found.key);
  if (shared && shared.generation === state.cache.generation) {
    const page = await shared.page.catch(() => null);
    // The page could not be kept (an error, a cookie): this reader gets a render of their own.
    if (!page) return next();
    state.counts.misses++;
    return await send(state, req, res, found.key, page, "MISS", noSecurityHeaders);
  }
  await renderShared(state, req, res, found, noSecurityHeaders);
}

/** Renders the page for this reader while others who ask for it meanwhile wait for the same render. */
async function renderShared(
  state: PageCacheState,
  req: ExpressRequest,
  res: ServerResponse,
  found: CacheLookup,
  options: SendOptions,
): Promise<void> {
  let settle: (page: CachedPage | null) => void = () => {};
  const mine: InFlightRender = {
    generation: state.cache.generation,
    page: new Promise<CachedPage | null>((resolve) => (settle = resolve)),
  };
  state.inFlight.set(found.key, mine);
  try {
    const rendered = await renderAndStore(state, req, found);
    settle(rendered instanceof Response ? null : rendered);
    if (rendered instanceof Response) {
      state.counts.bypasses++;
      return await sendUnstored(req, res, rendered);
    }
    state.counts.misses++;
    return await send(state, req, res, found.key, rendered, "MISS", options);
  } finally {
    settle(null);
    if (state.inFlight.get(found.key) === mine) state.inFlight.delete(found.key);
  }
}

/**
 * Renders the page as a GET (a HEAD is answered from the same entry) and keeps it when it may;
 * a response that may not be shared comes back as it is, to be sent to this reader only.
 */
async function renderAndStore(
  { cache, render, context }: PageCacheState,
  req: ExpressRequest,
  { url, key, cacheDuration, lite, accessClass }: CacheLookup,
): Promise<CachedPage | Response> {
  const generation = cache.generation;
  const request = new Request(url, { method: "GET", headers: requestHeaders(req) });
  const response = await render(request, context(req));
  if (!isStorableResponse(response, accessClass)) return response;
  const text = documentTextOf(response);
  if (text !== null) await response.body?.cancel();
  const body = text !== null ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
  const page = await storedPage(
    body,
    {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase())),
      expiresAt: Date.now() + cacheDuration * 1000,
    },
    chooseEncoding(req.headers["accept-encoding"]),
    {
      brotliQuality: lite ? LITE_BROTLI_QUALITY : FAST_BROTLI_QUALITY,
      // Read off the text the render made where there is one: read off its bytes, decoded again, a
      // 96 KB article took 0.4 ms against 0.1 (decision record 014).
      articleIds: storiesLinkedBy(response) ?? (text !== null ? articleIdsLinkedFrom(text) : undefined),
    },
  );
  cache.set(key, page, generation);
  return page;
}

/** The operator's line: "Page cache, last 15 min: 98.5% hits (12,040 hits, 183 misses, 2 not kept); 1,204 pages in 9.6 MB". */
export function describePageCache(
  period: string,
  counts: PageCacheCounts,
  cache: Pick<PageCache, "size" | "usedBytes">,
  upgraded: number,
): string {
  const asked = counts.hits + counts.misses + counts.bypasses;
  const share = asked > 0 ? ((100 * counts.hits) / asked).toFixed(1) : "0";
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    `Page cache, ${period}: ${share}% hits (${n(counts.hits)} hits, ${n(counts.misses)} misses, ${n(counts.bypasses)} not kept); ` +
    `${n(cache.size)} pages in ${(cache.usedBytes / 1e6).toFixed(1)} MB, ${n(upgraded)} recompressed smaller`
  );
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The URL as Express and React Router see it: behind a trusted proxy, its scheme and host. */
function pageUrl(req: IncomingMessage, trustProxy: number): string {
  const forwarded = (name: string) =>
    trustProxy > 0
      ? String(req.headers[name] ?? "")
          .split(",")[0]
          ?.trim() || undefined
      : undefined;
  const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
  const protocol = forwarded("x-forwarded-proto") ?? (encrypted ? "https" : "http");
  const host = forwarded("x-forwarded-host") ?? req.headers.host ?? "localhost";
  return `${protocol}://${host}${req.url ?? "/"}`;
}

/**
 * The reader's headers for the render that fills the cache, without the conditional ones: the cache
 * keeps the whole page and answers `If-None-Match` itself. A route that answers 304 on its own (the
 * live poll, for when the cache is off) would otherwise leave nothing to keep.
 */
const CONDITIONAL_HEADERS = new Set(["if-none-match", "if-modified-since"]);

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (CONDITIONAL_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

const isNotModified = (req: IncomingMessage, page: CachedPage) =>
  page.status === 200 && matchesEtag(req.headers["if-none-match"], page.etag);

const varyOf = (kept: string | undefined) => (kept ? `${kept}, Accept-Encoding` : "Accept-Encoding");

/** The headers a 304 repeats from the page it confirms (RFC 9110, section 15.4.5). */
const NOT_MODIFIED_HEADERS = new Set(["cache-control", "content-location", "expires"]);

/**
 * "Not Modified": only what updates the copy the reader holds (RFC 9110, section 15.4.5), about 200
 * bytes. The browser keeps the rest of that copy's headers, the security headers among them, so they
 * are not sent again: every open live page polls with one of these every 20-30 s (decision record 016), and a
 * reader pays for each byte. A 304 the app answers itself (the cache off) goes through Express and
 * carries them all; that is allowed too.
 */
function sendNotModified(res: ServerResponse, page: CachedPage, outcome: "HIT" | "MISS") {
  const headers: string[] = [];
  let vary: string | undefined;
  for (const [name, value] of page.headers) {
    if (name === "vary") vary = value;
    else if (NOT_MODIFIED_HEADERS.has(name)) headers.push(name, value);
  }
  headers.push("Vary", varyOf(vary), "ETag", page.etag, "X-Cache", outcome);
  res.writeHead(304, headers);
  res.end();
}

const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  outcome: "HIT" | "MISS",
  encoding: Encoding | "identity",
  bytes: Buffer | undefined,
  { withSecurityHeaders, overHttps = false }: { withSecurityHeaders: boolean; overHttps?: boolean },
) {
  // Names and values in one flat list, which writeHead takes as it takes an object. An object built
  // per answer (a spread, a key per header, a key deleted) cost V8 7-14 µs on every hit, a fifth of a
  // hit's CPU; the list costs under 1 µs.
  const headers: Array<string | number> = [];
  // A hit is answered before Express: the headers its securityHeaders middleware would have sent.
  if (withSecurityHeaders) {
    for (const [name, value] of SECURITY_ENTRIES) headers.push(name, value);
    if (overHttps) headers.push("Strict-Transport-Security", HSTS);
  }
  let vary: string | undefined;
  // Kept names are lower case (a Headers object's), each once: Vary is sent below, with Accept-Encoding.
  for (const [name, value] of page.headers) {
    if (name === "vary") vary = value;
    else headers.push(name, value);
  }
  headers.push("Vary", varyOf(vary), "ETag", page.etag, "X-Cache", outcome);
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  // A HEAD of an encoding not kept yet is not worth compressing: its length is left out.
  if (bytes) headers.push("Content-Length", bytes.length);
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/** A response that is not kept (a redirect, an error, maintenance) goes to this reader as it came. */
async function sendUnstored(req: IncomingMessage, res: ServerResponse, response: Response) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  res.setHeader("X-Cache", "BYPASS");
  if (req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** How often a server with readers says how its page cache did: often enough to see a night's shape. */
const REPORT_EVERY_MS = 15 * 60 * 1000;

/**
 * The page cache's background jobs (server/jobs.ts): every REPORT_EVERY_MS with any anonymous traffic,
 * one line on what the cache did in that time; and the recompression of pages asked for again.
 */
export function pageCacheJobs(
  counts: PageCacheCounts,
  cache: Pick<PageCache, "size" | "usedBytes">,
  upgrader: { upgraded: number; stop: () => void },
): Job[] {
  return [
    {
      name: "page cache report",
      when: `every ${spokenInterval(REPORT_EVERY_MS)} with readers`,
      start: () => reportPageCache(counts, cache, upgrader),
    },
    {
      name: "page compression upgrades",
      when: "as pages are asked for again, within 5% of a core",
      start: () => () => upgrader.stop(),
    },
  ];
}

/** Every REPORT_EVERY_MS with any anonymous traffic, one line on what the cache did in that time. */
function reportPageCache(
  counts: PageCacheCounts,
  cache: Pick<PageCache, "size" | "usedBytes">,
  upgrader: { upgraded: number },
) {
  let last = { ...counts, upgraded: upgrader.upgraded };
  const timer = setInterval(() => {
    const since: PageCacheCounts = {
      hits: counts.hits - last.hits,
      misses: counts.misses - last.misses,
      bypasses: counts.bypasses - last.bypasses,
      encodedOnHit: counts.encodedOnHit - last.encodedOnHit,
    };
    const upgraded = upgrader.upgraded - last.upgraded;
    last = { ...counts, upgraded: upgrader.upgraded };
    if (since.hits + since.misses + since.bypasses === 0) return;
    logFor("page-cache").info(
      { ...since, upgraded },
      describePageCache("last 15 min", since, cache, upgraded),
    );
  }, REPORT_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
