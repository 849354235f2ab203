/**
 * Story cards as reader listings show them (home, categories, authors, tags, search, trending, related):
 * the columns one card reads, published stories only (`isPublished`), and the reads of a page's cards by
 * their ids in one trip. The listings themselves are in public.server.ts, search in search.server.ts and
 * trending in trending.server.ts.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, categories, users } from "#app/db/schema";
import { listingExcerpt, EXCERPT_LENGTH } from "#app/lib/text";
import { storyPreview } from "#app/lib/story-preview";
import { newestFirst } from "./page-marks.server";
import { isPublished } from "./published.server";
import { totalViews } from "./views.server";

/**
 * The byline's author page: the story's author account's slug, when the byline names that account (an
 * editor may credit someone else by name, whose page that would not be).
 */
const authorSlug = sql<
  string | null
>`case when ${users.name} = ${articles.authorName} then ${users.slug} end`;

/**
 * A story whose live coverage has started and not ended (decision record 016): its cards carry the Live
 * badge.
 */
const isLive = sql<boolean>`(${articles.liveStartedAt} is not null and ${articles.liveEndedAt} is null)`;

export const articleCardColumns = {
  id: articles.id,
  slug: articles.slug,
  authorSlug,
  title: articles.title,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  authorName: articles.authorName,
  featured: articles.featured,
  isTopStory: articles.isTopStory,
  views: totalViews(),
  readTime: articles.readTime,
  displayDate: articles.displayDate,
  createdAt: articles.createdAt,
  categoryName: categories.name,
  categorySlug: categories.slug,
  categoryColor: categories.color,
  isLive,
};

/**
 * Enough of the body to cut the longest excerpt (200 characters) from: listings never ship whole
 * bodies, which can be long, to the page.
 */
const CONTENT_HEAD_CHARS = 4000;

interface ArticleCardRow {
  id: string;
  slug: string | null;
  authorSlug: string | null;
  title: string;
  excerpt: string;
  imageUrl: string;
  authorName: string;
  featured: boolean;
  isTopStory: boolean;
  views: number;
  readTime: string;
  displayDate: Date;
  createdAt: Date;
  categoryName: string | null;
  categorySlug: string | null;
  categoryColor: string | null;
  isLive: boolean;
}
type ListingRow = ArticleCardRow & { contentHead: string };

/** A card as listings show it; `summary` is plain text of at most the hero length (200) plus '...'. */
export type ArticleCard = Omit<ArticleCardRow, "excerpt"> & { summary: string };

/**
 * A listed story's summary: its written excerpt, else the opening of its body head (`bodyHead`), a
 * cut-off tag at the end of the head dropped so that it does not leak into the text. Cards and RSS.
 */
export const listedSummary = (row: { contentHead: string; excerpt: string }, length?: number) =>
  listingExcerpt(
    { content: readableHead(row.contentHead).replace(/<[^>]*$/, ""), excerpt: row.excerpt },
    length,
  );

/**
 * What of a body head anyone may read: a gated story's (marked by `bodyHead`) only its preview
 * (decision record 021). The head's preview is part of the whole body's, cut or no cut.
 */
const readableHead = (head: string) =>
  head.startsWith(GATED_HEAD) ? storyPreview(head.slice(GATED_HEAD.length)) : head;

/** Opens a gated story's body head: a comment the sanitiser never leaves in a body. */
const GATED_HEAD = "<!--gated-->";

export function toCard({ contentHead, excerpt, ...row }: ListingRow): ArticleCard {
  return { ...row, summary: listedSummary({ contentHead, excerpt }, EXCERPT_LENGTH.hero) };
}

/**
 * Whether the written excerpt is the summary whatever the body (`listingExcerpt` takes it when it has
 * text once stripped): a letter or digit, and no tag or entity that stripping could change.
 */
const excerptIsSummary = sql`(${articles.excerpt} ~ '[[:alnum:]]' AND ${articles.excerpt} !~ '[<&]')`;

/**
 * The body head as a scalar subquery: Postgres evaluates such a column after the sort and the limit, so
 * a listing reads the body of only the rows it shows (reading every body before the sort cost 120 ms a
 * listing at 5,000 articles), in the same round trip as the rows; and only for a story whose excerpt
 * does not serve (an empty head otherwise: 4,000 characters a card read, sent and decoded for nothing).
 */
export const bodyHead = sql<string>`(case when ${excerptIsSummary} then '' else (select case when h.access = 'public' then '' else ${GATED_HEAD} end || left(h.content, ${CONTENT_HEAD_CHARS}) from articles h where h.id = ${articles.id}) end)`;

const listingColumns = { ...articleCardColumns, contentHead: bodyHead };

export function listing(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(listingColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(isPublished(), where))
    .$dynamic();
}

/**
 * The cards of one page whose ids were found first (page-marks.server.ts): reading full rows, their
 * joins, views and body heads only for the page, not for the rows an offset skips (listings read them
 * for all 49,990 rows before page 5,000: 1.5 s at 100,000 stories).
 */
export async function cardsOf(db: DbOrTx, ids: string[]): Promise<ArticleCard[]> {
  if (ids.length === 0) return [];
  const rows = await listing(db, inArray(articles.id, ids)).orderBy(...newestFirst);
  return rows.map(toCard);
}

/** The cards of `ids` in the order given (a ranking's, not the date's). */
export async function cardsInOrder(db: DbOrTx, ids: string[]): Promise<ArticleCard[]> {
  const byId = new Map((await cardsOf(db, ids)).map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
