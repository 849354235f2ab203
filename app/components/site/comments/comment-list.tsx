/** The comments readers may see, newest first; text is rendered as text, never as HTML. */
import { useRouteLoaderData } from "react-router";
import { commentDate, isoDate } from "#app/lib/dates";
import type { loader as siteLoader } from "#app/routes/site/layout";
import { commentBadge } from "#app/domain/comments/visibility";
import { useMessages } from "#app/i18n/use-messages";

export interface ShownComment {
  id: string;
  authorName: string;
  text: string;
  status: string;
  createdAt: Date | string;
}

export function CommentList({ comments, timeZone }: { comments: ShownComment[]; timeZone: string }) {
  const { t } = useMessages();
  if (comments.length === 0) {
    return <p className="rounded-md bg-gray-50 px-4 py-6 text-center text-gray-600">{t("comments.empty")}</p>;
  }
  return (
    <ol className="space-y-4">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} timeZone={timeZone} />
      ))}
    </ol>
  );
}

/**
 * One comment. With `hasSlots` its parts are marked with data-slot, for the comments demo, whose
 * script fills a server-rendered copy in (app/reader/comments-demo.ts).
 */
export function CommentItem({
  comment,
  timeZone,
  hasSlots = false,
}: {
  comment: ShownComment;
  timeZone: string;
  hasSlots?: boolean;
}) {
  // The site's time format (Settings → Content); outside the site layout (never today) the default.
  const timeFormat = useRouteLoaderData<typeof siteLoader>("routes/site/layout")?.settings.timeFormat;
  // The month in the page's words (decision record 022, point 6).
  const { dateWords } = useMessages();
  const badge = commentBadge(comment.status);
  const slot = (name: string) => (hasSlots ? name : undefined);
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          data-slot={slot("initial")}
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
        >
          {comment.authorName.trim().charAt(0).toUpperCase() || "?"}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-gray-900">
            <span data-slot={slot("author")} className="[overflow-wrap:anywhere]">
              {comment.authorName}
            </span>
            {badge ? (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge === "Spam" ? "bg-amber-100 text-amber-900" : "bg-red-100 text-red-800"}`}
              >
                {badge}
              </span>
            ) : null}
          </p>
          <time
            dateTime={isoDate(comment.createdAt)}
            data-slot={slot("date")}
            className="text-sm text-gray-600"
          >
            {commentDate(comment.createdAt, timeZone, timeFormat, dateWords)}
          </time>
        </div>
      </div>
      <p data-slot={slot("text")} className="mt-3 whitespace-pre-line text-gray-800 [overflow-wrap:anywhere]">
        {comment.text}
      </p>
    </li>
  );
}
