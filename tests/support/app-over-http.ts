/**
 * The real app over HTTP in tests: React Router's pages through Vite (nothing built), the Express app of
 * server/app.ts on a random 127.0.0.1 port, on a test database. The app, its configuration and every
 * module a test calls are loaded through the same Vite module graph, so they share one copy of each
 * module (one settings cache, one change signal) with the pages they serve.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve as resolvePath } from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";

/** PGlite always; PostgreSQL as well when `TEST_DATABASE_URL` names a server. */
export const TEST_ENGINES = process.env.TEST_DATABASE_URL
  ? (["pglite", "postgres"] as const)
  : (["pglite"] as const);

/** The modules every such test needs to start the app. */
export interface AppModules {
  app: typeof import("../../server/app");
  config: typeof import("#app/config.server");
  /** The app's logger as Vite loaded it: `captureLogEvents(m.log)` catches what the app logs. */
  log: typeof import("#app/lib/log.server");
  services: typeof import("#app/services.server");
}

export const APP_MODULE_PATHS: Record<keyof AppModules, string> = {
  app: "/server/app.ts",
  config: "/app/config.server.ts",
  log: "/app/lib/log.server.ts",
  services: "/app/services.server.ts",
};

/** A Vite server for SSR only, and `modules` loaded through it into `into` (module name -> path). */
export async function startVite<M extends object>(paths: Record<keyof M, string>, into: M) {
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
    // The test databases and route helpers (tests/support/) load in the app's module graph too, so they
    // share its modules; the app's own config knows only #app/.
    resolve: { alias: [{ find: /^#test-support\//, replacement: `${resolvePath("tests/support")}/` }] },
  });
  for (const [name, path] of Object.entries(paths) as Array<[string, string]>) {
    (into as Record<string, unknown>)[name] = await vite.ssrLoadModule(path);
  }
  return vite;
}

export interface RunningApp {
  server: Server;
  origin: string;
  /** The app's services, built from its configuration as a server builds them (app/services.server.ts). */
  services: Services;
  /** Stops listening, then closes the services (after the mail they sent in the background). */
  close: () => Promise<void>;
}

/** The production app on `db`, its pages from Vite, listening on a free port; `env` adds to its configuration. */
export async function listenApp(
  vite: ViteDevServer,
  m: AppModules,
  db: Db,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const config = m.config.parseConfig({ NODE_ENV: "production", BUILD_DIR: "/nonexistent-build", ...env });
  const services = await m.services.openServices(config, db);
  const { listener } = m.app.createApp({
    config,
    services,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    services,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await m.services.closeServices(services);
    },
  };
}
