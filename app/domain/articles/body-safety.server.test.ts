import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { articles, users } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { parseArticleForm } from "#app/lib/article-form/article-input";
import { saveArticle } from "./admin.server";
import { bodyIsSafe, sanitizeStoredBodies } from "./body-safety.server";
import { getPublishedArticle } from "./public.server";
import { testServices } from "#test-support/services";

const editor: CurrentUser = {
  id: crypto.randomUUID(),
  email: "edem@newsdesk.test",
  name: "Edem",
  role: "editor",
  status: "active",
  avatarUrl: "",
};

const UNSAFE = `<p>Safe</p><script>alert(1)</script><img src="x" onerror="alert(2)">`;

describe.each(TEST_ENGINES)("article bodies sanitised once, on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(users)
      .values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
  });
  afterAll(async () => database.destroy());

  const stored = async (id: string) =>
    one(
      await database.db
        .select({ content: articles.content, safe: bodyIsSafe() })
        .from(articles)
        .where(eq(articles.id, id)),
    );

  test("a body saved through the newsroom (non-ASCII text too) is vouched for by the database's own md5", async () => {
    const parsed = parseArticleForm({
      title: "Ɔkomfo Anokye: café, naïve, ₵ 5",
      content: "<p>Akwaaba — Ɛyɛ, ₵ 5 and “quotes”.</p>",
      status: "published",
    });
    if (!parsed.ok) throw new Error("the form should parse");
    const saved = await saveArticle(testServices(database.db), editor, parsed.data);
    expect(await stored(saved.id)).toMatchObject({ safe: true });
  });

  test("an unsafe body written past the newsroom is shown clean, and start-up rewrites it once", async () => {
    const { id } = one(
      await database.db
        .insert(articles)
        .values({ title: "Old row", content: UNSAFE, status: "published", publishedAt: new Date() })
        .returning({ id: articles.id }),
    );
    expect(await stored(id)).toMatchObject({ content: UNSAFE, safe: false });
    const shown = await getPublishedArticle(database.db, id);
    expect(shown?.content).toContain("<p>Safe</p>");
    expect(shown?.content).not.toMatch(/script|onerror/);

    expect(await sanitizeStoredBodies(database.db)).toBe(1);
    const after = await stored(id);
    expect(after.safe).toBe(true);
    expect(after.content).not.toMatch(/script|onerror/);
    expect(after.content).toContain("<p>Safe</p>");
    // Idempotent: nothing left to do on the next start.
    expect(await sanitizeStoredBodies(database.db)).toBe(0);

    // A later hand-written change loses the vouching again.
    await database.db.update(articles).set({ content: UNSAFE }).where(eq(articles.id, id));
    expect((await getPublishedArticle(database.db, id))?.content).not.toMatch(/script|onerror/);
  });
});
