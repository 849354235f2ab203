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

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const requested = url.searchParams.get("page");
  try {
    // Settings → Content: 'Posts Per Page' sizes every paged public list.
    const { postsPerPage } = await getSettings(context.db);
    const { tag, prefix } = await pageEditionOf(context.db, params);
    const result = await publishedArticlesPage(context.db, tag, parsePageParam(requested), postsPerPage);
    const moved = canonicalPagePath(inEdition(prefix, "/all-articles"), requested, result.page);
    if (moved) throw redirect(moved);
    const { images } = await pageImages(
      context.db,
      result.articles.map((article) => article.imageUrl),
      { small: isLiteRequest(request.headers), media: context.services.media },
    );
    return { ok: true as const, ...result, images };
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("[all-articles] could not load the page", error);
    // The cause stays in the log: database messages are not for readers.
    return data({ ok: false as const, message: "Please try again later." }, { status: 500 });
  }
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.ok ? loaderData.page : 1;
  return pageMeta({
    site: siteMetaFrom(matches),
    title: page > 1 ? `All Articles (page ${page})` : "All Articles",
    description: "Every story we have published, newest first.",
    path: page > 1 ? `/all-articles?page=${page}` : "/all-articles",
  });
};

export default function AllArticles({ loaderData }: Route.ComponentProps) {
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  if (!loaderData.ok) {
    return (
      <main>
        <PageHeading title="All Articles" />
        <div className="mx-auto max-w-7xl px-4 py-8">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-5 py-4 text-red-800">
            Error loading articles: {loaderData.message}
          </p>
        </div>
      </main>
    );
  }
  const { articles, total, page, perPage, totalPages } = loaderData;
  return (
    <main>
      <PageHeading title="All Articles" subtitle="Every story we have published, newest first." />
      <div className="mx-auto max-w-7xl px-4 py-8">
        {articles.length === 0 ? (
          <EmptyState title="No articles found">There are currently no articles available.</EmptyState>
        ) : (
          <>
            <p className="mb-5 text-sm font-medium text-slate-600">{showingRange(page, perPage, total)}</p>
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
