import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { notificationReceipts, notifications, users } from "#app/db/schema";
import { createUser } from "#app/domain/users/users.server";
import type { UserRole } from "#app/lib/enums";
import {
  audienceForLink,
  createNotification,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  safeNotificationLink,
  unreadNotificationCount,
  type NotificationReader,
} from "./notifications.server";
import { firstRow } from "#app/db/rows";
import { testServices } from "#test-support/services";

describe.each(TEST_ENGINES)("notifications per person on %s", (engine) => {
  let database: TestDatabase;
  const people = {} as Record<"admin" | "editor" | "writer" | "otherWriter", NotificationReader>;
  const messagesOf = async (reader: NotificationReader) =>
    (await listNotifications(database.db, reader)).map((n) => n.message).sort();
  const receiptsOf = (userId: string) =>
    database.db.select().from(notificationReceipts).where(eq(notificationReceipts.userId, userId));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const make = async (email: string, role: UserRole) => {
      const user = await createUser(
        testServices(database.db),
        { name: email, email, password: "secret12", role },
        null,
      );
      return { id: user.id, role };
    };
    people.admin = await make("admin@example.com", "admin");
    people.editor = await make("editor@example.com", "editor");
    people.writer = await make("writer@example.com", "writer");
    people.otherWriter = await make("other@example.com", "writer");
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(notifications);
  });

  test("lists the latest 50 the reader can see, newest first", async () => {
    const base = Date.now();
    await database.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        message: `n${i}`,
        audience: ["admin"],
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = await listNotifications(database.db, people.admin);
    expect(list).toHaveLength(50);
    expect(list[0]?.message).toBe("n54");
    expect(list[49]?.message).toBe("n5");
    expect(await listNotifications(database.db, people.editor)).toEqual([]);
  });

  test("without an audience, only the roles that can open the link see it: a writer never sees 'new user' or comment items", async () => {
    await createNotification(database.db, { type: "user", message: "New user", link: "/admin/users/edit/x" });
    await createNotification(database.db, { type: "comment", message: "Comment", link: "/admin/comments" });
    await createNotification(database.db, { type: "other", message: "Contact", link: "/admin/messages/m1" });
    await createNotification(database.db, { type: "system", message: "Everyone", link: "/admin/dashboard" });
    expect(await messagesOf(people.admin)).toEqual(["Comment", "Contact", "Everyone", "New user"]);
    expect(await messagesOf(people.editor)).toEqual(["Comment", "Contact", "Everyone"]);
    expect(await messagesOf(people.writer)).toEqual(["Everyone"]);
    expect(await unreadNotificationCount(database.db, people.writer)).toBe(1);
    expect(await unreadNotificationCount(database.db, people.editor)).toBe(3);
    // A stored role outside the matrix sees nothing addressed to roles.
    expect(await listNotifications(database.db, { id: people.writer.id, role: null })).toEqual([]);
  });

  test("audienceForLink follows the back office's path permissions", () => {
    expect(audienceForLink("/admin/users/edit/1")).toEqual(["admin"]);
    expect(audienceForLink("/admin/comments?status=pending")).toEqual(["admin", "editor"]);
    expect(audienceForLink("/admin/messages/1")).toEqual(["admin", "editor"]);
    expect(audienceForLink("/admin/articles/edit/1")).toEqual(["admin", "editor", "writer"]);
    expect(audienceForLink("/admin/profile")).toEqual(["admin", "editor", "writer"]);
    expect(audienceForLink("https://evil.example/admin/users")).toEqual(["admin", "editor", "writer"]);
  });

  test("a notification for one person reaches only them, whatever their role", async () => {
    await createNotification(database.db, {
      type: "article",
      message: "Your proposal was rejected",
      link: "/admin/articles/edit/a1",
      recipientId: people.writer.id,
    });
    expect(await messagesOf(people.writer)).toEqual(["Your proposal was rejected"]);
    expect(await messagesOf(people.otherWriter)).toEqual([]);
    expect(await messagesOf(people.admin)).toEqual([]);
    const note = firstRow(await database.db.select().from(notifications));
    expect(await markNotificationRead(database.db, people.otherWriter, note.id)).toBeNull();
    expect(await deleteNotification(database.db, people.admin, note.id)).toBe(false);
    expect(await receiptsOf(people.otherWriter.id)).toEqual([]);
    expect(await receiptsOf(people.admin.id)).toEqual([]);
  });

  test("read is per person: the first click's time is kept, colleagues still see it unread", async () => {
    await createNotification(database.db, { type: "article", message: "Review", link: "/admin/dashboard" });
    const n = firstRow(await listNotifications(database.db, people.editor));
    const first = new Date("2026-01-01T10:00:00Z");
    expect(await markNotificationRead(database.db, people.editor, n.id, first)).toEqual({
      link: "/admin/dashboard",
    });
    await markNotificationRead(database.db, people.editor, n.id, new Date("2026-02-01T10:00:00Z"));
    const receipt = one(await receiptsOf(people.editor.id));
    expect(receipt.readAt?.toISOString()).toBe(first.toISOString());
    expect(receipt.dismissedAt).toBeNull();
    expect(firstRow(await listNotifications(database.db, people.editor)).read).toBe(true);
    expect(firstRow(await listNotifications(database.db, people.writer)).read).toBe(false);
    expect(await unreadNotificationCount(database.db, people.editor)).toBe(0);
    expect(await unreadNotificationCount(database.db, people.writer)).toBe(1);
    expect(await markNotificationRead(database.db, people.editor, "missing")).toBeNull();
  });

  test("a writer's 'mark all read' and 'delete' change only the writer's own list", async () => {
    for (const message of ["a", "b", "c"])
      await createNotification(database.db, { type: "system", message, link: "/admin/dashboard" });
    await createNotification(database.db, { type: "comment", message: "comment", link: "/admin/comments" });
    const [a] = await listNotifications(database.db, people.writer);
    const comment = one(
      await database.db.select().from(notifications).where(eq(notifications.message, "comment")),
    );

    // What the writer cannot see, they cannot change.
    expect(await markNotificationRead(database.db, people.writer, comment.id)).toBeNull();
    expect(await deleteNotification(database.db, people.writer, comment.id)).toBe(false);

    expect(await markAllNotificationsRead(database.db, people.writer)).toBe(3);
    expect(await markAllNotificationsRead(database.db, people.writer)).toBe(0);
    expect(await unreadNotificationCount(database.db, people.writer)).toBe(0);
    expect(await deleteNotification(database.db, people.writer, a!.id)).toBe(true);
    expect(await deleteNotification(database.db, people.writer, a!.id)).toBe(false);
    expect(await messagesOf(people.writer)).toHaveLength(2);

    // Everyone else's list is as it was: all four for the editor, unread, nothing dismissed.
    expect(await messagesOf(people.editor)).toEqual(["a", "b", "c", "comment"]);
    expect(await unreadNotificationCount(database.db, people.editor)).toBe(4);
    expect(await unreadNotificationCount(database.db, people.otherWriter)).toBe(3);
    expect(await receiptsOf(people.editor.id)).toEqual([]);
    expect(await receiptsOf(people.otherWriter.id)).toEqual([]);
    expect(await database.db.select().from(notifications)).toHaveLength(4);
    expect(
      await database.db
        .select()
        .from(notificationReceipts)
        .where(and(eq(notificationReceipts.notificationId, comment.id))),
    ).toEqual([]);
  });

  test("a dismissed notification leaves the unread count of its reader", async () => {
    await createNotification(database.db, { type: "article", message: "x", link: "/admin/articles" });
    const n = firstRow(await listNotifications(database.db, people.admin));
    expect(await unreadNotificationCount(database.db, people.admin)).toBe(1);
    await deleteNotification(database.db, people.admin, n.id);
    expect(await unreadNotificationCount(database.db, people.admin)).toBe(0);
    expect(await unreadNotificationCount(database.db, people.editor)).toBe(1);
  });

  test("a deleted account's receipts go with it", async () => {
    await createNotification(database.db, { type: "system", message: "x", link: "/admin/dashboard" });
    const gone = await createUser(
      testServices(database.db),
      { name: "Gone", email: "gone@example.com", password: "secret12", role: "writer" },
      null,
    );
    const n = firstRow(await listNotifications(database.db, { id: gone.id, role: "writer" }));
    await markNotificationRead(database.db, { id: gone.id, role: "writer" }, n.id);
    await database.db.delete(users).where(eq(users.id, gone.id));
    expect(await receiptsOf(gone.id)).toEqual([]);
  });
});

test("only back-office paths are followed", () => {
  expect(safeNotificationLink("/admin/comments")).toBe("/admin/comments");
  expect(safeNotificationLink("//evil.example")).toBe("/admin/notifications");
  expect(safeNotificationLink("https://evil.example")).toBe("/admin/notifications");
  expect(safeNotificationLink("/\\evil.example")).toBe("/admin/notifications");
  expect(safeNotificationLink("")).toBe("/admin/notifications");
});
