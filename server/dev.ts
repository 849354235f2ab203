/**
 * `npm run dev`: the same server with Vite's middleware, hot reload and the app compiled on demand.
 * Everything the server runs is loaded through Vite, so it shares one module graph with the routes.
 */
import { createServer } from "vite";
import type { ServerBuild } from "react-router";
import type { explanation as Explanation } from "./explain-failure";
import type { serve as Serve } from "./serve";

const vite = await createServer({ server: { middlewareMode: true } });
const { serve } = (await vite.ssrLoadModule("/server/serve.ts")) as { serve: typeof Serve };
// Loaded through Vite too: a refusal is a DomainError of Vite's module graph, not of this file's.
const { explanation } = (await vite.ssrLoadModule("/server/explain-failure.ts")) as {
  explanation: typeof Explanation;
};
try {
  await serve({
    viteMiddleware: vite.middlewares,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
} catch (error) {
  // A port in use, a data folder in use, a bad setting: one line that says what to do (as npm start),
  // the command's answer rather than a log event (docs/architecture.md, "Logging").
  const line = explanation(error);
  if (line === null) throw error;
  console.error(`[newsdesk] ${line}`);
  await vite.close();
  process.exit(1);
}
