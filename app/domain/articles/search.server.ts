/**
 * Reader search (/search): ranked full-text search over published stories, its totals remembered per
 * query, and its deep pages read from marks (page-marks.server.ts).
 */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { literalCount } from "#app/db/plans";
import { firstRow } from "#app/db/rows";
import { articles, categories, categoryNames } from "#app/db/schema";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { remembered } from "#app/lib/remembered.server";
import { categoryMatchKey, foldLetters } from "#app/lib/slug";
import { cardsInOrder, cardsOf, type ArticleCard } from "./article-cards.server";
import { newestFirst, pageMarks, plannedForTheirValues } from "./page-marks.server";
import { editionTagLiteral, inLanguage, isPublished } from "./published.server";
import { editionPublishedTotal } from "./public.server";

/**
 * As-you-type words: letters (with their marks: "kɔ̀fi" is one word) and digits only, so they are safe
 * inside to_tsquery syntax. A word with nothing left once folded (a lone ʼ or tone mark) is dropped: the
 * folding languages' query (`newsdesk_search_text`) would make it an empty, refused `:*`.
 */
export function prefixQuery(query: string): string {
  const words = query.normalize("NFKC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => /[\p{L}\p{N}]/u.test(foldLetters(word)))
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
 * Whether a search's matches are few for its edition: then they are found through the word index and
 * sorted by date (reading every match); else the edition's newest stories are read in date order and
 * each tested, about `edition / matches` of them per match wanted, SEARCH_WINDOW wanted. Both read
 * the same where matches² = SEARCH_WINDOW × edition: about 4,500 matches among 100,000 stories, 1,400
 * among a Twi edition's 10,000 (whose 5,000 matches of "football" took 93-130 ms read as few, against
 * 10 ms walking).
 */
export const isSparseSearch = (matches: number, editionStories: number) =>
  matches * matches <= SEARCH_WINDOW * editionStories;

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

/** `key` names the search: the edition's tag and the query. */
async function searchTotal(db: DbOrTx, key: string, matches: SQL): Promise<number> {
  const totals = await rememberedSearchTotals.get(db);
  let total = totals.get(key);
  if (!total) {
    if (totals.size >= SEARCH_TOTALS_KEPT) totals.delete(totals.keys().next().value ?? "");
    total = db
      .select({ total: count() })
      .from(articles)
      .where(and(isPublished(), matches))
      .then((rows) => firstRow(rows).total);
    totals.set(key, total);
    total.catch(() => totals.delete(key));
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
  language: string,
  rawQuery: string,
  page = 1,
  perPage = SEARCH_PAGE_SIZE,
): Promise<SearchResult> {
  const query = rawQuery.trim().slice(0, SEARCH_MAX_QUERY);
  const prefix = prefixQuery(query);
  if (!prefix) return { results: [], total: 0 };
  const tsQuery = editionTsQuery(language, query, prefix);
  const matchingCategoryIds = await categoriesNamed(db, language, query);
  const categoryMatches =
    matchingCategoryIds.length > 0 ? inArray(articles.categoryId, matchingCategoryIds) : sql`false`;
  // An edition's search finds its own stories only (decision record 022, point 9).
  const matches = sql`(${inLanguage(language)} AND (${articles.searchVector} @@ ${tsQuery} OR ${categoryMatches}))`;
  const searchKey = `${language}:${query}`;
  const [total, editionStories] = await Promise.all([
    searchTotal(db, searchKey, matches),
    editionPublishedTotal(db, language),
  ]);
  const offset = (Math.max(1, Math.floor(page)) - 1) * perPage;
  if (offset >= total) return { results: [], total };
  const isSparse = isSparseSearch(total, editionStories);
  const ranked =
    offset < SEARCH_WINDOW
      ? await cardsInOrder(
          db,
          // Planned for this query's words each time (page-marks.server.ts): a kept plan suits one kind.
          await plannedForTheirValues(
            db,
            (tx) =>
              rankedMatchIds(
                tx,
                { tsQuery, matches, matchingCategoryIds, isSparse },
                offset,
                Math.min(perPage, SEARCH_WINDOW - offset),
              ),
            { walksDateOrder: !isSparse },
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
            key: searchKey,
            where: matches,
            offset: olderFrom,
            limit: offset + perPage - olderFrom,
            isPlanStable: false,
            isSparse,
            isPlannedEachTime: true,
            walksDateOrder: !isSparse,
          }),
        )
      : [];
  return { results: [...ranked, ...older], total };
}

/**
 * The query as the edition's stories were indexed (drizzle/0029, decision record 022, point 9): its
 * language's stemmer (English: "elections" finds "election"), or its letters folded where PostgreSQL has
 * no stemmer ("Kofi" finds "Kɔfi" on /tw/search). The tag is written into the statement, as the listings
 * write it (`inLanguage`): the configuration is then a constant the planner works out once.
 */
function editionTsQuery(language: string, query: string, prefix: string): SQL {
  const tag = editionTagLiteral(language);
  const config = sql`newsdesk_search_config(${tag})`;
  return sql`(websearch_to_tsquery(${config}, newsdesk_search_text(${tag}, ${query})) || to_tsquery(${config}, newsdesk_search_text(${tag}, ${prefix})))`;
}

/**
 * The few categories whose name in this edition (its own where given, else the main one's, as its bar
 * shows them) holds the query, found once: matching the name per article row (a regexp over every joined
 * row) cost more than the full-text match itself.
 */
async function categoriesNamed(db: DbOrTx, language: string, query: string): Promise<string[]> {
  const categoryKey = categoryMatchKey(query);
  if (!categoryKey) return [];
  const named = await db
    .select({ id: categories.id, name: sql<string>`coalesce(${categoryNames.name}, ${categories.name})` })
    .from(categories)
    .leftJoin(
      categoryNames,
      and(eq(categoryNames.categoryId, categories.id), eq(categoryNames.edition, language)),
    );
  return named
    .filter((category) => categoryMatchKey(category.name).includes(categoryKey))
    .map((category) => category.id);
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
