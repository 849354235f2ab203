/**
 * Starts the site: opens and prepares the database, mounts the Express app and listens, with a graceful
 * shutdown. Production runs it from the compiled bundle (`server/production.ts`, through
 * `server/workers.ts`: one process, or one of several workers), development from `server/dev.ts` with
 * Vite's middleware.
 */
import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { Server as NetServer, Socket } from "node:net";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { config } from "#app/config.server";
import { shareSiteChanges } from "#app/domain/delivery/change-broadcast.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { startScheduler } from "#app/domain/articles/scheduler.server";
import { startNewsletterSender } from "#app/domain/newsletter/sender.server";
import { releaseAllIssueLeases } from "#app/domain/newsletter/sending.server";
import { backgroundMailSettled } from "#app/domain/email/mailer.server";
import { backgroundSettled, inBackground } from "#app/lib/background.server";
import { checkMediaStorage } from "#app/domain/media/storage.server";
import { ensureImageVariants, ensureVariantSizes } from "#app/domain/media/variants.server";
import { conflict } from "#app/lib/errors";
import type { Config } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { createApp } from "./app";
import { startControlChannel } from "./control-channel";
import { openConfiguredDatabase, prepareDatabase, refreshPlannerStatistics } from "./start";
import { relaySiteChanges } from "./workers-changes";
import { MAKE_IMAGE_COPIES } from "./workers-primary";

/** The first upkeep after a start: once the start's first readers have been answered. */
const UPKEEP_DELAY_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

/** How long in-flight requests may take to finish once asked to stop. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ServeOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  viteMiddleware?: RequestHandler;
  /** One of several workers (server/workers.ts): the primary has checked the storage and prepared the database. */
  worker?: { id: number };
}

/**
 * Listens on the configured port; a port in use, the newcomer's usual first failure, is one line that
 * says what to do, not a stack. Also the primary's check before it starts any worker.
 */
export async function listenOnConfiguredPort(server: NetServer, cfg: Config, command = "npm start") {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(cfg.port, cfg.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    const free = await freePortAfter(cfg.port, cfg.host);
    const suggestion = free ? `, e.g. PORT=${free} ${command}` : ` (PORT=... ${command})`;
    throw conflict(
      `Port ${cfg.port} is already in use (another Newsdesk or another program): stop that one, or start on another port${suggestion}.`,
    );
  });
}

/**
 * The first port after `port` that can be listened on now, looked for among the next 50: the next one
 * is often taken too (a second instance of ours), and a suggestion that fails the same way helps nobody.
 */
async function freePortAfter(port: number, host: string): Promise<number | null> {
  for (let candidate = port + 1; candidate <= Math.min(port + 50, 65535); candidate++) {
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(candidate, host, () => probe.close(() => resolve(true)));
    });
    if (isFree) return candidate;
  }
  return null;
}

/**
 * Node's server.close() leaves kept-alive connections open, and serving, until the client closes them:
 * a proxy's pool of them would hold a stopping worker until its forced exit. Once stopping, an answer
 * not yet begun says `Connection: close` (Node then ends the connection after it) and idle connections
 * are closed, at once and every 100 ms. Connections are followed as they open (not per request), and
 * the answer in progress on each is the one Node keeps on its socket (`_httpMessage`, internal but
 * stable; http-terminator relies on it too).
 */
function keepingNoConnectionAlive(listener: RequestListener) {
  let isStopping = false;
  const sockets = new Set<Socket>();
  const wrapped: RequestListener = (req, res) => {
    if (isStopping) res.setHeader("Connection", "close");
    listener(req, res);
  };
  const follow = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  function stop(server: Server): () => void {
    isStopping = true;
    for (const socket of sockets) {
      const answer = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
      if (answer && !answer.headersSent) answer.setHeader("Connection", "close");
    }
    server.closeIdleConnections();
    const timer = setInterval(() => server.closeIdleConnections(), 100);
    return () => clearInterval(timer);
  }
  return { listener: wrapped, follow, stop };
}

