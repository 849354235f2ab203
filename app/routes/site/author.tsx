/** An author page (/author/<slug>): photo, name, bio and their published stories, paged like a category. */
import { inEdition } from "#app/lib/editions";
import { pageEditionOf } from "./edition.server";
import { redirect } from "react-router";
import { ArticleCard } from "#app/components/site/article-card";
import { initialOf } from "#app/components/site/image-fallback";
import { EmptyState } from "#app/components/site/page-states";
import { Pagination } from "#app/components/site/pagination";
import { useEditionPath, useLiteMode, useSiteDates } from "#app/components/site/use-site";
import { articlesByAuthorSlug } from "#app/domain/articles/public.server";
import { pageImages } from "#app/domain/media/public.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { canonicalPagePath, parsePageParam } from "#app/lib/pagination";
import { authorPath } from "#app/lib/paths";
import { isLiteRequest } from "#app/lib/lite-mode";
import { errorPageMeta, pageMeta, siteMetaFrom } from "#app/lib/seo";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { readerNotFound } from "./not-found.server";
import type { Route } from "./+types/author";
import { notFoundTitleOf } from "#app/components/site/not-found";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

export const loader = withDomainErrors(async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.db;
  const { tag, prefix } = await pageEditionOf(db, params);
  const { t } = messagesFor(tag);
  const requested = new URL(request.url).searchParams.get("page");
  const settings = await getSettings(db);
  const found = await articlesByAuthorSlug(
    db,
    tag,
    params.slug,
    parsePageParam(requested),
    settings.postsPerPage,
  );
  // The shared not-found page: what went missing, search and the latest stories, status 404.
  if (!found) throw await readerNotFound(db, tag);
  const moved = canonicalPagePath(inEdition(prefix, authorPath(found.author.slug)), requested, found.page);
  if (moved) throw redirect(moved);
  const { images } = await pageImages(
    db,
    found.articles.map((article) => article.imageUrl),
    { small: isLiteRequest(request.headers), media: context.services.media },
  );
  const { name } = found.author;
  return {
    ...found,
    images,
    title: found.page > 1 ? t("listing.namedPage", { name, page: found.page }) : name,
    description: found.author.bio.trim() || t("author.description", { name }),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  // A 404's title comes with its body, in the page's language.
  if (!loaderData) return errorPageMeta(siteMetaFrom(matches), notFoundTitleOf(error));
  const { author, page } = loaderData;
  const base = authorPath(author.slug);
  return pageMeta({
    site: siteMetaFrom(matches),
    title: loaderData.title,
    description: loaderData.description,
    path: page > 1 ? `${base}?page=${page}` : base,
    image: author.avatarUrl || undefined,
  });
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, articles, page, totalPages, images } = loaderData;
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  // A lite page (the reader saves data) shows the initial: a face is not worth the reader's data.
  const avatarUrl = useLiteMode() ? "" : author.avatarUrl;
  return (
    <main>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-5 px-4 py-8 sm:flex-row sm:items-center">
          {avatarUrl ? (
            <img
              src={avatarUrl}
              alt=""
              width={96}
              height={96}
              data-fallback="avatar"
              data-initial={initialOf(author.name)}
              className="size-24 shrink-0 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white"
            >
              {initialOf(author.name)}
            </span>
          )}
          <div>
            <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t("author.label")}</p>
            <h1 className="font-serif text-3xl font-bold text-slate-900 sm:text-4xl">{author.name}</h1>
            {author.bio ? <p className="mt-2 max-w-prose text-slate-700">{author.bio}</p> : null}
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h2 className="mb-5 font-serif text-2xl font-bold">{t("author.storiesBy", { name: author.name })}</h2>
        {articles.length === 0 ? (
          <EmptyState title={t("listing.noArticles")}>
            <a
              href={editionPath("/")}
              className="font-semibold text-brand-700 underline hover:text-brand-900"
            >
              {t("listing.goHome")}
            </a>
          </EmptyState>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article, index) => (
              <ArticleCard
                key={article.id}
                article={article}
                excerptLength={EXCERPT_LENGTH.category}
                dateText={dates.format(article.displayDate)}
                badges={["breakingNews"]}
                image={images[article.imageUrl]}
                isLead={index === 0}
              />
            ))}
          </div>
        )}
        {totalPages > 1 ? (
          <div className="mt-10">
            <Pagination page={page} totalPages={totalPages} basePath={editionPath(authorPath(author.slug))} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
