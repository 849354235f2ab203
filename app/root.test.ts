/**
 * The document a reader gets carries no React Router hydration (decision record 005): rendered by the
 * real root, site layout, pages and server entry, on a seeded database, without building anything.
 * The back office still hydrates.
 */
import {
  createRequestHandler,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRequestContext } from "#app/auth/current-user.server";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { redirectWithToast } from "#app/lib/flash.server";
import * as entry from "./entry.server";
import * as root from "./root";
import * as login from "./routes/admin/login";
import * as article from "./routes/site/article";
import * as home from "./routes/site/home";
import * as siteLayout from "./routes/site/layout";
import { testServices } from "#test-support/services";

/** The routes of app/routes.ts this test visits, as a build would list them. */
const ROUTES = {
  root: { module: root, path: "" },
  "routes/site/layout": { module: siteLayout, parentId: "root" },
  "routes/site/home": { module: home, parentId: "routes/site/layout", index: true },
  "routes/site/article": { module: article, parentId: "routes/site/layout", path: "article/:id" },
  "routes/admin/login": { module: login, parentId: "root", path: "admin/login" },
} as const;

/** What React Router's Vite plugin does to a route module: components get their props from the route. */
function asBuilt(module: Record<string, unknown>) {
  const built: Record<string, unknown> = { ...module };
  if (typeof module.default === "function")
    built.default = withComponentProps(module.default as Parameters<typeof withComponentProps>[0]);
  if (typeof module.ErrorBoundary === "function")
    built.ErrorBoundary = withErrorBoundaryProps(
      module.ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0],
    );
  return built;
}

function serverBuild(): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(ROUTES).map(([id, route]) => [
      id,
      { id, caseSensitive: false, ...route, module: asBuilt(route.module) },
    ]),
  );
  const assets = Object.fromEntries(
    Object.entries(ROUTES).map(([id, route]) => {
      const module = route.module as Record<string, unknown>;
      return [
        id,
        {
          id,
          parentId: "parentId" in route ? route.parentId : undefined,
          path: "path" in route ? route.path : undefined,
          index: "index" in route ? route.index : undefined,
          module: `/assets/${id.replaceAll("/", "-")}.js`,
          imports: ["/assets/chunk-react.js"],
          css: id === "root" ? ["/assets/root.css"] : [],
          hasAction: "action" in module,
          hasLoader: "loader" in module,
          hasClientAction: false,
          hasClientLoader: "clientLoader" in module,
          hasClientMiddleware: false,
          hasErrorBoundary: "ErrorBoundary" in module,
        },
      ];
    }),
  );
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/chunk-react.js"] },
      url: "/assets/manifest.js",
      version: "test",
      routes: assets,
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const HYDRATION = [
  "__reactRouterContext", // the context and the streamed loader data
  'rel="modulepreload"',
  "/assets/entry.client.js",
  "/assets/manifest.js",
];

describe("the document", () => {
  let database: TestDatabase;
  let handle: (path: string, cookie?: string) => Promise<{ status: number; html: string }>;
  let articlePath: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    const handler = createRequestHandler(serverBuild(), "production");
    handle = async (path, cookie) => {
      const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      const response = await handler(
        request,
        createRequestContext(testServices(database.db), cookie, "127.0.0.1"),
      );
      return { status: response.status, html: await response.text() };
    };
    const { html } = await handle("/");
    articlePath = html.match(/href="(\/article\/[^"]+)"/)?.[1] ?? "";
  });

  afterAll(async () => {
    await database.destroy();
  });

  test("a reader page has no hydration: no React Router context, loader data, preloads or entry", async () => {
    expect(articlePath).toMatch(/^\/article\//);
    for (const path of ["/", articlePath]) {
      const { status, html } = await handle(path);
      expect(status).toBe(200);
      for (const marker of HYDRATION) expect(html, `${path}: ${marker}`).not.toContain(marker);
      // One script only, the reader script (structured data is JSON, not script), and the stylesheet.
      expect(html.match(/<script\b(?![^>]*type="application\/ld\+json")/g), path).toHaveLength(1);
      expect(html).toContain('<script type="module" src="/app/reader/reader.ts"></script>');
      expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    }
  });

  test("the article body is sent once", async () => {
    const { html } = await handle(articlePath);
    // A sentence of the sample article's body (app/db/sample-content.ts).
    expect(html.split("Longer days, safer streets")).toHaveLength(2);
  });

  test("a toast handed over by a redirect is in the reader page, marked for the reader script", async () => {
    const redirect = await redirectWithToast("/", { type: "success", title: "Comment Submitted" });
    const cookie = redirect.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { html } = await handle("/", cookie);
    expect(html).toMatch(/<div data-toast="success" role="status"[^>]*>.*Comment Submitted/);
    expect(html).toContain("data-toast-dismiss");
  });

  test("the back office still hydrates", async () => {
    const { status, html } = await handle("/admin/login");
    expect(status).toBe(200);
    for (const marker of HYDRATION) expect(html, marker).toContain(marker);
    expect(html).not.toContain("/app/reader/reader.ts");
  });
});
