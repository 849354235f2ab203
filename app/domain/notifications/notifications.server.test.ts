import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#app/db/testing.server";
import { notifications } from "#app/db/schema";
import {
  createNotification,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  safeNotificationLink,
  unreadNotificationCount,
} from "./notifications.server";
import { firstRow } from "#app/db/rows";

describe.each(TEST_ENGINES)("notifications on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(notifications);
  });

  test("lists the latest 50, newest first", async () => {
    const base = Date.now();
    await database.db
      .insert(notifications)
      .values(
        Array.from({ length: 55 }, (_, i) => ({ message: `n${i}`, createdAt: new Date(base + i * 1000) })),
      );
    const list = await listNotifications(database.db);
    expect(list).toHaveLength(50);
    expect(list[0]?.message).toBe("n54");
    expect(list[49]?.message).toBe("n5");
  });

  test("marking one read sets readAt and keeps the first reading time", async () => {
    await createNotification(database.db, { type: "user", message: "New user: Ama", link: "/admin/users" });
    const n = firstRow(await listNotifications(database.db));
    const first = new Date("2026-01-01T10:00:00Z");
    expect(await markNotificationRead(database.db, n.id, first)).toEqual({ link: "/admin/users" });
    await markNotificationRead(database.db, n.id, new Date("2026-02-01T10:00:00Z"));
    const after = one(await database.db.select().from(notifications).where(eq(notifications.id, n.id)));
    expect(after.read).toBe(true);
    expect(after.readAt?.toISOString()).toBe(first.toISOString());
    expect(await markNotificationRead(database.db, "missing")).toBeNull();
  });

  test("mark all read changes every unread row at once; the count never goes below zero", async () => {
    for (const message of ["a", "b", "c"])
      await createNotification(database.db, { type: "comment", message, link: "/admin/comments" });
    expect(await unreadNotificationCount(database.db)).toBe(3);
    const one = firstRow(await listNotifications(database.db));
    await markNotificationRead(database.db, one.id);
    expect(await unreadNotificationCount(database.db)).toBe(2);
    expect(await markAllNotificationsRead(database.db)).toBe(2);
    expect(await unreadNotificationCount(database.db)).toBe(0);
    // Read again, delete read ones, mark all again: still zero, never negative.
    await markNotificationRead(database.db, one.id);
    expect(await deleteNotification(database.db, one.id)).toBe(true);
    expect(await deleteNotification(database.db, one.id)).toBe(false);
    expect(await markAllNotificationsRead(database.db)).toBe(0);
    expect(await unreadNotificationCount(database.db)).toBe(0);
    const rows = await database.db.select().from(notifications);
    expect(rows.every((r) => r.read && r.readAt)).toBe(true);
  });

  test("deleting an unread notification lowers the count by one", async () => {
    await createNotification(database.db, { type: "article", message: "x", link: "/admin/articles" });
    const n = firstRow(await listNotifications(database.db));
    expect(await unreadNotificationCount(database.db)).toBe(1);
    await deleteNotification(database.db, n.id);
    expect(await unreadNotificationCount(database.db)).toBe(0);
  });
});

test("only same-site paths are followed", () => {
  expect(safeNotificationLink("/admin/comments")).toBe("/admin/comments");
  expect(safeNotificationLink("//evil.example")).toBe("/admin/notifications");
  expect(safeNotificationLink("https://evil.example")).toBe("/admin/notifications");
  expect(safeNotificationLink("/\\evil.example")).toBe("/admin/notifications");
  expect(safeNotificationLink("")).toBe("/admin/notifications");
});
