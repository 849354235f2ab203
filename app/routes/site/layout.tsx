import { data, Outlet, redirect } from "react-router";
import { AdSpace } from "#app/components/site/ad-space";
import { CategoriesBar } from "#app/components/site/categories-bar";
import { SiteFooter } from "#app/components/site/footer";
import { SiteHeader } from "#app/components/site/header";
import { adsForRequest } from "#app/domain/ads/page-ads.server";
import { navCategories } from "#app/domain/categories/public.server";
import { getSettings, publicSettings } from "#app/domain/settings/settings.server";
import { MAINTENANCE_BANNER, MAINTENANCE_TITLE } from "#app/domain/settings/maintenance-text";
import {
  hasPersonalCookie,
  passesMaintenance,
  publicCacheControl,
} from "#app/domain/settings/public-delivery.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import type { SiteMeta } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/layout";

/** `?redirect=/path` sends the reader there (a server redirect replaces the history entry); only our own paths. */
function redirectTarget(url: URL): string | null {
  const target = url.searchParams.get("redirect");
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target;
}

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const target = redirectTarget(url);
  if (target) throw redirect(target);
  const db = context.db;
  const [settings, categories] = await Promise.all([getSettings(db), navCategories(db)]);
  const personal = hasPersonalCookie(request.headers.get("Cookie"));
  // Only a request that carries a session can be staff; the lookup is skipped for every other reader.
  const user = settings.maintenanceEnabled && personal ? await context.currentUser() : null;
  if (!passesMaintenance(settings.maintenanceEnabled, user)) {
    throw data(
      { title: MAINTENANCE_TITLE, message: settings.maintenanceMessage },
      { status: 503, headers: { "Retry-After": "600", "Cache-Control": "no-store" } },
    );
  }
  const site: SiteMeta = {
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    origin: siteOrigin(settings, request),
  };
  const cacheControl = publicCacheControl(settings, { method: request.method, personal });
  // The header, sidebar and footer ads (in-article ones are placed by the article page).
  const { header, sidebar, footer } = await adsForRequest(settings, request, context);
  return data(
    {
      settings: publicSettings(settings),
      categories,
      site,
      inMaintenance: settings.maintenanceEnabled,
      ads: { header, sidebar, footer },
    },
    { headers: { "Cache-Control": cacheControl } },
  );
});

/**
 * Child pages export no headers of their own, so this one speaks for every public page. Pages differ by
 * `Save-Data` (smaller images, `wantsSmallImages`), so a shared cache keeps the two apart.
 */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  if (errorHeaders) return errorHeaders;
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store", Vary: "Save-Data" };
}

/**
 * Reader pages are whole documents, never rendered by the browser's router (decision record 005): a
 * link to one from the back office, which React Router runs in the browser, loads the document, with
 * the reader script. (Reader pages themselves load no React Router to call this.)
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, categories, inMaintenance } = loaderData;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {inMaintenance ? (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          {MAINTENANCE_BANNER}
        </p>
      ) : null}
      <SiteHeader siteTitle={settings.siteTitle} categories={categories} social={settings.socialMedia} />
      <CategoriesBar categories={categories} />
      <AdSpace slot="header" className="mx-auto w-full max-w-6xl px-4" />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <AdSpace slot="footer" className="mx-auto w-full max-w-6xl px-4" />
      <SiteFooter
        siteTitle={settings.siteTitle}
        siteDescription={settings.siteDescription}
        aboutText={settings.seoMetaDescription}
        categories={categories}
        social={settings.socialMedia}
        contact={settings}
      />
    </div>
  );
}
