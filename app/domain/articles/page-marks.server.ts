/**
 * Which stories a page of a newest-first listing shows, without reading every story before it.
 *
 * `OFFSET 49990` walks 49,990 index entries, and each one's table row, before the page starts: page
 * 5,000 of all articles took 82-147 ms of query on PostgreSQL and 85-560 ms on the embedded database at
 * 100,000 stories (reading the page's full rows with the offset, as listings did, 1.5 s). Instead a
 * listing read deep remembers a mark every MARK_STRIDE stories (that story's sort key), found in one
 * pass over the listing's index; a deep page then starts at the nearest mark before it (an index seek)
 * and skips fewer than MARK_STRIDE entries. The first pages skip little and are read directly.
 *
 * Marks are kept in memory per database and forgotten as the totals beside them are (public.server.ts, search.server.ts):
 * when what is published changes, and after a minute. A story that appears in between without a signal
 * (a publish date reached) moves later stories by one until then, as it leaves the total one short.
 */
import { and, desc, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { literalCount } from "#app/db/plans";
import { articles } from "#app/db/schema";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { remembered } from "#app/lib/remembered.server";
import { isPublished } from "./published.server";

/** Stories from one mark to the next: a deep page skips fewer index entries than this after its mark. */
export const MARK_STRIDE = 100;

/**
 * Offsets below this are read directly: skipping up to a thousand index entries costs about a millisecond,
 * where the pass that finds a listing's marks reads all of it (a list of ten stories reaches it at page 101).
 */
export const DIRECT_OFFSETS_BELOW = 1000;

/** Marks kept per database over every listing, the oldest listing's dropped first (about 150 bytes each). */
const MARKS_KEPT = 20_000;

/** Listings, deep pages and search results all run newest first, the id breaking ties. */
export const newestFirst = [desc(articles.displayDate), desc(articles.id)] as const;

/**
 * A story's place in that order: the displayed date as the database writes it (to the microsecond, which
 * a JavaScript Date would round away) and the id.
 */
interface Mark {
  displayDate: string;
  id: string;
}

interface MarkedListing {
  marks: Promise<Mark[]>;
  count: number;
}

interface PageRequest {
  /** Names the listing (its filter) among the others remembered: 'category:<id>', 'tag:<slug>'... */
  key: string;
  /** The listing's filter; `isPublished()` is added. */
  where: SQL | undefined;
  offset: number;
  limit: number;
  /**
   * The limit written into the statement, where one plan suits every value of the filter (all articles,
   * a category); else a parameter, planned for each author, tag or query (see app/db/plans.ts).
   */
  isPlanStable: boolean;
  /** Few stories match `where` (see newestIds). */
  isSparse?: boolean;
  /** The best plan depends on the filter's values: never a kept generic one (see plannedForTheirValues). */
  isPlannedEachTime?: boolean;
  /** Planned each time, and known to match many: the newest come from the date index (plannedForTheirValues). */
  walksDateOrder?: boolean;
}

/**
 * A page finder with its own remembered marks, forgotten on the changes `isStaleAfter` names: a listing
 * changes only when what is published moves; search matches also change with a live story's text.
 */
export function pageMarks(isStaleAfter: (change: SiteChange) => boolean) {
  const rememberedListings = remembered(async (_db: DbOrTx) => new Map<string, MarkedListing>(), {
    maxAgeMs: 60_000,
    onFirstUse: (db, forget) =>
      onSiteChange(db as Db, (change) => {
        if (isStaleAfter(change)) forget();
      }),
  });

  async function marksOf(db: DbOrTx, key: string, where: SQL | undefined): Promise<Mark[]> {
    const listings = await rememberedListings.get(db);
    const known = listings.get(key);
    if (known) return known.marks;
    const listing: MarkedListing = { marks: findMarks(db, where), count: 0 };
    listings.set(key, listing);
    listing.marks.then(
      (marks) => {
        listing.count = marks.length;
        let kept = 0;
        for (const other of listings.values()) kept += other.count;
        for (const [otherKey, other] of listings) {
          if (kept <= MARKS_KEPT || other === listing) break;
          listings.delete(otherKey);
          kept -= other.count;
        }
      },
      () => {
        if (listings.get(key) === listing) listings.delete(key);
      },
    );
    return listing.marks;
  }

  /** The ids of the stories on one page of a listing, newest first. */
  return async function pageIds(db: DbOrTx, page: PageRequest): Promise<string[]> {
    const { key, where, offset, limit } = page;
    const options = {
      isPlanStable: page.isPlanStable,
      isSparse: page.isSparse ?? false,
      isPlannedEachTime: page.isPlannedEachTime ?? false,
      walksDateOrder: page.walksDateOrder ?? false,
    };
    if (offset < DIRECT_OFFSETS_BELOW) return idsFrom(db, where, offset, limit, options);
    const marks = await marksOf(db, key, where);
    // Past the last mark (stories published since the marks were found): from the last one.
    const index = Math.min(Math.floor(offset / MARK_STRIDE), marks.length - 1);
    const mark = marks[index];
    if (!mark) return idsFrom(db, where, offset, limit, options);
    const fromMark = sql`(${articles.displayDate}, ${articles.id}) <= (${mark.displayDate}::timestamptz, ${mark.id})`;
    return idsFrom(db, and(where, fromMark), offset - index * MARK_STRIDE, limit, options);
  };
}

async function idsFrom(
  db: DbOrTx,
  where: SQL | undefined,
  offset: number,
  limit: number,
  options: { isPlanStable: boolean; isSparse: boolean; isPlannedEachTime: boolean; walksDateOrder: boolean },
) {
  const read = (on: DbOrTx) => newestIds(on, where, { ...options, limit, offset });
  const rows = options.isPlannedEachTime
    ? await plannedForTheirValues(db, read, { walksDateOrder: options.walksDateOrder })
    : await read(db);
  return rows.map((row) => row.id);
}

/**
 * Runs `read` with its statements planned for the values they are given. The embedded database keeps
 * statements prepared (client.server.ts) and after five runs may settle on one generic plan for any
 * values; for a search that plan guesses every word rare (500 matches), so after a few searches a common
 * word's newest 200 were found by reading all 25,000 of its matches and sorting them (80-90 ms at
 * 100,000 stories, against 7 ms walking the date index). On a PostgreSQL server every statement is
 * planned for its values anyway.
 *
 * `walksDateOrder`: the filter is known to match many stories (a search counted first), so the newest are
 * found by walking the date-ordered listing index and testing each, never by reading every match through
 * the word index and sorting them. The planner multiplies words' frequencies as if they were unrelated:
 * two words that always come together ("kɔkɔɔ nsɛm" in every one of 10,000 Twi stories, each word in a
 * tenth of the archive) were estimated at 946 matches, and all 10,000 were read and sorted (150 ms at
 * 100,000 stories, against 2 ms walking the index): with fewer matches guessed than the newest asked for,
 * walking the index looks like reading all of it. Bitmap scans are the word index's only way in, and
 * with sorting off the newest come from the index's own order (the ranking's sort of those few still
 * runs: nothing else could order them). Switched off, sorting costs the planner a fixed 10^10 in its
 * estimate, which passes PostgreSQL's threshold for compiling the statement (`jit_above_cost`): the
 * compiling alone took 550 ms of a 3 ms search at 100,000 stories, so JIT is off with it.
 */
const PLANNED_FOR_VALUES = sql.raw("SET LOCAL plan_cache_mode = force_custom_plan");
const WALKING_DATE_ORDER = sql.raw(
  "SET LOCAL plan_cache_mode = force_custom_plan; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; SET LOCAL jit = off",
);

export function plannedForTheirValues<T>(
  db: DbOrTx,
  read: (tx: DbOrTx) => Promise<T>,
  options: { walksDateOrder?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip for the settings (a script of statements: no parameters).
    await tx.execute(options.walksDateOrder ? WALKING_DATE_ORDER : PLANNED_FOR_VALUES);
    return read(tx);
  });
}

