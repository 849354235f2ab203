/**
 * Public reads of articles. Every function here returns published content only: a draft never
 * reaches a public page, feed, sitemap, search result or cache entry.
 */
import { and, arrayOverlaps, count, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { articles, categories, users } from "#app/db/schema";
import { categoryMatchKey, categoryNameFromSlug, tagSlug } from "#app/lib/slug";
import { EXCERPT_LENGTH, listingExcerpt } from "#app/lib/text";
import { rankTrending } from "#app/lib/trending";
import { remembered } from "#app/lib/remembered.server";
import { commentsFromJson, publicCommentsColumn } from "#app/domain/comments/public.server";
import { cardsInMemory, categoryHead } from "./reader-memory.server";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { bodyIsSafe, readerBody } from "./body-safety.server";
import { isPublished } from "./published.server";
import { totalViews } from "./views.server";
import { firstRow } from "#app/db/rows";
import { literalCount } from "#app/db/plans";
import { preparedPerDatabase } from "#app/db/prepared.server";
import { newestFirst, pageMarks, plannedForTheirValues } from "./page-marks.server";
import { totalPagesFor } from "#app/lib/pagination";

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

const articleCardColumns = {
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
type ArticleCard = Omit<ArticleCardRow, "excerpt"> & { summary: string };

/**
 * A listed story's summary: its written excerpt, else the opening of its body head (`bodyHead`), a
 * cut-off tag at the end of the head dropped so that it does not leak into the text. Cards and RSS.
 */
export const listedSummary = (row: { contentHead: string; excerpt: string }, length?: number) =>
  listingExcerpt({ content: row.contentHead.replace(/<[^>]*$/, ""), excerpt: row.excerpt }, length);

function toCard({ contentHead, excerpt, ...row }: ListingRow): ArticleCard {
  return { ...row, summary: listedSummary({ contentHead, excerpt }, EXCERPT_LENGTH.hero) };
}

/**
 * The body head as a scalar subquery: Postgres evaluates such a column after the sort and the limit, so
 * a listing reads the body of only the rows it shows (reading every body before the sort cost 120 ms a
 * listing at 5,000 articles), in the same round trip as the rows.
 */
export const bodyHead = sql<string>`(select left(h.content, ${CONTENT_HEAD_CHARS}) from articles h where h.id = ${articles.id})`;

const listingColumns = { ...articleCardColumns, contentHead: bodyHead };

function listing(db: DbOrTx, where: SQL | undefined) {
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
async function cardsOf(db: DbOrTx, ids: string[]): Promise<ArticleCard[]> {
  if (ids.length === 0) return [];
  const rows = await listing(db, inArray(articles.id, ids)).orderBy(...newestFirst);
  return rows.map(toCard);
}

/** The cards of `ids` in the order given (a ranking's, not the date's). */
async function cardsInOrder(db: DbOrTx, ids: string[]): Promise<ArticleCard[]> {
  const byId = new Map((await cardsOf(db, ids)).map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Deep pages of listings: their marks go stale when what is published moves, like their totals. */
const listingPageIds = pageMarks((change) => change.scope === "everything");

export async function latestArticles(db: DbOrTx, limit = 10): Promise<ArticleCard[]> {
  const rows = await listing(db, undefined)
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(literalCount(limit));
  return rows.map(toCard);
}

export async function featuredArticles(db: DbOrTx, limit = 6): Promise<ArticleCard[]> {
  const rows = await listing(db, sql`${articles.featured}`)
    .orderBy(desc(articles.displayDate))
    .limit(literalCount(limit));
  return rows.map(toCard);
}

/** The hero: the breaking (top story) article; when none is flagged, the newest article (without the badge). */
export async function topStory(db: DbOrTx): Promise<ArticleCard | null> {
  const [flagged] = await listing(db, sql`${articles.isTopStory}`)
    .orderBy(desc(articles.displayDate))
    .limit(literalCount(1));
  if (flagged) return toCard(flagged);
  const [newest] = await latestArticles(db, 1);
  return newest ?? null;
}

/**
 * The totals behind "page N of M" (every published article, each category's), kept in memory per
 * database: counting 100,000 published rows on every listing view cost more than reading the page
 * itself. Dropped when what is published changes, and after a minute (a scheduled story appears
 * without a signal).
 */
const rememberedTotals = remembered(async (_db: DbOrTx) => new Map<string, Promise<number>>(), {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) =>
    onSiteChange(db as Db, (change) => {
      if (change.scope === "everything") forget();
    }),
});

async function publishedTotal(db: DbOrTx, key: string, where: SQL | undefined): Promise<number> {
  const totals = await rememberedTotals.get(db);
  let total = totals.get(key);
  if (!total) {
    total = db
      .select({ total: count() })
      .from(articles)
      .where(and(isPublished(), where))
      .then((rows) => firstRow(rows).total);
    totals.set(key, total);
    total.catch(() => totals.delete(key));
  }
  return total;
}

interface CategoryListing {
  /** The category's stored name, or the name made from the slug when no category matches. */
  name: string;
  slug: string;
  color: string | null;
  description: string;
  exists: boolean;
  articles: ArticleCard[];
  /** Every published article of the category, and the page shown of `totalPages`. */
  total: number;
  page: number;
  totalPages: number;
}

/** Cards per category page: older stories are a page away, not cut off. */
const CATEGORY_PAGE_SIZE = 24;

/** Category pages: the slug matches a category case- and punctuation-insensitively ('travel-and-events', 'Travel&Events'). */
export async function articlesByCategorySlug(
  db: DbOrTx,
  slug: string,
  page = 1,
  perPage = CATEGORY_PAGE_SIZE,
): Promise<CategoryListing> {
  const wanted = categoryMatchKey(categoryNameFromSlug(slug));
  const all = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      color: categories.color,
      description: categories.description,
    })
    .from(categories);
  const category = all.find(
    (c) => categoryMatchKey(c.name) === wanted || categoryMatchKey(c.slug) === wanted,
  );
  if (!category)
    return {
      name: categoryNameFromSlug(slug),
      slug,
      color: null,
      description: "",
      exists: false,
      articles: [],
      total: 0,
      page: 1,
      totalPages: 1,
    };
  const inCategory = eq(articles.categoryId, category.id);
  const total = await publishedTotal(db, category.id, inCategory);
  const totalPages = totalPagesFor(total, perPage);
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const ids = await listingPageIds(db, {
    key: `category:${category.id}`,
    where: inCategory,
    offset: (current - 1) * perPage,
    limit: perPage,
    isPlanStable: true,
  });
  const { id: _id, ...found } = category;
  return {
    ...found,
    exists: true,
    articles: await cardsOf(db, ids),
    total,
    page: current,
    totalPages,
  };
}

/** One page of a listing with its total, the page clamped to the pages there are; `key` names the listing. */
async function pagedListing(db: DbOrTx, where: SQL, key: string, page: number, perPage: number) {
  const total = await publishedTotal(db, key, where);
  const totalPages = totalPagesFor(total, perPage);
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const ids = await listingPageIds(db, {
    key,
    where,
    offset: (current - 1) * perPage,
    limit: perPage,
    // An author's or a tag's stories are few or many, and the best plan differs (see relatedArticles).
    isPlanStable: false,
  });
  return { articles: await cardsOf(db, ids), total, page: current, totalPages };
}

/** An author page (/author/<slug>): the staff member and their published stories, newest first; null: no such author. */
export async function articlesByAuthorSlug(db: DbOrTx, slug: string, page: number, perPage: number) {
  const [author] = await db
    .select({ id: users.id, name: users.name, slug: users.slug, bio: users.bio, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.slug, slug))
    .limit(1);
  if (!author?.slug) return null;
  const stories = await pagedListing(
    db,
    eq(articles.authorId, author.id),
    `author:${author.id}`,
    page,
    perPage,
  );
  const { id: _id, ...shown } = author;
  return { author: { ...shown, slug: author.slug }, ...stories };
}

/**
 * A tag page (/tag/<slug>): the published stories whose tags have that slug (the GIN-indexed tag_slugs),
 * headed by the tag as the newest of them writes it; null when no published story has it.
 */
export async function articlesByTagSlug(db: DbOrTx, slug: string, page: number, perPage: number) {
  if (!slug || slug.length > 120) return null;
  const tagged = sql`${articles.tagSlugs} @> array[${slug}]::text[]`;
  const [newest] = await db
    .select({ tags: articles.tags })
    .from(articles)
    .where(and(isPublished(), tagged))
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(1);
  if (!newest) return null;
  const name = newest.tags.find((tag) => tagSlug(tag) === slug) ?? slug;
  const stories = await pagedListing(db, tagged, `tag:${slug}`, page, perPage);
  return { tag: { name, slug }, ...stories };
}

interface ArticlePage {
  articles: ArticleCard[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

/** One page of every published article, newest first, with the real total from the database. */
export async function publishedArticlesPage(db: DbOrTx, page: number, perPage = 12): Promise<ArticlePage> {
  const total = await publishedTotal(db, "", undefined);
  const totalPages = totalPagesFor(total, perPage);
  const current = Math.min(Math.max(1, page), totalPages);
  const ids = await listingPageIds(db, {
    key: "all",
    where: undefined,
    offset: (current - 1) * perPage,
    limit: perPage,
    isPlanStable: true,
  });
  return { articles: await cardsOf(db, ids), total, page: current, perPage, totalPages };
}

/**
 * Related: `limit` other stories, most alike first: the same category sharing a tag, the same category,
 * sharing a tag (the GIN index on `tag_slugs`, overlap `&&`), then the newest of any; newest first in
 * each. Each tier is a small read stopping at what is still missing, served by an index (ordering all
 * published articles by likeness sorted every one of them: 1.25 s p50 for an article page at 100,000).
 */
export async function relatedArticles(
  db: DbOrTx,
  article: { id: string; categoryId: string | null; tags?: readonly string[] },
  limit = 4,
): Promise<ArticleCard[]> {
  // The same rule as the database's newsdesk_tag_slugs, which fills `tag_slugs`.
  const slugs = [...new Set((article.tags ?? []).map((tag) => tagSlug(tag)).filter(Boolean))];
  const { categoryId } = article;
  const tiers: RelatedTier[] = [
    ...(categoryId && slugs.length > 0 ? [{ categoryId, slugs }] : []),
    ...(categoryId ? [{ categoryId }] : []),
    ...(slugs.length > 0 ? [{ slugs }] : []),
    {},
  ];
  const ids: string[] = [];
  for (const tier of tiers) {
    if (ids.length >= limit) break;
    const taken = [article.id, ...ids];
    const wanted = limit - ids.length;
    ids.push(
      ...((await relatedFromMemory(db, tier, taken, wanted)) ??
        (await relatedInTier(db, tier, taken, wanted))),
    );
  }
  // The same few cards (each category's newest) on thousands of pages: kept in memory.
  return cardsInMemory(db, ids, (missing) => cardsOf(db, missing));
}

/** The head of a category kept for related stories: the tag walk's stories, and room for those taken. */
const CATEGORY_HEAD_SIZE = 120;

/**
 * A category tier answered from the category's newest stories in memory (reader-memory.server.ts), the
 * same answer `relatedInTier` gives: the tier's newest `limit` apart from `taken`, or with `slugs` the
 * newest of them sharing a tag, tested among the tier's newest RELATED_TAG_WALK as it does. Null when
 * the answer lies beyond the head (the walk found too few in a larger category): the database decides.
 */
async function relatedFromMemory(
  db: DbOrTx,
  tier: RelatedTier,
  taken: string[],
  limit: number,
): Promise<string[] | null> {
  const { categoryId, slugs } = tier;
  if (!categoryId || taken.length + RELATED_TAG_WALK > CATEGORY_HEAD_SIZE) return null;
  const head = await categoryHead(db, categoryId, async () => {
    const rows = await db
      .select({ id: articles.id, tagSlugs: articles.tagSlugs })
      .from(articles)
      .where(and(isPublished(), eq(articles.categoryId, categoryId)))
      .orderBy(...newestFirst)
      .limit(literalCount(CATEGORY_HEAD_SIZE));
    return {
      rows: rows.map((row) => ({ id: row.id, tagSlugs: row.tagSlugs ?? [] })),
      complete: rows.length < CATEGORY_HEAD_SIZE,
    };
  });
  const candidates = head.rows.filter((row) => !taken.includes(row.id));
  if (!slugs)
    return candidates.length >= limit || head.complete
      ? candidates.slice(0, limit).map((row) => row.id)
      : null;
  const walked = candidates.slice(0, RELATED_TAG_WALK);
  const found = walked
    .filter((row) => row.tagSlugs.some((slug) => slugs.includes(slug)))
    .slice(0, limit)
    .map((row) => row.id);
  // Fewer than asked: the database looks further, unless every story of the category was walked.
  if (found.length >= limit || (head.complete && candidates.length <= RELATED_TAG_WALK)) return found;
  return null;
}

/** Stories in a category (or any), and with `slugs` only those sharing one of those tags. */
interface RelatedTier {
  categoryId?: string;
  slugs?: string[];
}

/**
 * How many of a tier's newest stories are tested for a shared tag one by one, and how many of its tag
 * matches are read at most from the tag index, before the date index is walked after all.
 */
const RELATED_TAG_WALK = 100;
const RELATED_TAG_MATCHES = 500;

/**
 * The ids of a tier's newest `limit` stories, leaving out `taken` (ids first, cards once for all tiers:
 * asked for cards whose ids are a subquery's, the planner walked the date index testing each story
 * against it). Which way finds stories sharing a tag fast depends on how common the tag is, and the
 * planner cannot tell: its estimate for a tag on two stories of 100,000 was 1,500, so it walked the
 * category's date index (12,501 stories, 196 ms) and then every story's (249 ms) for four that were not
 * there; reading a common tag's 10,000 matches from the tag index to sort them takes 137 ms. So:
 * 1. the tier's newest 100 are tested (a common tag is in a few of them, 0.6 ms);
 * 2. else the tag's matches in the tier are read from the tag index, at most 500 of them, and if that
 *    was all of them, the newest are taken (a rare tag: 0.1 ms);
 * 3. else the date index is walked (a tag with many matches, but none of the newest 100).
 */
async function relatedInTier(
  db: DbOrTx,
  tier: RelatedTier,
  taken: string[],
  limit: number,
): Promise<string[]> {
  const inTier = (where?: SQL) =>
    db
      .select({ id: articles.id, tagSlugs: articles.tagSlugs, displayDate: articles.displayDate })
      .from(articles)
      .where(
        and(
          isPublished(),
          notInArray(articles.id, taken),
          tier.categoryId ? eq(articles.categoryId, tier.categoryId) : undefined,
          where,
        ),
      )
      .$dynamic();
  // The limit stays a parameter: planned for its category and tags each time, a tier reads a few
  // rows; one kept plan for any of them took 110 ms at 100,000 articles instead of 14 (plans.ts).
  const newest = (where: SQL | undefined, count: number) =>
    inTier(where)
      .orderBy(...newestFirst)
      .limit(count);
  if (!tier.slugs) return idsOf(await newest(undefined, limit));
  const recent = inTier()
    .orderBy(...newestFirst)
    .limit(literalCount(RELATED_TAG_WALK))
    .as("recent");
  const found = idsOf(
    await db
      .select({ id: recent.id })
      .from(recent)
      .where(arrayOverlaps(recent.tagSlugs, tier.slugs))
      .limit(limit),
  );
  if (found.length >= limit) return found;
  const sharing = and(arrayOverlaps(articles.tagSlugs, tier.slugs), notInArray(articles.id, found));
  // A limit without an order: the planner reads the matches from the tag index, not along the dates.
  const matches = inTier(sharing)
    .limit(literalCount(RELATED_TAG_MATCHES + 1))
    .as("matches");
  const older = await db
    .select({ id: matches.id, matched: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(desc(matches.displayDate), desc(matches.id))
    .limit(limit - found.length);
  if ((older[0]?.matched ?? 0) <= RELATED_TAG_MATCHES) return [...found, ...idsOf(older)];
  return [...found, ...idsOf(await newest(sharing, limit - found.length))];
}

const idsOf = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

const TRENDING_WINDOW = 50;
/** The longest trending list a page shows; shorter lists are its head (the ranking is one sort). */
const TRENDING_MAX = 10;

/** Trending: the 50 newest articles with views, ranked by the spec's score; the newest when none has views. */
async function rankTrendingNow(db: DbOrTx, limit: number, now: Date): Promise<ArticleCard[]> {
  const rows = await listing(db, sql`${totalViews()} > 0`)
    .orderBy(desc(articles.createdAt))
    .limit(literalCount(TRENDING_WINDOW));
  if (rows.length === 0) return latestArticles(db, limit);
  return rankTrending(rows, limit, now).map(toCard);
}

/**
 * Every page's sidebar shows trending, so it is kept in memory per database: dropped when what is
 * published changes, and after a minute, since views change it without a signal.
 */
const rememberedTrending = remembered((db: DbOrTx) => rankTrendingNow(db, TRENDING_MAX, new Date()), {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) => onSiteChange(db as Db, forget),
});

/**
 * Trending as pages show it (from memory); with `now`, ranked afresh at that moment. `excluding` is the
 * story being read: its own page never lists it (the list closes up with the next one).
 */
export async function trendingArticles(
  db: DbOrTx,
  limit = 5,
  { now, excluding }: { now?: Date; excluding?: string } = {},
): Promise<ArticleCard[]> {
  const wanted = excluding ? limit + 1 : limit;
  const ranked =
    now || wanted > TRENDING_MAX
      ? await rankTrendingNow(db, wanted, now ?? new Date())
      : await rememberedTrending.get(db);
  return ranked.filter((article) => article.id !== excluding).slice(0, limit);
}

/** As-you-type words: letters and digits only, so they are safe inside to_tsquery syntax. */
export function prefixQuery(query: string): string {
  const words = query.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 8)
    .map((w) => `${w.slice(0, 40).toLowerCase()}:*`)
    .join(" & ");
}

/** Results per search page: a page of 20 stays light on mobile data (100 at once weighed 100 KB gzipped). */
export const SEARCH_PAGE_SIZE = 20;
const SEARCH_MAX_QUERY = 200;

interface SearchResult {
  results: ArticleCard[];
  total: number;
}

/**
 * How many of the newest matches a search ranks (ten pages of 20). Ranking every match of a common word
 * read and scored a quarter of all articles (907 ms p50 at 100,000); the newest few hundred are found
 * through an index in a few milliseconds. Older matches follow them, newest first: every match can be
 * reached, and only the rows of the page asked for are read.
 */
export const SEARCH_WINDOW = 200;

/**
 * Up to this many matches, a search finds them through the word index and sorts them by date; beyond,
 * it reads the newest stories in date order and tests each (about 100,000 / matches of them per match
 * wanted). At 100,000 stories both read about 5,000 rows here.
 */
const SPARSE_MATCHES = 5000;

/**
 * Search totals per query, kept in memory per database: counting every match of a common word reads a
 * quarter of 100,000 stories (about 200 ms on PostgreSQL), and each further page of the same search would
 * count again. Forgotten on any change readers can see (a live story's new text changes what matches),
 * after a minute (a scheduled story appears without a signal), and beyond the SEARCH_TOTALS_KEPT most
 * recent queries, so arbitrary queries cannot grow the heap.
 */
const rememberedSearchTotals = remembered(async (_db: DbOrTx) => new Map<string, Promise<number>>(), {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) => onSiteChange(db as Db, forget),
});
const SEARCH_TOTALS_KEPT = 500;

async function searchTotal(db: DbOrTx, query: string, matches: SQL): Promise<number> {
  const totals = await rememberedSearchTotals.get(db);
  let total = totals.get(query);
  if (!total) {
    if (totals.size >= SEARCH_TOTALS_KEPT) totals.delete(totals.keys().next().value ?? "");
    total = db
      .select({ total: count() })
      .from(articles)
      .where(and(isPublished(), matches))
      .then((rows) => firstRow(rows).total);
    totals.set(query, total);
    total.catch(() => totals.delete(query));
  }
  return total;
}

/**
 * Ranked full-text search over published articles: the stored, weighted search_vector (title, excerpt,
 * author, body) matched by websearch_to_tsquery or by the typed words as prefixes, plus the category
 * name. `total` counts every match (one count query, remembered per query). The results run: the newest
 * SEARCH_WINDOW matches ranked by relevance (the GIN index for a rare word, the listing index read
 * newest first for a common one: the planner picks), then every older match, newest first.
 */
export async function searchArticles(
  db: DbOrTx,
  rawQuery: string,
  page = 1,
  perPage = SEARCH_PAGE_SIZE,
): Promise<SearchResult> {
  const query = rawQuery.trim().slice(0, SEARCH_MAX_QUERY);
  const prefix = prefixQuery(query);
  if (!prefix) return { results: [], total: 0 };
  const tsQuery = sql`(websearch_to_tsquery('english', ${query}) || to_tsquery('english', ${prefix}))`;
  // The few categories whose name holds the query, found once: matching the name per article row
  // (a regexp over every joined row) cost more than the full-text match itself.
  const categoryKey = categoryMatchKey(query);
  const matchingCategoryIds = categoryKey
    ? (await db.select({ id: categories.id, name: categories.name }).from(categories))
        .filter((category) => categoryMatchKey(category.name).includes(categoryKey))
        .map((category) => category.id)
    : [];
  const categoryMatches =
    matchingCategoryIds.length > 0 ? inArray(articles.categoryId, matchingCategoryIds) : sql`false`;
  const matches = sql`(${articles.searchVector} @@ ${tsQuery} OR ${categoryMatches})`;
  const total = await searchTotal(db, query, matches);
  const offset = (Math.max(1, Math.floor(page)) - 1) * perPage;
  if (offset >= total) return { results: [], total };
  const isSparse = total <= SPARSE_MATCHES;
  const ranked =
    offset < SEARCH_WINDOW
      ? await cardsInOrder(
          db,
          // Planned for this query's words each time (page-marks.server.ts): a kept plan suits one kind.
          await plannedForTheirValues(db, (tx) =>
            rankedMatchIds(
              tx,
              { tsQuery, matches, matchingCategoryIds, isSparse },
              offset,
              Math.min(perPage, SEARCH_WINDOW - offset),
            ),
          ),
        )
      : [];
  // Past the window: the older matches in date order, from where this page starts among them.
  const olderFrom = Math.max(offset, SEARCH_WINDOW);
  const older =
    offset + perPage > olderFrom
      ? await cardsOf(
          db,
          await searchPageIds(db, {
            key: query,
            where: matches,
            offset: olderFrom,
            limit: offset + perPage - olderFrom,
            isPlanStable: false,
            isSparse,
            isPlannedEachTime: true,
          }),
        )
      : [];
  return { results: [...ranked, ...older], total };
}

/** Deep pages of search results: their marks go stale with any change readers see, like the totals. */
const searchPageIds = pageMarks(() => true);

/**
 * The ids of the newest SEARCH_WINDOW matches, most relevant first (a category's name matching counts
 * for 0.5), `limit` of them after `offset`. The rank is computed on the rows the window read, and only
 * ids come back: the page's cards are read for its own rows (reading the 200 ranked again by id, with
 * their views and joins, took longer than finding and ranking them).
 */
async function rankedMatchIds(
  db: DbOrTx,
  search: { tsQuery: SQL; matches: SQL; matchingCategoryIds: string[]; isSparse: boolean },
  offset: number,
  limit: number,
): Promise<string[]> {
  const { tsQuery, matches, matchingCategoryIds, isSparse } = search;
  const read = {
    id: articles.id,
    displayDate: articles.displayDate,
    searchVector: articles.searchVector,
    categoryId: articles.categoryId,
  };
  const found = () => db.select(read).from(articles).where(and(isPublished(), matches));
  // A word few stories hold: its matches found first, then the newest of them (newestIds in
  // page-marks.server.ts says why).
  const matching = found().offset(literalCount(0)).as("matching");
  const newest = isSparse
    ? db
        .select({
          id: matching.id,
          displayDate: matching.displayDate,
          searchVector: matching.searchVector,
          categoryId: matching.categoryId,
        })
        .from(matching)
        .orderBy(desc(matching.displayDate), desc(matching.id))
        .limit(SEARCH_WINDOW)
        .as("newest")
    : found()
        .orderBy(...newestFirst)
        .limit(SEARCH_WINDOW)
        .as("newest");
  const categoryBonus =
    matchingCategoryIds.length > 0
      ? sql`CASE WHEN ${inArray(newest.categoryId, matchingCategoryIds)} THEN 0.5 ELSE 0 END`
      : sql`0`;
  const rows = await db
    .select({ id: newest.id })
    .from(newest)
    .orderBy(
      desc(sql`ts_rank(${newest.searchVector}, ${tsQuery}) + ${categoryBonus}`),
      desc(newest.displayDate),
      desc(newest.id),
    )
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/** One published article with everything the article page shows (the body safe to show), or null. */
export const getPublishedArticle = async (db: DbOrTx, id: string) =>
  readerArticle(await publishedArticleQuery(db, eq(articles.id, id)));

/** The story by its slug with the comments it shows, in one statement. */
const bySlugStatement = preparedPerDatabase((db) =>
  db
    .select({
      ...publishedArticleColumns(),
      comments: publicCommentsColumn(sql`${sql.placeholder("statuses")}`),
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(eq(articles.slug, sql.placeholder("slug")), isPublished()))
    .limit(1)
    .prepare("reader_article_by_slug"),
);

/**
 * The published story whose current slug this is, with the comments it shows (those whose status is in
 * `commentStatuses`): the article page's one query in the common case (a reader following a link),
 * before it looks at earlier slugs and ids (resolveArticleAddress).
 */
export async function getPublishedArticleBySlug(db: DbOrTx, slug: string, commentStatuses: string[]) {
  const [row] = await bySlugStatement(db).execute({ slug, statuses: commentStatuses });
  if (!row) return null;
  const { comments, ...story } = row;
  return { article: readerArticle([story])!, comments: commentsFromJson(comments) };
}

const publishedArticleColumns = () => ({
  ...articleCardColumns,
  categoryId: articles.categoryId,
  content: articles.content,
  bodyIsSafe: bodyIsSafe(),
  youtubeUrl: articles.youtubeUrl,
  tags: articles.tags,
  authorImage: articles.authorImage,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  revisedAt: articles.revisedAt,
  correctionNote: articles.correctionNote,
  seoTitle: articles.seoTitle,
  seoDescription: articles.seoDescription,
  liveStartedAt: articles.liveStartedAt,
  liveEndedAt: articles.liveEndedAt,
});

function publishedArticleQuery(db: DbOrTx, match: SQL) {
  return db
    .select(publishedArticleColumns())
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(match, isPublished()))
    .limit(1);
}

function readerArticle(rows: Awaited<ReturnType<typeof publishedArticleQuery>>) {
  const [row] = rows;
  if (!row) return null;
  const { bodyIsSafe: _checked, ...article } = row;
  return { ...article, content: readerBody(row) };
}

/**
 * Listing pages show the spec's 'Error loading articles. Please try again later.' instead of failing
 * the whole page (and never invented articles); the cause goes to the server log.
 */
export async function loadOrReport<T>(
  what: string,
  load: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    console.error(`[articles] could not load ${what}`, error);
    return { ok: false };
  }
}
