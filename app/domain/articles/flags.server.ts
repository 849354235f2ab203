/**
 * Featured and Breaking News are exclusive among an edition's published stories (decision record 022). A story not yet live may hold a flag
 * (an editor prepares tomorrow's lead) without taking it from the live one: it takes it when it is
 * published. Every path that publishes a flagged story, or flags a published one, calls `takeFlag` first:
 * it takes the same transaction-scoped advisory lock, so two at once are serialised, and the partial
 * unique index (published rows only, drizzle/0009) is the backstop for any other writer.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server";
import { isUniqueViolation } from "#app/db/errors";
import { articles } from "#app/db/schema";

export type Flag = "featured" | "isTopStory";

export async function takeFlag(tx: Tx, flag: Flag, id: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(734101)`);
  const column = flag === "featured" ? articles.featured : articles.isTopStory;
  await tx
    .update(articles)
    .set({ [flag]: false })
    .where(
      and(
        eq(column, true),
        ne(articles.id, id),
        eq(articles.status, "published"),
        sql`${articles.language} = (SELECT language FROM articles WHERE id = ${id})`,
      ),
    );
}

/** Takes the flags `article` holds from the live stories: call before it becomes published. */
export async function takeFlagsOnPublish(
  tx: Tx,
  article: { id: string; featured: boolean; isTopStory: boolean },
) {
  if (article.featured) await takeFlag(tx, "featured", article.id);
  if (article.isTopStory) await takeFlag(tx, "isTopStory", article.id);
}

/** Runs a flag-setting transaction again when a concurrent writer outside the lock won the index race. */
export async function withFlagRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
