/**
 * drizzle/0002: the old app's 'subscriber' and 'author' accounts become writers once, when the
 * migrations run, and then sign in with a writer's permissions. (The back office used to rewrite
 * them on every admin page load.)
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRequestContext } from "#app/auth/current-user.server";
import { requireAdminPath, requirePermission } from "#app/auth/guard.server";
import { commitSessionCookie, createSession } from "#app/auth/session.server";
import { DomainError } from "#app/lib/errors";
import { toResponse } from "#app/lib/http-errors.server";
import {
  forgetLegacyRoleAnnouncement,
  takeLegacyRoleAnnouncement,
} from "#app/domain/users/legacy-roles.server";
import { testDatabaseBefore, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { testServices } from "#test-support/services";

const LEGACY_MIGRATION = "0002_legacy_roles_become_writer";

/** A test database as an older install left it: only the migrations before the legacy role one. */
async function olderInstall(engine: (typeof TEST_ENGINES)[number]) {
  const { database, olderMigrations } = await testDatabaseBefore(engine, LEGACY_MIGRATION);
  return { database, olderMigrations };
}

describe.each(TEST_ENGINES)("legacy roles on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };
  const roles = async () =>
    Object.fromEntries(
      (await rows<{ id: string; role: string }>(sql`SELECT id, role FROM users ORDER BY id`)).map((r) => [
        r.id,
        r.role,
      ]),
    );
  const migrationEntries = () =>
    rows<{ title: string; description: string }>(
      sql`SELECT title, description FROM activity_log WHERE action = 'migrated legacy roles'`,
    );

  beforeAll(async () => {
    ({ database, olderMigrations } = await olderInstall(engine));
  });
  /** A request's load context, as the server builds it: a new one is a new request. */
  const ctx = (request: Request) =>
    createRequestContext(testServices(database.db), request.headers.get("Cookie"), "127.0.0.1");
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  test("subscriber and author become writer once; other roles stay; the activity log says how many", async () => {
    await database.db.execute(sql`
      INSERT INTO users (id, email, name, role) VALUES
        ('u-admin', 'admin@example.com', 'Admin', 'admin'),
        ('u-editor', 'editor@example.com', 'Editor', 'editor'),
        ('u-writer', 'writer@example.com', 'Writer', 'writer'),
        ('u-subscriber', 'subscriber@example.com', 'Old Subscriber', 'subscriber'),
        ('u-author', 'author@example.com', 'Old Author', 'author')`);
    expect(await migrationEntries()).toEqual([]);

    await database.migrate();
    const migrated = {
      "u-admin": "admin",
      "u-author": "writer",
      "u-editor": "editor",
      "u-subscriber": "writer",
      "u-writer": "writer",
    };
    expect(await roles()).toEqual(migrated);
    expect(await migrationEntries()).toEqual([
      { title: "2 users", description: "subscriber and author roles became writer" },
    ]);

    // Start-up runs the migrations every time: nothing more changes, nothing more is logged.
    await database.migrate();
    expect(await roles()).toEqual(migrated);
    expect(await migrationEntries()).toHaveLength(1);
  });

  test("'Roles Updated': the first admin in is told of the 2, once", async () => {
    const admin = { id: "u-admin", name: "Admin", email: "admin@example.com" };
    forgetLegacyRoleAnnouncement();
    expect(await takeLegacyRoleAnnouncement(database.db, admin)).toBe(2);
    forgetLegacyRoleAnnouncement();
    expect(await takeLegacyRoleAnnouncement(database.db, admin)).toBe(0);
  });

  test("a former author signs in with a writer's permissions", async () => {
    const { token } = await createSession(database.db, "u-author");
    const url = "http://localhost/admin/articles/add";
    const cookie = (await commitSessionCookie(new Request(url), token)).split(";")[0] ?? "";
    const request = new Request(url, { headers: { Cookie: cookie } });

    const user = await requireAdminPath(ctx(request), request);
    expect(user).toMatchObject({ id: "u-author", role: "writer", status: "active" });
    expect((await requirePermission(ctx(request), "articles", "create")).id).toBe("u-author");
    // Refused as any writer is: 'Access Denied', which the route answers with 403.
    for (const [area, action] of [
      ["articles", "publish"],
      ["comments", "view"],
    ] as const) {
      const refusal = await requirePermission(ctx(request), area, action).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(toResponse(refusal as DomainError)).toMatchObject({
        data: { title: "Access Denied" },
        init: { status: 403 },
      });
    }
  });

  test("the legacy values cannot come back", async () => {
    await expect(
      database.db.execute(sql`UPDATE users SET role = 'author' WHERE id = 'u-writer'`),
    ).rejects.toThrow();
    expect((await roles())["u-writer"]).toBe("writer");
  });
});

describe.each(TEST_ENGINES)("a database the old back office had converted, on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;
  beforeAll(async () => {
    ({ database, olderMigrations } = await olderInstall(engine));
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  });

  test("its toast was shown then: migration 0002 does not bring it back", async () => {
    await database.db.execute(sql`
      INSERT INTO users (id, email, name, role) VALUES ('u-admin', 'admin@example.com', 'Admin', 'admin')`);
    // What the old back office wrote when it rewrote three roles and showed 'Roles Updated'.
    await database.db.execute(sql`
      INSERT INTO activity_log (id, type, user_id, user_name, action, title, description, created_at)
      VALUES ('old-entry', 'user', 'u-admin', 'Admin', 'migrated legacy roles', '3 users',
        'subscriber and author roles became writer', now() - interval '30 days')`);
    await database.migrate();
    forgetLegacyRoleAnnouncement();
    const admin = { id: "u-admin", name: "Admin", email: "admin@example.com" };
    expect(await takeLegacyRoleAnnouncement(database.db, admin)).toBe(0);
  });
});
