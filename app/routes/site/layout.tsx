import { Outlet, redirect, useLocation, useNavigation } from "react-router";
import { ArticleCardSkeletons } from "#app/components/site/article-card";
import { BackToTop } from "#app/components/site/back-to-top";
import { CategoriesBar } from "#app/components/site/categories-bar";
import { SiteFooter } from "#app/components/site/footer";
import { SiteHeader } from "#app/components/site/header";
import { config } from "#app/config.server";
import { getDb } from "#app/db/client.server";
import { navCategories } from "#app/domain/categories/public.server";
import { getSettings, publicSettings } from "#app/domain/settings/settings.server";
import type { SiteMeta } from "#app/lib/seo";
import type { Route } from "./+types/layout";

/** `?redirect=/path` sends the reader there (a server redirect replaces the history entry); only our own paths. */
function redirectTarget(url: URL): string | null {
  const target = url.searchParams.get("redirect");
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectTarget(url);
  if (target) throw redirect(target);
  const db = await getDb();
  const [settings, categories] = await Promise.all([getSettings(db), navCategories(db)]);
  const site: SiteMeta = {
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    origin: (settings.siteUrl || config().publicUrl || url.origin).replace(/\/+$/, ""),
  };
  return { settings: publicSettings(settings), categories, site };
}

/** Pages whose client transition shows card placeholders while their data loads (8 latest, 6 featured). */
const LOADING_PLACEHOLDERS: Record<string, number> = { "/latest-news": 8, "/featured-news": 6 };

function usePendingPlaceholders(): number | undefined {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname === location.pathname) return undefined;
  return LOADING_PLACEHOLDERS[navigation.location.pathname];
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, categories } = loaderData;
  const placeholders = usePendingPlaceholders();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader siteTitle={settings.siteTitle} categories={categories} social={settings.socialMedia} />
      <CategoriesBar categories={categories} />
      <div id="main" className="flex-1">
        {placeholders ? (
          <div className="mx-auto max-w-7xl px-4 py-10">
            <ArticleCardSkeletons count={placeholders} />
          </div>
        ) : (
          <Outlet />
        )}
      </div>
      <SiteFooter
        siteTitle={settings.siteTitle}
        siteDescription={settings.siteDescription}
        aboutText={settings.seoMetaDescription}
        categories={categories}
        social={settings.socialMedia}
        contact={settings}
      />
      <BackToTop />
    </div>
  );
}
