import { data, Outlet, redirect } from "react-router";
import { CategoriesBar } from "#app/components/site/categories-bar";
import { SiteFooter } from "#app/components/site/footer";
import { SiteHeader } from "#app/components/site/header";
import { navCategories } from "#app/domain/categories/public.server";
import { publicSettings } from "#app/domain/settings/settings.server";
import { MAINTENANCE_BANNER } from "#app/domain/settings/maintenance-text";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { hasPersonalCookie, publicCacheControl } from "#app/domain/settings/public-delivery.server";
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
  const [settings, categories] = await Promise.all([
    refuseReadersInMaintenance(request, context),
    navCategories(db),
  ]);
  const personal = hasPersonalCookie(request.headers.get("Cookie"));
  const site: SiteMeta = {
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    origin: siteOrigin(settings, request),
    metaDescription: settings.seoMetaDescription,
    metaKeywords: settings.seoMetaKeywords,
    googleSiteVerification: settings.googleSiteVerification,
    bingSiteVerification: settings.bingSiteVerification,
  };
  const cacheControl = publicCacheControl(settings, { method: request.method, personal });
  return data(
    { settings: publicSettings(settings), categories, site, inMaintenance: settings.maintenanceEnabled },
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
      <div id="main" className="flex-1">
        <Outlet />
      </div>
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
