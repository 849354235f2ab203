import { articlePath } from "#app/lib/paths";
import { pageEditionOf } from "./edition.server";
import { inEdition } from "#app/lib/editions";
import { ArrowRight, Eye, Loader2, Search as SearchIcon } from "lucide-react";
import { data, redirect } from "react-router";
import { CardImage } from "#app/components/site/card-image";
import { CategoryBadge } from "#app/components/site/category-badge";
import { LoadError, PageHeading } from "#app/components/site/page-states";
import { Pagination } from "#app/components/site/pagination";
import { SharedPart } from "#app/components/site/shared-part";
import { useEditionPath, useLiteMode, useSiteDates } from "#app/components/site/use-site";
import { loadOrReport } from "#app/domain/articles/public.server";
import { searchArticles } from "#app/domain/articles/search.server";
import { pageImages } from "#app/domain/media/public.server";
import { isoDate } from "#app/lib/dates";
import { parsePageParam, totalPagesFor } from "#app/lib/pagination";
import type { PageImage, PageImages } from "#app/lib/responsive-image";
import type { ArticleCard } from "#app/domain/articles/article-cards.server";
import { isLiteRequest } from "#app/lib/lite-mode";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { EXCERPT_LENGTH, truncate } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { getSettings } from "#app/domain/settings/settings.server";
import type { Route } from "./+types/search";
import { messagesFor } from "#app/i18n/messages.server";
import { messageAround, type MessageKey, useMessages } from "#app/i18n/use-messages";

/** What readers often look for, searched in the page's language. */
const POPULAR_SEARCHES = [
  "search.popularBreakingNews",
  "search.popularPolitics",
  "search.popularTechnology",
  "search.popularSports",
  "search.popularBusiness",
  "search.popularEntertainment",
] as const satisfies readonly MessageKey[];
/** Longer queries are cut (the domain cuts them too); no reader types more. */
const SEARCH_MAX_QUERY = 200;

