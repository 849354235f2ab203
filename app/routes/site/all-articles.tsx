import { data, redirect } from "react-router";
import { inEdition } from "#app/lib/editions";
import { pageEditionOf } from "./edition.server";
import { ArticleCard } from "#app/components/site/article-card";
import { EmptyState, PageHeading } from "#app/components/site/page-states";
import { Pagination } from "#app/components/site/pagination";
import { useEditionPath, useSiteDates } from "#app/components/site/use-site";
import { publishedArticlesPage } from "#app/domain/articles/public.server";
import { pageImages } from "#app/domain/media/public.server";
import { canonicalPagePath, parsePageParam, showingRange } from "#app/lib/pagination";
import { isLiteRequest } from "#app/lib/lite-mode";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import { EXCERPT_LENGTH } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { getSettings } from "#app/domain/settings/settings.server";
import type { Route } from "./+types/all-articles";
import { logFailure } from "#app/lib/log.server";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const requested = url.searchParams.get("page");
  const { tag, prefix } = await pageEditionOf(context.db, params);
  const { t } = messagesFor(tag);
  try {
    // Settings → Content: 'Posts Per Page' sizes every paged public list.
    const { postsPerPage } = await getSettings(context.db);
    const result = await publishedArticlesPage(context.db, tag, parsePageParam(requested), postsPerPage);
    const moved = canonicalPagePath(inEdition(prefix, "/all-articles"), requested, result.page);
    if (moved) throw redirect(moved);
    const { images } = await pageImages(
      context.db,
      result.articles.map((article) => article.imageUrl),
      { small: isLiteRequest(request.headers), media: context.services.media },
    );
    const title = result.page > 1 ? t("allArticles.pageTitle", { page: result.page }) : t("allArticles.title");
    return { ok: true as const, ...result, images, title, description: t("allArticles.subtitle") };
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("[all-articles] could not load the page", error);
    // The cause stays in the log: database messages are not for readers.
    return data(
      {
        ok: false as const,
        message: t("allArticles.tryLater"),
        title: t("allArticles.title"),
        description: t("allArticles.subtitle"),
      },
      { status: 500 },
    );
  }
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.ok ? loaderData.page : 1;
  return pageMeta({
    site: siteMetaFrom(matches),
    // The loader's words, in the page's language.
    title: loaderData?.title ?? "",
    description: loaderData?.description ?? "",
    path: page > 1 ? `/all-articles?page=${page}` : "/all-articles",
  });
};

/** The range as it is shown now, its numbers ungrouped ("1 to 12 of 1500"). */
function shownRange(page: number, perPage: number, total: number) {
  const { from, to } = showingRange(page, perPage, total);
  return { from: String(from), to: String(to), total: String(total) };
}

export default function AllArticles({ loaderData }: Route.ComponentProps) {
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  if (!loaderData.ok) {
    return (
      <main>
        <PageHeading title={t("allArticles.title")} />
        <div className="mx-auto max-w-7xl px-4 py-8">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-5 py-4 text-red-800">
            {t("allArticles.error", { message: loaderData.message })}
          </p>
        </div>
      </main>
    );
  }
  const { articles, total, page, perPage, totalPages } = loaderData;
  return (
    <main>
      <PageHeading title={t("allArticles.title")} subtitle={t("allArticles.subtitle")} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        {articles.length === 0 ? (
          <EmptyState title={t("listing.noArticles")}>{t("listing.noArticlesYet")}</EmptyState>
        ) : (
          <>
            <p className="mb-5 text-sm font-medium text-slate-600">{t("listing.showing", shownRange(page, perPage, total))}</p>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {articles.map((article, index) => (
                <ArticleCard
                  key={article.id}
                  article={article}
                  excerptLength={EXCERPT_LENGTH.allArticles}
                  dateText={dates.format(article.displayDate)}
                  badges={["breakingNews"]}
                  image={loaderData.images[article.imageUrl]}
                  isLead={index === 0}
                />
              ))}
            </div>
            <div className="mt-10">
              <Pagination page={page} totalPages={totalPages} basePath={editionPath("/all-articles")} />
            </div>
          </>
        )}
      </div>
    </main>
  );
}
