/**
 * `npm run dev`: the same server with Vite's middleware, hot reload and the app compiled on demand.
 * Everything the server runs is loaded through Vite, so it shares one module graph with the routes.
 */
import { createServer } from "vite";
import type { ServerBuild } from "react-router";
import type { serve as Serve } from "./serve";

const vite = await createServer({ server: { middlewareMode: true } });
const { serve } = (await vite.ssrLoadModule("/server/serve.ts")) as { serve: typeof Serve };
await serve({
  viteMiddleware: vite.middlewares,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
