import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  activityLog,
  articles,
  categories,
  comments,
  contactMessages,
  media,
  settings,
  users,
} from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#app/db/testing.server";
import { documents, importExport, toDate } from "./import.server";

/** An export in the old app's shapes: field variants, Firestore timestamps, keyed collections. */
const exportFile = {
  settings: {
    general: {
      siteTitle: "Accra Daily",
      postsPerPage: 12,
      allowComments: false,
      maintenance: { enabled: false, message: "Back soon" },
    },
  },
  categories: [{ id: "cat-politics", name: "Politics", slug: "politics", color: "#aa0000" }],
  users: {
    "uid-1": { email: "Kojo@Example.com", displayName: "Kojo Antwi", role: "author", disabled: false },
    "uid-2": { email: "esi@example.com", name: "Esi", role: "editor", disabled: true },
  },
  articles: [
    {
      id: "a-1",
      title: "Parliament passes the budget",
      content: '<p>The budget passed.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      category: "politics",
      author: "Kojo Antwi",
      authorId: "uid-1",
      image: "https://cdn.example.com/budget.jpg",
      isFeatured: true,
      isTopStory: true,
      views: "15",
      status: "published",
      publishDate: { seconds: 1_700_000_000, nanoseconds: 0 },
    },
    {
      id: "a-2",
      title: "Older featured story",
      slug: "older-featured-story-2023",
      content: "<p>Old.</p>",
      category: "Travel and Events",
      featured: true,
      createdAt: "2023-01-01T10:00:00Z",
    },
    {
      id: "a-3",
      title: "Draft piece",
      content: "<p>Draft</p>",
      status: "draft",
      imageUrl: "data:image/png;base64,AAAA",
    },
  ],
  comments: [
    {
      id: "c-1",
      articleId: "a-1",
      author: "Ama",
      email: "ama@example.com",
      text: "Good news",
      status: "approved",
    },
    {
      id: "c-2",
      articleId: "a-1",
      authorName: "Yaw",
      authorEmail: "yaw@example.com",
      text: "No status given",
    },
    { id: "c-3", articleId: "missing", author: "X", email: "x@example.com", text: "Orphan" },
  ],
  media: [
    {
      id: "m-1",
      name: "Budget photo",
      url: "https://cdn.example.com/budget.jpg",
      type: "image",
      tags: ["budget", " ", "budget"],
    },
    { id: "m-2", name: "Inline", url: "data:image/png;base64,AAAA" },
  ],
  contactMessages: [{ id: "cm-1", name: "Kwesi", email: "kwesi@example.com", message: "Hello" }],
};

test("collections may be arrays or keyed objects", () => {
  expect(documents({ k1: { a: 1 } })).toEqual([{ a: 1, id: "k1" }]);
  expect(documents([{ id: "x" }, null, 3])).toEqual([{ id: "x" }]);
});

test("dates come as ISO strings, milliseconds or Firestore timestamps", () => {
  expect(toDate("2024-05-01T00:00:00Z")?.toISOString()).toBe("2024-05-01T00:00:00.000Z");
  expect(toDate({ _seconds: 0 })?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
  expect(toDate(86_400_000)?.toISOString()).toBe("1970-01-02T00:00:00.000Z");
  expect(toDate("not a date")).toBeNull();
});

describe.each(TEST_ENGINES)("importing an export on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "Admin12345" });
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("maps every field variant to one canonical column", async () => {
    const report = await importExport(database.db, exportFile);
    expect(report).toMatchObject({
      articles: 3,
      comments: 2,
      users: 2,
      media: 1,
      contactMessages: 1,
      settings: true,
    });
    expect(report.skipped).toEqual([
      "comment c-3: its article is not in the export",
      "media m-2: stored as a data URL (upload the file again)",
    ]);
    const db = database.db;
    const a1 = one(await db.select().from(articles).where(eq(articles.id, "a-1")));
    expect(a1).toMatchObject({
      imageUrl: "https://cdn.example.com/budget.jpg",
      authorName: "Kojo Antwi",
      authorId: "uid-1",
      featured: true,
      isTopStory: true,
      views: 15,
    });
    expect(a1.publishedAt?.toISOString()).toBe(new Date(1_700_000_000_000).toISOString());
    expect(a1.content).not.toMatch(/script|onerror/);
    const politics = one(await db.select().from(categories).where(eq(categories.id, a1.categoryId!)));
    expect(politics.name).toBe("Politics");
    // 'Travel and Events' matches the existing 'Travel & Events' category instead of creating another.
    const a2 = one(await db.select().from(articles).where(eq(articles.id, "a-2")));
    const travel = one(await db.select().from(categories).where(eq(categories.id, a2.categoryId!)));
    expect(travel.name).toBe("Travel & Events");
    // Only one featured article survives, the newest; the seed's flags were moved over.
    const featured = await db.select({ id: articles.id }).from(articles).where(eq(articles.featured, true));
    expect(featured).toEqual([{ id: "a-1" }]);
    const [a3] = await db.select().from(articles).where(eq(articles.id, "a-3"));
    expect(a3).toMatchObject({ status: "draft", imageUrl: "", publishedAt: null });
    // Readable addresses: from the title, or the old site's own slug when it had one.
    expect([a1.slug, a2.slug, a3?.slug]).toEqual([
      "parliament-passes-the-budget",
      "older-featured-story-2023",
      "draft-piece",
    ]);

    const [kojo] = await db.select().from(users).where(eq(users.id, "uid-1"));
    expect(kojo).toMatchObject({
      email: "kojo@example.com",
      name: "Kojo Antwi",
      // The old app's legacy 'author' arrives as writer.
      role: "writer",
      status: "active",
      passwordHash: null,
    });
    const esi = one(await db.select().from(users).where(eq(users.id, "uid-2")));
    expect(esi.status).toBe("inactive");
    // Each imported account has its author page.
    expect([kojo?.slug, esi.slug]).toEqual(["kojo-antwi", "esi"]);
    // ...and the activity log says so, for the first admin's 'Roles Updated' toast.
    const migrated = await db
      .select({ title: activityLog.title })
      .from(activityLog)
      .where(eq(activityLog.action, "migrated legacy roles"));
    expect(migrated).toEqual([{ title: "1 user" }]);

    const [c2] = await db.select().from(comments).where(eq(comments.id, "c-2"));
    expect(c2).toMatchObject({ authorName: "Yaw", authorEmail: "yaw@example.com", status: "pending" });
    const m1 = one(await db.select().from(media).where(eq(media.id, "m-1")));
    expect(m1.tags).toEqual(["budget"]);
    const [cm] = await db.select().from(contactMessages);
    expect(cm).toMatchObject({ status: "new", subject: "" });
    const [s] = await db.select().from(settings);
    expect(s).toMatchObject({
      siteTitle: "Accra Daily",
      postsPerPage: 12,
      allowComments: false,
      maintenanceMessage: "Back soon",
    });
  });

  test("running the same export again changes nothing", async () => {
    const snapshot = async () => {
      const counts = await database.db.execute(
        sql`SELECT (SELECT count(*) FROM articles) AS a, (SELECT count(*) FROM categories) AS c, (SELECT count(*) FROM comments) AS m, (SELECT count(*) FROM users) AS u`,
      );
      return JSON.stringify(counts);
    };
    const slugs = async () =>
      JSON.stringify(await database.db.select({ id: articles.id, slug: articles.slug }).from(articles));
    const before = await snapshot();
    const slugsBefore = await slugs();
    await importExport(database.db, exportFile);
    expect(await snapshot()).toBe(before);
    expect(await slugs()).toBe(slugsBefore);
  });
});
