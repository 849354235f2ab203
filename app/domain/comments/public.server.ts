/**
 * The reader side of comments: the list an article shows and the form anyone may post without
 * signing in. New comments wait for moderation; their text is plain text, never HTML.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { articles, comments } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { isPublished } from "#app/domain/articles/published.server";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { addressKey, consumeRateLimit, type RateLimit } from "#app/domain/rate-limit/rate-limit.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { COMMENT_TEXT, parseComment, type FormProblem } from "./comment-form";
import { visibleCommentStatuses, type CommentDisplaySettings } from "./visibility";
import { firstRow } from "#app/db/rows";

/** The spec's default comment page (section 9). */
const PUBLIC_COMMENTS_LIMIT = 50;

/** A reader behind a shared carrier address can still comment; a script cannot flood. */
export const COMMENT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** What readers see of a comment: never the e-mail address or the client address. */
export function listPublicComments(db: DbOrTx, articleId: string, settings: CommentDisplaySettings) {
  return db
    .select({
      id: comments.id,
      authorName: comments.authorName,
      text: comments.text,
      status: comments.status,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(and(eq(comments.articleId, articleId), inArray(comments.status, visibleCommentStatuses(settings))))
    .orderBy(desc(comments.createdAt))
    .limit(PUBLIC_COMMENTS_LIMIT);
}
type CommentResult = { ok: true; id: string } | { ok: false; status: number; problem: FormProblem };

const refuse = (status: number, title: string, message: string): CommentResult => ({
  ok: false,
  status,
  problem: { title, message },
});

export async function submitComment(
  db: Db,
  articleId: string,
  values: Record<string, unknown>,
  client: { ip: string },
  now = new Date(),
): Promise<CommentResult> {
  const settings = await getSettings(db);
  if (!settings.allowComments) return refuse(403, COMMENT_TEXT.disabledTitle, COMMENT_TEXT.disabled);
  const parsed = parseComment(values);
  if (!parsed.ok) return { ok: false, status: 400, problem: parsed.problem };

  const [article] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished()))
    .limit(1);
  // Comments on drafts or missing articles are refused like any failed submission.
  if (!article) return refuse(404, COMMENT_TEXT.failedTitle, COMMENT_TEXT.failed);

  if (!(await consumeRateLimit(db, addressKey("comment", client.ip), COMMENT_RATE_LIMIT, now))) {
    return refuse(429, COMMENT_TEXT.rateLimitedTitle, COMMENT_TEXT.rateLimited);
  }

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
  return { ok: true, id };
}
