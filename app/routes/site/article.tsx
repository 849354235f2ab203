import { PlayCircle } from "lucide-react";
import { pageEditionOf } from "./edition.server";
import { editionPrefix, inEdition, type PageEdition } from "#app/lib/editions";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { AdSpace } from "#app/components/site/ad-space";
import { ArticleHeader } from "#app/components/site/article/article-header";
import { ArticleImage } from "#app/components/site/article/article-image";
import { ArticleRevisionNote } from "#app/components/site/article/article-revision-note";
import { StoryVersions } from "#app/components/site/article/story-versions";
import { RelatedArticles } from "#app/components/site/article/related-articles";
import { CommentForm, type CommentActionData } from "#app/components/site/comments/comment-form";
import { CommentList } from "#app/components/site/comments/comment-list";
import { ShareButtons } from "#app/components/site/share-buttons";
import { SharedPart } from "#app/components/site/shared-part";
import {
  ARTICLE_NOT_FOUND_TEXT,
  NotFoundContent,
  notFoundBodyOf,
  notFoundTitleOf,
} from "#app/components/site/not-found";
import { TrendingList } from "#app/components/site/trending-list";
import { useEditionPath, useLiteMode, useSiteDates } from "#app/components/site/use-site";
import { articleBodyWithAds } from "#app/domain/ads/page-ads.server";
import {
  getPublishedArticle,
  getPublishedArticleBySlug,
  relatedArticles,
} from "#app/domain/articles/public.server";
import { trendingArticles } from "#app/domain/articles/trending.server";
import { resolveArticleAddress } from "#app/domain/articles/slugs.server";
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { listPublicComments, submitComment } from "#app/domain/comments/public.server";
import { visibleCommentStatuses } from "#app/domain/comments/visibility";
import { livePollEtag } from "./live-fragment.server";
import { ACCESS_CLASS_HEADER, storyGate } from "#app/domain/access/story-gate.server";
import { StoryOffer } from "#app/components/site/article/story-offer";
import { config } from "#app/config.server";
import { GATED_PART_CLASS } from "#app/lib/story-preview";
import { liveCoverageView } from "#app/domain/live/live-view.server";
import { captionLine } from "#app/domain/media/editor-image-rules";
import { pageImages } from "#app/domain/media/public.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { type DateWords, formatTime, isoDate, siteDate } from "#app/lib/dates";
import { messagesFor } from "#app/i18n/messages.server";
import { isLiteRequest } from "#app/lib/lite-mode";
import { bodyPhotoSources, liteArticleBody } from "#app/lib/lite-body";
import { articlePath, authorPath, tagPath } from "#app/lib/paths";
import {
  absoluteUrl,
  errorPageMeta,
  liveFeedPath,
  liveFeedTitle,
  pageMeta,
  siteMetaFrom,
} from "#app/lib/seo";
import {
  breadcrumbLd,
  homeCrumb,
  headlineOf,
  liveBlogPostingLd,
  newsArticleLd,
} from "#app/lib/structured-data";
import { listingExcerpt, readTimeFor } from "#app/lib/text";
import { alternatesOf, storyVersionLinks } from "#app/lib/story-versions";
import { parsePageParam } from "#app/lib/pagination";
import { LiveCoverage } from "#app/components/site/article/live-coverage";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { readerNotFound } from "./not-found.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import type { Route } from "./+types/article";
import { formText } from "#app/lib/form";
import { logFailure } from "#app/lib/log.server";
import { EN_MESSAGES } from "#app/i18n/messages/en";
import { useMessages } from "#app/i18n/use-messages";

/** A missing or unpublished article: the not-found page with the latest stories, status 404. */
const notFound = (db: Route.LoaderArgs["context"]["db"], language: string) =>
  readerNotFound(db, language, ARTICLE_NOT_FOUND_TEXT);

/**
 * The published story an address names, with its comments when read by its slug: /article/<slug> in one
 * query; an earlier slug, or the id of a story that has a slug, moves for good to the current one; a
 * story without a slug yet is read by its id. A story is read in its own edition, so the page's
 * language is the story's (decision record 022): under another prefix it moves there.
 */
