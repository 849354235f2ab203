/**
 * Starts the site: opens and prepares the database, mounts the Express app and listens, with a graceful
 * shutdown. Production runs it from the compiled bundle (`server/production.ts`), development from
 * `server/dev.ts` with Vite's middleware.
 */
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { config } from "#app/config.server";
import { shareSiteChanges } from "#app/domain/delivery/change-broadcast.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { startScheduler } from "#app/domain/articles/scheduler.server";
import { backgroundMailSettled } from "#app/domain/email/mailer.server";
import { checkMediaStorage } from "#app/domain/media/storage.server";
import { ensureImageVariants } from "#app/domain/media/variants.server";
import { conflict } from "#app/lib/errors";
import { createApp } from "./app";
import { startControlChannel } from "./control-channel";
import { prepareDatabase, refreshPlannerStatistics } from "./start";

const HOUR_MS = 60 * 60 * 1000;

export interface ServeOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  viteMiddleware?: RequestHandler;
}

export async function serve({ build, viteMiddleware }: ServeOptions): Promise<Server> {
  const cfg = config();
  // A missing bucket or refused credentials is said now, in one line, not at the first upload.
  await checkMediaStorage();
  const database = await prepareDatabase(cfg);
  // Other instances on the same PostgreSQL database hear of every change saved here, and this one of theirs.
  const stopSharingChanges = cfg.databaseUrl ? await shareSiteChanges(database.db, cfg.databaseUrl) : null;
  // `npm run backup` asks a running server for the snapshot: it holds the embedded data folder.
  const controlChannel = cfg.databaseUrl ? null : await startControlChannel(database, cfg.dataDir);
  // Scheduled stories go live on their own at their minute (each instance runs it; one publishes each).
  const scheduler = startScheduler(database.db, {
    intervalMs: cfg.schedulerIntervalMs,
    onPublished: (published) => console.log(`[newsdesk] Published ${published.length} scheduled article(s).`),
  });
  setInterval(() => {
    refreshPlannerStatistics(database).catch((error: unknown) =>
      console.error("[newsdesk] Refreshing planner statistics failed", error),
    );
  }, HOUR_MS).unref();

  // Older uploads get their missing copies (the share image) in the background: pages show the plain
  // image meanwhile, and a large library does not hold up the start.
  ensureImageVariants(database.db)
    .then(({ updated, skipped }) => {
      if (updated + skipped > 0)
        console.log(`[newsdesk] Image copies made for ${updated} older uploads (${skipped} skipped).`);
      // Pages kept before now name no share image for those uploads.
      if (updated > 0) siteChanged(database.db, { scope: "everything", reason: "image copies made" });
    })
    .catch((error: unknown) => console.error("[newsdesk] Making image copies failed", error));

  const { listener } = createApp({ config: cfg, db: database.db, build, viteMiddleware });
  const server: Server = createServer(listener);
  // A port in use is the newcomer's usual first failure: one line that says what to do, not a stack.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(cfg.port, cfg.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    throw conflict(
      `Port ${cfg.port} is already in use (another Newsdesk or another program): stop that one, or start on another port, e.g. PORT=${cfg.port === 3000 ? 3001 : cfg.port + 1} ${viteMiddleware ? "npm run dev" : "npm start"}.`,
    );
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  // `npm start`'s supervisor (bin/supervise.mjs) restarts a server that dies once it has listened.
  process.send?.({ newsdesk: "listening" });
  console.log(
    `[newsdesk] Serving on http://localhost:${port} (${database.engine}${cfg.isProduction ? "" : ", development"})`,
  );
  // Links in pages and feeds are built from a request's Host only when it is trusted (site-origin.server.ts).
  if (cfg.isProduction && !cfg.publicUrl && cfg.allowedHosts.length === 0)
    console.warn(
      "[newsdesk] Neither PUBLIC_URL nor ALLOWED_HOSTS is set: unless Settings → General has a Site URL, links in pages and feeds point at this machine. Set PUBLIC_URL to the site's address.",
    );
  server.keepAliveTimeout = 65_000;

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let isShuttingDown = false;
  function shutdown(signal: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    console.log(`[newsdesk] ${signal} received: finishing in-flight requests...`);
    const forceExit = setTimeout(() => {
      console.error("[newsdesk] Requests still open after 10 s: exiting anyway.");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    server.close(async () => {
      await scheduler.stop();
      // Confirmation mail sent after its answer still goes out (within the 10 s above).
      await backgroundMailSettled();
      await stopSharingChanges?.();
      await controlChannel?.close();
      await database
        .close()
        .catch((error: unknown) => console.error("[newsdesk] Closing the database failed", error));
      console.log("[newsdesk] Stopped.");
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGHUP", () => shutdown("SIGHUP"));
  // The supervisor is gone (killed itself): stop rather than hold the port and the data folder.
  if (process.send) process.once("disconnect", () => shutdown("Supervisor gone"));
  return server;
}
