/**
 * What "published" means for every public read (pages, feeds, sitemaps, search, the view counter,
 * comments): the status says so and the publish date has come. A story scheduled for later stays
 * unseen until then, however it is reached.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import { articles } from "#app/db/schema";

export const isPublished = () => and(eq(articles.status, "published"), lte(articles.publishedAt, sql`now()`));
