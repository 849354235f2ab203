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
import { checkMediaStorage, mediaServicesFor } from "#app/domain/media/storage.server";
import { closeServices, openServices, type Services } from "#app/services.server";
import type { Database } from "#app/db/client.server";
import { conflict } from "#app/lib/errors";
import type { Config } from "#app/config.server";
import { createApp } from "./app";
import { startJobs } from "./jobs";
import { siteJobs } from "./site-jobs";
import { openConfiguredDatabase, prepareDatabase } from "./start";
import { logFor, type Logger } from "#app/lib/log.server";

/** How long in-flight requests may take to finish once asked to stop. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long a stopped process may take to end by itself before what still holds it is named. */
const LEFTOVER_GRACE_MS = 1_000;

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

/**
 * The database and the process's services, built once (app/services.server.ts): every request and every
 * job shares them. The media store is checked first: a missing bucket or refused credentials is said now,
 * in one line, before the database is touched, not at the first upload.
 */
async function openDatabaseAndServices(cfg: Config, worker: ServeOptions["worker"]) {
  const media = await mediaServicesFor(cfg);
  if (!worker) await checkMediaStorage(media);
  const database = worker ? await openConfiguredDatabase(cfg) : await prepareDatabase(cfg);
  return { database, services: await openServices(cfg, database.db, { media }) };
}

/** The last of a stop: the services' connections (after the mail they still send), then the database. */
async function closeDatabaseAndServices(database: Database, services: Services) {
  const log = logFor("server");
  await closeServices(services).catch((error: unknown) =>
    log.error({ err: error }, "Closing the mailer and push connections failed"),
  );
  await database.close().catch((error: unknown) => log.error({ err: error }, "Closing the database failed"));
}

/** Settings a real site should not run with, said once: by the only process, or the first worker. */
function warnOfRiskySettings(cfg: Config, log: Logger) {
  // Links in pages and feeds are built from a request's Host only when it is trusted (site-origin.server.ts).
  if (cfg.isProduction && !cfg.publicUrl && cfg.allowedHosts.length === 0)
    log.warn(
      "Neither PUBLIC_URL nor ALLOWED_HOSTS is set: unless Settings → General has a Site URL, links in pages and feeds point at this machine. Set PUBLIC_URL to the site's address.",
    );
  // Browser tests let alerts reach their own push service on this machine (push-network.server.ts).
  if (cfg.webPush.unsafeTestServiceFile)
    log.warn(
      `UNSAFE_TEST_PUSH_SERVICE is set: alerts may be sent to the test push service named in ${cfg.webPush.unsafeTestServiceFile}, on this machine. It is for browser tests only: unset it on a real site.`,
    );
  // Browser tests move the site's clock (app/lib/clock.server.ts, testClockFromFile).
  if (cfg.unsafeTestClockFile)
    log.warn(
      `UNSAFE_TEST_CLOCK_FILE is set: the site's clock runs ahead by the milliseconds written in ${cfg.unsafeTestClockFile}. It is for browser tests only: unset it on a real site.`,
    );
}

export async function serve({ build, viteMiddleware, worker }: ServeOptions): Promise<Server> {
  const cfg = config();
  const { database, services } = await openDatabaseAndServices(cfg, worker);
  // Every background job (server/site-jobs.ts): one line each in the log, stopped before the database closes.
  const jobs = await startJobs(siteJobs({ cfg, database, services, worker }));

  const app = createApp({ config: cfg, services, build, viteMiddleware });
  const appJobs = await startJobs(app.jobs);
  const { listener } = app;
  const connections = keepingNoConnectionAlive(listener);
  const server: Server = createServer(connections.listener);
  server.on("connection", connections.follow);
  await listenOnConfiguredPort(server, cfg, viteMiddleware ? "npm run dev" : "npm start");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  // `npm start`'s supervisor (bin/supervise.mjs), or the cluster's primary, restarts a server that dies
  // once it has listened.
  process.send?.({ newsdesk: "listening" });
  const log = worker ? logFor("server").child({ worker: worker.id }) : logFor("server"); // which worker says it
  log.info(
    { port, engine: database.engine },
    `Serving on http://localhost:${port} (${database.engine}${cfg.isProduction ? "" : ", development"}${worker ? `, worker ${worker.id}, pid ${process.pid}` : ""})`,
  );
  if (!worker || worker.id === 1) warnOfRiskySettings(cfg, log);
  server.keepAliveTimeout = 65_000;

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let isShuttingDown = false;
  function shutdown(reason: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    log.info(`${reason}: finishing in-flight requests...`);
    const forceExit = setTimeout(() => {
      log.error(`Requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    const stopClosingIdle = connections.stop(server);
    server.close(async () => {
      stopClosingIdle();
      await appJobs.stop();
      await jobs.stop();
      await closeDatabaseAndServices(database, services);
      clearTimeout(forceExit);
      log.info("Stopped.");
      endOnceStopped(log, { isDevelopment: Boolean(viteMiddleware) });
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

/**
 * The end of a stop: the jobs, the connections and the database are closed, so nothing of ours is left
 * and the process ends by itself (server/shutdown.test.ts runs the built server to show it). A channel
 * to a parent (npm start's supervisor, the cluster's primary) is the parent's to close, and Vite's
 * watchers in development are Vite's: there it exits. Should anything still hold the process a second
 * later, it is named and the process exits anyway.
 */
function endOnceStopped(log: Logger, { isDevelopment }: { isDevelopment: boolean }) {
  if (process.send || isDevelopment) process.exit(0);
  setTimeout(() => {
    const resources = process.getActiveResourcesInfo();
    log.error({ resources }, `Still open after stopping: ${resources.join(", ")}; exiting anyway.`);
    process.exit(0);
  }, LEFTOVER_GRACE_MS).unref();
}
