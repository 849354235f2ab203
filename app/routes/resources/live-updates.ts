/**
 * /article/<slug>/updates: a live story's stream, the first page of the section its page shows, for the
 * reader script's poll (decision record 016). It is a public GET like a page, so the page cache keeps it (it
 * is not under /resources/) and purges it with the story: its links name the story. An unchanged poll sends
 * `If-None-Match` and gets a 304 from the cache.
 */
import { redirect } from "react-router";
import type { Settings } from "#app/db/schema";
import { livePollPath } from "#app/components/site/article/live-coverage";
import { matchesEtag } from "#app/domain/delivery/page-cache.server";
import { liveStreamFragment } from "#app/routes/site/live-fragment.server";
import { resolveArticleAddress } from "#app/domain/articles/slugs.server";
import { liveColumnsOf, liveCoverageView } from "#app/domain/live/live-view.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { storyGate } from "#app/domain/access/story-gate.server";
import { hasPersonalCookie } from "#app/domain/settings/public-delivery.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { articlePath, storyPath } from "#app/lib/paths";
import { messagesFor } from "#app/i18n/messages.server";
import { mainTagOf } from "#app/lib/editions";
import { absoluteUrl } from "#app/lib/seo";
import type { Route } from "./+types/live-updates";

const notFound = () =>
  new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Like a page's (publicCacheControl), with a shared cache's copy kept seconds, not minutes: it is live. */
const pollCacheControl = (settings: Pick<Settings, "cacheEnabled">, request: Request) =>
  settings.cacheEnabled && !hasPersonalCookie(request.headers.get("Cookie"))
    ? "public, max-age=0, s-maxage=10"
    : "private, no-store";

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.db;
  const address = await resolveArticleAddress(db, params.id);
  if (!address) return notFound();
  if (address.kind === "moved") throw redirect(livePollPath(articlePath(address)), 301);
  // In maintenance a reader's open page gets the 503 too; staff still see the stream.
  const [settings, article] = await Promise.all([
    refuseReadersInMaintenance(request, context),
    liveColumnsOf(db, address.id),
  ]);
  // A gated live story gives readers without access no updates (decision record 021).
  const gate = article && (await storyGate(context, settings, { ...article, content: "" }));
  if (gate && !gate.access.full) {
    const refused = notFound();
    for (const [name, value] of Object.entries(gate.headers)) refused.headers.set(name, value);
    return refused;
  }
  // In the story's language, linking to its page in its edition: the bytes its page's first stream has.
  const messages = article && messagesFor(article.language);
  const live = article && (await liveCoverageView(db, article, 1, settings, messages?.dateWords));
  if (!live || !messages) return notFound();
  const story = { id: address.id, slug: params.id.trim(), language: article.language };
  const pageAddress = storyPath(story, mainTagOf(settings));
  const { html, etag } = liveStreamFragment(
    live,
    {
      path: articlePath(story),
      pageAddress,
      shareUrl: absoluteUrl(siteOrigin(settings, request), pageAddress),
    },
    messages,
  );
  const headers = {
    // The browser asks again each time (with the ETag); a shared cache in front may answer for 10 s.
    "Cache-Control": pollCacheControl(settings, request),
    ETag: etag,
    // A gated story's: kept for its access class only, private to the browser (story-gate.server.ts).
    ...gate?.headers,
  };
  // The page cache answers this itself; with the cache off the poll still costs a 304, not the stream.
  if (matchesEtag(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers });
  return new Response(html, {
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "X-Robots-Tag": "noindex" },
  });
});
