/**
 * /article/<slug>/updates.rss: a live story's updates as RSS 2.0, for readers who follow the coverage in
 * a feed reader. A story missing, unpublished or never live is a 404, never an empty feed; ended
 * coverage keeps its feed as it keeps its page. An earlier slug (or the id of a story that has a slug)
 * moves for good to the current address's feed, as the story's page does.
 */
import { redirect } from "react-router";
import { resolveArticleAddress } from "#app/domain/articles/slugs.server";
import { liveFeedStory, liveUpdatesRss } from "#app/domain/feeds/feeds.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { articlePath } from "#app/lib/paths";
import { liveFeedPath } from "#app/lib/seo";
import type { Route } from "./+types/live-feed";

const notFound = () =>
  new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.db;
  const [settings, address] = await Promise.all([getSettings(db), resolveArticleAddress(db, params.id)]);
  const story = address ? await liveFeedStory(db, address.id) : null;
  if (!address || !story) return notFound();
  if (address.kind === "moved")
    return redirect(liveFeedPath(articlePath({ id: address.id, slug: address.slug })), 301);
  const body = await liveUpdatesRss(db, siteOrigin(settings, request), settings, story);
  return new Response(body, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // A minute where the other feeds keep five: readers follow live coverage by the minute. The page
      // cache is purged by each update anyway (the feed links to the story); this bounds browsers and proxies.
      "Cache-Control": "public, max-age=60",
    },
  });
});
