import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articles, comments, notifications, rateLimits, settings } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf } from "#app/lib/http-errors.server";
import { COMMENT_TEXT } from "./comment-form";
import { COMMENT_RATE_LIMIT, listPublicComments, submitComment } from "./public.server";
import { firstRow } from "#app/db/rows";

/** How a submission was refused: the error's code, the status it answers with, and the reader's text. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, status: statusOf(error), title: error.title, message: error.message };
  }
  throw new Error("expected a refusal");
}

describe.each(TEST_ENGINES)("public comments on %s", (engine) => {
  let database: TestDatabase;
  let articleId: string;
  let draftId: string;
  const valid = { name: "Ama Owusu", email: "Ama@Example.com", comment: "Great reporting." };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await seedDatabase(database.db, { adminPassword: "secret123" });
    const first = firstRow(await database.db.select({ id: articles.id }).from(articles).limit(1));
    articleId = first.id;
    const draft = one(
      await database.db
        .insert(articles)
        .values({ title: "Draft piece", status: "draft" })
        .returning({ id: articles.id }),
    );
    draftId = draft.id;
  });
  afterAll(async () => {
    forgetCachedSettings();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
    await database.db
      .update(settings)
      .set({ allowComments: true, showRejectedComments: false, showSpamComments: false });
    forgetCachedSettings();
  });

  const commentsOf = (id: string) => database.db.select().from(comments).where(eq(comments.articleId, id));

  test("a new comment is stored pending, as plain text, with a notification and an activity entry", async () => {
    const script = `<script>alert("x")</script><b>bold</b>`;
    const result = await submitComment(
      database.db,
      articleId,
      { ...valid, name: `<img src=x onerror=alert(1)>`, comment: `  ${script}  ` },
      { ip: "10.0.0.1" },
    );
    const stored = firstRow((await commentsOf(articleId)).filter((c) => c.id === result.id));
    expect(stored.status).toBe("pending");
    expect(stored.text).toBe(script);
    expect(stored.authorName).toBe(`<img src=x onerror=alert(1)>`);
    expect(stored.authorEmail).toBe("ama@example.com");
    expect(stored.ipAddress).toBe("10.0.0.1");
    const note = firstRow(
      await database.db.select().from(notifications).where(eq(notifications.type, "comment")),
    );
    expect(note.link).toBe("/admin/comments");
    // Only those who can moderate hear of it: writers never see comment items.
    expect(note.audience).toEqual(["admin", "editor"]);
    const entry = firstRow(
      await database.db.select().from(activityLog).where(eq(activityLog.action, "Comment submitted")),
    );
    expect(entry.type).toBe("comment");
    // Pending comments never reach readers.
    const shown = await listPublicComments(database.db, articleId, {
      showRejectedComments: true,
      showSpamComments: true,
    });
    expect(shown.map((c) => c.id)).not.toContain(result.id);
  });

  test.each([
    [{ ...valid, name: "   " }, COMMENT_TEXT.missing],
    [{ ...valid, email: "" }, COMMENT_TEXT.missing],
    [{ ...valid, comment: " \n " }, COMMENT_TEXT.missing],
    [{}, COMMENT_TEXT.missing],
    [{ ...valid, email: "not-an-email" }, COMMENT_TEXT.invalidEmail],
    [{ ...valid, comment: "x".repeat(5001) }, COMMENT_TEXT.tooLong],
    [{ ...valid, name: "n".repeat(101) }, COMMENT_TEXT.tooLong],
  ])("bad input is refused with the spec's message and nothing is written (%#)", async (values, message) => {
    const before = (await commentsOf(articleId)).length;
    expect(await refusal(submitComment(database.db, articleId, values, { ip: "10.0.0.2" }))).toMatchObject({
      code: "invalid",
      status: 400,
      message,
    });
    expect(await commentsOf(articleId)).toHaveLength(before);
  });

  test("refused when comments are disabled in the settings", async () => {
    await database.db.update(settings).set({ allowComments: false });
    forgetCachedSettings();
    const before = (await commentsOf(articleId)).length;
    expect(await refusal(submitComment(database.db, articleId, valid, { ip: "10.0.0.3" }))).toEqual({
      code: "forbidden",
      status: 403,
      title: COMMENT_TEXT.disabledTitle,
      message: COMMENT_TEXT.disabled,
    });
    expect(await commentsOf(articleId)).toHaveLength(before);
  });

  test("refused on a draft or a missing article", async () => {
    const missing = {
      code: "not_found",
      status: 404,
      title: COMMENT_TEXT.failedTitle,
      message: COMMENT_TEXT.failed,
    };
    expect(await refusal(submitComment(database.db, draftId, valid, { ip: "10.0.0.4" }))).toEqual(missing);
    expect(await refusal(submitComment(database.db, "no-such-id", valid, { ip: "10.0.0.4" }))).toEqual(
      missing,
    );
    expect(await commentsOf(draftId)).toHaveLength(0);
  });

  test("one address may post only a few comments in a short time; another address is not affected", async () => {
    const before = (await commentsOf(articleId)).length;
    const now = new Date("2026-01-05T10:00:00Z");
    for (let i = 0; i < COMMENT_RATE_LIMIT.limit; i++) {
      await submitComment(database.db, articleId, valid, { ip: "10.9.9.9" }, now);
    }
    const refused = await refusal(submitComment(database.db, articleId, valid, { ip: "10.9.9.9" }, now));
    expect(refused).toEqual({
      code: "rate_limited",
      status: 429,
      title: COMMENT_TEXT.rateLimitedTitle,
      message: COMMENT_TEXT.rateLimited,
    });
    await submitComment(database.db, articleId, valid, { ip: "10.8.8.8" }, now);
    expect(await commentsOf(articleId)).toHaveLength(before + COMMENT_RATE_LIMIT.limit + 1);
    // The next window starts afresh.
    const later = new Date(now.getTime() + COMMENT_RATE_LIMIT.windowMs);
    expect((await submitComment(database.db, articleId, valid, { ip: "10.9.9.9" }, later)).id).toBeTruthy();
  });

  test("the public list follows the moderation settings and never shows e-mail addresses", async () => {
    const article = one(
      await database.db
        .insert(articles)
        .values({ title: "Moderated", status: "published", publishedAt: sql`now()` })
        .returning({ id: articles.id }),
    );
    const base = { articleId: article.id, authorEmail: "x@example.com" };
    await database.db.insert(comments).values([
      { ...base, authorName: "A", text: "approved one", status: "approved" },
      { ...base, authorName: "P", text: "pending one", status: "pending" },
      { ...base, authorName: "R", text: "rejected one", status: "rejected" },
      { ...base, authorName: "S", text: "spam one", status: "spam" },
    ]);
    const texts = async (showRejectedComments: boolean, showSpamComments: boolean) =>
      (await listPublicComments(database.db, article.id, { showRejectedComments, showSpamComments }))
        .map((c) => c.text)
        .sort();
    expect(await texts(false, false)).toEqual(["approved one"]);
    expect(await texts(true, false)).toEqual(["approved one", "rejected one"]);
    expect(await texts(false, true)).toEqual(["approved one", "spam one"]);
    expect(await texts(true, true)).toEqual(["approved one", "rejected one", "spam one"]);
    const shown = one(
      await listPublicComments(database.db, article.id, {
        showRejectedComments: false,
        showSpamComments: false,
      }),
    );
    expect(Object.keys(shown).sort()).toEqual(["authorName", "createdAt", "id", "status", "text"]);
  });
});
