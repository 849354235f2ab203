import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "#app/auth/password.server";
import { articles, categories, comments, settings, users } from "./schema";
import { seedDatabase } from "./seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { firstRow } from "#app/db/rows";
import { viewsPerDay } from "#app/domain/articles/view-stats.server";
import { dashboardStats } from "#app/domain/dashboard/dashboard.server";

describe.each(TEST_ENGINES)("first start on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const count = async (table: typeof articles | typeof categories | typeof comments | typeof users) => {
    const row = firstRow(await database.db.select({ n: sql<number>`count(*)::int` }).from(table));
    return row.n;
  };

  test("creates settings, the sample content and one admin with a generated password", async () => {
    const result = await seedDatabase(database.db);
    expect(result.createdSampleContent).toBe(true);
    expect(result.admin?.email).toBe("admin@example.com");
    expect(result.admin?.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const s = firstRow(await database.db.select().from(settings));
    expect(s.siteTitle).toBe("Newsdesk");
    expect(s.siteDescription).toBe("Your Trusted Source for News");
    expect(await count(categories)).toBe(8);
    expect(await count(articles)).toBe(4);
    expect(await count(comments)).toBe(12);
    const admin = firstRow(await database.db.select().from(users));
    expect(admin.role).toBe("admin");
    expect(await verifyPassword(result.admin!.password!, admin.passwordHash)).toBe(true);
    const flagged = await database.db
      .select({ featured: articles.featured, top: articles.isTopStory })
      .from(articles);
    expect(flagged.filter((a) => a.featured)).toHaveLength(1);
    expect(flagged.filter((a) => a.top)).toHaveLength(1);
  });

  test("the sample stories invent no readers: the dashboard's total views agree with its 30-day chart", async () => {
    const viewer = { id: "nobody", role: "admin" as const };
    const stats = await dashboardStats(database.db, viewer);
    const totalViews = stats.find((card) => card.key === "views");
    const chart = await viewsPerDay(database.db, {});
    expect(totalViews?.value).toBe(chart.reduce((sum, day) => sum + day.views, 0));
    expect(totalViews?.value).toBe(0);
  });

  test("a second start changes nothing", async () => {
    const before = await database.db
      .select({ id: articles.id, updatedAt: articles.updatedAt })
      .from(articles);
    const result = await seedDatabase(database.db, {
      adminEmail: "other@example.com",
      adminPassword: "secret123",
    });
    expect(result).toEqual({ createdSettings: false, createdSampleContent: false });
    expect(await count(articles)).toBe(4);
    expect(await count(categories)).toBe(8);
    expect(await count(comments)).toBe(12);
    expect(await count(users)).toBe(1);
    expect(
      await database.db.select({ id: articles.id, updatedAt: articles.updatedAt }).from(articles),
    ).toEqual(before);
  });
});
