/**
 * Public reads of articles: listings, related stories and the article page (search is in
 * search.server.ts, trending in trending.server.ts, the cards they all show in article-cards.server.ts).
 * Every function here returns published content only: a draft never reaches a public page, feed,
 * sitemap, search result or cache entry.
 */
import { and, arrayOverlaps, count, desc, eq, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { articles, categories, users } from "#app/db/schema";
import { categoryMatchKey, categoryNameFromSlug, tagSlug } from "#app/lib/slug";
import { remembered } from "#app/lib/remembered.server";
import { commentsFromJson, publicCommentsColumn } from "#app/domain/comments/public.server";
import { cardsInMemory, categoryHead } from "./reader-memory.server";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { bodyIsSafe, readerBody } from "./body-safety.server";
import { inLanguage, isPublished } from "./published.server";
import { firstRow } from "#app/db/rows";
import { ARTICLE_FAMILY, publishedVersionsColumn } from "./story-versions.server";
import { literalCount } from "#app/db/plans";
import { preparedPerDatabase } from "#app/db/prepared.server";
import { newestFirst, pageMarks } from "./page-marks.server";
import { totalPagesFor } from "#app/lib/pagination";
import { articleCardColumns, cardsOf, listing, toCard, type ArticleCard } from "./article-cards.server";
import { logFailure } from "#app/lib/log.server";

/** Deep pages of listings: their marks go stale when what is published moves, like their totals. */
const listingPageIds = pageMarks((change) => change.scope === "everything");

/** Every listing below reads one edition's stories: `language` is its tag (decision record 022). */
export async function latestArticles(db: DbOrTx, language: string, limit = 10): Promise<ArticleCard[]> {
  const rows = await listing(db, inLanguage(language))
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(literalCount(limit));
  return rows.map(toCard);
}

export async function featuredArticles(db: DbOrTx, language: string, limit = 6): Promise<ArticleCard[]> {
  const rows = await listing(db, and(inLanguage(language), sql`${articles.featured}`))
    .orderBy(desc(articles.displayDate))
    .limit(literalCount(limit));
  return rows.map(toCard);
}

/** The hero: the breaking (top story) article; when none is flagged, the newest article (without the badge). */
export async function topStory(db: DbOrTx, language: string): Promise<ArticleCard | null> {
  const [flagged] = await listing(db, and(inLanguage(language), sql`${articles.isTopStory}`))
    .orderBy(desc(articles.displayDate))
    .limit(literalCount(1));
  if (flagged) return toCard(flagged);
  const [newest] = await latestArticles(db, language, 1);
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
  language: string,
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
  const inCategory = and(eq(articles.categoryId, category.id), inLanguage(language));
  const total = await publishedTotal(db, `${language}:category:${category.id}`, inCategory);
  const totalPages = totalPagesFor(total, perPage);
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const ids = await listingPageIds(db, {
    key: `${language}:category:${category.id}`,
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
async function pagedListing(
  db: DbOrTx,
  language: string,
  listingWhere: SQL,
  listingKey: string,
  page: number,
  perPage: number,
) {
  const where = and(listingWhere, inLanguage(language));
  const key = `${language}:${listingKey}`;
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
export async function articlesByAuthorSlug(
  db: DbOrTx,
  language: string,
  slug: string,
  page: number,
  perPage: number,
) {
  const [author] = await db
    .select({ id: users.id, name: users.name, slug: users.slug, bio: users.bio, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.slug, slug))
    .limit(1);
  if (!author?.slug) return null;
  const stories = await pagedListing(
    db,
    language,
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
export async function articlesByTagSlug(
  db: DbOrTx,
  language: string,
  slug: string,
  page: number,
  perPage: number,
) {
  if (!slug || slug.length > 120) return null;
  const tagged = sql`${articles.tagSlugs} @> array[${slug}]::text[]`;
  const [newest] = await db
    .select({ tags: articles.tags })
    .from(articles)
    .where(and(isPublished(), inLanguage(language), tagged))
    .orderBy(desc(articles.displayDate), desc(articles.id))
    .limit(1);
  if (!newest) return null;
  const name = newest.tags.find((tag) => tagSlug(tag) === slug) ?? slug;
  const stories = await pagedListing(db, language, tagged, `tag:${slug}`, page, perPage);
  return { tag: { name, slug }, ...stories };
}

interface ArticlePage {
  articles: ArticleCard[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

/** How many stories the edition has published (remembered as the listings' totals are). */
export const editionPublishedTotal = (db: DbOrTx, language: string) =>
  publishedTotal(db, language, inLanguage(language));

/** One page of every published article, newest first, with the real total from the database. */
export async function publishedArticlesPage(
  db: DbOrTx,
  language: string,
  page: number,
  perPage = 12,
): Promise<ArticlePage> {
  const total = await editionPublishedTotal(db, language);
  const totalPages = totalPagesFor(total, perPage);
  const current = Math.min(Math.max(1, page), totalPages);
  const ids = await listingPageIds(db, {
    key: `${language}:all`,
    where: inLanguage(language),
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
  article: { id: string; language: string; categoryId: string | null; tags?: readonly string[] },
  limit = 4,
): Promise<ArticleCard[]> {
  // The same rule as the database's newsdesk_tag_slugs, which fills `tag_slugs`.
  const slugs = [...new Set((article.tags ?? []).map((tag) => tagSlug(tag)).filter(Boolean))];
  const { categoryId, language } = article;
  const tiers: RelatedTier[] = [
    ...(categoryId && slugs.length > 0 ? [{ language, categoryId, slugs }] : []),
    ...(categoryId ? [{ language, categoryId }] : []),
    ...(slugs.length > 0 ? [{ language, slugs }] : []),
    { language },
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
  const { categoryId, slugs, language } = tier;
  if (!categoryId || taken.length + RELATED_TAG_WALK > CATEGORY_HEAD_SIZE) return null;
  const head = await categoryHead(db, `${language}:${categoryId}`, async () => {
    const rows = await db
      .select({ id: articles.id, tagSlugs: articles.tagSlugs })
      .from(articles)
      .where(and(isPublished(), inLanguage(language), eq(articles.categoryId, categoryId)))
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

/** Stories of an edition in a category (or any), and with `slugs` only those sharing one of those tags. */
interface RelatedTier {
  language: string;
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
          inLanguage(tier.language),
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
  language: articles.language,
  categoryId: articles.categoryId,
  content: articles.content,
  access: articles.access,
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
  // Its published versions, itself among them (the switcher and hreflang): in the same statement.
  versions: publishedVersionsColumn(ARTICLE_FAMILY),
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
    logFailure(`[articles] could not load ${what}`, error);
    return { ok: false };
  }
}
