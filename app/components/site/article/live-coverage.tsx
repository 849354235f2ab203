/**
 * A live story's coverage (decision record 016), complete without JavaScript: the key points, the updates
 * newest first with an anchor and share links each, a Refresh link (the page itself, fresh from the cache
 * after every update) and links to older and newer updates for long streams. The poll endpoint sends this
 * same section (app/routes/resources/live-updates.ts); the reader script (app/reader/live-updates.ts) asks
 * for it and offers what is new behind a button. Its words are the story's language's messages (decision
 * record 022, point 11): the page's renderer provides them, the poll's fragment its own
 * (live-fragment.server.tsx).
 */

import { telegramShareHref, whatsappShareHref } from "#app/components/site/share-buttons";
import { AlertButton } from "#app/components/site/alert-button";
import { storyTopic } from "#app/domain/push/push-topics";
import { useMessages } from "#app/i18n/use-messages";

export interface LiveUpdateView {
  id: string;
  title: string;
  /** Safe HTML (sanitised when saved, or when read). */
  content: string;
  text: string;
  authorName: string;
  time: string;
  publishedAt: string;
  editedAt: string | null;
}

interface LiveCoverageProps {
  /** The article's own path, bare: the poll's address (slugs are global, decision record 022, point 2). */
  path: string;
  /**
   * The page's address in its edition (`/tw/article/…`), for the Refresh and paging links; the bare path
   * when absent. A prop, not the edition hook: the poll's fragment is rendered outside the router, and
   * sends the same bytes as the page's first stream (its ETag is the page's `pollEtag`).
   */
  pageAddress?: string;
  /** The story's absolute address, for sharing an update. */
  shareUrl: string;
  /** The story's id: the topic of its alerts. */
  articleId: string;
  /** The page's own: the ETag its poll answers with while nothing changes (live-fragment.server.tsx). */
  pollEtag?: string;
  isLive: boolean;
  page: number;
  pageCount: number;
  updates: LiveUpdateView[];
  keyPoints: LiveUpdateView[];
}

const pagePath = (path: string, page: number) =>
  `${page > 1 ? `${path}?updates=${page}` : path}#live-updates`;

const linkClass =
  "inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-4 font-semibold text-gray-800 hover:bg-gray-50";

/** Where the reader script asks for the newest stream (only while live, and on its first page). */
export const livePollPath = (path: string) => `${path}/updates`;

export function LiveCoverage({
  path,
  pageAddress = path,
  shareUrl,
  articleId,
  pollEtag,
  isLive,
  page,
  pageCount,
  updates,
  keyPoints,
}: LiveCoverageProps) {
  const { t } = useMessages();
  return (
    <section
      id="live-updates"
      aria-labelledby="live-heading"
      className="mt-10"
      data-live-state={isLive ? "live" : "ended"}
      data-live-poll={isLive && page === 1 ? livePollPath(path) : undefined}
      data-live-etag={pollEtag}
    >
      <div className="flex flex-wrap items-center gap-3 border-b-2 border-red-700 pb-2">
        <h2 id="live-heading" className="font-serif text-2xl font-bold">
          {t("live.heading")}
        </h2>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold tracking-wide uppercase ${
            isLive ? "bg-red-700 text-white" : "bg-gray-200 text-gray-800"
          }`}
        >
          {isLive ? t("live.live") : t("live.ended")}
        </span>
        {isLive ? (
          <AlertButton
            topic={storyTopic(articleId)}
            label={t("script.push.storyOn")}
            className="border border-red-700 bg-white text-red-800 hover:bg-red-50"
          />
        ) : null}
        {/* The page itself: after an update the cache holds the new one. */}
        <a href={pageAddress} className={`${linkClass} ml-auto`} data-live-refresh>
          {t("live.refresh")}
        </a>
      </div>
      {/* The reader script shows it, with the count, once the stream has news; said aloud when it does. */}
      <div aria-live="polite" className="mt-3 empty:hidden">
        {isLive && page === 1 ? (
          <button
            type="button"
            hidden
            data-live-new
            className="min-h-11 w-full rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          />
        ) : null}
      </div>
      {keyPoints.length > 0 ? (
        <div className="mt-5 rounded-md border border-gray-200 bg-gray-50 p-4">
          <h3 className="text-sm font-bold tracking-wide text-gray-700 uppercase">{t("live.keyPoints")}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {keyPoints.map((point) => (
              <li key={point.id}>
                <a href={`#update-${point.id}`} className="text-brand-700 underline hover:text-brand-900">
                  {point.title || point.text.slice(0, 140)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {updates.length === 0 ? (
        <p className="mt-5 text-gray-700">{t("live.none")}</p>
      ) : (
        <ol className="mt-5 space-y-6">
          {updates.map((update) => (
            <li key={update.id}>
              <article id={`update-${update.id}`} className="border-l-4 border-red-700 pl-4">
                <p className="text-sm text-gray-700">
                  <time dateTime={update.publishedAt}>{update.time}</time>
                  {update.authorName ? <span> · {update.authorName}</span> : null}
                  {update.editedAt ? <span> · {t("live.edited")}</span> : null}
                </p>
                {update.title ? <h3 className="mt-1 text-lg font-bold">{update.title}</h3> : null}
                <div
                  className="prose-article mt-2 text-gray-900 [overflow-wrap:anywhere]"
                  dangerouslySetInnerHTML={{ __html: update.content }}
                />
                <UpdateLinks update={update} shareUrl={shareUrl} />
              </article>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label={t("live.pages")} className="mt-6 flex flex-wrap gap-3">
          {page > 1 ? (
            <a href={pagePath(pageAddress, page - 1)} className={linkClass}>
              {t("live.newer")}
            </a>
          ) : null}
          {page < pageCount ? (
            <a href={pagePath(pageAddress, page + 1)} className={linkClass}>
              {t("live.older")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** The update's own anchor, and WhatsApp and Telegram links that open at it. */
function UpdateLinks({ update, shareUrl }: { update: LiveUpdateView; shareUrl: string }) {
  const { t } = useMessages();
  const url = `${shareUrl}#update-${update.id}`;
  const text = update.title || update.text.slice(0, 140);
  const small = "inline-flex min-h-11 items-center text-sm text-gray-700 underline";
  return (
    <p className="mt-1 flex flex-wrap gap-x-4">
      <a href={`#update-${update.id}`} className={small}>
        {t("live.linkToUpdate")}
      </a>
      {(
        [
          ["WhatsApp", whatsappShareHref(text, url)],
          ["Telegram", telegramShareHref(text, url)],
        ] as const
      ).map(([network, href]) => (
        <a
          key={network}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("live.shareOn", { network })}
          className={small}
        >
          {network}
        </a>
      ))}
    </p>
  );
}
