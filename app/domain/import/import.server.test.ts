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
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { documents, IMPORT_TEXT, importExport, importSummary, toDate } from "./import.server";
import { testServices } from "#test-support/services";
import { INLINE_IMAGE_TEXT } from "./inline-images.server";

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
    const report = await importExport(database.db, testServices(database.db).media, exportFile);
    expect(report).toMatchObject({
      articles: 3,
      comments: 2,
      users: 2,
      media: 1,
      contactMessages: 1,
      settings: true,
    });
    // The data URLs hold no image ("AAAA" is three zero bytes): left out, and said why.
    expect(report.skipped).toEqual([
      {
        collection: "articles",
        record: "a-3",
        reason: IMPORT_TEXT.imageLeftOut(IMPORT_TEXT.featuredImage, INLINE_IMAGE_TEXT.notAnImage),
      },
      { collection: "comments", record: "c-3", reason: IMPORT_TEXT.articleMissing },
      { collection: "media", record: "m-2", reason: INLINE_IMAGE_TEXT.notAnImage },
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
    await importExport(database.db, testServices(database.db).media, exportFile);
    expect(await snapshot()).toBe(before);
    expect(await slugs()).toBe(slugsBefore);
  });
});

/** A MongoDB export in extended JSON: ids and references as {$oid}, dates as {$date}. */
const OID = {
  category: "65a1f0c2e4b0a1b2c3d4e501",
  user: "65a1f0c2e4b0a1b2c3d4e502",
  article: "65a1f0c2e4b0a1b2c3d4e503",
  comment: "65a1f0c2e4b0a1b2c3d4e504",
};
const mongoExport = {
  categories: [{ _id: { $oid: OID.category }, name: "Harbour News" }],
  users: [{ _id: { $oid: OID.user }, email: "ato@example.com", name: "Ato Mensah", role: "writer" }],
  articles: [
    {
      _id: { $oid: OID.article },
      title: "The harbour reopens",
      content: "<p>Ships are back.</p>",
      category: { $oid: OID.category },
      authorId: { $oid: OID.user },
      views: { $numberInt: "7" },
      createdAt: { $date: "2024-03-01T08:00:00Z" },
    },
    {
      _id: "plain-string-id",
      title: "Fishermen return",
      categoryId: OID.category,
      author: { $oid: OID.user },
    },
  ],
  comments: [
    { _id: { $oid: OID.comment }, articleId: { $oid: OID.article }, author: "Efua", text: "Welcome back" },
  ],
  media: [{ _id: "m-oid", url: "https://cdn.example.com/harbour.jpg", uploadedBy: { $oid: OID.user } }],
  notifications: [{ _id: "n-oid", message: "New article" }],
  contactMessages: [{ _id: "cm-oid", email: "reader@example.com", message: "Thanks" }],
};

/** A Firestore export: each collection an object keyed by document id, references by those keys. */
const firestoreExport = {
  categories: { "cat-key": { name: "Harbour Sport" } },
  users: { "user-key": { email: "abena@example.com", displayName: "Abena Owusu" } },
  articles: {
    "article-key": { title: "Regatta on Saturday", categoryId: "cat-key", authorId: "user-key" },
  },
  comments: { "comment-key": { articleId: "article-key", text: "See you there" } },
};

