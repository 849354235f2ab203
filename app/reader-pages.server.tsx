/**
 * The reader pages' own renderer (decision record 020). A reader page is never hydrated (decision record
 * 005), so React Router's document handling does work nobody reads on it: the data handed over to the
 * browser's router (encoded whether or not it is sent), the framework context, its route modules and
 * branches rebuilt per request, and a stream React writes in small chunks. Here a GET of a reader page
 * is matched against the same route table (the site layout's branch of `app/routes.ts`, from the same
 * build), runs the same loaders through React Router's own static handler (so redirects, thrown
 * responses and error boundaries behave as before), takes each route's `headers` and `meta` as React
 * Router would, and renders the document in one call to a string. Anything else (a form's POST, a
 * resource route, the back office, React Router's own data and route-discovery requests) returns null
 * and goes to React Router.
 */
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type RouteObject,
  type ServerBuild,
  type StaticHandlerContext,
} from "react-router";
import { ReaderDocument } from "#app/components/site/reader-document";
import { SharedPartsContext, SharedPartsSession } from "#app/components/site/shared-part";
import { messagesFor } from "#app/i18n/messages.server";
import { MessagesContext } from "#app/i18n/use-messages";
import { config } from "#app/config.server";
import { fragmentCacheFor, fragmentShare } from "#app/domain/delivery/fragment-cache.server";
import { isPublicPagePath } from "#app/domain/snippets/page-code.server";
import { publicDocument, publicPageCode } from "#app/domain/snippets/public-page-code.server";
import { documentHeaders } from "#app/lib/document-headers.server";
import { documentResponse } from "#app/lib/document-text";
import { MetaTags, metaDescriptors, type MetaExport } from "#app/lib/route-meta";
import { logFailure } from "#app/lib/log.server";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** The layout every reader page sits in (app/routes.ts); its loader's data carries the language and lite flag. */
export const SITE_LAYOUT_ID = "routes/site/layout";
const ROOT_ID = "root";
const NO_BODY_STATUSES = new Set([204, 205, 304]);

export interface ReaderPages {
  /** The page for a GET or HEAD of a reader page; null for anything React Router should answer. */
  answer(request: Request, context: AppLoadContext): Promise<Response | null>;
}

/** A route path (React Router's syntax: `:param`, `:param?`, `*`) as a case-insensitive pattern. */
export function pathPattern(path: string): RegExp {
  const segments = path.split("/").filter(Boolean);
  let source = "";
  for (const segment of segments) {
    if (segment === "*") {
      source += "(?:/.*)?";
      break;
    }
    if (segment.startsWith(":")) source += segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`^${source || "/"}/?$`, "i");
}

function fullPath(route: BuildRoute, routes: ServerBuild["routes"]): string {
  const parent = route.parentId ? routes[route.parentId] : undefined;
  const own = route.path ?? "";
  return parent ? `${fullPath(parent, routes)}/${own}` : own;
}

function isUnder(route: BuildRoute, ancestorId: string, routes: ServerBuild["routes"]): boolean {
  for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
    if (at.id === ancestorId) return true;
  return false;
}

const isRedirectStatus = (status: number | undefined) =>
  status !== undefined && status >= 300 && status < 400;

/** A route's loader called as React Router calls it: a `data()` with a redirect status is a redirect. */
function loaderOf(route: BuildRoute): RouteObject["loader"] {
  const loader = route.module.loader;
  if (!loader) return undefined;
  return async (args: LoaderFunctionArgs) => {
    const result: unknown = await loader(args as Parameters<typeof loader>[0]);
    // What `data()` returns (React Router tells it by this mark, `isDataWithResponseInit`).
    const init = (result as { type?: unknown; init?: ResponseInit | null } | null)?.init;
    if (
      (result as { type?: unknown } | null)?.type === "DataWithResponseInit" &&
      isRedirectStatus(init?.status)
    )
      throw new Response(null, init ?? undefined);
    return result;
  };
}

