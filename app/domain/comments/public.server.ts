/**
 * The reader side of comments: the list an article shows and the form anyone may post without
 * signing in. New comments wait for moderation; their text is plain text, never HTML.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { articles, comments } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { isPublished } from "#app/domain/articles/published.server";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { forbidden, invalid, notFound, rateLimited } from "#app/lib/errors";
import { COMMENT_TEXT, parseComment } from "./comment-form";
import { visibleCommentStatuses, type CommentDisplaySettings } from "./visibility";
import { firstRow } from "#app/db/rows";
import { preparedPerDatabase } from "#app/db/prepared.server";

/** The spec's default comment page (section 9). */
const PUBLIC_COMMENTS_LIMIT = 50;

/** A reader behind a shared carrier address can still comment; a script cannot flood. */
export const COMMENT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** A comment as readers see it. */
export interface PublicComment {
  id: string;
  authorName: string;
  text: string;
  status: string;
  createdAt: Date;
}

/**
 * The comments a story shows (`statuses`: the statement's text[] of visible statuses, from
 * `visibleCommentStatuses`), newest first, at most PUBLIC_COMMENTS_LIMIT, as one JSON column: the
 * article page reads them in its story's own statement (one round trip, decision record 020), and
 * `listPublicComments` on their own. Read with `commentsFromJson`. The statement selects from `articles`:
 * the story is named with its table (Drizzle leaves the table out of a column of a one-table select,
 * where `id` would be the comment's own).
 */
export const publicCommentsColumn = (statuses: SQL) =>
  sql<Array<Omit<PublicComment, "createdAt"> & { createdAt: string }>>`(
    select coalesce(json_agg(json_build_object('id', c.id, 'authorName', c.author_name, 'text', c.text,
                                               'status', c.status, 'createdAt', c.created_at)
                             order by c.created_at desc), '[]'::json)
    from (select id, author_name, text, status, created_at from comments
          where article_id = "articles"."id" and status = any(${statuses}::text[])
          order by created_at desc limit ${sql.raw(String(PUBLIC_COMMENTS_LIMIT))}) c)`;

export const commentsFromJson = (
  rows: Array<Omit<PublicComment, "createdAt"> & { createdAt: string }>,
): PublicComment[] => rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));

const listStatement = preparedPerDatabase((db) =>
  db
    .select({ comments: publicCommentsColumn(sql`${sql.placeholder("statuses")}`) })
    .from(articles)
    .where(eq(articles.id, sql.placeholder("articleId")))
    .prepare("reader_article_comments"),
);

/** What readers see of a story's comments: never the e-mail address or the client address. */
export async function listPublicComments(
  db: DbOrTx,
  articleId: string,
  settings: CommentDisplaySettings,
): Promise<PublicComment[]> {
  const [row] = await listStatement(db).execute({ articleId, statuses: visibleCommentStatuses(settings) });
  return row ? commentsFromJson(row.comments) : [];
}

/**
 * Stores a reader's comment, pending moderation. Refuses with a DomainError carrying the spec's title
 * and text: comments switched off ('forbidden'), bad input ('invalid'), a draft or missing article
 * ('not_found', worded as any failed submission) and too many comments from one address
 * ('rate_limited').
 */
export async function submitComment(
  db: Db,
  articleId: string,
  values: Record<string, unknown>,
  client: { ip: string },
  now = new Date(),
): Promise<{ id: string }> {
  const settings = await getSettings(db);
  if (!settings.allowComments) throw forbidden(COMMENT_TEXT.disabled, { title: COMMENT_TEXT.disabledTitle });
  const parsed = parseComment(values);
  if (!parsed.ok) throw invalid(parsed.problem.message, { title: parsed.problem.title });

  const [article] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished()))
    .limit(1);
  // Comments on drafts or missing articles are refused like any failed submission.
  if (!article) throw notFound(COMMENT_TEXT.failed, { title: COMMENT_TEXT.failedTitle });

  if (!(await consumeRateLimit(db, addressKey("comment", client.ip), COMMENT_RATE_LIMIT, now)))
    throw rateLimited(COMMENT_TEXT.rateLimited, { title: COMMENT_TEXT.rateLimitedTitle });

  const { name, email, comment } = parsed.data;
  const id = await db.transaction(async (tx) => {
    const row = firstRow(
      await tx
        .insert(comments)
        .values({
          articleId: article.id,
          authorName: name,
          authorEmail: email.toLowerCase(),
          text: comment,
          status: "pending",
          ipAddress: client.ip,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: comments.id }),
    );
    await createNotification(tx, {
      type: "comment",
      message: `New comment from ${name} on "${article.title}" is waiting for moderation.`,
      link: "/admin/comments",
    });
    await logActivity(tx, {
      type: "comment",
      actor: null,
      action: "Comment submitted",
      title: article.title,
      description: `By ${name}, waiting for moderation`,
    });
    return row.id;
  });
  return { id };
}
