/**
 * /category/<slug>/rss.xml: one category's RSS 2.0 feed, linked from its page's head. An unknown
 * category is a 404, never an empty feed a reader would subscribe to.
 */
import { feedCategory, rssXml } from "#app/domain/feeds/feeds.server";
import { editionOfParams } from "#app/domain/editions/page-edition.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/category-feed";
import { SHARED_STALENESS } from "#app/domain/settings/public-delivery.server";

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.db;
  const [settings, category, edition] = await Promise.all([
    getSettings(db),
    feedCategory(db, params.categorySlug),
    // `/{tag}/category/<slug>/rss.xml`: that edition's stories of the category (decision record 022).
    editionOfParams(db, params),
  ]);
  if (!category || !edition)
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const body = await rssXml(db, siteOrigin(settings, request), settings, edition, category);
  return new Response(body, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": `public, max-age=300, s-maxage=300, ${SHARED_STALENESS}`,
    },
  });
});
