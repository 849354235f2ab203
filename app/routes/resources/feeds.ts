/**
 * robots.txt, ads.txt, sitemap.xml, news-sitemap.xml and rss.xml. One module, one loader per path
 * (picked by the route id), so the shared look-ups stay in one place.
 */
import { adsTxt, newsSitemapXml, robotsTxt, rssXml, sitemapXml } from "#app/domain/feeds/feeds.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import type { Route } from "./+types/feeds";

const TYPES = {
  "robots.txt": "text/plain; charset=utf-8",
  "ads.txt": "text/plain; charset=utf-8",
  "sitemap.xml": "application/xml; charset=utf-8",
  "news-sitemap.xml": "application/xml; charset=utf-8",
  "rss.xml": "application/rss+xml; charset=utf-8",
} as const;

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const file = new URL(request.url).pathname.slice(1) as keyof typeof TYPES;
  const db = context.db;
  const settings = await getSettings(db);
  const base = siteOrigin(settings, request);
  let body: string | null;
  switch (file) {
    case "robots.txt":
      body = robotsTxt(base);
      break;
    case "ads.txt":
      body = adsTxt(settings);
      break;
    case "sitemap.xml":
      body = await sitemapXml(db, base);
      break;
    case "news-sitemap.xml":
      body = await newsSitemapXml(db, base, settings.siteTitle, settings.language);
      break;
    case "rss.xml":
      body = await rssXml(db, base, settings);
      break;
    default:
      body = null;
  }
  if (body === null)
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(body, {
    headers: { "Content-Type": TYPES[file], "Cache-Control": "public, max-age=300, s-maxage=300" },
  });
});
