import { data } from "react-router";
import { pageEditionOf } from "./edition.server";
import { ArticleCard } from "#app/components/site/article-card";
import { EmptyState, LoadError, PageHeading } from "#app/components/site/page-states";
import { useSiteDates } from "#app/components/site/use-site";
import { latestArticles, loadOrReport } from "#app/domain/articles/public.server";
import { pageImages } from "#app/domain/media/public.server";
import { isLiteRequest } from "#app/lib/lite-mode";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/latest-news";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

/** The spec's latest list window. */
const LATEST_NEWS_LIMIT = 50;

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.db;
  const { tag } = await pageEditionOf(db, params);
  const { t } = messagesFor(tag);
  const latest = await loadOrReport("the latest news", () => latestArticles(db, tag, LATEST_NEWS_LIMIT));
  const { images } = await pageImages(
    db,
    (latest.ok ? latest.value : []).map((article) => article.imageUrl),
    { small: isLiteRequest(request.headers), media: context.services.media },
  );
  return data(
    { latest, images, title: t("latestNews.title"), description: t("latestNews.subtitle") },
    { status: latest.ok ? 200 : 500 },
  );
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: loaderData?.title ?? "",
    description: loaderData?.description ?? "",
    path: "/latest-news",
  });

export default function LatestNews({ loaderData }: Route.ComponentProps) {
  const { latest, images } = loaderData;
  const dates = useSiteDates();
  const { t } = useMessages();
  return (
    <main>
      <PageHeading title={t("latestNews.title")} subtitle={t("latestNews.subtitle")} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        {!latest.ok ? (
          <LoadError />
        ) : latest.value.length === 0 ? (
          <EmptyState title={t("latestNews.empty")} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {latest.value.map((article, index) => (
              <ArticleCard
                key={article.id}
                article={article}
                excerptLength={EXCERPT_LENGTH.latest}
                dateText={dates.format(article.displayDate)}
                badges={["breakingNews"]}
                image={images[article.imageUrl]}
                imagePlace="cardOfFour"
                isLead={index === 0}
              />
            ))}
          </div>
        )}
      </div>
    </main>
  );
}
