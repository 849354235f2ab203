/**
 * The live stream's first page as the poll endpoint sends it (decision record 016): the same section the
 * story's page shows, and the ETag those bytes will have in the page cache. The page names that ETag, so the
 * reader script's first poll is already a 304 when nothing has changed since the page was rendered.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { LiveCoverage } from "#app/components/site/article/live-coverage";
import { weakEtag } from "#app/domain/delivery/page-cache.server";
import type { LiveCoverageView } from "#app/domain/live/live-view.server";

export function liveStreamFragment(view: LiveCoverageView, story: { path: string; shareUrl: string }) {
  const html = renderToStaticMarkup(<LiveCoverage {...view} {...story} />);
  return { html, etag: weakEtag(html) };
}
