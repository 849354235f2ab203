/**
 * The reader's "not found" page, inside the site's header and footer: what went missing, a search form
 * (a plain GET form to /search: it works without the reader script), the latest stories and a way home.
 * Used by unknown addresses (routes/site/not-found.tsx), a missing article (its error boundary) and any
 * other 404 a reader page throws (the site layout's error boundary).
 */
import { ArrowRight, Search as SearchIcon } from "lucide-react";
import { isoDate } from "#app/lib/dates";
import { articlePath } from "#app/lib/paths";
import { useEditionPath } from "./use-site";
import { type MessageKey, useMessages } from "#app/i18n/use-messages";
import { EN_MESSAGES } from "#app/i18n/messages/en";
import { isRouteErrorResponse } from "react-router";

/** What went missing: a page, or a story (its messages; the loader formats them in the page's language). */
export const NOT_FOUND_TEXT = {
  title: "notFound.title",
  message: "notFound.message",
} as const satisfies Record<string, MessageKey>;
export const ARTICLE_NOT_FOUND_TEXT = {
  title: "notFound.articleTitle",
  message: "notFound.articleMessage",
} as const satisfies Record<string, MessageKey>;

export interface NotFoundStory {
  id: string;
  slug?: string | null;
  title: string;
  displayDate: Date | string;
  categoryName: string | null;
}

/** What a 404 carries to the page, whether returned by a loader or thrown to an error boundary. */
export interface NotFoundBody {
  title: string;
  message: string;
  latest?: NotFoundStory[];
}

/** A thrown 404's title for a page's `<title>`: the body's, in the page's language, when it is ours. */
export function notFoundTitleOf(error: unknown): string {
  const body = notFoundBodyOf(isRouteErrorResponse(error) ? error.data : null);
  return body.title ?? EN_MESSAGES[NOT_FOUND_TEXT.title];
}

/** A thrown 404's body, when it is one of ours (other 404s carry a title and message, or nothing). */
export function notFoundBodyOf(value: unknown): Partial<NotFoundBody> {
  if (!value || typeof value !== "object") return {};
  const body = value as Partial<NotFoundBody>;
  return {
    title: typeof body.title === "string" ? body.title : undefined,
    message: typeof body.message === "string" ? body.message : undefined,
    latest: Array.isArray(body.latest) ? body.latest : undefined,
  };
}

export function NotFoundContent({
  title,
  message,
  latest = [],
  dateText,
}: {
  title: string;
  message: string;
  latest?: NotFoundStory[];
  dateText: (date: Date | string) => string;
}) {
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <div className="text-center">
        <p className="text-sm font-semibold tracking-wide text-gray-600">404</p>
        <h1 className="mt-2 font-serif text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="mt-3 text-gray-700">{message}</p>
      </div>
      <form
        method="get"
        action={editionPath("/search")}
        role="search"
        className="mx-auto mt-8 flex max-w-xl gap-2"
      >
        <label htmlFor="not-found-q" className="sr-only">
          {t("search.label")}
        </label>
        <div className="relative flex-1">
          <SearchIcon
            aria-hidden
            size={20}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
          />
          <input
            id="not-found-q"
            type="search"
            name="q"
            maxLength={200}
            placeholder={t("search.placeholder")}
            autoComplete="off"
            className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          className="h-12 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
        >
          {t("search.button")}
        </button>
      </form>
      {latest.length > 0 ? (
        <section aria-labelledby="not-found-latest" className="mt-10">
          <h2
            id="not-found-latest"
            className="border-b-2 border-brand-700 pb-2 font-serif text-2xl font-bold text-slate-900"
          >
            {t("notFound.latest")}
          </h2>
          <ul className="divide-y divide-slate-200">
            {latest.map((story) => (
              <li key={story.id} className="py-3">
                {story.categoryName ? (
                  <p className="text-[0.7rem] font-bold tracking-wider text-brand-700 uppercase">
                    {story.categoryName}
                  </p>
                ) : null}
                <a
                  href={editionPath(articlePath(story))}
                  className="mt-0.5 block text-lg leading-snug font-semibold text-slate-900 hover:text-brand-700"
                >
                  {story.title}
                </a>
                <time dateTime={isoDate(story.displayDate)} className="mt-1 block text-sm text-slate-600">
                  {dateText(story.displayDate)}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a
          href={editionPath("/")}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
        >
          {t("listing.goHome")} <ArrowRight aria-hidden size={18} />
        </a>
        <a
          href={editionPath("/all-articles")}
          className="inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50"
        >
          {t("listing.browseAll")}
        </a>
      </div>
    </main>
  );
}
