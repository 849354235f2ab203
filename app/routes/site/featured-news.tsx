import { data } from "react-router";
import { pageEditionOf } from "./edition.server";
import { ArticleCard } from "#app/components/site/article-card";
import { EmptyState, LoadError, PageHeading } from "#app/components/site/page-states";
import { useEditionPath, useSiteDates } from "#app/components/site/use-site";
import { featuredArticles, loadOrReport } from "#app/domain/articles/public.server";
import { pageImages } from "#app/domain/media/public.server";
import { isLiteRequest } from "#app/lib/lite-mode";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/featured-news";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

const FEATURED_NEWS_LIMIT = 50;

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.db;
  const { tag } = await pageEditionOf(db, params);
  const { t } = messagesFor(tag);
  const featured = await loadOrReport("the featured news", () =>
    featuredArticles(db, tag, FEATURED_NEWS_LIMIT),
  );
  const { images } = await pageImages(
    db,
    (featured.ok ? featured.value : []).map((article) => article.imageUrl),
    { small: isLiteRequest(request.headers), media: context.services.media },
  );
  return data(
    { featured, images, title: t("featuredNews.title"), description: t("featuredNews.subtitle") },
    { status: featured.ok ? 200 : 500 },
  );
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: loaderData?.title ?? "",
    description: loaderData?.description ?? "",
    path: "/featured-news",
  });

export default function FeaturedNews({ loaderData }: Route.ComponentProps) {
  const { featured, images } = loaderData;
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <main>
      <PageHeading
        title={t("featuredNews.title")}
        subtitle={t("featuredNews.subtitle")}
        accent="#fbbf24"
      />
      <div className="mx-auto max-w-7xl px-4 py-8">
        {!featured.ok ? (
          <LoadError />
        ) : featured.value.length === 0 ? (
          <EmptyState title={t("featuredNews.empty")}>
            <a
              href={editionPath("/all-articles")}
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
            >
              {t("listing.browseAll")}
            </a>
          </EmptyState>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.value.map((article, index) => (
              <ArticleCard
                key={article.id}
                article={article}
                excerptLength={EXCERPT_LENGTH.featured}
                dateText={dates.format(article.displayDate)}
                badges={["featured"]}
                image={images[article.imageUrl]}
                isLead={index === 0}
              />
            ))}
          </div>
        )}
      </div>
    </main>
  );
}
