/**
 * The document around a reader page: `<html>`, the head's fixed tags, the reader stylesheet and script,
 * and the body. Reader pages are not hydrated (decision record 005): no React Router scripts, no
 * hydration data, only the small reader script (the lite one on a lite page). Rendered by the root
 * layout for a reader page React Router renders, and by the reader pages' own renderer
 * (app/reader-pages.server.tsx, decision record 020); `meta` is the page's title, description, links and
 * structured data, as each of the two computes them.
 */
import readerScriptUrl, { liteScriptUrl } from "virtual:reader-script";
import { FAVICON_INLINE, FAVICON_PATH } from "#app/lib/favicon";
import { THEME_COLOR } from "#app/lib/web-app-manifest";
import readerStylesheet from "#app/styles/reader.css?url";

export interface ReaderDocumentProps {
  /** Settings → General's language; "en" where the site's data is missing (an error page). */
  lang: string;
  /** A lite page (the reader saves data): says so, for the service worker, and loads the lite script. */
  isLite: boolean;
  meta: React.ReactNode;
  children: React.ReactNode;
}

export function ReaderDocument({ lang, isLite, meta, children }: ReaderDocumentProps) {
  return (
    <html lang={lang} data-lite={isLite ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {meta}
        <link rel="icon" href={isLite ? FAVICON_INLINE : FAVICON_PATH} type="image/svg+xml" />
        {/* Reader pages get the stylesheet of their own classes only; the back office the whole one. */}
        <link rel="stylesheet" href={readerStylesheet} />
        {/* Installable as an app. Chromium fetches the manifest and its icon with the page (to know
            whether to offer the install): a lite page, for a reader saving data, links neither; its
            full pages do. */}
        {isLite ? null : <link rel="manifest" href="/manifest.webmanifest" />}
        <meta name="theme-color" content={THEME_COLOR} />
        {isLite ? null : <link rel="apple-touch-icon" href="/images/icon-192.png" />}
        {/* A module script is deferred: it loads while the page is parsed and runs once it is. */}
        <script type="module" src={isLite ? liteScriptUrl : readerScriptUrl} />
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">{children}</body>
    </html>
  );
}
