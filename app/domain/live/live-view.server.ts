/**
 * A live story's coverage as readers get it (decision record 016): the page's stream section and the poll
 * endpoint's copy of it are built here from one function, so the reader script can swap one for the
 * other.
 */
import { eq } from "drizzle-orm";
import type { ArticleAccess } from "#app/lib/enums";
import type { DbOrTx } from "#app/db/client.server";
import { articles } from "#app/db/schema";
import { formatTime, isoDate, siteDate, type DateSettings, type DateWords } from "#app/lib/dates";
import { totalPagesFor } from "#app/lib/pagination";
import { stripHtml } from "#app/lib/text";
import { LIVE_PAGE_SIZE, publicLiveStream, type PublicLiveUpdate } from "./live.server";

interface LiveColumns {
  id: string;
  liveStartedAt: Date | null;
  liveEndedAt: Date | null;
}

/**
 * What a live story's stream shows, its dates in the story's language's `words` (decision record 022,
 * point 11); null for a story that was never live.
 */
export async function liveCoverageView(
  db: DbOrTx,
  article: LiveColumns,
  page: number,
  dates: DateSettings,
  words?: DateWords,
) {
  if (!article.liveStartedAt) return null;
  const stream = await publicLiveStream(db, article.id, page);
  const view = (update: PublicLiveUpdate) => ({
    id: update.id,
    title: update.title,
    content: update.content,
    text: stripHtml(update.content),
    authorName: update.authorName,
    time: `${siteDate(update.createdAt, dates, words)} ${formatTime(update.createdAt, dates.timeFormat, dates.timezone)}`,
    publishedAt: isoDate(update.createdAt) ?? "",
    editedAt: update.editedAt ? (isoDate(update.editedAt) ?? null) : null,
  });
  return {
    articleId: article.id,
    isLive: article.liveEndedAt === null,
    startedAt: isoDate(article.liveStartedAt) ?? "",
    endedAt: article.liveEndedAt ? (isoDate(article.liveEndedAt) ?? null) : null,
    page,
    pageCount: totalPagesFor(stream.total, LIVE_PAGE_SIZE),
    total: stream.total,
    updates: stream.updates.map(view),
    keyPoints: stream.keyPoints.map(view),
  };
}

export type LiveCoverageView = NonNullable<Awaited<ReturnType<typeof liveCoverageView>>>;

/** A published story's live columns, by id (the poll endpoint's; the page reads them with the story). */
export async function liveColumnsOf(
  db: DbOrTx,
  articleId: string,
): Promise<(LiveColumns & { access: ArticleAccess; language: string }) | null> {
  const [row] = await db
    .select({
      id: articles.id,
      liveStartedAt: articles.liveStartedAt,
      liveEndedAt: articles.liveEndedAt,
      // A gated story's updates go only to readers with access (decision record 021).
      access: articles.access,
      // The poll speaks the story's language and links to it in its edition (decision record 022).
      language: articles.language,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1);
  return row ?? null;
}
