/**
 * Renders whole reader documents in tests: the real root, site layout, pages (the not-found catch-all
 * included) and server entry, and the back office's sign-in page (which still hydrates), as a build would
 * wire them, on a test database, without building anything.
 */
import {
  createRequestHandler,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { createRequestContext } from "#app/auth/current-user.server";
import { testServices } from "./services";
import type { Db } from "#app/db/client.server";
import * as entry from "#app/entry.server";
import { createReaderPages } from "#app/reader-pages.server";
import * as root from "#app/root";
import * as login from "#app/routes/admin/login";
import * as allArticles from "#app/routes/site/all-articles";
import * as article from "#app/routes/site/article";
import * as author from "#app/routes/site/author";
import * as category from "#app/routes/site/category";
import * as contact from "#app/routes/site/contact";
import * as edition from "#app/routes/site/edition";
import * as home from "#app/routes/site/home";
import * as featuredNews from "#app/routes/site/featured-news";
import * as latestNews from "#app/routes/site/latest-news";
import * as siteLayout from "#app/routes/site/layout";
import * as newsletter from "#app/routes/site/newsletter";
import * as notFound from "#app/routes/site/not-found";
import * as offline from "#app/routes/site/offline";
import * as search from "#app/routes/site/search";
import * as tag from "#app/routes/site/tag";

/**
 * The reader pages every edition has (app/routes.ts's `editionPages`), for the main edition's branch and,
 * with ids ending `.edition`, for the `/:edition` one.
 */
function editionPages(twin: "" | ".edition", parentId: string) {
  const pages = {
    home: { module: home, index: true },
    article: { module: article, path: "article/:id" },
    category: { module: category, path: "category/:categorySlug" },
    author: { module: author, path: "author/:slug" },
    tag: { module: tag, path: "tag/:slug" },
    search: { module: search, path: "search" },
    "all-articles": { module: allArticles, path: "all-articles" },
    "latest-news": { module: latestNews, path: "latest-news" },
    "featured-news": { module: featuredNews, path: "featured-news" },
    newsletter: { module: newsletter, path: "newsletter" },
    offline: { module: offline, path: "offline" },
    "not-found": { module: notFound, path: "*" },
  };
  return Object.fromEntries(
    Object.entries(pages).map(([name, page]) => [`routes/site/${name}${twin}`, { ...page, parentId }]),
  );
}

type TestRoute = { module: Record<string, unknown>; parentId?: string; path?: string; index?: boolean };

/** The reader routes of app/routes.ts these tests visit, and one back-office page (app/root.test.ts). */
const ROUTES: Record<string, TestRoute> = {
  root: { module: root, path: "" },
  "routes/site/layout": { module: siteLayout, parentId: "root" },
  ...editionPages("", "routes/site/layout"),
  "routes/site/contact": { module: contact, parentId: "routes/site/layout", path: "contact" },
  "routes/site/edition": { module: edition, parentId: "routes/site/layout", path: ":edition" },
  ...editionPages(".edition", "routes/site/edition"),
  "routes/admin/login": { module: login, parentId: "root", path: "admin/login" },
};

/**
 * What a build may list beside each route's module: the chunk every one imports (React, split out) and
 * the root's stylesheet. app/root.test.ts asks for them, to check a reader's page carries no preloads.
 */
export interface BuildAssets {
  sharedChunks: string[];
  rootCss: string[];
}
const NO_ASSETS: BuildAssets = { sharedChunks: [], rootCss: [] };

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

/** The reader routes above as a build gives them to the server. */
export function serverBuildForTests({ sharedChunks, rootCss }: BuildAssets = NO_ASSETS): ServerBuild {
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
          imports: sharedChunks,
          css: id === "root" ? rootCss : [],
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
      entry: { module: "/assets/entry.client.js", imports: sharedChunks },
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

/**
 * An anonymous reader's GET of `path` (on http://localhost), answered with the status and the HTML, as
 * the server answers it: by the reader pages' own renderer (app/reader-pages.server.tsx), or with
 * `via: "react-router"` by React Router alone (what the renderer is checked against).
 */
export function readerDocuments(
  db: Db,
  {
    via = "reader-pages",
    assets = NO_ASSETS,
  }: { via?: "reader-pages" | "react-router"; assets?: BuildAssets } = {},
) {
  const build = serverBuildForTests(assets);
  const router = createRequestHandler(build, "production");
  const readerPages = via === "reader-pages" ? createReaderPages(build, "production") : null;
  return async (
    path: string,
    init: RequestInit = {},
  ): Promise<{
    status: number;
    html: string;
    headers: Headers;
    renderedBy: "reader-pages" | "react-router";
  }> => {
    const request = new Request(`http://localhost${path}`, init);
    const context = createRequestContext(testServices(db), undefined, "127.0.0.1");
    const own = await readerPages?.answer(request, context);
    const response = own ?? (await router(request, context));
    const renderedBy = own ? "reader-pages" : "react-router";
    return { status: response.status, html: await response.text(), headers: response.headers, renderedBy };
  };
}

/** Every JSON-LD object in the document's `<script type="application/ld+json">` elements, parsed. */
export function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}
