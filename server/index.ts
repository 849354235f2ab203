/**
 * `npm start` (production, built bundle) and `npm run dev` (Vite middleware) both start here.
 */
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { config } from "#app/config.server";
import { createApp } from "./app";
import { prepareDatabase, refreshPlannerStatistics } from "./start";

const cfg = config();
const database = await prepareDatabase(cfg);
const HOUR_MS = 60 * 60 * 1000;
setInterval(() => {
  refreshPlannerStatistics(database).catch((error: unknown) =>
    console.error("[newsdesk] Refreshing planner statistics failed", error),
  );
}, HOUR_MS).unref();

let app;
if (cfg.isProduction) {
  const buildPath = pathToFileURL(path.resolve(cfg.buildDir, "server/index.js")).href;
  const build = (await import(buildPath)) as ServerBuild;
  app = createApp({ config: cfg, build });
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app = createApp({
    config: cfg,
    viteMiddleware: viteServer.middlewares,
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
}

const server: Server = app.listen(cfg.port, cfg.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  console.log(
    `[newsdesk] Serving on http://localhost:${port} (${database.engine}${cfg.isProduction ? "" : ", development"})`,
  );
});
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