export function createReaderPages(build: ServerBuild, mode: string): ReaderPages {
  const routes = build.routes;
  const all = Object.values(routes).filter((route): route is BuildRoute => Boolean(route));
  const dataRoute = (route: BuildRoute): RouteObject => {
    const common = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      loader: loaderOf(route),
      hasErrorBoundary: route.id === ROOT_ID || route.module.ErrorBoundary != null,
      Component: route.module.default as React.ComponentType,
      ErrorBoundary: route.module.ErrorBoundary as React.ComponentType | undefined,
      handle: route.module.handle,
    };
    if (route.index) return { ...common, index: true };
    // Under the root, only the site layout's branch: the back office and resource routes are React Router's.
    const children = all.filter(
      (child) => child.parentId === route.id && (route.id !== ROOT_ID || child.id === SITE_LAYOUT_ID),
    );
    return { ...common, children: children.map(dataRoute) };
  };
  const root = routes[ROOT_ID];
  if (!root || !routes[SITE_LAYOUT_ID]) throw new Error("The route table has no root or site layout");
  const handler = createStaticHandler([dataRoute(root)]);
  // Addresses that a route outside the site layout answers (feeds, the live poll, /resources…): those
  // stay React Router's, whatever the layout's catch-all would match.
  const otherAddresses = all
    .filter((route) => route.id !== ROOT_ID && !isUnder(route, SITE_LAYOUT_ID, routes))
    .filter((route) => route.path !== undefined || route.index)
    .map((route) => pathPattern(fullPath(route, routes)));
  const isProduction = mode === "production";
  // Shared parts age out as trending does (a minute); their memory is a share of the page cache's.
  const fragmentOptions = { maxBytes: fragmentShare(config().pageCache.maxBytes), maxAgeMs: 60_000 };

  // The back office's router asks React Router for routes it discovers as it goes (lazy discovery).
  const manifestPath = build.routeDiscovery?.manifestPath || "/__manifest";

  function isReaderPage(url: URL): boolean {
    const { pathname } = url;
    if (!isPublicPagePath(pathname) || pathname.endsWith(".data")) return false;
    if (pathname === manifestPath) return false;
    // React Router strips these before it calls loaders; such a request is left to it.
    if (url.searchParams.has("index") || url.searchParams.has("_routes")) return false;
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return false;
    }
    return !otherAddresses.some((pattern) => pattern.test(pathname) || pattern.test(decoded));
  }

  /** Errors are logged as React Router logs them; a failure of ours reaches the page as a vague one. */
  function reportErrors(context: StaticHandlerContext) {
    if (!context.errors) return;
    for (const [routeId, error] of Object.entries(context.errors)) {
      if (!isRouteErrorResponse(error)) logFailure("[reader-pages] a loader failed", error, { routeId });
      else if ((error as { error?: unknown }).error)
        logFailure("[reader-pages] a loader failed", (error as { error?: unknown }).error, { routeId });
      if (isProduction && error instanceof Error) {
        const sanitized = new Error("Unexpected Server Error");
        sanitized.stack = undefined;
        context.errors[routeId] = sanitized;
      }
    }
  }

  async function render(
    request: Request,
    pathname: string,
    loadContext: AppLoadContext,
    context: StaticHandlerContext,
    parts: SharedPartsSession,
  ): Promise<Response> {
    const headers = documentHeaders(context, (id) => routes[id]?.module.headers);
    const status = context.statusCode;
    if (NO_BODY_STATUSES.has(status)) return new Response(null, { status, headers });
    reportErrors(context);
    if (request.method === "HEAD") return new Response(null, { status, headers });
    const extras = await publicPageCode(request, pathname, loadContext);
    const site = context.loaderData[SITE_LAYOUT_ID] as { lite?: unknown } | undefined;
    // The edition's tag, for `<html lang>`, the texts and the shared parts' keys (decision record 022).
    const lang = readerPageLanguage(context.loaderData);
    parts.speaks(lang);
    const descriptors = metaDescriptors(
      context.matches.map((match) => ({
        id: match.route.id,
        pathname: match.pathname,
        params: match.params,
        handle: match.route.handle,
      })),
      context.loaderData,
      context.errors,
      (id) => routes[id]?.module.meta as MetaExport,
      context.location,
    );
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToStaticMarkup(
      <ReaderDocument lang={lang} isLite={Boolean(site?.lite)} meta={<MetaTags descriptors={descriptors} />}>
        <MessagesContext.Provider value={messagesFor(lang)}>
          <SharedPartsContext.Provider value={parts}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </SharedPartsContext.Provider>
        </MessagesContext.Provider>
      </ReaderDocument>,
    );
    return documentResponse(publicDocument(parts.finish(html), extras, headers), { status, headers });
  }

  return {
    async answer(request, loadContext) {
      if (request.method !== "GET" && request.method !== "HEAD") return null;
      const url = new URL(request.url);
      if (!isReaderPage(url)) return null;
      // Before the data is read: a purge while it is read keeps this page's parts out of the cache.
      const parts = new SharedPartsSession(fragmentCacheFor(loadContext.db, fragmentOptions), url.pathname);
      const context = await handler.query(request, { requestContext: loadContext });
      if (context instanceof Response) return context;
      try {
        return await render(request, url.pathname, loadContext, context, parts);
      } catch (error) {
        // A page that fails to render is React Router's to answer: it renders the error boundary.
        logFailure("[reader-pages] a page failed to render; React Router answers it", error);
        return null;
      }
    },
  };
}

/**
 * A reader page's language: its edition's tag, from the site layout's data (decision record 022);
 * English where the layout has none (a page it refused).
 */
export function readerPageLanguage(loaderData: Record<string, unknown>): string {
  const site = loaderData[SITE_LAYOUT_ID] as { edition?: { tag?: string } } | undefined;
  return site?.edition?.tag || "en";
}
