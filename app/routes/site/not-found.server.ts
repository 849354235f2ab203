/**
 * A reader page's 404: the body of the not-found page (what went missing and a few of the latest
 * stories), returned by the unknown-address route or thrown by a reader loader that found nothing (an
 * unknown article). Either way the page is drawn inside the site's chrome (app/components/site/not-found.tsx).
 */
import { data } from "react-router";
import { ARTICLE_NOT_FOUND_TEXT, NOT_FOUND_TEXT, type NotFoundBody } from "#app/components/site/not-found";
import type { DbOrTx } from "#app/db/client.server";
import { latestArticles, loadOrReport } from "#app/domain/articles/public.server";
import { messagesFor } from "#app/i18n/messages.server";

/** What went missing, as messages (a page's or a story's). */
type NotFoundText = typeof NOT_FOUND_TEXT | typeof ARTICLE_NOT_FOUND_TEXT;

/** A few stories to go on with; the latest-articles query, read through its listing index. */
export const NOT_FOUND_LATEST_COUNT = 5;

export async function notFoundBody(
  db: DbOrTx,
  /** The edition whose latest stories the page offers, in whose language it speaks. */
  language: string,
  text: NotFoundText = NOT_FOUND_TEXT,
): Promise<NotFoundBody> {
  const { t } = messagesFor(language);
  // A failed read leaves the list out: the page still says what happened and offers search.
  const latest = await loadOrReport("the latest articles for a 404 page", () =>
    latestArticles(db, language, NOT_FOUND_LATEST_COUNT),
  );
  return {
    title: t(text.title),
    message: t(text.message),
    latest: latest.ok
      ? latest.value.map(({ id, slug, title, displayDate, categoryName }) => ({
          id,
          slug,
          title,
          displayDate,
          categoryName,
        }))
      : [],
  };
}

/** For `throw await readerNotFound(db, ...)` in a reader loader: status 404 with the not-found page's body. */
export async function readerNotFound(
  db: DbOrTx,
  language: string,
  text?: NotFoundText,
) {
  return data(await notFoundBody(db, language, text), { status: 404 });
}
