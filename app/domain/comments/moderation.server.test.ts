import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { articles, comments, settings, users } from "#app/db/schema";
import type { CommentStatus } from "#app/lib/enums";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf as httpStatusOf } from "#app/lib/http-errors.server";
import {
  actionsFor,
  bulkModerate,
  cleanupOrphanedComments,
  commentStats,
  deleteComment,
  listForModeration,
  moderateComment,
  moderationFailureText,
  updateModerationSettings,
  type ModerationAction,
} from "./moderation.server";
import { firstRow } from "#app/db/rows";

const person = (role: "editor" | "writer"): CurrentUser => ({
  id: crypto.randomUUID(),
  email: `${role}@mod.test`,
  name: role,
  role,
  status: "active",
  avatarUrl: "",
});

async function statusOf(work: Promise<unknown>) {
  try {
    await work;
    return "ok";
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return httpStatusOf(error);
  }
}

test("failure texts name what the moderator did", () => {
  expect(moderationFailureText("approve", "pending")).toBe("Error approving comment. Please try again.");
  expect(moderationFailureText("approve", "rejected")).toBe("Error un-rejecting comment. Please try again.");
  expect(moderationFailureText("approve", "spam")).toBe("Error unmarking as spam comment. Please try again.");
  expect(moderationFailureText("reject")).toBe("Error rejecting comment. Please try again.");
  expect(moderationFailureText("spam")).toBe("Error marking as spam comment. Please try again.");
  expect(moderationFailureText("delete")).toBe("Error deleting comment. Please try again.");
  expect(actionsFor("pending")).toEqual(["approve", "reject"]);
  expect(actionsFor("approved")).toEqual(["reject", "spam"]);
  expect(actionsFor("rejected")).toEqual(["approve"]);
  expect(actionsFor("spam")).toEqual(["approve"]);
});

describe.each(TEST_ENGINES)("comment moderation on %s", (engine) => {
  let database: TestDatabase;
  let articleId: string;
  const editor = person("editor");
  const writer = person("writer");
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings(); // the cache is per process; this suite's database is a new one
    await seedDatabase(database.db, { adminEmail: "admin@mod.test", adminPassword: "secret123" });
    await database.db
      .insert(users)
      .values([editor, writer].map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role! })));
    ({ id: articleId } = one(
      await database.db
        .insert(articles)
        .values({ title: "Story", status: "published", publishedAt: new Date() })
        .returning({ id: articles.id }),
    ));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(comments);
  });

  const addComment = async (status: CommentStatus, text = "Hello") =>
    one(
      await database.db
        .insert(comments)
        .values({ articleId, authorName: "Ama", authorEmail: "ama@example.com", text, status })
        .returning(),
    );
  const statusNow = async (id: string) =>
    (await database.db.select().from(comments).where(eq(comments.id, id)))[0]?.status;

  const table: Array<[CommentStatus, ModerationAction, CommentStatus | 409]> = [
    ["pending", "approve", "approved"],
    ["pending", "reject", "rejected"],
    ["pending", "spam", 409],
    ["approved", "reject", "rejected"],
    ["approved", "spam", "spam"],
    ["approved", "approve", 409],
    ["rejected", "approve", "approved"],
    ["rejected", "spam", 409],
    ["rejected", "reject", 409],
    ["spam", "approve", "approved"],
    ["spam", "reject", 409],
    ["spam", "spam", 409],
  ];
  test.each(table)("%s → %s gives %s", async (from, action, expected) => {
    const comment = await addComment(from);
    const result = await statusOf(moderateComment(database.db, editor, comment.id, action));
    if (expected === 409) {
      expect(result).toBe(409);
      expect(await statusNow(comment.id)).toBe(from);
    } else {
      expect(result).toBe("ok");
      expect(await statusNow(comment.id)).toBe(expected);
    }
  });

  test("a writer cannot moderate, delete, change settings or clean up: 403 and nothing changes", async () => {
    const comment = await addComment("pending");
    expect(await statusOf(moderateComment(database.db, writer, comment.id, "approve"))).toBe(403);
    expect(await statusOf(deleteComment(database.db, writer, comment.id))).toBe(403);
    expect(await statusOf(bulkModerate(database.db, writer, [comment.id], "approve"))).toBe(403);
    expect(await statusOf(updateModerationSettings(database.db, writer, { allowComments: false }))).toBe(403);
    expect(await statusOf(cleanupOrphanedComments(database.db, writer))).toBe(403);
    expect(
      await statusOf(
        listForModeration(database.db, writer, { status: "all", articleId: "", q: "", page: 1 }),
      ),
    ).toBe(403);
    expect(await statusNow(comment.id)).toBe("pending");
    expect((await getSettings(database.db)).allowComments).toBe(true);
  });

  test("delete works in any state; bulk skips what the table forbids; stats, filters and search", async () => {
    const a = await addComment("pending", "Great reporting");
    const b = await addComment("approved", "Nice");
    const c = await addComment("spam", "Buy now");
    expect(await bulkModerate(database.db, editor, [a.id, b.id, c.id], "reject")).toEqual({
      processed: 2,
      failed: 1,
    });
    expect(await statusNow(c.id)).toBe("spam");
    expect(await commentStats(database.db)).toEqual({
      pending: 0,
      approved: 0,
      rejected: 2,
      spam: 1,
      total: 3,
    });
    expect(
      (await listForModeration(database.db, editor, { status: "rejected", articleId, q: "", page: 1 })).total,
    ).toBe(2);
    expect(
      (
        await listForModeration(database.db, editor, { status: "all", articleId: "", q: "great", page: 1 })
      ).rows.map((r) => r.id),
    ).toEqual([a.id]);
    await deleteComment(database.db, editor, c.id);
    expect(await statusNow(c.id)).toBeUndefined();
    expect(await statusOf(deleteComment(database.db, editor, c.id))).toBe(404);
  });

  test("moderation settings are saved to the settings row and the cached copy refreshed", async () => {
    expect((await getSettings(database.db)).showSpamComments).toBe(false);
    await updateModerationSettings(database.db, editor, {
      showSpamComments: true,
      autoApproveComments: true,
    });
    expect(await getSettings(database.db)).toMatchObject({
      showSpamComments: true,
      autoApproveComments: true,
      allowComments: true,
    });
    const row = firstRow(await database.db.select().from(settings));
    expect(row.showSpamComments).toBe(true);
    await updateModerationSettings(database.db, editor, {
      showSpamComments: false,
      autoApproveComments: false,
    });
  });

  test("the orphan clean-up removes comments whose article is gone and reports how many", async () => {
    await addComment("approved");
    expect(await cleanupOrphanedComments(database.db, editor)).toBe(0);
    // The foreign key prevents orphans; switching its trigger off stands in for an import that left some.
    await database.db.execute(sql`ALTER TABLE comments DISABLE TRIGGER ALL`);
    try {
      await database.db.insert(comments).values([
        { articleId: "gone-1", authorName: "X", authorEmail: "x@example.com", text: "orphan" },
        { articleId: "gone-2", authorName: "Y", authorEmail: "y@example.com", text: "orphan" },
      ]);
    } finally {
      await database.db.execute(sql`ALTER TABLE comments ENABLE TRIGGER ALL`);
    }
    expect(await cleanupOrphanedComments(database.db, editor)).toBe(2);
    expect(await database.db.select().from(comments)).toHaveLength(1);
  });
});
