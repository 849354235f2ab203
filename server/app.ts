/**
 * The Express application: headers, compression, static files, health check and the React Router
 * request handler. Kept apart from start-up so tests can mount it on any port.
 */
import { STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { Config } from "#app/config.server";
import { createRequestContext } from "#app/auth/current-user.server";
import { SESSION_COOKIE_NAME } from "#app/auth/session.server";
import { pingDatabase, type Db } from "#app/db/client.server";
import type { Clock, Services } from "#app/services.server";
import { readCookie } from "#app/lib/cookie-header";
import {
  DATABASE_DOWN_RETRY_AFTER_S,
  DATABASE_DOWN_TEXT,
  isDatabaseUnreachable,
} from "#app/lib/database-unreachable.server";
import { fragmentShare } from "#app/domain/delivery/fragment-cache.server";
import { PageCache } from "#app/domain/delivery/page-cache.server";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { mediaFiles } from "./media-files";
import type { Job } from "./jobs";
import { pageCacheHandlers, pageCacheJobs } from "./page-cache";
import { limitConcurrentRenders } from "./render-gate";
import { readRequestBodies } from "./request-body";
import { pageHandler, type PageHandler } from "./page-handler";
import { taggedAnswers } from "./cache-tags";
import { tagHeadersFor } from "#app/domain/delivery/cache-tiers/cache-tags.server";
import { routerHandler } from "./router-handler";
import { hashedAssets } from "./static-assets";
import { refuseUnreadableRequests, rejectCrossSiteWrites, securityHeaders } from "./security";
import { logFailure, logFor } from "#app/lib/log.server";

/**
 * Renders in progress at once (server/render-gate.ts). Enough to keep a PostgreSQL server busy while
 * this process renders; more only holds memory (the heap is limited, bin/heap-limit.mjs).
 */
const MAX_CONCURRENT_RENDERS = 8;

interface AppOptions {
  config: Config;
  /**
   * The process's services (app/services.server.ts), built once: handed to every loader and action
   * through the request context (app/context.ts), which only gains a field per request.
   */
  services: Services;
  /** Production: the built server bundle. Development: Vite's middleware and on-demand build. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  viteMiddleware?: RequestHandler;
}

/** The names at the top of a built folder (favicon.svg, images…), read once at start-up. */
function topLevelNames(dir: string): Set<string> {
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
}

/**
 * The service worker is asked for on every visit and must be new at once after an update (never a
 * reader left on old pages' rules for an hour): the browser checks it with the server each time.
 */
function revalidateServiceWorker(res: ServerResponse, filePath: string) {
  if (path.basename(filePath) === "service-worker.js") res.setHeader("Cache-Control", "no-cache");
}

/**
 * Runs a static handler only for paths whose first segment is one of `names`. express.static would
 * otherwise look on disk for every page a reader asks for, a stat per request for a file that is
 * never there.
 */
function onlyUnder(names: Set<string>, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    if (names.has(first)) return handler(req, res, next);
    next();
  };
}

/**
 * The last handler, in place of Express's own, which prints every error it is passed as an object: a
 * missing /media file came out as a nine-line dump. A refusal (4xx) is one line; only a failure of
 * ours (5xx) keeps its stack.
 */
const answerErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const declared = (error as { status?: unknown } | null)?.status;
  const isDatabaseDown = isDatabaseUnreachable(error);
  const status = isDatabaseDown
    ? 503
    : typeof declared === "number" && declared >= 400 && declared < 600
      ? declared
      : 500;
  const where = `${req.method} ${req.originalUrl.slice(0, 200)}`;
  // The database down is one cause for every request of the outage: a line each, not a stack.
  const request = { method: req.method, url: req.originalUrl.slice(0, 200), status };
  if (isDatabaseDown) logFor("http").warn(request, `503 ${where}: the database cannot be reached`);
  else if (status >= 500) logFailure(`[http] ${where} failed`, error, request);
  else
    logFor("http").warn(
      request,
      `${status} ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  if (isDatabaseDown)
    res.set("Retry-After", String(DATABASE_DOWN_RETRY_AFTER_S)).set("Cache-Control", "no-store");
  res
    .status(status)
    .type("text/plain")
    .send(isDatabaseDown ? DATABASE_DOWN_TEXT.message : (STATUS_CODES[status] ?? "Error"));
};

type ServeHit = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
type ContextOf = (req: express.Request) => AppLoadContext;

/**
 * The app, and the listener a server runs: the page cache's hits are answered before Express (a hit
 * needs none of its middleware), everything else goes through the app.
 */
export function createApp({ config, services, build, viteMiddleware }: AppOptions): {
  app: express.Express;
  listener: RequestListener;
  jobs: Job[];
} {
  const { db } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders);
  app.use(compression());
  app.get("/healthz", healthCheck(db));
  if (viteMiddleware) app.use(viteMiddleware);
  else serveBuiltClient(app, config);
  // Uploaded media, from the local folder or the S3-compatible bucket (server/media-files.ts).
  app.use("/media", mediaFiles(config, services.media));

  app.use(refuseUnreadableRequests);
  app.use(rejectCrossSiteWrites(config.publicUrl));
  const context = requestContexts(services);
  // The body is read and bounded before the request takes a render slot: a slow one holds none.
  app.use(readRequestBodies({ isStaff: isStaffFor(context) }));
  app.use(limitConcurrentRenders(MAX_CONCURRENT_RENDERS));
  const mode = config.isProduction ? "production" : "development";
  /** The app's background jobs, for whoever serves it to start and stop (server/serve.ts). */
  const jobs: Job[] = [];
  let serveHit: ServeHit | undefined;
  // One renderer for the page cache and for what it does not keep; tagged for the caches in front.
  const render = taggedAnswers(pageHandler(build, mode), tagHeadersFor(config.cacheTiers));
  if (config.pageCache.enabled) {
    const handlers = pageCacheFor({ config, db, clock: services.clock }, render, context);
    serveHit = handlers.serveHit;
    app.use(handlers.middleware);
    jobs.push(...handlers.jobs);
  }
  app.all("/{*splat}", routerHandler({ handle: render, getLoadContext: context }));
  app.use(answerErrors);
  return { app, listener: listenerFor(app, serveHit), jobs };
}

const healthCheck =
  (db: Db): RequestHandler =>
  async (_req, res) => {
    const isDatabaseUp = await pingDatabase(db);
    res
      .status(isDatabaseUp ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: isDatabaseUp ? "ok" : "error", database: isDatabaseUp ? "ok" : "unreachable" });
  };

/** The built client: hashed assets under /assets, and the few files at the top of the folder. */
function serveBuiltClient(app: express.Express, config: Config) {
  const clientDir = path.resolve(config.buildDir, "client");
  app.use("/assets", hashedAssets(path.join(clientDir, "assets")));
  app.use(
    onlyUnder(
      topLevelNames(clientDir),
      express.static(clientDir, { maxAge: "1h", index: false, setHeaders: revalidateServiceWorker }),
    ),
  );
}

/** One context per request: the body check asks who is posting, and the route's loaders ask again. */
function requestContexts(services: Services): ContextOf {
  const contexts = new WeakMap<express.Request, AppLoadContext>();
  return (req) => {
    let found = contexts.get(req);
    if (!found) {
      found = createRequestContext(services, req.headers.cookie, req.ip ?? req.socket.remoteAddress ?? "");
      contexts.set(req, found);
    }
    return found;
  };
}

/**
 * Whether a request's body gets staff's limit. A deactivated account's session is kept
 * (session.server.ts) but is no staff member's: a public form's limit. The database unreachable: a
 * back-office form sent with a session cookie is given staff's limit, so a long article is not refused
 * as too large; the route then refuses it for the database (its form keeps the text). Any other request
 * keeps the public limit: any cookie at all would open it to anyone.
 */
const isStaffFor = (context: ContextOf) => (req: express.Request) =>
  context(req)
    .currentUser()
    .then(
      (user) => user?.status === "active",
      (error: unknown) => {
        if (isDatabaseUnreachable(error))
          return (
            /^\/admin(\/|$)/i.test(req.path) &&
            readCookie(req.headers.cookie, SESSION_COOKIE_NAME) !== undefined
          );
        throw error;
      },
    );

/** The page cache, emptied as the site changes, its handlers and its background jobs. */
function pageCacheFor(
  { config, db, clock }: Pick<AppOptions, "config"> & { db: Db; clock: Clock },
  render: PageHandler,
  context: ContextOf,
) {
  // The shared parts of pages take their share of the same memory (fragment-cache.server.ts).
  const cache = new PageCache(config.pageCache.maxBytes - fragmentShare(config.pageCache.maxBytes));
  onSiteChange(db, (change) => cache.purge(change));
  const handlers = pageCacheHandlers({
    cache,
    db,
    trustProxy: config.trustProxy,
    render,
    context,
    clock,
  });
  return { ...handlers, jobs: pageCacheJobs(handlers.counts, cache, handlers.upgrader) };
}

function listenerFor(app: express.Express, serveHit: ServeHit | undefined): RequestListener {
  return (req, res) => {
    if (!serveHit) return app(req, res);
    serveHit(req, res).then(
      (served) => served || app(req, res),
      (error: unknown) => {
        logFailure("[page-cache] lookup failed; serving without the cache", error);
        app(req, res);
      },
    );
  };
}
