/**
 * The live stream's first page as the poll endpoint sends it (decision record 016): the same section the
 * story's page shows, and the ETag those bytes will have in the page cache. The page names that ETag, so the
 * reader script's first poll is already a 304 when nothing has changed since the page was rendered. It is
 * rendered outside the renderers, so it provides the story's language's messages itself (decision record
 * 022, point 11): the page and its poll must say the same, byte for byte.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { LiveCoverage } from "#app/components/site/article/live-coverage";
import { weakEtag } from "#app/domain/delivery/page-cache.server";
import type { LiveCoverageView } from "#app/domain/live/live-view.server";
import { MessagesContext, type PageMessages } from "#app/i18n/use-messages";

interface LiveStory {
  /** The story's bare path (the poll's address). */
  path: string;
  /** The story's address in its own edition: the Refresh and paging links. */
  pageAddress: string;
  shareUrl: string;
}

export function liveStreamFragment(view: LiveCoverageView, story: LiveStory, messages: PageMessages) {
  const html = renderToStaticMarkup(
    <MessagesContext.Provider value={messages}>
      <LiveCoverage {...view} {...story} />
    </MessagesContext.Provider>,
  );
  return { html, etag: weakEtag(html) };
}

/** The poll's answer while nothing changes, so the script's first poll is a 304 (a few hundred bytes). */
export function livePollEtag(view: LiveCoverageView, story: LiveStory, messages: PageMessages) {
  return view.isLive && view.page === 1 ? liveStreamFragment(view, story, messages).etag : undefined;
}