describe.each(TEST_ENGINES)("importing a document database's export on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDatabase(database.db, { adminPassword: "Admin12345" });
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("an export whose documents use _id imports every record, with its category and author", async () => {
    const report = await importExport(database.db, testServices(database.db).media, mongoExport);
    expect(report).toMatchObject({
      categories: 1,
      users: 1,
      articles: 2,
      comments: 1,
      media: 1,
      notifications: 1,
      contactMessages: 1,
      skipped: [],
    });
    const db = database.db;
    const harbour = one(await db.select().from(articles).where(eq(articles.id, OID.article)));
    expect(harbour).toMatchObject({ categoryId: OID.category, authorId: OID.user, views: 7 });
    expect(harbour.createdAt.toISOString()).toBe("2024-03-01T08:00:00.000Z");
    const second = one(await db.select().from(articles).where(eq(articles.id, "plain-string-id")));
    expect(second).toMatchObject({ categoryId: OID.category, authorId: OID.user });
    const comment = one(await db.select().from(comments).where(eq(comments.id, OID.comment)));
    expect(comment).toMatchObject({ articleId: OID.article, text: "Welcome back" });
    expect(one(await db.select().from(media).where(eq(media.id, "m-oid"))).uploadedBy).toBe(OID.user);
  });

  test("an export keyed by document id imports, references given by those keys", async () => {
    const report = await importExport(database.db, testServices(database.db).media, firestoreExport);
    expect(report).toMatchObject({ categories: 1, users: 1, articles: 1, comments: 1, skipped: [] });
    const regatta = one(await database.db.select().from(articles).where(eq(articles.id, "article-key")));
    expect(regatta).toMatchObject({ categoryId: "cat-key", authorId: "user-key" });
    const [comment] = await database.db.select().from(comments).where(eq(comments.id, "comment-key"));
    expect(comment?.articleId).toBe("article-key");
  });

  test("a reference to a category already here under another id follows it to that category", async () => {
    // The seed has "Business"; the export's own "Business" has another id and is not duplicated.
    const report = await importExport(database.db, testServices(database.db).media, {
      categories: [{ _id: "old-business", name: "Business" }],
      articles: [{ _id: "market-day", title: "Market day", categoryId: "old-business" }],
    });
    expect(report.skipped).toEqual([]);
    const market = one(await database.db.select().from(articles).where(eq(articles.id, "market-day")));
    const category = one(
      await database.db.select().from(categories).where(eq(categories.id, market.categoryId!)),
    );
    expect(category.name).toBe("Business");
  });

  test("every record left out is listed with its collection, its id or index and the reason", async () => {
    const before = await database.db.select({ id: articles.id }).from(articles);
    const report = await importExport(database.db, testServices(database.db).media, {
      articles: [
        { _id: "kept", title: "Kept" },
        { _id: "untitled", content: "<p>No title</p>" },
        { title: "No id anywhere" },
        "not a document",
        { _id: "lost-category", title: "Lost", categoryId: "no-such-category" },
      ],
      comments: [
        { _id: "orphan", articleId: "nowhere", text: "Hello" },
        { _id: "empty", articleId: "kept" },
      ],
      users: { "user-x": { name: "No e-mail" } },
      notifications: [{ _id: "silent" }],
      contactMessages: [{ _id: "no-message", email: "x@example.com" }],
      posts: [{ _id: "elsewhere", title: "In a collection the old app never had" }],
    });
    expect(report.articles).toBe(2);
    expect(report.skipped).toEqual([
      { collection: "users", record: "user-x", reason: IMPORT_TEXT.noEmail },
      { collection: "articles", record: "index 2", reason: IMPORT_TEXT.noId },
      { collection: "articles", record: "index 3", reason: IMPORT_TEXT.notADocument },
      { collection: "articles", record: "untitled", reason: IMPORT_TEXT.noTitle },
      { collection: "comments", record: "orphan", reason: IMPORT_TEXT.articleMissing },
      { collection: "comments", record: "empty", reason: IMPORT_TEXT.noText },
      { collection: "notifications", record: "silent", reason: IMPORT_TEXT.noMessage },
      { collection: "contactMessages", record: "no-message", reason: IMPORT_TEXT.noMessage },
      { collection: "posts", record: "all its records", reason: IMPORT_TEXT.unknownCollection },
    ]);
    // A story whose category is nowhere is kept, under no category, and the report says so.
    expect(report.warnings).toEqual([
      {
        collection: "articles",
        record: "lost-category",
        reason: IMPORT_TEXT.unknownCategory("no-such-category"),
      },
    ]);
    const after = await database.db.select({ id: articles.id }).from(articles);
    expect(after.map((a) => a.id).sort()).toEqual(
      [...before.map((a) => a.id), "kept", "lost-category"].sort(),
    );
    const lost = one(await database.db.select().from(articles).where(eq(articles.id, "lost-category")));
    expect(lost).toMatchObject({ title: "Lost", categoryId: null });
    // The command prints the counts, then each warning, then each record left out and why.
    const lines = importSummary(report);
    expect(lines[0]).toMatch(/^Imported 2 articles, 0 categories, 0 comments, 0 users,/);
    expect(lines).toContain("Imported with a warning (check it in the back office):");
    expect(lines).toContain(
      "  articles lost-category: unknown category no-such-category: imported as Uncategorised",
    );
    expect(lines).toContain("Skipped 9 records:");
    expect(lines).toContain("  articles untitled: no title");
    expect(lines).toContain("  articles index 2: " + IMPORT_TEXT.noId);
  });

  test("a story whose categoryId is a category's name or address goes into that category", async () => {
    const report = await importExport(database.db, testServices(database.db).media, {
      articles: [
        { _id: "by-name", title: "Cocoa prices rise", categoryId: "Business" },
        { _id: "by-name-other-case", title: "Harvest report", categoryId: "  business " },
        { _id: "by-slug", title: "Cup final tonight", categoryId: "sports" },
      ],
    });
    expect({ skipped: report.skipped, warnings: report.warnings, articles: report.articles }).toEqual({
      skipped: [],
      warnings: [],
      articles: 3,
    });
    const categoryOf = async (id: string) => {
      const story = one(await database.db.select().from(articles).where(eq(articles.id, id)));
      return one(await database.db.select().from(categories).where(eq(categories.id, story.categoryId!)))
        .name;
    };
    expect(await categoryOf("by-name")).toBe("Business");
    expect(await categoryOf("by-name-other-case")).toBe("Business");
    expect(await categoryOf("by-slug")).toBe("Sports");
  });

  test("a file that is not an export is refused with a clear message, and nothing is written", async () => {
    const before = await database.db.select({ id: articles.id }).from(articles);
    for (const [file, holds] of [
      [[1, 2, 3], "a list"],
      [{ posts: [{ title: "Elsewhere" }] }, "an object with posts and none of the collections"],
      [{}, "an empty object"],
      ["articles", "a string"],
    ] as const)
      await expect(importExport(database.db, testServices(database.db).media, file)).rejects.toMatchObject({
        code: "invalid",
        message: `This file is not an export of the old site: it holds ${holds}, where an export is a JSON object with collections (settings, categories, users, articles, comments, media, notifications, contactMessages). Nothing was imported.`,
      });
    expect(await database.db.select({ id: articles.id }).from(articles)).toEqual(before);
  });
});
