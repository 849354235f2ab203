/**
 * What the article rule tests share: staff members of each role (not in the users table: the rules
 * read the actor, not a row), a validated article form with defaults, the status a rule refused with,
 * and an article's history in the order it was written.
 */
import { asc, eq } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import type { DbOrTx } from "#app/db/client.server";
import { articleRevisions, type Article, type ArticleRevision } from "#app/db/schema";
import { parseArticleForm, type ArticleInput } from "#app/lib/article-form/article-input";
import { isDomainError } from "#app/lib/errors";
import { statusOf } from "#app/lib/http-errors.server";

export const staff = (role: "admin" | "editor" | "writer", name: string): CurrentUser => ({
  id: crypto.randomUUID(),
  email: `${name.toLowerCase()}@newsdesk.test`,
  name,
  role,
  status: "active",
  avatarUrl: "",
});

/** The article form as the server validates it, with a title, a body and draft status unless overridden. */
export function articleInput(
  overrides: Partial<Record<string, unknown>> = {},
  body = "<p>Heavy rain in Accra.</p>",
): ArticleInput {
  const parsed = parseArticleForm({ title: "Accra floods", content: body, status: "draft", ...overrides });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
}

/** Runs `work` and returns the HTTP status it refused with (or "ok"). */
export async function outcome(work: Promise<unknown>) {
  try {
    await work;
    return "ok";
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return statusOf(error);
  }
}

/** An article's revisions, the oldest first. */
export function revisionsInOrder(db: DbOrTx, articleId: string): Promise<ArticleRevision[]> {
  return db
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(asc(articleRevisions.createdAt), asc(articleRevisions.id));
}

/** The edit screen's form for a saved published story as the browser sends it, with only the title changed. */
export function editFormWithTitle(story: Article, title: string): URLSearchParams {
  return new URLSearchParams({
    title,
    content: story.content,
    excerpt: story.excerpt,
    status: "published",
    authorName: story.authorName,
    slug: story.slug ?? "",
    categoryId: story.categoryId ?? "",
    tags: story.tags.join(","),
    imageUrl: story.imageUrl,
    youtubeUrl: story.youtubeUrl,
    seoTitle: story.seoTitle,
    seoDescription: story.seoDescription,
    ...(story.isTopStory ? { isTopStory: "on" } : {}),
  });
}
