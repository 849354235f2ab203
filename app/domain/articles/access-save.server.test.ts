import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, users } from "#app/db/schema";
import { articleValuesFromArticle, articleValuesFromForm } from "#app/lib/article-form/form-values";
import { articleInput, staff } from "#test-support/article-fixtures";
import { testServices } from "#test-support/services";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { saveArticle } from "./admin.server";

describe.each(TEST_ENGINES)("a story's access, saved on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const writer = staff("writer", "Wale");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [editor, writer])
      await database.db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role! });
  });
  afterAll(async () => database.destroy());

  const accessOf = async (id: string) =>
    (await database.db.select().from(articles).where(eq(articles.id, id)))[0]!.access;

  test("an editor marks a story for paying readers; the form shows it back; a save without it keeps it", async () => {
    const services = testServices(database.db);
    const { id } = await saveArticle(services, editor, articleInput({ access: "paid" }));
    expect(await accessOf(id)).toBe("paid");
    const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
    expect(articleValuesFromArticle(row!).access).toBe("paid");
    await saveArticle(services, editor, articleInput({ title: "Edited" }), id);
    expect(await accessOf(id)).toBe("paid");
    await saveArticle(services, editor, articleInput({ access: "members" }), id);
    expect(await accessOf(id)).toBe("members");
  });

  test("a writer's choice is not theirs to make: a new story is for everyone, a story keeps its access", async () => {
    const services = testServices(database.db);
    const { id } = await saveArticle(services, writer, articleInput({ access: "paid" }));
    expect(await accessOf(id)).toBe("public");
    await database.db.update(articles).set({ access: "members" }).where(eq(articles.id, id));
    await saveArticle(services, writer, articleInput({ access: "public" }), id);
    expect(await accessOf(id)).toBe("members");
  });

  test("the form reads only the three choices", () => {
    expect(articleValuesFromForm({ access: "paid" }).access).toBe("paid");
    expect(articleValuesFromForm({ access: "vip" }).access).toBe("public");
    expect(() => articleInput({ access: "vip" })).toThrow();
  });
});
