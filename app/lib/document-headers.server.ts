/**
 * A page's response headers from its routes' `headers` exports, as React Router computes them for a
 * document (react-router 7.18, `getDocumentHeaders` in lib/server-runtime/headers.ts), for the reader
 * pages' own renderer (app/reader-pages.server.tsx). Each route's function gets its loader's headers,
 * its parent's result and, at the error's boundary, the headers the failing loader threw with; cookies
 * set on the way are kept.
 */
import type { HeadersFunction, StaticHandlerContext } from "react-router";

type HeadersExport = HeadersFunction | HeadersInit | undefined;

function prependCookies(from: Headers, to: Headers) {
  const existing = new Set(to.getSetCookie());
  for (const cookie of from.getSetCookie()) if (!existing.has(cookie)) to.append("Set-Cookie", cookie);
}

export function documentHeaders(
  context: StaticHandlerContext,
  headersOf: (routeId: string) => HeadersExport,
): Headers {
  const { errors, loaderHeaders, loaderData, actionHeaders, actionData } = context;
  const boundaryIndex = errors ? context.matches.findIndex((m) => errors[m.route.id]) : -1;
  const matches = boundaryIndex >= 0 ? context.matches.slice(0, boundaryIndex + 1) : context.matches;
  let errorHeaders: Headers | undefined;
  if (boundaryIndex >= 0) {
    context.matches.slice(boundaryIndex).some(({ route: { id } }) => {
      if (actionHeaders[id] && !(actionData && Object.hasOwn(actionData, id))) errorHeaders = actionHeaders[id];
      else if (loaderHeaders[id] && !Object.hasOwn(loaderData, id)) errorHeaders = loaderHeaders[id];
      return errorHeaders != null;
    });
  }
  return matches.reduce((parentHeaders, { route: { id } }, index) => {
    const ownLoaderHeaders = loaderHeaders[id] ?? new Headers();
    const ownActionHeaders = actionHeaders[id] ?? new Headers();
    const withErrorHeaders = errorHeaders != null && index === matches.length - 1;
    const withErrorCookies =
      withErrorHeaders && errorHeaders !== ownLoaderHeaders && errorHeaders !== ownActionHeaders;
    const fn = headersOf(id);
    const headers = new Headers(
      fn == null
        ? parentHeaders
        : typeof fn === "function"
          ? fn({
              loaderHeaders: ownLoaderHeaders,
              parentHeaders,
              actionHeaders: ownActionHeaders,
              errorHeaders: withErrorHeaders ? errorHeaders : undefined,
            })
          : fn,
    );
    if (withErrorCookies && errorHeaders) prependCookies(errorHeaders, headers);
    prependCookies(ownActionHeaders, headers);
    prependCookies(ownLoaderHeaders, headers);
    if (fn != null) prependCookies(parentHeaders, headers);
    return headers;
  }, new Headers());
}
