import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { logActivity } from "#app/domain/activity/activity.server";
import { articles, comments, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import {
  dashboardActivity,
  dashboardStats,
  isStorageWritable,
  popularArticles,
  recentArticles,
  siteHealth,
  trendPercent,
} from "./dashboard.server";
import { firstRow } from "#app/db/rows";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-06-30T12:00:00Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

describe.each(TEST_ENGINES)("dashboard on %s", (engine) => {
  let database: TestDatabase;
  const ids = { admin: "", editor: "", writer: "" };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const rows = await db
      .insert(users)
      .values([
        { name: "Ada", email: "ada@x.co", role: "admin" },
        { name: "Edem", email: "edem@x.co", role: "editor" },
        { name: "Wale", email: "wale@x.co", role: "writer" },
      ])
      .returning();
    const [ada, edem, wale] = rows;
    if (!ada || !edem || !wale) throw new Error(`expected three users, got ${rows.length}`);
    [ids.admin, ids.editor, ids.writer] = [ada.id, edem.id, wale.id];
    await db.insert(articles).values([
      // The writer's own: 3 (1 published in the last 30 days, 1 draft, 1 pending), 2 created in the period.
      {
        title: "W1",
        authorId: ids.writer,
        status: "published",
        views: 10,
        createdAt: daysAgo(5),
        publishedAt: daysAgo(5),
      },
      { title: "W2", authorId: ids.writer, status: "draft", createdAt: daysAgo(10) },
      { title: "W3", authorId: ids.writer, status: "pending", createdAt: daysAgo(40) },
      // Someone else's: 3, featured one, 2 published in the previous period.
      {
        title: "E1",
        authorId: ids.editor,
        status: "published",
        featured: true,
        views: 50,
        createdAt: daysAgo(45),
        publishedAt: daysAgo(45),
      },
      {
        title: "E2",
        authorId: ids.editor,
        status: "published",
        views: 0,
        createdAt: daysAgo(50),
        publishedAt: daysAgo(50),
      },
      { title: "E3", authorId: ids.editor, status: "draft", createdAt: daysAgo(100) },
    ]);
    const a = firstRow(await db.select({ id: articles.id }).from(articles).limit(1));
    await db
      .insert(comments)
      .values([{ articleId: a.id, authorName: "R", authorEmail: "r@x.co", text: "hi" }]);
    await logActivity(db, {
      type: "article",
      actor: { id: ids.writer, name: "Wale", email: "" },
      action: "created article",
      title: "W1",
    });
    await logActivity(db, {
      type: "user",
      actor: { id: ids.admin, name: "Ada", email: "" },
      action: "created user",
      title: "Wale",
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const asMap = (cards: Awaited<ReturnType<typeof dashboardStats>>) =>
    Object.fromEntries(cards.map((c) => [c.key, [c.value, c.trend]]));

  test("admin and editor count the whole newsroom, with real trends", async () => {
    for (const id of [ids.admin, ids.editor]) {
      const role = id === ids.admin ? "admin" : "editor";
      expect(asMap(await dashboardStats(database.db, { id, role }, now))).toEqual({
        // created: 2 in the last 30 days against 3 in the 30 before (+-33%); published: 1 against 2 (-50%).
        total: [6, -33],
        published: [3, -50],
        drafts: [2, null],
        pending: [1, null],
        featured: [1, null],
        views: [60, null],
      });
    }
  });

  test("a writer counts only their own articles", async () => {
    expect(asMap(await dashboardStats(database.db, { id: ids.writer, role: "writer" }, now))).toEqual({
      total: [3, 100],
      published: [1, null],
      drafts: [1, null],
      pending: [1, null],
      featured: [0, null],
      views: [10, null],
    });
    expect(
      (await recentArticles(database.db, { id: ids.writer, role: "writer" })).map((a) => a.title).sort(),
    ).toEqual(["W1", "W2", "W3"]);
    expect(
      (await popularArticles(database.db, { id: ids.writer, role: "writer" })).map((a) => a.title),
    ).toEqual(["W1"]);
    expect(
      (await dashboardActivity(database.db, { id: ids.writer, role: "writer" })).map((a) => a.action),
    ).toEqual(["created article"]);
  });

  test("popular lists only articles with views, most read first; recent shows 5", async () => {
    const viewer = { id: ids.admin, role: "admin" as const };
    expect((await popularArticles(database.db, viewer)).map((a) => a.title)).toEqual(["E1", "W1"]);
    expect(await recentArticles(database.db, viewer)).toHaveLength(5);
    expect(await dashboardActivity(database.db, viewer)).toHaveLength(2);
  });

  test("site health checks the database, the storage, waiting comments and, for admins, backups", async () => {
    const dir = path.join(os.tmpdir(), `nd-health-${process.pid}`);
    const checks = await siteHealth(database.db, { id: ids.admin, role: "admin" }, dir);
    expect(checks.map((c) => [c.key, c.ok, c.detail])).toEqual([
      ["database", true, "Connected"],
      ["storage", true, "Writable"],
      ["comments", false, "1 comment waiting for moderation"],
      ["backups", false, "No good backup recorded: schedule npm run backup (see the operations guide)"],
    ]);
    const writerChecks = await siteHealth(database.db, { id: ids.writer, role: "writer" }, dir);
    expect(writerChecks.map((c) => c.key)).toEqual(["database", "storage"]);
    // A directory that cannot exist: its parent is a file.
    const file = path.join(os.tmpdir(), `nd-health-file-${process.pid}`);
    await fs.writeFile(file, "x");
    expect(await isStorageWritable(path.join(file, "data"))).toBe(false);
    await fs.rm(file);
  });
});

test("trend: change against the previous period, none without one", () => {
  expect(trendPercent(15, 10)).toBe(50);
  expect(trendPercent(5, 10)).toBe(-50);
  expect(trendPercent(3, 0)).toBeNull();
});