async function storyAt(
  { params, request, context }: Route.LoaderArgs,
  settings: Awaited<ReturnType<typeof getSettings>>,
  edition: PageEdition,
) {
  const db = context.db;
  const bySlug = await getPublishedArticleBySlug(db, params.id, visibleCommentStatuses(settings));
  let article = bySlug?.article ?? null;
  if (!article) {
    const address = await resolveArticleAddress(db, params.id);
    if (!address) throw await notFound(db, edition.tag);
    if (address.kind === "moved")
      throw redirect(inEdition(edition.prefix, articlePath({ id: address.id, slug: address.slug })), 301);
    article = await getPublishedArticle(db, address.id);
  }
  if (!article) throw await notFound(db, edition.tag);
  if (article.language !== edition.tag) {
    const own = editionPrefix(article.language, settings.language);
    throw redirect(`${inEdition(own, articlePath(article))}${new URL(request.url).search}`, 301);
  }
  return { article, comments: bySlug?.comments };
}

export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  const { request, context } = args;
  const db = context.db;
  const settings = await getSettings(db);
  const edition = await pageEditionOf(db, args.params);
  const { article, comments: readWithStory } = await storyAt(args, settings, edition);
  // A gated story's body for this reader (decision record 021): the rest never leaves the server.
  const gate = await storyGate(context, settings, article);
  // A live story's updates, a page at a time (?updates=2 for older ones, without JavaScript).
  const updatesPage = parsePageParam(new URL(request.url).searchParams.get("updates"));
  const dates = {
    dateFormat: settings.dateFormat,
    timeFormat: settings.timeFormat,
    timezone: settings.timezone,
  };
  const messages = messagesFor(edition.tag);
  const words = messages.dateWords;
  const [related, trending, comments, live] = await Promise.all([
    relatedArticles(db, article, 4),
    trendingArticles(db, edition.tag, 5, { excluding: article.id }),
    // Read with the story when it was found by its slug (one round trip), else on their own.
    readWithStory ?? listPublicComments(db, article.id, settings),
    // A gated live story gives readers without access no updates.
    gate.access.full ? liveCoverageView(db, article, updatesPage, dates, words) : null,
  ]);
  // A lite page (the reader saves data) shows each photo of the body as a tap-to-show link too.
  const isLite = isLiteRequest(request.headers);
  const bodyPhotos = isLite ? bodyPhotoSources(gate.body) : [];
  const { images, share, lead } = await pageImages(
    db,
    [...related.map((card) => card.imageUrl), ...bodyPhotos],
    { small: isLite, lead: article.imageUrl, media: context.services.media },
  );
  // Safe: sanitised when saved, or by getPublishedArticle; the in-article ads are the admin's.
  const body = await articleBodyWithAds(settings, request, context, gate.body);
  const pageAddress = inEdition(edition.prefix, articlePath(article));
  const shareUrl = absoluteUrl(siteOrigin(settings, request), pageAddress);
  return data(
    {
      live: live && {
        ...live,
        pollEtag: livePollEtag(live, { path: articlePath(article), pageAddress, shareUrl }, messages),
      },
      article: articleView(
        { ...article, content: gate.body },
        { content: isLite ? liteArticleBody(body, images, messages.t) : body, dates, words },
      ),
      gate: {
        gated: gate.gated,
        access: article.access,
        full: gate.access.full,
        offer: gate.access.offer,
        paymentsReady: Boolean(config().paystack),
      },
      shareUrl,
      // Its published versions in open editions, itself among them: the switcher and hreflang.
      versions: storyVersionLinks(article.versions, article.id, settings.language),
      // Structured data's images, best first: the 1200x630 share copy of an upload, then the image itself.
      structuredImages: [share?.width ? share.url : "", article.imageUrl].filter(Boolean),
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
      language: article.language,
    },
    { headers: gate.headers },
  );
});

/**
 * A gated story's page names the access class it was rendered for, and a full one is kept from shared
 * caches (app/domain/access/story-gate.server.ts); a page its parent already keeps from every cache (a
 * staff member's) stays so.
 */
export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const accessClass = loaderHeaders.get(ACCESS_CLASS_HEADER);
  if (!accessClass) return parentHeaders;
  const headers = new Headers(parentHeaders);
  headers.set(ACCESS_CLASS_HEADER, accessClass);
  const own = loaderHeaders.get("Cache-Control");
  if (own && !/no-store/.test(parentHeaders.get("Cache-Control") ?? "")) headers.set("Cache-Control", own);
  return headers;
}

type PublishedArticle = NonNullable<Awaited<ReturnType<typeof getPublishedArticle>>>;

