import { data, redirect } from "react-router";
import { inEdition } from "#app/lib/editions";
import { pageEditionOf } from "./edition.server";
import { ArticleCard } from "#app/components/site/article-card";
import { badgeColor } from "#app/components/site/category-badge";
import { EmptyState, LoadError, PageHeading } from "#app/components/site/page-states";
import { Pagination } from "#app/components/site/pagination";
import { useEditionPath, useSiteDates } from "#app/components/site/use-site";
import { articlesByCategorySlug, loadOrReport } from "#app/domain/articles/public.server";
import { pageImages } from "#app/domain/media/public.server";
import { canonicalPagePath, parsePageParam } from "#app/lib/pagination";
import type { PageImages } from "#app/lib/responsive-image";
import { isLiteRequest } from "#app/lib/lite-mode";
import { categoryFeedPath, pageMeta, siteMetaFrom } from "#app/lib/seo";
import { breadcrumbLd, homeCrumb } from "#app/lib/structured-data";
import { categoryNameFromSlug } from "#app/lib/slug";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { getSettings } from "#app/domain/settings/settings.server";
import type { Route } from "./+types/category";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

export const loader = withDomainErrors(async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.db;
  const { tag, prefix } = await pageEditionOf(db, params);
  const { t } = messagesFor(tag);
  const requested = new URL(request.url).searchParams.get("page");
  // Settings → Content: 'Posts Per Page' sizes every paged public list.
  const { postsPerPage } = await getSettings(db);
  const listing = await loadOrReport(`category ${params.categorySlug}`, () =>
    articlesByCategorySlug(db, tag, params.categorySlug, parsePageParam(requested), postsPerPage),
  );
  if (!listing.ok)
    return data(
      {
        listing,
        name: categoryNameFromSlug(params.categorySlug),
        images: {} as PageImages,
        description: t("category.description", { name: categoryNameFromSlug(params.categorySlug) }),
      },
      { status: 500 },
    );
  const base = `/category/${encodeURIComponent(params.categorySlug)}`;
  const moved = canonicalPagePath(inEdition(prefix, base), requested, listing.value.page);
  if (moved) throw redirect(moved);
  const { images } = await pageImages(
    db,
    listing.value.articles.map((article) => article.imageUrl),
    { small: isLiteRequest(request.headers), media: context.services.media },
  );
  // An unknown category shows the empty state ('No articles found' with a link home) with status
  // 404, so crawlers do not index it; a real category with no stories yet is a 200.
  const description = listing.value.description || t("category.description", { name: listing.value.name });
  return data(
    { listing, name: listing.value.name, images, description },
    { status: listing.value.exists ? 200 : 404 },
  );
});

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const name = loaderData?.name ?? categoryNameFromSlug(params.categorySlug);
  const slug = loaderData?.listing.ok ? loaderData.listing.value.slug : params.categorySlug;
  // The category's own description, else the loader's words in the page's language.
  const description = loaderData?.description ?? "";
  const site = siteMetaFrom(matches);
  const path = `/category/${slug}`;
  // Only a category that exists has a feed and a place in the site's hierarchy.
  const exists = loaderData?.listing.ok && loaderData.listing.value.exists;
  const page = pageMeta({
    site,
    title: name,
    description,
    path,
    feeds: exists ? [{ title: `${site.siteTitle} - ${name} RSS Feed`, path: categoryFeedPath(slug) }] : [],
    structuredData: exists ? [breadcrumbLd(site, [homeCrumb(site), { name, path }])] : [],
  });
  // An unknown slug answers 404 with the empty state; crawlers must not index it.
  const isUnknown = loaderData?.listing.ok && !loaderData.listing.value.exists;
  return isUnknown ? [...page, { name: "robots", content: "noindex" }] : page;
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { listing, name, images } = loaderData;
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <main>
      <PageHeading
        title={name}
        subtitle={listing.ok && listing.value.description ? listing.value.description : undefined}
        accent={listing.ok ? badgeColor(listing.value.color) : undefined}
      />
      <div className="mx-auto max-w-7xl px-4 py-8">
        {!listing.ok ? (
          <LoadError />
        ) : listing.value.articles.length === 0 ? (
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
            {listing.value.articles.map((article, index) => (
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
        {listing.ok && listing.value.totalPages > 1 ? (
          <div className="mt-10">
            <Pagination
              page={listing.value.page}
              totalPages={listing.value.totalPages}
              basePath={editionPath(`/category/${listing.value.slug}`)}
            />
          </div>
        ) : null}
      </div>
    </main>
  );
}