export async function serve({ build, viteMiddleware, worker }: ServeOptions): Promise<Server> {
  const cfg = config();
  // A missing bucket or refused credentials is said now, in one line, not at the first upload.
  if (!worker) await checkMediaStorage();
  const database = worker ? await openConfiguredDatabase(cfg) : await prepareDatabase(cfg);
  // Before anything is read and remembered: sibling workers' changes come through the primary.
  const stopRelay = worker ? relaySiteChanges(database.db) : null;
  // Other instances on the same PostgreSQL database hear of every change saved here, and this one of theirs.
  const stopSharingChanges = cfg.databaseUrl ? await shareSiteChanges(database.db, cfg.databaseUrl) : null;
  // `npm run backup` asks a running server for the snapshot: it holds the embedded data folder.
  const controlChannel = cfg.databaseUrl ? null : await startControlChannel(database, cfg.dataDir);
  // Scheduled stories go live on their own at their minute (each instance runs it; one publishes each).
  const scheduler = startScheduler(database.db, {
    intervalMs: cfg.schedulerIntervalMs,
    onPublished: (published) => console.log(`[newsdesk] Published ${published.length} scheduled article(s).`),
  });
  // The newsletter goes out from whichever instance holds a send. An embedded data folder has one
  // process (decision record 012): a lease found in it at start was a dead process's, free at once.
  if (cfg.smtpUrl && database.engine === "pglite") await releaseAllIssueLeases(database.db);
  const newsletter = cfg.smtpUrl
    ? startNewsletterSender(database.db, {
        smtpUrl: cfg.smtpUrl,
        smtpFrom: cfg.smtpFrom,
        dkim: cfg.dkim,
        ratePerMinute: cfg.newsletterSendRate,
      })
    : null;
  // The embedded database's upkeep (refreshPlannerStatistics) a minute after the site answers, then
  // every hour: its statistics are kept in the data folder, and a restart after a crash answers within
  // seconds instead of holding its first requests (/healthz too) behind a VACUUM of every table.
  const upkeep = () =>
    inBackground(
      database.db,
      () => refreshPlannerStatistics(database),
      "[newsdesk] Refreshing planner statistics failed",
    );
  setInterval(upkeep, HOUR_MS).unref();

  // Older uploads get their missing copies (the share image), then their copies' sizes in bytes, in the
  // background: pages show the plain image meanwhile, and a large library does not hold up the start. Of several workers, the one the
  // primary asks: the first to serve after a start or a reload (a new build may make new copies).
  if (!worker) makeMissingImageCopies(database.db);
  else
    process.on("message", (message: unknown) => {
      if ((message as { newsdesk?: unknown } | null)?.newsdesk === MAKE_IMAGE_COPIES.newsdesk)
        makeMissingImageCopies(database.db);
    });

  const { listener } = createApp({ config: cfg, db: database.db, build, viteMiddleware });
  const connections = keepingNoConnectionAlive(listener);
  const server: Server = createServer(connections.listener);
  server.on("connection", connections.follow);
  await listenOnConfiguredPort(server, cfg, viteMiddleware ? "npm run dev" : "npm start");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  // `npm start`'s supervisor (bin/supervise.mjs), or the cluster's primary, restarts a server that dies
  // once it has listened.
  process.send?.({ newsdesk: "listening" });
  setTimeout(upkeep, UPKEEP_DELAY_MS).unref();
  console.log(
    `[newsdesk] Serving on http://localhost:${port} (${database.engine}${cfg.isProduction ? "" : ", development"}${worker ? `, worker ${worker.id}, pid ${process.pid}` : ""})`,
  );
  // Links in pages and feeds are built from a request's Host only when it is trusted (site-origin.server.ts).
  // Said once: by the only process, or the first worker.
  if (cfg.isProduction && !cfg.publicUrl && cfg.allowedHosts.length === 0 && (!worker || worker.id === 1))
    console.warn(
      "[newsdesk] Neither PUBLIC_URL nor ALLOWED_HOSTS is set: unless Settings → General has a Site URL, links in pages and feeds point at this machine. Set PUBLIC_URL to the site's address.",
    );
  // Browser tests let alerts reach their own push service on this machine (push-network.server.ts).
  if (cfg.webPush.unsafeTestServiceFile && (!worker || worker.id === 1))
    console.warn(
      `[newsdesk] UNSAFE_TEST_PUSH_SERVICE is set: alerts may be sent to the test push service named in ${cfg.webPush.unsafeTestServiceFile}, on this machine. It is for browser tests only: unset it on a real site.`,
    );
  server.keepAliveTimeout = 65_000;

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  // Of several workers, each says which it is.
  const who = worker ? `[newsdesk] Worker ${worker.id} (pid ${process.pid}):` : "[newsdesk]";
  let isShuttingDown = false;
  function shutdown(reason: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    console.log(`${who} ${reason}: finishing in-flight requests...`);
    const forceExit = setTimeout(() => {
      console.error(`${who} Requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    const stopClosingIdle = connections.stop(server);
    server.close(async () => {
      stopClosingIdle();
      await scheduler.stop();
      // The message in hand is finished and the send's lease given up, for another instance to go on.
      await newsletter?.stop();
      // Confirmation mail sent after its answer still goes out (within the grace period above).
      await backgroundMailSettled();
      // Alerts being sent finish before their database closes.
      await backgroundSettled(database.db);
      await stopSharingChanges?.();
      await controlChannel?.close();
      stopRelay?.();
      await database
        .close()
        .catch((error: unknown) => console.error("[newsdesk] Closing the database failed", error));
      console.log(`${who} Stopped.`);
      process.exit(0);
    });
  }
  process.on("SIGTERM", () => shutdown("SIGTERM received"));
  process.on("SIGINT", () => shutdown("SIGINT received"));
  if (worker) {
    // The primary replaces workers one by one on SIGHUP; a worker's own (a terminal closing on the
    // whole process group) would otherwise end it by default.
    process.on("SIGHUP", () => {});
    process.once("disconnect", () => shutdown("The primary process is gone"));
    return server;
  }
  // Under npm start's supervisor, SIGHUP is a reload: said first, so that it starts us again at once.
  process.on("SIGHUP", () => {
    if (!process.send) return shutdown("SIGHUP received (nothing will start the server again)");
    process.send({ newsdesk: "reloading" }, () => shutdown("SIGHUP received: restarting for the reload"));
  });
  // The supervisor is gone (killed itself): stop rather than hold the port and the data folder.
  if (process.send) process.once("disconnect", () => shutdown("Supervisor gone"));
  return server;
}

function makeMissingImageCopies(db: Db) {
  ensureImageVariants(db)
    .then(({ updated, skipped }) => {
      if (updated + skipped > 0)
        console.log(`[newsdesk] Image copies made for ${updated} older uploads (${skipped} skipped).`);
      // Pages kept before now name no share image for those uploads.
      if (updated > 0) siteChanged(db, { scope: "everything", reason: "image copies made" });
    })
    .catch((error: unknown) => console.error("[newsdesk] Making image copies failed", error))
    // Then the sizes, one background pass at a time: copies just made carry theirs and are not read again.
    .then(() => ensureVariantSizes(db))
    .then(({ updated, missing }) => {
      if (updated + missing > 0)
        console.log(
          `[newsdesk] Image sizes recorded for ${updated} older uploads (${missing} copies missing).`,
        );
      // Pages kept before now carry no size for those uploads' images.
      if (updated > 0) siteChanged(db, { scope: "everything", reason: "image sizes recorded" });
    })
    .catch((error: unknown) => console.error("[newsdesk] Recording image sizes failed", error));
}
