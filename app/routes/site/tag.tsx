/** A tag page (/tag/<slug>): the published stories with that tag, paged like a category. */
import { inEdition } from "#app/lib/editions";
import { pageEditionOf } from "./edition.server";
import { redirect } from "react-router";
import { ArticleCard } from "#app/components/site/article-card";
import { PageHeading } from "#app/components/site/page-states";
import { Pagination } from "#app/components/site/pagination";
import { useEditionPath, useSiteDates } from "#app/components/site/use-site";
import { articlesByTagSlug } from "#app/domain/articles/public.server";
import { pageImages } from "#app/domain/media/public.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { canonicalPagePath, parsePageParam } from "#app/lib/pagination";
import { isLiteRequest } from "#app/lib/lite-mode";
import { errorPageMeta, pageMeta, siteMetaFrom } from "#app/lib/seo";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { readerNotFound } from "./not-found.server";
import type { Route } from "./+types/tag";
import { notFoundTitleOf } from "#app/components/site/not-found";
import { messagesFor } from "#app/i18n/messages.server";

export const loader = withDomainErrors(async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.db;
  const edition = await pageEditionOf(db, params);
  const { t } = messagesFor(edition.tag);
  const requested = new URL(request.url).searchParams.get("page");
  const settings = await getSettings(db);
  const found = await articlesByTagSlug(
    db,
    edition.tag,
    params.slug,
    parsePageParam(requested),
    settings.postsPerPage,
  );
  // The shared not-found page: what went missing, search and the latest stories, status 404.
  if (!found) throw await readerNotFound(db, edition.tag);
  const moved = canonicalPagePath(inEdition(edition.prefix, `/tag/${found.tag.slug}`), requested, found.page);
  if (moved) throw redirect(moved);
  const { images } = await pageImages(
    db,
    found.articles.map((article) => article.imageUrl),
    { small: isLiteRequest(request.headers), media: context.services.media },
  );
  const { name } = found.tag;
  return {
    ...found,
    images,
    title: found.page > 1 ? t("listing.namedPage", { name, page: found.page }) : name,
    description: t("tag.description", { name }),
    subtitle: t("tag.subtitle", { name }),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  // A 404's title comes with its body, in the page's language.
  if (!loaderData) return errorPageMeta(siteMetaFrom(matches), notFoundTitleOf(error));
  const { tag, page } = loaderData;
  const base = `/tag/${tag.slug}`;
  return pageMeta({
    site: siteMetaFrom(matches),
    title: loaderData.title,
    description: loaderData.description,
    path: page > 1 ? `${base}?page=${page}` : base,
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, articles, page, totalPages, images } = loaderData;
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  return (
    <main>
      <PageHeading title={`#${tag.name}`} subtitle={loaderData.subtitle} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
            <ArticleCard
              key={article.id}
              article={article}
              excerptLength={EXCERPT_LENGTH.category}
              dateText={dates.format(article.displayDate)}
              headingLevel="h2"
              badges={["breakingNews"]}
              image={images[article.imageUrl]}
              isLead={index === 0}
            />
          ))}
        </div>
        {totalPages > 1 ? (
          <div className="mt-10">
            <Pagination page={page} totalPages={totalPages} basePath={editionPath(`/tag/${tag.slug}`)} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
