import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import readerScriptUrl, { liteScriptUrl } from "virtual:reader-script";
import { ErrorPage } from "./components/ui/error-page";
import { useNonce } from "./lib/csp-nonce";
import { ToastProvider } from "./components/ui/toast";
import { isBackOfficePath } from "./lib/paths";
import { THEME_COLOR } from "./lib/web-app-manifest";
import { FAVICON_INLINE, FAVICON_PATH } from "./lib/favicon";
import { readToast } from "./lib/flash.server";
import type { Route } from "./+types/root";
import type { loader as siteLoader } from "./routes/site/layout";
import readerStylesheet from "./styles/reader.css?url";
import backOfficeStylesheet from "./styles/back-office.css?url";

/**
 * Reader pages are not hydrated (decision record 005): no React, no React Router and no copy of the
 * loader data go to the browser, only the server's HTML and the small reader script, which wires the
 * page's behaviour by its data-* attributes. Without <Scripts /> React Router also leaves out the
 * modulepreload links and the streamed hydration data. The back office hydrates as before.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const isReaderPage = !isBackOfficePath(useLocation().pathname);
  // Settings → General's language on public pages (the site layout's data); the back office is English.
  const site = useRouteLoaderData<typeof siteLoader>("routes/site/layout");
  const lang = (isReaderPage && site?.settings.language) || "en";
  // A lite page (the reader saves data) says so, for the service worker, and loads the lite script.
  const isLite = isReaderPage && Boolean(site?.lite);
  const nonce = useNonce();
  return (
    <html lang={lang} data-lite={isLite ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={isLite ? FAVICON_INLINE : FAVICON_PATH} type="image/svg+xml" />
        {/* Reader pages get the stylesheet of their own classes only; the back office the whole one. */}
        <link rel="stylesheet" href={isReaderPage ? readerStylesheet : backOfficeStylesheet} />
        <Links nonce={nonce || undefined} />
        {isReaderPage ? (
          <>
            {/* Installable as an app (issue 30). Chromium fetches the manifest and its icon with the
                page (to know whether to offer the install): a lite page, for a reader saving data,
                links neither; its full pages do. */}
            {isLite ? null : <link rel="manifest" href="/manifest.webmanifest" />}
            <meta name="theme-color" content={THEME_COLOR} />
            {isLite ? null : <link rel="apple-touch-icon" href="/images/icon-192.png" />}
            {/* A module script is deferred: it loads while the page is parsed and runs once it is. */}
            <script type="module" src={isLite ? liteScriptUrl : readerScriptUrl} />
          </>
        ) : null}
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">
        {children}
        {isReaderPage ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * An error that reaches the root's boundary keeps the headers it was thrown with: the maintenance 503
 * of a reader's page or post (Retry-After, no-store; maintenance-gate.server.ts).
 */
export function headers({ errorHeaders, parentHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? parentHeaders;
}

/** A toast handed over by a redirect (app/lib/flash.server.ts) is read here once and cleared. */
export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  return data({ toast }, { headers });
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <ToastProvider initial={loaderData.toast}>
      <Outlet />
    </ToastProvider>
  );
}

/** Expected errors carry a status and a message; anything else is logged on the server and kept vague here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
