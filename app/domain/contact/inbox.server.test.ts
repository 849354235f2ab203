import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { contactMessages } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { isDomainError } from "#app/lib/errors";
import {
  deleteContactMessage,
  listContactMessages,
  openContactMessage,
  setContactHandled,
  unreadContactCount,
} from "./inbox.server";
import { replyMailto } from "./inbox-rules";

const person = (role: CurrentUser["role"]): CurrentUser => ({
  id: `${role}-id`,
  email: `${role}@example.com`,
  name: String(role),
  role,
  status: "active",
  avatarUrl: "",
});
const admin = person("admin");
const editor = person("editor");
const writer = person("writer");

const refused = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return isDomainError(error, "forbidden");
  }
  return false;
};

describe.each(TEST_ENGINES)("the contact inbox on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(contactMessages);
  });

  const add = async (name: string, minutesAgo: number, status: "new" | "read" | "archived" = "new") =>
    one(
      await database.db
        .insert(contactMessages)
        .values({
          name,
          email: `${name.toLowerCase()}@example.com`,
          subject: `About ${name}`,
          message: `Hello from ${name}`,
          status,
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning(),
    );
  const statusOf = async (id: string) =>
    one(await database.db.select().from(contactMessages).where(eq(contactMessages.id, id))).status;

  test("unread first, then newest first; search over name, e-mail, subject and text; pages", async () => {
    await add("Old", 30, "new");
    await add("Newest", 1, "read");
    await add("Middle", 10, "new");
    await add("Handled", 5, "archived");
    const { rows, total } = await listContactMessages(database.db, editor, { q: "", page: 1 });
    expect(total).toBe(4);
    expect(rows.map((r) => r.name)).toEqual(["Middle", "Old", "Newest", "Handled"]);
    expect((await listContactMessages(database.db, admin, { q: "middle@", page: 1 })).rows).toHaveLength(1);
    expect((await listContactMessages(database.db, admin, { q: "about old", page: 1 })).rows).toHaveLength(1);
    expect((await listContactMessages(database.db, admin, { q: "hello", page: 1 })).rows).toHaveLength(4);
    expect((await listContactMessages(database.db, admin, { q: "100%", page: 1 })).rows).toHaveLength(0);
    const second = await listContactMessages(database.db, admin, { q: "", page: 2, pageSize: 3 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(second.rows.map((r) => r.name)).toEqual(["Handled"]);
    // A page past the end shows the last one.
    expect((await listContactMessages(database.db, admin, { q: "", page: 9, pageSize: 3 })).page).toBe(2);
  });

  test("opening a new message makes it read and lowers the unread count; a handled one stays handled", async () => {
    const fresh = await add("Fresh", 1);
    const done = await add("Done", 2, "archived");
    expect(await unreadContactCount(database.db)).toBe(1);
    expect((await openContactMessage(database.db, editor, fresh.id)).status).toBe("read");
    expect(await unreadContactCount(database.db)).toBe(0);
    expect((await openContactMessage(database.db, editor, done.id)).status).toBe("archived");
  });

  test("mark handled, back to not handled, delete; a missing message is 'not found'", async () => {
    const m = await add("Ama", 1);
    await setContactHandled(database.db, editor, m.id, true);
    expect(await statusOf(m.id)).toBe("archived");
    await setContactHandled(database.db, admin, m.id, false);
    expect(await statusOf(m.id)).toBe("read");
    await deleteContactMessage(database.db, editor, m.id);
    expect(await database.db.select().from(contactMessages)).toEqual([]);
    await expect(deleteContactMessage(database.db, editor, m.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(openContactMessage(database.db, editor, m.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(setContactHandled(database.db, editor, m.id, true)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("a writer is refused everything and nothing changes", async () => {
    const m = await add("Kofi", 1);
    expect(await refused(() => listContactMessages(database.db, writer, { q: "", page: 1 }))).toBe(true);
    expect(await refused(() => openContactMessage(database.db, writer, m.id))).toBe(true);
    expect(await refused(() => setContactHandled(database.db, writer, m.id, true))).toBe(true);
    expect(await refused(() => deleteContactMessage(database.db, writer, m.id))).toBe(true);
    expect(await refused(() => listContactMessages(database.db, person(null), { q: "", page: 1 }))).toBe(
      true,
    );
    expect(await statusOf(m.id)).toBe("new");
  });
});

test("'Reply by e-mail' writes to the reader with 'Re:' and their subject", () => {
  expect(replyMailto({ email: "kofi@example.com", subject: "Story tip & more" })).toBe(
    "mailto:kofi@example.com?subject=Re%3A%20Story%20tip%20%26%20more",
  );
  expect(replyMailto({ email: "kofi@example.com", subject: "" })).toBe(
    "mailto:kofi@example.com?subject=Re%3A%20Your%20message",
  );
});
