import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { activityLog, articles, categories, comments, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { clearDatabase, populateDatabase } from "./setup.server";
import { firstRow } from "#app/db/rows";

describe.each(TEST_ENGINES)("database setup on %s", (engine) => {
  let database: TestDatabase;
  let actor: { id: string; name: string; email: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const admin = one(
      await database.db
        .insert(users)
        .values({ email: "admin@example.com", name: "Admin", role: "admin" })
        .returning(),
    );
    actor = { id: admin.id, name: admin.name, email: admin.email };
  });
  afterAll(async () => {
    await database.destroy();
  });

  const count = async (table: typeof articles | typeof categories | typeof comments) =>
    firstRow(await database.db.select({ n: sql<number>`count(*)::int` }).from(table)).n;

  test("populate adds 8 categories and 4 articles with 3 comments each, logged", async () => {
    await populateDatabase(database.db, actor);
    expect(await count(categories)).toBe(8);
    expect(await count(articles)).toBe(4);
    expect(await count(comments)).toBe(12);
    const entries = await database.db.select().from(activityLog);
    expect(entries.map((e) => e.action)).toContain("Sample content added");
    expect(entries[0]?.userId).toBe(actor.id);
  });

  test("clear deletes every article and category (their comments go with the articles), logged", async () => {
    await database.db.insert(articles).values({ title: "A draft too", status: "draft" });
    const result = await clearDatabase(database.db, actor);
    expect(result).toEqual({ articles: 5, categories: 8, comments: 12 });
    expect(await count(articles)).toBe(0);
    expect(await count(categories)).toBe(0);
    expect(await count(comments)).toBe(0);
    const actions = (await database.db.select().from(activityLog)).map((e) => e.action);
    expect(actions).toContain("All articles and categories deleted");
  });

  test("a failed populate writes nothing", async () => {
    // An actor whose account no longer exists makes the activity entry (the last write) fail.
    await expect(populateDatabase(database.db, { ...actor, id: "deleted-account" })).rejects.toThrow();
    expect(await count(articles)).toBe(0);
    expect(await count(categories)).toBe(0);
    expect(await count(comments)).toBe(0);
  });
});
