/**
 * React Router's default Node server entry, plus one step: the document stream passes through the
 * page-code injector (app/domain/snippets), which adds the ad tag, custom code and matching snippets
 * to public pages. Back-office pages are streamed untouched.
 */
import { type Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { adsForRequest, adsLoaderAllowed } from "#app/domain/ads/page-ads.server";
import { backOfficeCsp, newNonce } from "#app/lib/csp.server";
import { NonceProvider } from "#app/lib/csp-nonce";
import { createHtmlInjector } from "#app/domain/snippets/html-injector.server";
import { publicCsp, scriptSourcesOf } from "#app/domain/snippets/public-csp.server";
import { isPublicPagePath, pageCode, type PageCode } from "#app/domain/snippets/page-code.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { hasPersonalCookie } from "#app/domain/settings/public-delivery.server";

const streamTimeout = 5_000;

/**
 * Whether this request is signed-in staff's (an enabled account with a role). Only a request that carries
 * a session cookie is looked up; such pages are never cached (decision record 006), so leaving the
 * analytics out of them cannot reach a reader.
 */
async function isSignedInStaff(request: Request, context: AppLoadContext): Promise<boolean> {
  if (!hasPersonalCookie(request.headers.get("Cookie"))) return false;
  const user = await context.currentUser();
  return Boolean(user && user.status === "active" && user.role);
}

/**
 * The admins' code for a public page, and the script policy that lets exactly it run (with the ad units
 * the page shows). A settings read that fails must not take the page down with it: the page goes out
 * without extras, under the strict policy.
 */
async function pageCodeFor(
  request: Request,
  pathname: string,
  context: AppLoadContext,
): Promise<{ code: PageCode | null; csp: string }> {
  const strict = { code: null, csp: publicCsp({ hashes: [], hosts: [] }) };
  try {
    const settings = await getSettings(context.db);
    const adsAllowed = await adsLoaderAllowed(settings, request, context);
    const withAnalytics = !(settings.analyticsExcludeStaff && (await isSignedInStaff(request, context)));
    const code = pageCode(settings, pathname, request.headers.get("user-agent"), {
      adsAllowed,
      withAnalytics,
    });
    const ads = Object.values(await adsForRequest(settings, request, context)).flat();
    const pageScripts = [code?.head, code?.bodyStart, code?.bodyEnd, ...ads.map((ad) => ad.html)].join("");
    return { code, csp: publicCsp(scriptSourcesOf(pageScripts)) };
  } catch (error) {
    console.error("[page-code] could not read settings; page sent without custom code", error);
    return strict;
  }
}

/**
 * A rendered document as one buffer. A reader page is complete when React is ready (no Suspense), so
 * nothing is gained by streaming it in React's many small chunks, and each chunk costs a trip through
 * web streams, Express and compression; one buffer is compressed in one go and gets a Content-Length.
 */
function wholeDocument(body: Transform): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.once("end", () => resolve(Buffer.concat(chunks)));
    body.once("error", reject);
  });
}

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
  // Back-office documents run only the scripts this response names; a public page, kept in the page
  // cache for every reader, runs ours and the admins' code on it (app/domain/snippets/public-csp.server.ts).
  const isPublic = isPublicPagePath(pathname);
  const { code, csp } = isPublic
    ? await pageCodeFor(request, pathname, loadContext)
    : { code: null, csp: "" };
  if (code?.variesByDevice) responseHeaders.append("Vary", "User-Agent");
  const nonce = isPublic ? "" : newNonce();
  responseHeaders.set("Content-Security-Policy", nonce ? backOfficeCsp(nonce) : csp);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots wait for all content so that they read the whole page. So do public pages, which have no
    // Suspense boundary to stream: their document goes out as one buffer (see `wholeDocument`).
    const isWhole = isPublic;
    const readyOption: keyof RenderToPipeableStreamOptions =
      isWhole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout so that rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body: Transform = createHtmlInjector(code ?? { head: "", bodyStart: "", bodyEnd: "" });
          body.once("finish", () => {
            // Clear the timeout so that the closure is not retained.
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          if (isWhole) {
            wholeDocument(body).then(
              (bytes) =>
                resolve(new Response(bytes, { headers: responseHeaders, status: responseStatusCode })),
              reject,
            );
            pipe(body);
            return;
          }
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
