/**
 * What "published" means for every public read (pages, feeds, sitemaps, search, the view counter,
 * comments): the status says so and the publish date has come. A story scheduled for later stays
 * unseen until then, however it is reached.
 */
import { and, lte, sql } from "drizzle-orm";
import { articles } from "#app/db/schema";

/**
 * The status is written into the statement, not sent as a parameter, so that a kept plan can use the
 * partial indexes on published rows (see app/db/plans.ts).
 */
export const isPublished = () =>
  and(sql`${articles.status} = 'published'`, lte(articles.publishedAt, sql`now()`));