export const loader = withDomainErrors(
  async ({ request, params: routeParams, context }: Route.LoaderArgs) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_QUERY);
    const db = context.db;
    const edition = await pageEditionOf(db, routeParams);
    const { t } = messagesFor(edition.tag);
    const words = {
      title: q ? t("search.titleFor", { query: q }) : t("search.title"),
      description: t("search.description"),
    };
    if (!q) return { q, page: 1, totalPages: 1, search: null, images: {} as PageImages, ...words };
    const page = parsePageParam(params.get("page"));
    // Settings → Content: 'Posts Per Page' sizes every paged public list.
    const { postsPerPage } = await getSettings(db);
    const search = await loadOrReport(`search results for "${q}"`, () =>
      searchArticles(db, edition.tag, q, page, postsPerPage),
    );
    // A page past the last one (an old link, a hand-edited URL) starts the results again.
    if (search.ok && page > 1 && search.value.results.length === 0)
      throw redirect(inEdition(edition.prefix, `/search?q=${encodeURIComponent(q)}`));
    const totalPages = search.ok ? totalPagesFor(search.value.total, postsPerPage) : 1;
    const { images } = await pageImages(
      db,
      (search.ok ? search.value.results : []).map((article) => article.imageUrl),
      { small: isLiteRequest(request.headers), media: context.services.media },
    );
    return data({ q, page, totalPages, search, images, ...words }, { status: search.ok ? 200 : 500 });
  },
);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: loaderData?.title ?? "",
    description: loaderData?.description ?? "",
    path: "/search",
  });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, page, totalPages, search, images } = loaderData;
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  const [tryBefore, tryAfter] = messageAround(t, "search.tryOther", "link");

  return (
    <main>
      <PageHeading title={t("search.title")} subtitle={t("search.subtitle")} />
      <div className="mx-auto max-w-4xl px-4 py-8">
        {/* As you type, the reader script (app/reader/search.ts) fetches the results in place. */}
        <form method="get" action={editionPath("/search")} role="search" data-search className="flex gap-2">
          <label htmlFor="search-q" className="sr-only">
            {t("search.label")}
          </label>
          <div className="relative flex-1">
            <SearchIcon
              aria-hidden
              size={20}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400"
            />
            <input
              id="search-q"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={SEARCH_MAX_QUERY}
              placeholder={t("search.placeholder")}
              autoComplete="off"
              className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-10 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
            <span data-search-spinner hidden>
              <Loader2
                aria-label={t("search.searching")}
                size={20}
                className="absolute top-1/2 right-3 -translate-y-1/2 animate-spin text-brand-700"
              />
            </span>
          </div>
          <button
            type="submit"
            className="h-12 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
          >
            {t("search.button")}
          </button>
        </form>

        <div data-search-results>
          {search === null ? (
            <section aria-labelledby="popular-heading" className="mt-10">
              <h2 id="popular-heading" className="font-serif text-xl font-bold text-slate-900">
                {t("search.popular")}
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {POPULAR_SEARCHES.map((key) => t(key)).map((tag) => (
                  <li key={tag}>
                    <a
                      href={editionPath(`/search?q=${encodeURIComponent(tag)}`)}
                      className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700"
                    >
                      {tag}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : !search.ok ? (
            <div className="mt-8">
              <LoadError />
            </div>
          ) : (
            <section aria-label={t("search.results")} aria-live="polite" className="mt-8">
              {search.value.total === 0 ? (
                <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
                  <p className="text-lg font-semibold text-slate-800">{t("search.noResults")}</p>
                  <p className="mt-2 text-slate-600">
                    {tryBefore}
                    <a href={editionPath("/all-articles")} className="font-semibold text-brand-700 underline">
                      {t("search.browseAll")}
                    </a>
                    {tryAfter}
                  </p>
                </div>
              ) : (
                <>
                  <p className="text-sm font-medium text-slate-600">
                    {t("search.found", { count: search.value.total })}
                  </p>
                  <ul className="mt-4 space-y-4">
                    {search.value.results.map((article) => (
                      <li key={article.id}>
                        <SearchResult
                          article={article}
                          image={images[article.imageUrl]}
                          dateText={dates.short(article.displayDate)}
                        />
                      </li>
                    ))}
                  </ul>
                  <div className="mt-8">
                    <Pagination
                      page={page}
                      totalPages={totalPages}
                      basePath={editionPath(`/search?q=${encodeURIComponent(q)}`)}
                    />
                  </div>
                </>
              )}
            </section>
          )}
        </div>
      </div>
    </main>
  );
}

interface SearchResultProps {
  article: ArticleCard;
  image: PageImage | undefined;
  dateText: string;
}

/**
 * One result, kept as HTML by what it shows (decision record 020), as listing cards are: a common word's
 * results are the same stories search after search.
 */
function SearchResult(props: SearchResultProps) {
  const isLite = useLiteMode();
  const { article: a, image, dateText } = props;
  const shows = [
    [a.id, a.slug, a.title, a.summary, a.imageUrl, a.authorName, a.views, a.displayDate],
    [a.categoryName, a.categorySlug, a.categoryColor, image, dateText, isLite],
  ];
  return (
    <SharedPart name="search-result" shows={shows}>
      <SearchResultBody {...props} />
    </SharedPart>
  );
}

function SearchResultBody({ article, image, dateText }: SearchResultProps) {
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm sm:flex-row">
      <div className="sm:w-60 sm:shrink-0">
        <CardImage
          src={article.imageUrl}
          image={image}
          place="searchResult"
          width={480}
          height={320}
          className="sm:h-full"
        />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div>
          <CategoryBadge
            name={article.categoryName}
            slug={article.categorySlug}
            color={article.categoryColor}
          />
        </div>
        <h2 className="mt-2 font-serif text-xl leading-snug font-bold text-slate-900">
          <a href={editionPath(articlePath(article))} className="hover:text-brand-700">
            {article.title}
          </a>
        </h2>
        {article.summary ? (
          <p className="mt-2 text-slate-600">{truncate(article.summary, EXCERPT_LENGTH.search)}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-3 text-sm text-slate-500">
          <span className="flex flex-wrap items-center gap-x-2">
            <span className="font-medium text-slate-700">
              {article.authorName.trim() || t("listing.anonymous")}
            </span>
            <span aria-hidden>·</span>
            <time dateTime={isoDate(article.displayDate)}>{dateText}</time>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden size={14} /> {t("search.views", { count: article.views })}
            </span>
          </span>
          <a
            href={editionPath(articlePath(article))}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            {t("listing.readFullArticle")} <ArrowRight aria-hidden size={15} />
          </a>
        </div>
      </div>
    </article>
  );
}
