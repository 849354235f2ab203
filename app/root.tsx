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
import { ErrorPage } from "./components/ui/error-page";
import { useNonce } from "./lib/csp-nonce";
import { ToastProvider } from "./components/ui/toast";
import { isBackOfficePath } from "./lib/paths";
import { FAVICON_PATH } from "./lib/favicon";
import { ReaderDocument } from "./components/site/reader-document";
import { readToast } from "./lib/flash.server";
import type { Route } from "./+types/root";
import type { loader as siteLoader } from "./routes/site/layout";
import backOfficeStylesheet from "./styles/back-office.css?url";

/**
 * Reader pages are not hydrated (decision record 005): no React, no React Router and no copy of the
 * loader data go to the browser, only the server's HTML and the small reader script, which wires the
 * page's behaviour by its data-* attributes. Without <Scripts /> React Router also leaves out the
 * modulepreload links and the streamed hydration data. Their document is `ReaderDocument`, which the
 * reader pages' own renderer uses too (decision record 020). The back office hydrates as before.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const isReaderPage = !isBackOfficePath(useLocation().pathname);
  // The page's edition's language on public pages (the site layout's data); the back office is English.
  const site = useRouteLoaderData<typeof siteLoader>("routes/site/layout");
  const nonce = useNonce();
  if (isReaderPage)
    return (
      <ReaderDocument
        lang={site?.edition.tag || "en"}
        isLite={Boolean(site?.lite)}
        meta={
          <>
            <Meta />
            <Links />
          </>
        }
      >
        {children}
      </ReaderDocument>
    );
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={FAVICON_PATH} type="image/svg+xml" />
        <link rel="stylesheet" href={backOfficeStylesheet} />
        <Links nonce={nonce || undefined} />
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
