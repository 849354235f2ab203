/**
 * The users list (/admin/users) reaches every account: newest first, in pages of 50 (the spec's default
 * list) with ?page=, searched by name, e-mail or role, and filtered by role and status. Only admins open
 * it; editors and writers get 'Access Denied'.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { args, getRequest, makeUser, outcome, sessionCookieFor } from "#test-support/route-calls";
import * as listRoute from "./users";

interface ListPage {
  users: Array<{ email: string; role: string }>;
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

describe("the users list: every account, a page at a time, searchable by role", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["admin", "editor", "writer"] as const)
      cookies[role] = await sessionCookieFor((await makeUser(`${role}@example.com`, role)).id);
    // 60 more accounts, each a minute newer than the one before: 63 in all.
    const start = Date.UTC(2026, 0, 1);
    await database.db.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Person ${String(i + 1).padStart(2, "0")}`,
        email: `person-${String(i + 1).padStart(2, "0")}@example.com`,
        slug: `person-${i + 1}`,
        role: i % 10 === 0 ? ("editor" as const) : ("writer" as const),
        createdAt: new Date(start + i * 60_000),
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
  });

  const list = async (query = "", cookie = cookies.admin) =>
    outcome(() => listRoute.loader(args(getRequest(`/admin/users${query}`, cookie))));
  const pageOf = async (query = "") => {
    const result = await list(query);
    expect(result.status).toBe(200);
    return result.body as ListPage;
  };

  test("admin: 63 accounts are 2 pages of 50, newest first; page 2 holds the oldest", async () => {
    const first = await pageOf();
    expect(first).toMatchObject({ total: 63, page: 1, pageCount: 2, pageSize: 50 });
    expect(first.users).toHaveLength(50);
    // The three accounts made in beforeAll are the newest (made now; the 60 are dated January 2026).
    expect(
      first.users
        .slice(0, 3)
        .map((u) => u.email)
        .sort(),
    ).toEqual(["admin@example.com", "editor@example.com", "writer@example.com"]);
    expect(first.users[3]?.email).toBe("person-60@example.com");

    const second = await pageOf("?page=2");
    expect(second).toMatchObject({ total: 63, page: 2, pageCount: 2 });
    expect(second.users.map((u) => u.email)).toEqual(
      Array.from({ length: 13 }, (_, i) => `person-${String(13 - i).padStart(2, "0")}@example.com`),
    );
    const everyone = new Set([...first.users, ...second.users].map((u) => u.email));
    expect(everyone.size).toBe(63);
  });

  test("admin: a page past the end shows the last page", async () => {
    expect(await pageOf("?page=9")).toMatchObject({ page: 2, pageCount: 2 });
  });

  test("admin: the search finds accounts by role, as typed or as the role's label", async () => {
    // Editors: editor@example.com and Person 01, 11, 21, 31, 41, 51.
    for (const q of ["editor", "Editor", "edit"]) {
      const found = await pageOf(`?q=${q}`);
      expect(found.total, q).toBe(7);
      expect(
        found.users.every((u) => u.role === "editor" || u.email.includes(q.toLowerCase())),
        q,
      ).toBe(true);
    }
    const admins = await pageOf("?q=Administrator");
    expect(admins.users.map((u) => u.email)).toEqual(["admin@example.com"]);
  });

  test("admin: the role filter and the search by name page together", async () => {
    const writers = await pageOf("?role=writer");
    expect(writers.total).toBe(55);
    expect(writers.pageCount).toBe(2);
    expect((await pageOf("?role=writer&page=2")).users).toHaveLength(5);
    const named = await pageOf("?q=Person 0&role=editor");
    expect(named.users.map((u) => u.email)).toEqual(["person-01@example.com"]);
  });

  test.each(["editor", "writer"] as const)("%s: Access Denied, no list", async (role) => {
    const result = await list("", cookies[role]);
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ title: "Access Denied" });
  });
});
