import { data, isRouteErrorResponse, Outlet, redirect, useLocation } from "react-router";
import { editionOrMain } from "#app/domain/editions/page-edition.server";
import { AdSpace } from "#app/components/site/ad-space";
import { CategoriesBar } from "#app/components/site/categories-bar";
import { LiteNotice } from "#app/components/site/lite-switch";
import { LiteFooter, SiteFooter } from "#app/components/site/footer";
import { SiteHeader } from "#app/components/site/header";
import { SharedPart } from "#app/components/site/shared-part";
import { NotFoundContent, notFoundBodyOf } from "#app/components/site/not-found";
import { useEditionPath, useSiteDates } from "#app/components/site/use-site";
import { describeRouteError, ErrorPage } from "#app/components/ui/error-page";
import { adsForRequest } from "#app/domain/ads/page-ads.server";
import { navCategories } from "#app/domain/categories/public.server";
import { vapidPublicKey } from "#app/domain/push/keys.server";
import { breakingTopic } from "#app/domain/push/push-topics";
import { publicSettings } from "#app/domain/settings/settings.server";
import { MAINTENANCE_BANNER } from "#app/domain/settings/maintenance-text";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { hasPersonalCookie, publicCacheControl } from "#app/domain/settings/public-delivery.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { inEdition, mainTagOf } from "#app/lib/editions";
import { liteReason } from "#app/lib/lite-mode";
import { errorPageMeta, siteMetaFrom, type SiteMeta } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { useMessages } from "#app/i18n/use-messages";
import { messagesFor } from "#app/i18n/messages.server";
import { textIslandJson } from "./text-island.server";
import { TEXT_ISLAND_ID } from "#app/reader/text-island";
import type { Route } from "./+types/layout";
import { logFailure } from "#app/lib/log.server";

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  // `?redirect=/path` sends the reader there (a server redirect replaces the history entry); our paths only.
  const target = safeRedirectPath(url.searchParams.get("redirect"));
  if (target) throw redirect(target);
  const db = context.db;
  // The page's edition (decision record 022): an address under an unknown prefix is answered by
  // edition.tsx with the not-found page, drawn in the main edition's chrome from here.
  const edition = await editionOrMain(db, params);
  const [settings, categories, pushKey] = await Promise.all([
    refuseReadersInMaintenance(request, context),
    navCategories(db, edition),
    // Without the key the page simply offers no alerts: never a reason for it to fail.
    vapidPublicKey(db).catch((error: unknown) => {
      logFailure("[push] the VAPID key could not be read", error);
      return null;
    }),
  ]);
  const personal = hasPersonalCookie(request.headers.get("Cookie"));
  const lite = liteReason(request.headers.get("Save-Data"), request.headers.get("Cookie"));
  const { t } = messagesFor(edition.tag);
  const site: SiteMeta = {
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    origin: siteOrigin(settings, request),
    metaDescription: settings.seoMetaDescription,
    metaKeywords: settings.seoMetaKeywords,
    googleSiteVerification: settings.googleSiteVerification,
    bingSiteVerification: settings.bingSiteVerification,
    lite: lite !== null,
    // Canonical, og:url, feeds and structured data name the page inside its edition (decision record 022).
    editionPrefix: edition.prefix,
    // What the pages' `meta` cannot format (the formatter is the server's): in the page's language.
    words: {
      home: t("article.breadcrumbHome"),
      failed: t("error.title"),
      articleFailed: t("article.errorTitle"),
    },
  };
  const cacheControl = publicCacheControl(settings, { method: request.method, personal });
  // The header, sidebar and footer ads (in-article ones are placed by the article page); none on lite pages.
  const { header, sidebar, footer } = await adsForRequest(settings, request, context);
  return data(
    {
      settings: publicSettings(settings),
      edition,
      categories,
      site,
      inMaintenance: settings.maintenanceEnabled,
      ads: { header, sidebar, footer },
      pushKey,
      /** The texts the reader script writes, on an edition page other than the main one (decision record 022). */
      textIsland: edition.main ? null : textIslandJson(edition.tag),
      /** Why this page is lite (no photos until tapped, no ads), or null (app/lib/lite-mode.ts). */
      lite,
    },
    { headers: { "Cache-Control": cacheControl } },
  );
});

/**
 * Child pages export no headers of their own, so this one speaks for every public page. Pages differ by
 * `Save-Data` and by the reader's lite choice, a cookie (lite pages, app/lib/lite-mode.ts), so a shared
 * cache keeps them apart. The layout's
 * own refusal (maintenance's 503) sends its own headers; a page below it that failed into this
 * layout's error boundary (a 404) keeps the layout's caching rule, as pages with their own boundary do.
 */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  // An error that says how it may be kept (the maintenance 503: no-store and Retry-After) keeps its own headers.
  if (errorHeaders && (!cacheControl || errorHeaders.has("Cache-Control"))) return errorHeaders;
  return { "Cache-Control": cacheControl ?? "private, no-store", Vary: "Save-Data, Cookie" };
}