/**
 * The ids of published stories matching `where`, newest first, `limit` of them after `offset`. A sparse
 * filter (a word few stories hold) is matched first, through its own index, and only the matches are
 * sorted: asked for the newest 200 in date order, the planner walks the date index and tests each story,
 * which for a word in 1 story of 100,000 read them all (185 ms on PostgreSQL; the word index finds it in
 * 0.05 ms). The planner cannot know: its estimate for a typed prefix ('harm:*') is a guess.
 */
function newestIds(
  db: DbOrTx,
  where: SQL | undefined,
  options: { limit: number; offset: number; isPlanStable: boolean; isSparse: boolean },
) {
  const limit = options.isPlanStable ? literalCount(options.limit) : options.limit;
  if (!options.isSparse)
    return db
      .select({ id: articles.id })
      .from(articles)
      .where(and(isPublished(), where))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(options.offset);
  // OFFSET 0 keeps the matching apart from the sort: Postgres plans such a subquery on its own.
  const matches = db
    .select({ id: articles.id, displayDate: articles.displayDate })
    .from(articles)
    .where(and(isPublished(), where))
    .offset(literalCount(0))
    .as("matches");
  return db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.displayDate), desc(matches.id))
    .limit(limit)
    .offset(options.offset);
}

/**
 * Every MARK_STRIDE-th story's place, in one pass. The listing indexes hold the publish date, so for all
 * articles, a category or an author the pass reads an index alone where the table's visibility map allows
 * (PostgreSQL's autovacuum keeps it: 29 ms for all 100,000 stories); a tag's or a word's stories come from
 * their own index and are sorted.
 */
async function findMarks(db: DbOrTx, where: SQL | undefined): Promise<Mark[]> {
  const numbered = db
    .select({
      displayDate: sql<Date>`${articles.displayDate}`.as("mark_date"),
      id: sql<string>`${articles.id}`.as("mark_id"),
      position:
        sql<number>`row_number() over (order by ${articles.displayDate} desc, ${articles.id} desc)`.as(
          "position",
        ),
    })
    .from(articles)
    .where(and(isPublished(), where))
    .as("numbered");
  return db
    .select({ displayDate: sql<string>`${numbered.displayDate}::text`, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.position} % ${sql.raw(String(MARK_STRIDE))} = 1`)
    .orderBy(numbered.position);
}
