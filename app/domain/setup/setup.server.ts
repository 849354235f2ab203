/**
 * The database setup page's two actions : populate adds the sample
 * content; clear deletes every article and every category. Only an admin runs them (the route checks).
 */
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { populateSampleContent } from "#app/db/seed.server";
import { articles, categories, comments } from "#app/db/schema";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";
import { firstRow } from "#app/db/rows";

export const SETUP_TEXT = {
  populated: "Database populated successfully! Sample articles, categories, and comments have been added.",
  cleared: "Database cleared successfully!",
  populateFailed: (message: string) => `Error populating database: ${message}`,
  clearFailed: (message: string) => `Error clearing database: ${message}`,
  confirmClear: "Are you sure you want to clear all data? This action cannot be undone.",
} as const;

export async function populateDatabase(db: Db, actor: Actor, now = new Date()) {
  await db.transaction(async (tx) => {
    await populateSampleContent(tx, now);
    await logActivity(tx, {
      type: "article",
      actor,
      action: "Sample content added",
      description: "Database setup: 8 categories and 4 articles with 3 comments each",
    });
  });
  siteChanged(db, { scope: "everything", reason: "sample content added" });
}

interface ClearResult {
  articles: number;
  categories: number;
  comments: number;
}

/**
 * Deletes every article and every category. Comments belong to their article (the foreign key
 * cascades), so the articles' comments go with them; the page says so before anyone confirms.
 */
export async function clearDatabase(db: Db, actor: Actor): Promise<ClearResult> {
  const cleared = await db.transaction(async (tx) => {
    const { n: commentCount } = firstRow(await tx.select({ n: sql<number>`count(*)::int` }).from(comments));
    const deletedArticles = await tx.delete(articles).returning({ id: articles.id });
    const deletedCategories = await tx.delete(categories).returning({ id: categories.id });
    const result = {
      articles: deletedArticles.length,
      categories: deletedCategories.length,
      comments: commentCount,
    };
    await logActivity(tx, {
      type: "article",
      actor,
      action: "All articles and categories deleted",
      description: `Database setup: ${result.articles} articles, ${result.categories} categories and ${result.comments} comments removed`,
    });
    return result;
  });
  siteChanged(db, { scope: "everything", reason: "articles and categories cleared" });
  return cleared;
}
