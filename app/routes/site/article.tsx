import { PlayCircle } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { ArticleHeader } from "#app/components/site/article/article-header";
import { ArticleImage } from "#app/components/site/article/article-image";
import { ArticleRevisionNote } from "#app/components/site/article/article-revision-note";
import { RelatedArticles } from "#app/components/site/article/related-articles";
import { CommentForm, type CommentActionData } from "#app/components/site/comments/comment-form";
import { CommentList } from "#app/components/site/comments/comment-list";
import { ShareButtons } from "#app/components/site/share-buttons";
import { TrendingList } from "#app/components/site/trending-list";
import { useSiteDates } from "#app/components/site/use-site";
import { getPublishedArticle, relatedArticles, trendingArticles } from "#app/domain/articles/public.server";
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { listPublicComments, submitComment } from "#app/domain/comments/public.server";
import { captionLine } from "#app/domain/media/editor-image-rules";
import { pageImages } from "#app/domain/media/public.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { formatTime, isoDate, siteDate } from "#app/lib/dates";
import { wantsSmallImages } from "#app/lib/save-data";
import { absoluteUrl, pageMeta, siteMetaFrom } from "#app/lib/seo";
import { listingExcerpt, readTimeFor } from "#app/lib/text";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import type { Route } from "./+types/article";

const notFound = () =>
  data(
    {
      title: "Article not found",
      message: "The article you are looking for does not exist or is no longer available.",
    },
    { status: 404 },
  );

export const loader = withDomainErrors(async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.db;
  const article = await getPublishedArticle(db, params.id);
  if (!article) throw notFound();
  const settings = await getSettings(db);
  const [related, trending, comments] = await Promise.all([
    relatedArticles(db, article, 4),
    trendingArticles(db, 5),
    listPublicComments(db, article.id, settings),
  ]);
  const { images, share, lead } = await pageImages(
    db,
    related.map((card) => card.imageUrl),
    { small: wantsSmallImages(request.headers), lead: article.imageUrl },
  );
  const dates = {
    dateFormat: settings.dateFormat,
    timeFormat: settings.timeFormat,
    timezone: settings.timezone,
  };
  return {
    article: {
      id: article.id,
      title: article.title,
      description: article.excerpt || listingExcerpt({ content: article.content }),
      content: article.content, // safe: sanitised when saved, or by getPublishedArticle
      imageUrl: article.imageUrl,
      youtubeUrl: /^https?:\/\//i.test(article.youtubeUrl) ? article.youtubeUrl : "",
      authorName: article.authorName,
      authorImage: article.authorImage,
      categoryName: article.categoryName,
      categorySlug: article.categorySlug,
      categoryColor: article.categoryColor,
      displayDate: article.displayDate,
      publishedAt: isoDate(article.publishedAt ?? article.displayDate),
      dateText: siteDate(article.displayDate, dates),
      readTime: article.readTime || readTimeFor(article.content),
      views: article.views,
      revisedAt: article.revisedAt ? (isoDate(article.revisedAt) ?? null) : null,
      revisedText: article.revisedAt
        ? `${siteDate(article.revisedAt, dates)} ${formatTime(article.revisedAt, dates.timeFormat, dates.timezone)}`
        : "",
      correctionNote: article.correctionNote,
    },
    shareUrl: absoluteUrl(siteOrigin(settings, request), `/article/${article.id}`),
    related,
    trending,
    comments,
    images,
    share,
    // The featured image's caption line and alt text, kept with the upload in the media library.
    leadCaption: lead ? captionLine(lead.caption, lead.credit) : "",
    leadAlt: lead?.alt || article.title,
    allowComments: settings.allowComments,
    timezone: settings.timezone,
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  // In maintenance nothing a reader sends is stored: refused before the form is even read.
  await refuseReadersInMaintenance(request, context);
  const form = Object.fromEntries(await request.formData());
  const text = (v: FormDataEntryValue | undefined) => (typeof v === "string" ? v : "");
  const values = { name: text(form.name), email: text(form.email), comment: text(form.comment) };
  try {
    const result = await submitComment(context.db, params.id, values, { ip: context.clientIp });
    if (result.ok)
      return {
        ok: true,
        title: COMMENT_TEXT.submittedTitle,
        message: COMMENT_TEXT.submitted,
      } satisfies CommentActionData;
    return data({ ok: false, ...result.problem, values } satisfies CommentActionData, {
      status: result.status,
    });
  } catch (error) {
    console.error(`[comments] submitting a comment on article ${params.id} failed`, error);
    return data(
      {
        ok: false,
        title: COMMENT_TEXT.failedTitle,
        message: COMMENT_TEXT.failed,
        values,
      } satisfies CommentActionData,
      { status: 500 },
    );
  }
});

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "Article not found" }];
  const { article } = data;
  return pageMeta({
    site: siteMetaFrom(matches),
    title: article.title,
    description: article.description,
    path: `/article/${article.id}`,
    image: data.share ?? undefined,
    article: { publishedTime: article.publishedAt, section: article.categoryName ?? undefined },
  });
};

