/**
 * The stories of an issue as the mail shows them, frozen when the issue is made (issue 29): title,
 * summary, absolute address and the picture with its size (a mail client lays out before it loads
 * images), so an issue mailed for hours says the same thing to its first and last reader.
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, media, type NewsletterIssueStory } from "#app/db/schema";
import { bodyHead, listedSummary } from "#app/domain/articles/public.server";
import { isPublished } from "#app/domain/articles/published.server";
import { articlePath } from "#app/lib/paths";
import { absoluteUrl } from "#app/lib/seo";

/** At most this many stories in a daily digest: the day's top ones, then the latest. */
export const DIGEST_STORIES = 10;

/** The published stories among `articleIds`, in that order, as an issue keeps them. */
export async function issueStories(
  db: DbOrTx,
  articleIds: readonly string[],
  origin: string,
): Promise<NewsletterIssueStory[]> {
  if (articleIds.length === 0) return [];
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      contentHead: bodyHead,
      imageUrl: articles.imageUrl,
      width: media.width,
      height: media.height,
      alt: media.alt,
    })
    .from(articles)
    .leftJoin(media, eq(media.url, articles.imageUrl))
    .where(and(inArray(articles.id, [...articleIds]), isPublished()));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return articleIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const hasSize = row.imageUrl && row.width && row.height;
    return [
      {
        articleId: row.id,
        title: row.title,
        excerpt: listedSummary(row),
        url: absoluteUrl(origin, articlePath(row)),
        image: hasSize
          ? {
              url: absoluteUrl(origin, row.imageUrl),
              width: row.width!,
              height: row.height!,
              alt: row.alt || row.title,
            }
          : null,
      },
    ];
  });
}

/** Stories published after `since`: the Breaking News and Featured ones first, then the latest. */
export async function storiesPublishedSince(db: DbOrTx, since: Date, limit = DIGEST_STORIES) {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublished(), gt(articles.publishedAt, since)))
    .orderBy(desc(articles.isTopStory), desc(articles.featured), desc(articles.publishedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