/** What the page shows of the story itself: its texts, links and dates in the site's format. */
function articleView(
  article: PublishedArticle,
  { content, dates, words }: { content: string; dates: Parameters<typeof siteDate>[1]; words: DateWords },
) {
  return {
    id: article.id,
    path: articlePath(article),
    title: article.title,
    description: article.excerpt || listingExcerpt({ content: article.content }),
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
    tags: article.tags,
    authorSlug: article.authorSlug,
    modifiedAt: isoDate(article.revisedAt ?? article.updatedAt),
    content,
    imageUrl: article.imageUrl,
    youtubeUrl: /^https?:\/\//i.test(article.youtubeUrl) ? article.youtubeUrl : "",
    authorName: article.authorName,
    authorImage: article.authorImage,
    authorHref: article.authorSlug ? authorPath(article.authorSlug) : null,
    tagLinks: article.tags
      .filter((tag) => tagPath(tag) !== "/tag/")
      .map((tag) => ({ name: tag, href: tagPath(tag) })),
    categoryName: article.categoryName,
    categorySlug: article.categorySlug,
    categoryColor: article.categoryColor,
    displayDate: article.displayDate,
    publishedAt: isoDate(article.publishedAt ?? article.displayDate),
    dateText: siteDate(article.displayDate, dates, words),
    readTime: article.readTime || readTimeFor(article.content),
    views: article.views,
    revisedAt: article.revisedAt ? (isoDate(article.revisedAt) ?? null) : null,
    revisedText: article.revisedAt
      ? `${siteDate(article.revisedAt, dates, words)} ${formatTime(article.revisedAt, dates.timeFormat, dates.timezone)}`
      : "",
    correctionNote: article.correctionNote,
  };
}

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  // In maintenance nothing a reader sends is stored: refused before the form is even read.
  await refuseReadersInMaintenance(request, context);
  const form = Object.fromEntries(await request.formData());
  const text = (v: FormDataEntryValue | undefined) => formText(v);
  const values = { name: text(form.name), email: text(form.email), comment: text(form.comment) };
  try {
    const address = await resolveArticleAddress(context.db, params.id);
    await submitComment(context.db, address?.id ?? params.id, values, { ip: context.clientIp });
    return {
      ok: true,
      title: COMMENT_TEXT.submittedTitle,
      message: COMMENT_TEXT.submitted,
    } satisfies CommentActionData;
  } catch (error) {
    // A refusal (comments off, bad input, a draft, too many comments) is told beside the form, which
    // keeps what the reader typed, with its status; anything else stays in the log.
    if (isDomainError(error))
      return data(
        {
          ok: false,
          title: error.title ?? COMMENT_TEXT.failedTitle,
          message: error.message,
          values,
        } satisfies CommentActionData,
        { status: statusOf(error) },
      );
    logFailure("[comments] submitting a comment failed", error, { articleId: params.id });
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

export const meta: Route.MetaFunction = ({ data, matches, error }) => {
  if (!data) {
    const isNotFound = isRouteErrorResponse(error) && error.status === 404;
    const site = siteMetaFrom(matches);
    return errorPageMeta(
      site,
      // A 404's title comes with its body, a failure's from the site layout: both in the page's language.
      isNotFound ? notFoundTitleOf(error) : (site.words?.articleFailed ?? EN_MESSAGES["article.errorTitle"]),
    );
  }
  const { article } = data;
  const site = siteMetaFrom(matches);
  // The newsroom's search-and-sharing overrides, when set, replace the headline and summary there.
  const description = article.seoDescription || article.description;
  const published = article.publishedAt ?? new Date(article.displayDate).toISOString();
  const category = article.categorySlug
    ? [{ name: article.categoryName ?? article.categorySlug, path: `/category/${article.categorySlug}` }]
    : [];
  const facts = {
    title: article.title,
    description,
    path: article.path,
    images: data.structuredImages,
    datePublished: published,
    dateModified: article.modifiedAt ?? published,
    authorName: article.authorName,
    authorPath: article.authorSlug ? authorPath(article.authorSlug) : null,
    section: article.categoryName,
    tags: article.tags,
    language: data.language,
    gatedPart: data.gate.gated ? `.${GATED_PART_CLASS}` : undefined,
  };
  return pageMeta({
    site,
    title: article.seoTitle || article.title,
    description,
    path: article.path,
    image: data.share ?? undefined,
    alternates: alternatesOf(data.versions),
    article: { publishedTime: article.publishedAt, section: article.categoryName ?? undefined },
    // A live story's updates as a feed of their own (ended coverage keeps it).
    feeds: data.live
      ? [
          {
            title: liveFeedTitle(site.siteTitle, article.title),
            path: liveFeedPath(article.path),
            everyEdition: true,
          },
        ]
      : [],
    structuredData: [
      data.live
        ? liveBlogPostingLd(site, facts, {
            start: data.live.startedAt,
            end: data.live.endedAt,
            updates: data.live.updates.map((update) => ({
              id: update.id,
              headline: update.title || update.text,
              text: update.text,
              datePublished: update.publishedAt,
              dateModified: update.editedAt ?? undefined,
            })),
          })
        : newsArticleLd(site, facts),
      breadcrumbLd(site, [
        homeCrumb(site),
        ...category,
        { name: headlineOf(article.title), path: article.path },
      ]),
    ],
  });
};

export default function ArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    article,
    live,
    related,
    trending,
    comments,
    images,
    allowComments,
    timezone,
    shareUrl,
    leadCaption,
    leadAlt,
    gate,
    versions,
  } = loaderData;
  const dates = useSiteDates();
  const isLite = useLiteMode();
  const editionPath = useEditionPath();
  const { t } = useMessages();
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
              authorHref={article.authorHref}
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
            <StoryVersions versions={versions} />
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
                <PlayCircle aria-hidden size={20} /> {t("article.watchVideo")}
              </a>
            ) : null}
            <div
              className="prose-article mt-6 text-[1.125rem] leading-[1.75] text-gray-900 [overflow-wrap:anywhere]"
              dangerouslySetInnerHTML={{ __html: article.content }}
            />
            {gate.gated && !gate.full && gate.offer && gate.access !== "public" ? (
              // The gated part, empty for this reader: crawlers are told it is there (`cssSelector`).
              <div className={GATED_PART_CLASS}>
                <StoryOffer
                  path={article.path}
                  access={gate.access}
                  offer={gate.offer}
                  paymentsReady={gate.paymentsReady}
                />
              </div>
            ) : null}
            {live ? (
              <LiveCoverage
                path={article.path}
                pageAddress={editionPath(article.path)}
                shareUrl={shareUrl}
                {...live}
              />
            ) : null}
            {article.tagLinks.length > 0 ? (
              <div className="mt-8">
                <h2 className="sr-only">{t("article.tags")}</h2>
                <ul className="flex flex-wrap gap-2">
                  {article.tagLinks.map((tag) => (
                    <li key={tag.href}>
                      <a
                        href={editionPath(tag.href)}
                        rel="tag"
                        className="inline-flex min-h-9 items-center rounded-full border border-gray-300 bg-gray-50 px-3 text-sm font-medium text-gray-800 hover:border-brand-700 hover:text-brand-700"
                      >
                        #{tag.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <ShareButtons title={article.title} url={shareUrl} />
          </article>
          <div className="mx-auto max-w-[72ch]">
            <RelatedArticles articles={related} dateText={dates.format} images={images} />
            <section aria-labelledby="comments-heading" className="mt-12">
              <h2
                id="comments-heading"
                className="border-b-2 border-brand-700 pb-2 font-serif text-2xl font-bold"
              >
                {t("article.comments", { count: String(comments.length) })}
              </h2>
              <div className="mt-5">
                <CommentList comments={comments} timeZone={timezone} />
              </div>
              <div className="mt-8">
                {actionData ? (
                  <CommentForm allowComments={allowComments} actionData={actionData} />
                ) : (
                  // The empty form is the same under every story (decision record 020).
                  <SharedPart name="comment-form" shows={allowComments}>
                    <CommentForm allowComments={allowComments} />
                  </SharedPart>
                )}
              </div>
            </section>
          </div>
        </div>
        {/* A lite page (the reader saves data) leaves the sidebar out: the story is what they came for. */}
        {isLite ? null : (
          <aside className="lg:sticky lg:top-4 lg:self-start">
            <TrendingList articles={trending} dateText={dates.format} />
            <AdSpace slot="sidebar" />
          </aside>
        )}
      </div>
    </main>
  );
}

/**
 * Errors stay inside the site's header and footer: a missing or unpublished article is the not-found
 * page (search, the latest stories, a way back); anything else is 'Error Loading Article' (the cause is
 * in the server log, never invented content).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const dates = useSiteDates();
  const editionPath = useEditionPath();
  const { t } = useMessages();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const body = notFoundBodyOf(error.data);
    return (
      <NotFoundContent
        title={body.title ?? t(ARTICLE_NOT_FOUND_TEXT.title)}
        message={body.message ?? t(ARTICLE_NOT_FOUND_TEXT.message)}
        latest={body.latest}
        dateText={dates.format}
      />
    );
  }
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-gray-600">500</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{t("article.errorTitle")}</h1>
      <p className="mt-3 text-gray-700">{t("article.errorMessage")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          href={editionPath("/")}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
        >
          {t("listing.goHome")}
        </a>
        <a
          href={editionPath("/all-articles")}
          className="inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50"
        >
          {t("listing.browseAll")}
        </a>
      </div>
    </main>
  );
}
