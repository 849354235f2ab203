/**
 * Article bodies are sanitised once, when saved, not on every view (sanitize-html on each article page
 * cost more than rendering it). A body is trusted only while its `content_safe_hash` matches: a row
 * written by hand, by an older version, or before the sanitiser changed is sanitised where it is read,
 * and `sanitizeStoredBodies` (run at every start, idempotent) rewrites such rows so the fast path
 * covers them too.
 */
import { and, asc, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { articles } from "#app/db/schema";
import { safeBody, sanitizeArticleHtml, SANITIZER_VERSION } from "#app/lib/sanitize.server";

/** True when the stored body came from the current sanitiser unchanged. */
export const bodyIsSafe = () =>
  sql<boolean>`(md5(${`${SANITIZER_VERSION}:`} || ${articles.content}) = ${articles.contentSafeHash})`;

/** The body a reader may see: as stored when its hash vouches for it, else sanitised now. */
export function readerBody(row: { content: string; bodyIsSafe: boolean }): string {
  return row.bodyIsSafe ? row.content : sanitizeArticleHtml(row.content);
}

const BATCH = 500;

/** Re-sanitises every body whose hash does not match; returns how many rows it rewrote. */
export async function sanitizeStoredBodies(db: Db): Promise<number> {
  let rewritten = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(and(gt(articles.id, after), sql`NOT ${bodyIsSafe()}`))
      .orderBy(asc(articles.id))
      .limit(BATCH);
    const last = rows.at(-1);
    if (!last) return rewritten;
    after = last.id;
    const safe = rows.map((row) => ({ id: row.id, ...safeBody(row.content) }));
    const changed = safe.filter((row, i) => row.content !== rows[i]?.content);
    await db.transaction(async (tx) => {
      // Bodies the sanitiser leaves as they are only get their hash: the row's search document stays.
      for (const row of changed)
        await tx
          .update(articles)
          .set({ content: row.content, contentSafeHash: row.contentSafeHash })
          .where(sql`${articles.id} = ${row.id}`);
      const unchanged = safe.filter((row) => !changed.includes(row));
      if (unchanged.length > 0)
        await tx
          .update(articles)
          .set({ contentSafeHash: sql`md5(${`${SANITIZER_VERSION}:`} || ${articles.content})` })
          .where(
            inArray(
              articles.id,
              unchanged.map((row) => row.id),
            ),
          );
    });
    rewritten += changed.length;
  }
}