export default function ArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    article,
    related,
    trending,
    comments,
    images,
    allowComments,
    timezone,
    shareUrl,
    leadCaption,
    leadAlt,
  } = loaderData;
  const dates = useSiteDates();
  return (
    // The reader script counts the view once per browser (app/reader/view-counter.ts).
    <main data-view-article={article.id} className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0">
          <article className="mx-auto max-w-[72ch]">
            <ArticleHeader
              title={article.title}
              categoryName={article.categoryName}
              categorySlug={article.categorySlug}
              categoryColor={article.categoryColor}
              authorName={article.authorName}
              authorImage={article.authorImage}
              date={article.displayDate}
              dateText={article.dateText}
              readTime={article.readTime}
              views={article.views}
            />
            <ArticleRevisionNote
              revisedAt={article.revisedAt}
              revisedText={article.revisedText}
              correctionNote={article.correctionNote}
            />
            <figure className="mt-6">
              <ArticleImage
                key={article.id}
                src={article.imageUrl}
                image={images[article.imageUrl]}
                alt={leadAlt}
              />
              {leadCaption ? (
                <figcaption className="mt-2 text-sm text-gray-600">{leadCaption}</figcaption>
              ) : null}
            </figure>
            {article.youtubeUrl ? (
              <a
                href={article.youtubeUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
              >
                <PlayCircle aria-hidden size={20} /> Watch Full Video
              </a>
            ) : null}
            <div
              className="prose-article mt-6 text-[1.125rem] leading-[1.75] text-gray-900 [overflow-wrap:anywhere]"
              dangerouslySetInnerHTML={{ __html: article.content }}
            />
            <ShareButtons title={article.title} url={shareUrl} />
          </article>
          <div className="mx-auto max-w-[72ch]">
            <RelatedArticles articles={related} dateText={dates.format} images={images} />
            <section aria-labelledby="comments-heading" className="mt-12">
              <h2
                id="comments-heading"
                className="border-b-2 border-brand-700 pb-2 font-serif text-2xl font-bold"
              >
                Comments ({comments.length})
              </h2>
              <div className="mt-5">
                <CommentList comments={comments} timeZone={timezone} />
              </div>
              <div className="mt-8">
                <CommentForm allowComments={allowComments} actionData={actionData} />
              </div>
            </section>
          </div>
        </div>
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <TrendingList articles={trending} dateText={dates.format} />
        </aside>
      </div>
    </main>
  );
}

/**
 * Errors stay inside the site's header and footer: a missing or unpublished article is a 404 with a way
 * back; anything else is 'Error Loading Article' (the cause is in the server log, never invented content).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? "Article not found" : "Error Loading Article";
  const message = isNotFound
    ? "The article you are looking for does not exist or is no longer available."
    : "The article could not be loaded. Please try again later.";
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-gray-600">{isNotFound ? 404 : 500}</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-700">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          href="/"
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
        >
          Go to the homepage
        </a>
        <a
          href="/all-articles"
          className="inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50"
        >
          Browse All Articles
        </a>
      </div>
    </main>
  );
}
