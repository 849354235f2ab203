/**
 * React Router's document entry. Back-office pages are streamed as React Router's default Node entry
 * streams them. A public page that reaches React Router (the answer to a reader's form; every GET of a
 * public page has its own renderer, app/reader-pages.server.tsx, decision record 020) is rendered in
 * one call to a string, as that renderer does, with the admins' code put in (app/domain/snippets).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { backOfficeCsp, newNonce } from "#app/lib/csp.server";
import { NonceProvider } from "#app/lib/csp-nonce";
import { isPublicPagePath } from "#app/domain/snippets/page-code.server";
import { publicDocument, publicPageCode } from "#app/domain/snippets/public-page-code.server";
import { logFailure } from "#app/lib/log.server";
import { messagesFor } from "#app/i18n/messages.server";
import { MessagesContext } from "#app/i18n/use-messages";
import { readerPageLanguage } from "./reader-pages.server";

const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The page that answers a form (a comment, a signup) is that reader's verdict: no cache keeps it. The
  // routes' headers only see the loaders, which React Router runs as for a GET after the action.
  if (request.method.toUpperCase() !== "GET") responseHeaders.set("Cache-Control", "private, no-store");

  const { pathname } = new URL(request.url);
  // A public page, kept in the page cache for every reader, runs ours and the admins' code on it
  // (app/domain/snippets/public-csp.server.ts); it is never hydrated, so it has no React markers either.
  if (isPublicPagePath(pathname)) {
    const extras = await publicPageCode(request, pathname, loadContext);
    const language = readerPageLanguage(routerContext.staticHandlerContext.loaderData);
    const html = renderToStaticMarkup(
      <MessagesContext.Provider value={messagesFor(language)}>
        <ServerRouter context={routerContext} url={request.url} />
      </MessagesContext.Provider>,
    );
    const document = publicDocument(html, extras, responseHeaders);
    return new Response(document, { headers: responseHeaders, status: responseStatusCode });
  }

  // Back-office documents run only the scripts this response names.
  const nonce = newNonce();
  responseHeaders.set("Content-Security-Policy", backOfficeCsp(nonce));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots wait for all content so that they read the whole page.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout so that rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          body.once("finish", () => {
            // Clear the timeout so that the closure is not retained.
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell are logged by handleDocumentRequest when the promise rejects.
          if (shellRendered) logFailure("[render] rendering a page failed", error);
        },
      },
    );
  });
}

/** The reader pages' own renderer, reached through the build (server/page-handler.ts). */
export { createReaderPages } from "./reader-pages.server";
