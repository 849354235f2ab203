/**
 * What "published" means for every public read (pages, feeds, sitemaps, search, the view counter,
 * comments): the status says so and the publish date has come. A story scheduled for later stays
 * unseen until then, however it is reached.
 */
import { and, lte, sql } from "drizzle-orm";
import { articles } from "#app/db/schema";
import { EDITION_TAG_PATTERN } from "#app/lib/editions";

/**
 * The status is written into the statement, not sent as a parameter, so that a kept plan can use the
 * partial indexes on published rows (see app/db/plans.ts).
 */
export const isPublished = () =>
  and(sql`${articles.status} = 'published'`, lte(articles.publishedAt, sql`now()`));

/**
 * Stories of one edition (decision record 022, point 4): every public listing, feed and search reads one
 * language. The tag is written into the statement like the status above: a handful of editions keep a
 * handful of plans, each able to use the listing indexes that lead with the language (a parameter would
 * get one generic plan sized for the main edition). Only a tag the editions' CHECK allows gets this far.
 */
export function inLanguage(tag: string) {
  return sql`${articles.language} = ${editionTagLiteral(tag)}`;
}

/** An edition's tag written into the statement as a quoted constant (`'tw'`): only a tag the CHECK allows. */
export function editionTagLiteral(tag: string) {
  if (!EDITION_TAG_PATTERN.test(tag)) throw new RangeError(`Not an edition's tag: ${JSON.stringify(tag)}`);
  return sql.raw(`'${tag}'`);
}
