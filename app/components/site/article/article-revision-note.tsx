/**
 * Under the article's heading: "Updated <time>" when the live text changed after publication, and the
 * editor's correction note when the change corrected an error. Server-rendered only, no script.
 */
import { messageAround, useMessages } from "#app/i18n/use-messages";

interface ArticleRevisionNoteProps {
  /** ISO time of the last change readers saw, or null when never revised. */
  revisedAt: string | null;
  revisedText: string;
  correctionNote: string;
}

export function ArticleRevisionNote({ revisedAt, revisedText, correctionNote }: ArticleRevisionNoteProps) {
  const { t } = useMessages();
  if (!revisedAt && !correctionNote) return null;
  const [before, after] = messageAround(t, "article.updated", "time");
  return (
    <div className="mt-3 space-y-2 text-sm text-gray-700" data-article-revision>
      {revisedAt ? (
        <p>
          {before}
          <time dateTime={revisedAt}>{revisedText}</time>
          {after}
        </p>
      ) : null}
      {correctionNote ? (
        <p className="rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-gray-900">
          <strong className="font-semibold">{t("article.correction")}</strong> {correctionNote}
        </p>
      ) : null}
    </div>
  );
}
