import { AdSpace } from "#app/components/site/ad-space";
import { pageEditionOf } from "./edition.server";
import { articlePath, authorPath } from "#app/lib/paths";
import { ArrowRight } from "lucide-react";
import { ArticleCard, ArticleListItem } from "#app/components/site/article-card";
import { CardImage } from "#app/components/site/card-image";
import { CategoryBadge, FlagBadge } from "#app/components/site/category-badge";
import { EmptyState, LoadError } from "#app/components/site/page-states";
import { TrendingList } from "#app/components/site/trending-list";
import { useEditionPath, useSiteDates } from "#app/components/site/use-site";
import { featuredArticles, latestArticles, loadOrReport, topStory } from "#app/domain/articles/public.server";
import { trendingArticles } from "#app/domain/articles/trending.server";
import { pageImages } from "#app/domain/media/public.server";
import { isoDate } from "#app/lib/dates";
import { isLiteRequest } from "#app/lib/lite-mode";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { alternatesOf } from "#app/lib/story-versions";
import { editionHomes } from "#app/domain/editions/page-edition.server";
import { organizationLd, siteSocialFrom, webSiteLd } from "#app/lib/structured-data";
import { EXCERPT_LENGTH, truncate } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { useMessages } from "#app/i18n/use-messages";
import type { Route } from "./+types/home";

const HOME_LATEST = 6;
const HOME_TRENDING = 5;
const HOME_FEATURED = 6;

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.db;
  const { tag } = await pageEditionOf(db, params);
  const [hero, latest, trending, featured, homes] = await Promise.all([
    loadOrReport("the top story", () => topStory(db, tag)),
    loadOrReport("the latest articles", () => latestArticles(db, tag, HOME_LATEST)),
    loadOrReport("the trending articles", () => trendingArticles(db, tag, HOME_TRENDING)),
    loadOrReport("the featured articles", () => featuredArticles(db, tag, HOME_FEATURED)),
    // The editions' homes name each other for search engines (decision record 022, point 8).
    editionHomes(db),
  ]);
  const lead = hero.ok ? hero.value : null;
  const shown = [...(latest.ok ? latest.value : []), ...(featured.ok ? featured.value : [])];
  const { images, share } = await pageImages(
    db,
    shown.map((article) => article.imageUrl),
    { small: isLiteRequest(request.headers), lead: lead?.imageUrl, media: context.services.media },
  );
  return { hero, latest, trending, featured, images, share, alternates: alternatesOf(homes) };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  return pageMeta({
    site,
    path: "/",
    image: loaderData?.share ?? undefined,
    alternates: loaderData?.alternates,
    structuredData: [organizationLd(site, siteSocialFrom(matches)), webSiteLd(site)],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, latest, trending, featured, images } = loaderData;
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="sr-only">{t("home.heading")}</h1>
      {hero.ok && hero.value ? (
        <section
          aria-label={t("home.topStory")}
          className="group relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:grid lg:grid-cols-5"
        >
          <div className="relative lg:col-span-3">
            <CardImage
              src={hero.value.imageUrl}
              image={images[hero.value.imageUrl]}
              place="lead"
              isPriority
              className="lg:h-full"
            />
          </div>
          <div className="flex flex-col justify-center p-5 sm:p-8 lg:col-span-2">
            <div className="flex flex-wrap items-center gap-2">
              {hero.value.isLive ? <FlagBadge kind="live" /> : null}
              {hero.value.isTopStory ? <FlagBadge kind="breakingNews" /> : null}
              <CategoryBadge
                name={hero.value.categoryName}
                slug={hero.value.categorySlug}
                color={hero.value.categoryColor}
              />
            </div>
            <h2 className="mt-3 font-serif text-2xl leading-tight font-bold text-slate-900 sm:text-3xl lg:text-[2.1rem]">
              <a href={editionPath(articlePath(hero.value))} className="hover:text-brand-700">
                {hero.value.title}
              </a>
            </h2>
            {hero.value.summary ? (
              <p className="mt-3 text-base leading-relaxed text-slate-700 sm:text-lg">
                {truncate(hero.value.summary, EXCERPT_LENGTH.hero)}
              </p>
            ) : null}
            <p className="mt-4 text-sm text-slate-500">
              {hero.value.authorSlug ? (
                <a
                  href={editionPath(authorPath(hero.value.authorSlug))}
                  className="font-medium text-slate-700 hover:text-brand-700 hover:underline"
                >
                  {hero.value.authorName.trim() || t("listing.anonymous")}
                </a>
              ) : (
                <span className="font-medium text-slate-700">
                  {hero.value.authorName.trim() || t("listing.anonymous")}
                </span>
              )}
              <span aria-hidden> · </span>
              <time dateTime={isoDate(hero.value.displayDate)}>{dates.format(hero.value.displayDate)}</time>
            </p>
            <a
              href={editionPath(articlePath(hero.value))}
              className="mt-5 inline-flex min-h-11 w-fit items-center gap-2 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
            >
              {t("listing.readFullArticle")} <ArrowRight aria-hidden size={18} />
            </a>
          </div>
        </section>
      ) : null}

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="latest-heading" className="lg:col-span-2">
          <div className="flex items-end justify-between border-b-2 border-brand-700 pb-2">
            <h2 id="latest-heading" className="font-serif text-2xl font-bold text-slate-900">
              {t("home.latestNews")}
            </h2>
            <a
              href={editionPath("/latest-news")}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              {t("listing.viewAll")} <ArrowRight aria-hidden size={16} />
            </a>
          </div>
          {!latest.ok ? (
            <div className="mt-6">
              <LoadError />
            </div>
          ) : latest.value.length === 0 ? (
            <div className="mt-6">
              <EmptyState title={t("listing.noArticles")}>{t("listing.noArticlesYet")}</EmptyState>
            </div>
          ) : (
            <div className="divide-y divide-slate-200">
              {latest.value.map((article) => (
                <ArticleListItem
                  key={article.id}
                  article={article}
                  excerptLength={EXCERPT_LENGTH.latest}
                  dateText={dates.format(article.displayDate)}
                  image={images[article.imageUrl]}
                />
              ))}
            </div>
          )}
        </section>
        <aside className="lg:col-span-1">
          {trending.ok ? <TrendingList articles={trending.value} dateText={dates.format} /> : <LoadError />}
          <AdSpace slot="sidebar" />
        </aside>
      </div>

      {featured.ok && featured.value.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mt-12">
          <div className="flex items-end justify-between border-b-2 border-amber-400 pb-2">
            <h2 id="featured-heading" className="font-serif text-2xl font-bold text-slate-900">
              {t("home.featuredArticles")}
            </h2>
            <a
              href={editionPath("/featured-news")}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              {t("listing.viewAll")} <ArrowRight aria-hidden size={16} />
            </a>
          </div>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.value.map((article) => (
              <ArticleCard
                key={article.id}
                article={article}
                excerptLength={EXCERPT_LENGTH.featured}
                dateText={dates.format(article.displayDate)}
                badges={["featured"]}
                image={images[article.imageUrl]}
              />
            ))}
          </div>
        </section>
      ) : null}
    </main>
  );
}
