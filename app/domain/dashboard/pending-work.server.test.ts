import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articleRevisions, articles, comments, contactMessages, type RevisionSnapshot } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { pendingWork } from "./pending-work.server";

const snapshot = (title: string): RevisionSnapshot => ({
  title,
  excerpt: "",
  content: "<p>Body</p>",
  categoryId: null,
  tags: [],
  imageUrl: "",
  youtubeUrl: "",
  authorName: "Wale",
  useManualDate: false,
  manualDate: null,
  status: "published",
});

describe.each(TEST_ENGINES)("pending work on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const rows = await db
      .insert(articles)
      .values([
        { title: "Live", status: "published", publishedAt: new Date("2026-01-01T00:00:00Z") },
        { title: "Submitted 1", status: "pending" },
        { title: "Submitted 2", status: "pending" },
        { title: "Draft", status: "draft" },
      ])
      .returning({ id: articles.id });
    const live = rows[0];
    if (!live) throw new Error("no article");
    const comment = (status: "pending" | "approved" | "rejected" | "spam") => ({
      articleId: live.id,
      authorName: "Reader",
      authorEmail: "reader@x.co",
      text: "A comment",
      status,
    });
    await db
      .insert(comments)
      .values([
        comment("pending"),
        comment("pending"),
        comment("pending"),
        comment("approved"),
        comment("spam"),
        comment("rejected"),
      ]);
    // One proposal waits; an applied save and a rejected proposal are not waiting for anyone.
    await db.insert(articleRevisions).values([
      { articleId: live.id, state: "proposed", snapshot: snapshot("Live, revised") },
      { articleId: live.id, state: "applied", snapshot: snapshot("Live") },
      { articleId: live.id, state: "rejected", snapshot: snapshot("Live, rejected") },
    ]);
    const message = (status: "new" | "read" | "replied" | "archived") => ({
      name: "Ama",
      email: "ama@x.co",
      message: "Hello",
      status,
    });
    await db
      .insert(contactMessages)
      .values([message("new"), message("new"), message("read"), message("replied"), message("archived")]);
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("admins and editors see every count, each linking to its list", async () => {
    for (const role of ["admin", "editor"] as const) {
      expect(await pendingWork(database.db, { role })).toEqual([
        {
          key: "comments",
          label: "Comments awaiting moderation",
          to: "/admin/comments?status=pending",
          count: 3,
        },
        // Two stories submitted for review plus one proposed change to a live story.
        { key: "reviews", label: "Stories awaiting review", to: "/admin/articles?status=review", count: 3 },
        { key: "messages", label: "Unread messages", to: "/admin/messages", count: 2 },
      ]);
    }
  });

  test("a writer, who can open none of these lists, gets no count at all; nor does an account without a role", async () => {
    expect(await pendingWork(database.db, { role: "writer" })).toEqual([]);
    expect(await pendingWork(database.db, { role: null })).toEqual([]);
  });
});
