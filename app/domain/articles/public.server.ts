/**
 * Public reads of articles. Every function here returns published content only: a draft never
 * reaches a public page, feed, sitemap, search result or cache entry.
 */
import { and, count, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, categories } from "#app/db/schema";
import { categoryMatchKey, categoryNameFromSlug } from "#app/lib/slug";
import { EXCERPT_LENGTH, listingExcerpt } from "#app/lib/text";
import { rankTrending } from "#app/lib/trending";
import { bodyIsSafe, readerBody } from "./body-safety.server";
import { isPublished } from "./published.server";
import { firstRow } from "#app/db/rows";

const articleCardColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  authorName: articles.authorName,
  featured: articles.featured,
  isTopStory: articles.isTopStory,
  views: articles.views,
  readTime: articles.readTime,
  displayDate: articles.displayDate,
  createdAt: articles.createdAt,
  categoryName: categories.name,
  categorySlug: categories.slug,
  categoryColor: categories.color,
};

/**
 * Enough of the body to cut the longest excerpt (200 characters) from: listings never ship whole
 * bodies, which can be long, to the page.
 */
const CONTENT_HEAD_CHARS = 4000;

interface ArticleCardRow {
  id: string;
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
}
type ListingRow = ArticleCardRow & { contentHead: string };

/** A card as listings show it; `summary` is plain text of at most the hero length (200) plus '...'. */
type ArticleCard = Omit<ArticleCardRow, "excerpt"> & { summary: string };

/** A cut-off tag at the end of the body head would otherwise leak into the text. */
const dropUnclosedTag = (html: string) => html.replace(/<[^>]*$/, "");

function toCard({ contentHead, excerpt, ...row }: ListingRow): ArticleCard {
  return {
    ...row,
    summary: listingExcerpt({ content: dropUnclosedTag(contentHead), excerpt }, EXCERPT_LENGTH.hero),
  };
}

/**
 * Listings sort and cut on narrow rows, then read the body head of only the rows they show: reading
 * every body before the sort cost 120 ms a listing at 5,000 articles (measured by `npm run bench`).
 */
async function withSummaries(db: DbOrTx, rows: ArticleCardRow[]): Promise<ArticleCard[]> {
  if (rows.length === 0) return [];
  const heads = await db
    .select({ id: articles.id, contentHead: sql<string>`left(${articles.content}, ${CONTENT_HEAD_CHARS})` })
    .from(articles)
    .where(
      inArray(
        articles.id,
        rows.map((row) => row.id),
      ),
    );
  const headOf = new Map(heads.map((head) => [head.id, head.contentHead]));
  return rows.map((row) => toCard({ ...row, contentHead: headOf.get(row.id) ?? "" }));
}

function listing(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(articleCardColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublished(), where))
    .$dynamic();
}

export async function latestArticles(db: DbOrTx, limit = 10): Promise<ArticleCard[]> {
  const rows = await listing(db, undefined)
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(limit);
  return withSummaries(db, rows);
}

export async function featuredArticles(db: DbOrTx, limit = 6): Promise<ArticleCard[]> {
  const rows = await listing(db, eq(articles.featured, true))
    .orderBy(desc(articles.displayDate))
    .limit(limit);
  return withSummaries(db, rows);
}

/** The hero: the breaking (top story) article; when none is flagged, the newest article (without the badge). */
export async function topStory(db: DbOrTx): Promise<ArticleCard | null> {
  const [flagged] = await listing(db, eq(articles.isTopStory, true))
    .orderBy(desc(articles.displayDate))
    .limit(1);
  if (flagged) return firstRow(await withSummaries(db, [flagged]));
  const [newest] = await latestArticles(db, 1);
  return newest ?? null;
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
  const { total } = firstRow(
    await db.select({ total: count() }).from(articles).where(and(isPublished(), inCategory)),
  );
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const rows = await listing(db, inCategory)
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(perPage)
    .offset((current - 1) * perPage);
  const { id: _id, ...found } = category;
  return {
    ...found,
    exists: true,
    articles: await withSummaries(db, rows),
    total,
    page: current,
    totalPages,
  };
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
  const { total } = firstRow(await db.select({ total: count() }).from(articles).where(isPublished()));
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await listing(db, undefined)
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(perPage)
    .offset((current - 1) * perPage);
  return { articles: await withSummaries(db, rows), total, page: current, perPage, totalPages };
}

/** Related: `count` others, the same category first, then the newest. */
export async function relatedArticles(
  db: DbOrTx,
  article: { id: string; categoryId: string | null },
  limit = 4,
): Promise<ArticleCard[]> {
  const sameCategory = article.categoryId
    ? sql`(${articles.categoryId} = ${article.categoryId})`
    : sql`false::boolean`; // a bare constant in ORDER BY is a syntax error in PostgreSQL
  const rows = await listing(db, sql`${articles.id} <> ${article.id}`)
    .orderBy(desc(sameCategory), desc(articles.displayDate), desc(articles.id))
    .limit(limit);
  return withSummaries(db, rows);
}

const TRENDING_WINDOW = 50;

/** Trending: the 50 newest articles with views, ranked by the spec's score; the newest when none has views. */
export async function trendingArticles(db: DbOrTx, limit = 5, now = new Date()): Promise<ArticleCard[]> {
  const rows = await listing(db, gt(articles.views, 0))
    .orderBy(desc(articles.createdAt))
    .limit(TRENDING_WINDOW);
  if (rows.length === 0) return latestArticles(db, limit);
  return withSummaries(db, rankTrending(rows, limit, now));
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
 * Ranked full-text search over every published article: the stored, weighted search_vector (title,
 * excerpt, author, body) matched by websearch_to_tsquery or by the typed words as prefixes, plus the
 * category name. Ranking uses the stored column; recomputing to_tsvector per row takes seconds.
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
  const rank = sql<number>`(ts_rank(${articles.searchVector}, ${tsQuery}) + CASE WHEN ${categoryMatches} THEN 0.5 ELSE 0 END)`;
  const rows = await db
    .select({ ...articleCardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublished(), sql`(${articles.searchVector} @@ ${tsQuery} OR ${categoryMatches})`))
    .orderBy(desc(rank), desc(articles.displayDate), desc(articles.id))
    .limit(perPage)
    .offset((Math.max(1, Math.floor(page)) - 1) * perPage);
  const results = await withSummaries(
    db,
    rows.map(({ total: _total, ...row }) => row),
  );
  return { results, total: rows[0]?.total ?? 0 };
}

/** One published article with everything the article page shows (the body safe to show), or null. */
export async function getPublishedArticle(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...articleCardColumns,
      categoryId: articles.categoryId,
      content: articles.content,
      bodyIsSafe: bodyIsSafe(),
      youtubeUrl: articles.youtubeUrl,
      tags: articles.tags,
      authorImage: articles.authorImage,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, id), isPublished()))
    .limit(1);
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