/**
 * Only an error page stops at this layout (every page has its own tags): a real title and `noindex`.
 * The maintenance page (the layout's own 503) has no site data, so its title stands alone.
 */
export const meta: Route.MetaFunction = ({ error, matches, loaderData }) => {
  if (!error) return [];
  const { title } = describeRouteError(error);
  if (!loaderData) return [{ title }, { name: "robots", content: "noindex" }];
  const site = siteMetaFrom(matches);
  // A refusal (a 404) brings its title in the page's language; a failure's is the layout's.
  return errorPageMeta(site, isRouteErrorResponse(error) ? title : (site.words?.failed ?? title));
};

/**
 * Reader pages are whole documents, never rendered by the browser's router (decision record 005): a
 * link to one from the back office, which React Router runs in the browser, loads the document, with
 * the reader script. (Reader pages themselves load no React Router to call this.)
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

type SiteData = Route.ComponentProps["loaderData"];

/** The header, categories bar and footer around a reader page (or its error page). */
function SiteChrome({ site, children }: { site: SiteData; children: React.ReactNode }) {
  const { settings, categories, inMaintenance, pushKey, edition } = site;
  const { t } = useMessages();
  // The newsletter's own pages hold the signup form already: one form is enough (`/tw/newsletter` too).
  const onNewsletterPage = useLocation().pathname.startsWith(inEdition(edition.prefix, "/newsletter"));
  const footerProps = {
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    aboutText: settings.seoMetaDescription,
    categories,
    social: settings.socialMedia,
    contact: {
      adminEmail: settings.adminEmail,
      streetAddress: settings.streetAddress,
      contactNumber: settings.contactNumber,
    },
    newsletter: settings.enableNewsletter && !onNewsletterPage,
    newsletterCountsOpens: settings.newsletterOpenCounts,
    pushKey,
    breakingTopic: breakingTopic(edition.tag, mainTagOf(settings)),
  };
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("chrome.skipToContent")}
      </a>
      {inMaintenance ? (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          {MAINTENANCE_BANNER}
        </p>
      ) : null}
      <LiteNotice />
      {/* Shared by every page that shows the same (decision record 020): rendered once, then reused. */}
      <SharedPart
        name="header"
        shows={{ title: settings.siteTitle, categories, social: settings.socialMedia, lite: site.lite }}
      >
        <SiteHeader siteTitle={settings.siteTitle} categories={categories} social={settings.socialMedia} />
        {site.lite ? null : <CategoriesBar categories={categories} />}
      </SharedPart>
      <AdSpace slot="header" className="mx-auto w-full max-w-6xl px-4" />
      <div id="main" className="flex-1">
        {children}
      </div>
      <AdSpace slot="footer" className="mx-auto w-full max-w-6xl px-4" />
      <SharedPart name="footer" shows={{ footer: footerProps, lite: site.lite }}>
        {site.lite ? <LiteFooter siteTitle={settings.siteTitle} /> : <SiteFooter {...footerProps} />}
      </SharedPart>
      {site.textIsland && !site.lite ? (
        <script
          type="application/json"
          id={TEXT_ISLAND_ID}
          // JSON with `<` escaped (text-island.server.ts): data for the reader script, never run.
          dangerouslySetInnerHTML={{ __html: site.textIsland }}
        />
      ) : null}
    </div>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome site={loaderData}>
      <Outlet />
    </SiteChrome>
  );
}

/**
 * A reader page that failed without a boundary of its own lands here, inside the chrome when the
 * layout's data is there: a 404 is the not-found page (with the latest stories when the loader sent
 * them, app/routes/site/not-found.server.ts), anything else the plain error text. When the layout itself
 * refused (maintenance's 503) there is no chrome to draw: the plain page.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) return <ErrorPage error={error} />;
  return (
    <SiteChrome site={loaderData}>
      <SiteErrorContent error={error} />
    </SiteChrome>
  );
}

function SiteErrorContent({ error }: { error: unknown }) {
  const dates = useSiteDates();
  const { t } = useMessages();
  const editionPath = useEditionPath();
  const words = {
    title: t("error.title"),
    message: t("error.message"),
    goHome: t("listing.goHome"),
    homeHref: editionPath("/"),
  };
  const { status, title, message } = describeRouteError(error, words);
  if (status !== 404) return <ErrorPage error={error} words={words} />;
  const body = isRouteErrorResponse(error) ? notFoundBodyOf(error.data) : {};
  return <NotFoundContent title={title} message={message} latest={body.latest} dateText={dates.format} />;
}
