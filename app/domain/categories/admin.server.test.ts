import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { activityLog, articles, categories, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { CATEGORY_TEXT, parseCategoryForm } from "#app/lib/category-form";
import { isDomainError } from "#app/lib/errors";
import { bodyOf, statusOf } from "#app/lib/http-errors.server";
import { createCategory, deleteCategories, listCategoriesWithCounts, updateCategory } from "./admin.server";

const person = (role: "editor" | "writer"): CurrentUser => ({
  id: crypto.randomUUID(),
  email: `${role}@newsdesk.test`,
  name: role,
  role,
  status: "active",
  avatarUrl: "",
});

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { status: statusOf(error), message: error.message, data: bodyOf(error) };
  }
  throw new Error("expected a refusal");
}

const form = (values: Record<string, string>) => {
  const parsed = parseCategoryForm(values);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
};

describe("the category form", () => {
  test("requires a name, follows it with the slug and defaults the colour", () => {
    expect(parseCategoryForm({ name: "  " })).toEqual({
      ok: false,
      fieldErrors: { name: "Category name is required!" },
    });
    expect(form({ name: "Travel & Events" })).toMatchObject({ slug: "travel-and-events", color: "#1e3a8a" });
    expect(form({ name: "X", slug: "  My--Odd Slug!! " }).slug).toBe("my-odd-slug");
    expect(parseCategoryForm({ name: "X", slug: "!!!" })).toMatchObject({
      ok: false,
      fieldErrors: { slug: CATEGORY_TEXT.invalidSlug },
    });
    expect(parseCategoryForm({ name: "X", color: "red" })).toMatchObject({
      ok: false,
      fieldErrors: { color: CATEGORY_TEXT.invalidColor },
    });
  });
});

describe.each(TEST_ENGINES)("category management on %s", (engine) => {
  let database: TestDatabase;
  const editor = person("editor");
  const writer = person("writer");
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(users)
      .values([editor, writer].map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role! })));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(categories);
  });

  test("creates and edits, refusing a duplicate name or slug with a clear message", async () => {
    const news = await createCategory(database.db, editor, form({ name: "News", description: "Daily" }));
    expect(news).toMatchObject({ slug: "news", color: "#1e3a8a" });
    const dup = await refusal(createCategory(database.db, editor, form({ name: "news", slug: "other" })));
    expect(dup.status).toBe(409);
    expect(dup.data).toEqual({ fieldErrors: { name: CATEGORY_TEXT.duplicateName } });
    const sports = await createCategory(database.db, editor, form({ name: "Sports" }));
    const slugClash = await refusal(
      updateCategory(database.db, editor, sports.id, form({ name: "Sport", slug: "news" })),
    );
    expect(slugClash.data).toEqual({ fieldErrors: { slug: CATEGORY_TEXT.duplicateSlug } });
    const renamed = await updateCategory(
      database.db,
      editor,
      sports.id,
      form({ name: "Sport", slug: "sport", description: "Games" }),
    );
    expect(renamed).toMatchObject({ name: "Sport", slug: "sport", description: "Games" });
    expect(
      (await refusal(updateCategory(database.db, editor, "missing", form({ name: "Ghost" })))).status,
    ).toBe(404);
    const logged = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "updated category"));
    expect(logged.length).toBeGreaterThan(0);
  });

  test("a writer may not manage categories: 403 and nothing changes", async () => {
    const news = await createCategory(database.db, editor, form({ name: "News" }));
    expect((await refusal(createCategory(database.db, writer, form({ name: "Blog" })))).status).toBe(403);
    expect(
      (await refusal(updateCategory(database.db, writer, news.id, form({ name: "Renamed" })))).status,
    ).toBe(403);
    expect((await refusal(deleteCategories(database.db, writer, [news.id]))).status).toBe(403);
    expect((await listCategoriesWithCounts(database.db)).map((c) => c.name)).toEqual(["News"]);
  });

  test("article counts come from the database; deleting a category with articles needs a target, then moves them", async () => {
    const news = await createCategory(database.db, editor, form({ name: "News" }));
    const sports = await createCategory(database.db, editor, form({ name: "Sports" }));
    const empty = await createCategory(database.db, editor, form({ name: "Empty" }));
    await database.db.insert(articles).values([
      { title: "A", categoryId: news.id },
      { title: "B", categoryId: news.id },
    ]);
    const counts = Object.fromEntries(
      (await listCategoriesWithCounts(database.db)).map((c) => [c.name, c.articleCount]),
    );
    expect(counts).toEqual({ Empty: 0, News: 2, Sports: 0 });
    expect((await listCategoriesWithCounts(database.db, "spo")).map((c) => c.name)).toEqual(["Sports"]);

    const asked = await refusal(deleteCategories(database.db, editor, [news.id]));
    expect(asked).toMatchObject({ status: 409, message: CATEGORY_TEXT.chooseMoveTarget });
    expect((await refusal(deleteCategories(database.db, editor, [news.id], news.id))).status).toBe(400);
    expect(await database.db.select().from(categories)).toHaveLength(3);

    expect(await deleteCategories(database.db, editor, [empty.id])).toMatchObject({ deleted: 1, moved: 0 });
    expect(await deleteCategories(database.db, editor, [news.id], sports.id)).toMatchObject({
      deleted: 1,
      moved: 2,
      movedTo: "Sports",
    });
    const moved = await database.db.select().from(articles);
    expect(moved.every((a) => a.categoryId === sports.id)).toBe(true);
  });
});
