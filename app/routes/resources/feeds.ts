/**
 * robots.txt, ads.txt, sitemap.xml, news-sitemap.xml and rss.xml, and an edition's rss.xml
 * (`/{tag}/rss.xml`, decision record 022). One module for every path (picked by the file's name), so
 * the shared look-ups stay in one place.
 */
import { adsTxt, newsSitemapXml, robotsTxt, rssXml, sitemapXml } from "#app/domain/feeds/feeds.server";
import { editionOfParams, feedEditions } from "#app/domain/editions/page-edition.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import type { Route } from "./+types/feeds";
import { SHARED_STALENESS } from "#app/domain/settings/public-delivery.server";

const TYPES = {
  "robots.txt": "text/plain; charset=utf-8",
  "ads.txt": "text/plain; charset=utf-8",
  "sitemap.xml": "application/xml; charset=utf-8",
  "news-sitemap.xml": "application/xml; charset=utf-8",
  "rss.xml": "application/rss+xml; charset=utf-8",
} as const;

const notFound = () =>
  new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  // The last segment: an edition's feed is `/{tag}/rss.xml`, the rest sit at the root.
  const file = new URL(request.url).pathname.split("/").pop() as keyof typeof TYPES;
  const db = context.db;
  const [settings, edition] = await Promise.all([getSettings(db), editionOfParams(db, params)]);
  if (!edition) return notFound();
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
      body = await sitemapXml(db, base, await feedEditions(db));
      break;
    case "news-sitemap.xml":
      body = await newsSitemapXml(db, base, settings.siteTitle, await feedEditions(db));
      break;
    case "rss.xml":
      body = await rssXml(db, base, settings, edition);
      break;
    default:
      body = null;
  }
  if (body === null) return notFound();
  return new Response(body, {
    headers: { "Content-Type": TYPES[file], "Cache-Control": `public, max-age=300, s-maxage=300, ${SHARED_STALENESS}` },
  });
});
