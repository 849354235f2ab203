/**
 * The stories of an issue as the mail shows them, frozen when the issue is made (decision record 018): title,
 * summary, absolute address and the picture with its size (a mail client lays out before it loads
 * images), so an issue mailed for hours says the same thing to its first and last reader.
 */
import { mainEditionTag } from "#app/domain/editions/page-edition.server";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, media, type NewsletterIssueStory } from "#app/db/schema";
import { listedSummary } from "#app/domain/articles/article-cards.server";
import { originalKeyOfUrl, publicUrlFor, type MediaServices } from "#app/domain/media/storage.server";
import { inLanguage, isPublished } from "#app/domain/articles/published.server";
import type { ArticleAccess } from "#app/lib/enums";
import { storyPath } from "#app/lib/paths";
import { absoluteUrl } from "#app/lib/seo";
import { storyPreview } from "#app/lib/story-preview";
import { mailBodyOf } from "./mail-body.server";

/** Enough of a body to cut a summary from. */
const SUMMARY_SOURCE_CHARS = 4000;

/** At most this many stories in a daily digest: the day's top ones, then the latest. */
export const DIGEST_STORIES = 10;

/**
 * The published stories among `articleIds`, in that order, as an issue keeps them (a story not
 * published is left out). The picture comes with its size from the media library, found by its
 * stored file (any of its addresses): without a width and height the mail would jump as it loads and
 * a client without CSS would show it at full size, so an image of unknown size is left out.
 */
export async function issueStories(
  db: DbOrTx,
  store: MediaServices,
  articleIds: readonly string[],
  origin: string,
  options: { whole?: boolean } = {},
): Promise<NewsletterIssueStory[]> {
  if (articleIds.length === 0) return [];
  const mainTag = await mainEditionTag(db);
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      language: articles.language,
      title: articles.title,
      excerpt: articles.excerpt,
      // The opening of the body, for a summary when no excerpt was written (as listings do).
      contentHead: sql<string>`left(${articles.content}, ${SUMMARY_SOURCE_CHARS})`,
      // The whole body only for a story mailed whole (the breaking-news e-mail).
      content: options.whole ? articles.content : sql<string>`''`,
      access: articles.access,
      imageUrl: articles.imageUrl,
    })
    .from(articles)
    .where(and(inArray(articles.id, [...articleIds]), isPublished()));
  const keyOf = new Map(
    rows.map((row) => [row.id, row.imageUrl ? originalKeyOfUrl(store, row.imageUrl) : null]),
  );
  const wanted = [...new Set([...keyOf.values()].filter((key): key is string => key !== null))];
  const pictures =
    wanted.length === 0
      ? []
      : await db
          .select({ key: media.storageKey, width: media.width, height: media.height, alt: media.alt })
          .from(media)
          .where(and(inArray(media.storageKey, wanted), eq(media.type, "image")));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return articleIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const picture = pictures.find((p) => p.key === keyOf.get(id));
    return [
      {
        articleId: row.id,
        title: row.title,
        // A gated story's summary comes from its preview: the rest is never mailed to everyone.
        excerpt: listedSummary(
          row.access === "public" ? row : { ...row, contentHead: storyPreview(row.contentHead) },
        ),
        ...(options.whole ? wholeStory(row, origin) : {}),
        url: absoluteUrl(origin, storyPath(row, mainTag)),
        image:
          picture?.width && picture.height
            ? {
                // The upload's own address (its path, or under MEDIA_PUBLIC_URL), whatever host the story
                // names it by: the mail makes a path absolute with the site's address when it is sent.
                url: publicUrlFor(store, picture.key),
                width: picture.width,
                height: picture.height,
                alt: picture.alt || row.title,
              }
            : null,
      },
    ];
  });
}

/**
 * An edition's stories published after `since`: the Breaking News and Featured ones first, then the
 * latest. Each edition's digest carries its own (decision record 022, point 11).
 */
export async function storiesPublishedSince(
  db: DbOrTx,
  since: Date,
  edition: string,
  limit = DIGEST_STORIES,
) {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublished(), inLanguage(edition), gt(articles.publishedAt, since)))
    .orderBy(desc(articles.isTopStory), desc(articles.featured), desc(articles.publishedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * A story mailed whole: its body, and a gated story's preview for readers without access. A body too long
 * for a mail (or a gated one whose preview is) keeps the summary and the link alone.
 */
function wholeStory(
  row: { content: string; access: ArticleAccess },
  origin: string,
): Pick<NewsletterIssueStory, "body"> {
  const full = mailBodyOf(row.content, origin);
  if (!full) return {};
  if (row.access === "public") return { body: { access: row.access, full, preview: null } };
  const preview = mailBodyOf(storyPreview(row.content), origin);
  return preview ? { body: { access: row.access, full, preview } } : {};
}
