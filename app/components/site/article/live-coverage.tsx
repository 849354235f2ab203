/**
 * A live story's coverage (issue 28), complete without JavaScript: the key points, the updates newest
 * first with an anchor each, a Refresh link (the page itself, fresh from the cache after every update)
 * and links to older and newer updates for long streams.
 */

export const LIVE_COVERAGE_TEXT = {
  heading: "Live updates",
  live: "Live",
  ended: "Coverage ended",
  keyPoints: "Key points",
  refresh: "Refresh",
  older: "Older updates",
  newer: "Newer updates",
  none: "No updates yet. Refresh for the latest.",
  edited: "Edited",
  linkToUpdate: "Link to this update",
} as const;

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
  /** The article's own path: the stream's links are relative to it. */
  path: string;
  isLive: boolean;
  page: number;
  pageCount: number;
  total: number;
  updates: LiveUpdateView[];
  keyPoints: LiveUpdateView[];
}

const pagePath = (path: string, page: number) =>
  `${page > 1 ? `${path}?updates=${page}` : path}#live-updates`;

const linkClass =
  "inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-4 font-semibold text-gray-800 hover:bg-gray-50";

export function LiveCoverage({
  path,
  isLive,
  page,
  pageCount,
  total,
  updates,
  keyPoints,
}: LiveCoverageProps) {
  const T = LIVE_COVERAGE_TEXT;
  return (
    <section id="live-updates" aria-labelledby="live-heading" className="mt-10" data-live-total={total}>
      <div className="flex flex-wrap items-center gap-3 border-b-2 border-red-700 pb-2">
        <h2 id="live-heading" className="font-serif text-2xl font-bold">
          {T.heading}
        </h2>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold tracking-wide uppercase ${
            isLive ? "bg-red-700 text-white" : "bg-gray-200 text-gray-800"
          }`}
        >
          {isLive ? T.live : T.ended}
        </span>
        {/* The page itself: after an update the cache holds the new one. */}
        <a href={path} className={`${linkClass} ml-auto`}>
          {T.refresh}
        </a>
      </div>
      {keyPoints.length > 0 ? (
        <div className="mt-5 rounded-md border border-gray-200 bg-gray-50 p-4">
          <h3 className="text-sm font-bold tracking-wide text-gray-700 uppercase">{T.keyPoints}</h3>
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
        <p className="mt-5 text-gray-700">{T.none}</p>
      ) : (
        <ol className="mt-5 space-y-6">
          {updates.map((update) => (
            <li key={update.id}>
              <article id={`update-${update.id}`} className="border-l-4 border-red-700 pl-4">
                <p className="text-sm text-gray-700">
                  <time dateTime={update.publishedAt}>{update.time}</time>
                  {update.authorName ? <span> · {update.authorName}</span> : null}
                  {update.editedAt ? <span> · {T.edited}</span> : null}
                </p>
                {update.title ? <h3 className="mt-1 text-lg font-bold">{update.title}</h3> : null}
                <div
                  className="prose-article mt-2 text-gray-900 [overflow-wrap:anywhere]"
                  dangerouslySetInnerHTML={{ __html: update.content }}
                />
                <a
                  href={`#update-${update.id}`}
                  className="mt-2 inline-block text-sm text-gray-700 underline"
                >
                  {T.linkToUpdate}
                </a>
              </article>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Live updates pages" className="mt-6 flex flex-wrap gap-3">
          {page > 1 ? (
            <a href={pagePath(path, page - 1)} className={linkClass}>
              {T.newer}
            </a>
          ) : null}
          {page < pageCount ? (
            <a href={pagePath(path, page + 1)} className={linkClass}>
              {T.older}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
