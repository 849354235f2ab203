import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, users } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, one } from "#test-support/test-database";
import { lastDays, topStoriesOfWeek, viewsPerDay } from "./view-stats.server";
import { recordArticleView } from "./views.server";

/** "Now" for every figure below: the last day of the 30-day window is 2026-06-30 (UTC). */
const now = new Date("2026-06-30T15:00:00Z");

describe.each(TEST_ENGINES)("views per day and the week's top stories on %s", (engine) => {
  let database: TestDatabase;
  const ids = { writer: "", editor: "", harmattan: "", budget: "", oldNews: "", pulled: "" };

  /** Records `count` real views of an article at a moment, each from its own address, as readers would. */
  let reader = 0;
  async function read(articleId: string, at: string, count = 1) {
    for (let i = 0; i < count; i++) {
      reader++;
      const ip = `10.7.${Math.floor(reader / 250)}.${reader % 250}`;
      expect(await recordArticleView(database.db, articleId, { ip }, new Date(at))).toBe("counted");
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const [writer, editor] = await db
      .insert(users)
      .values([
        { name: "Wale", email: "wale@x.co", role: "writer" },
        { name: "Edem", email: "edem@x.co", role: "editor" },
      ])
      .returning();
    if (!writer || !editor) throw new Error("expected two users");
    ids.writer = writer.id;
    ids.editor = editor.id;
    const live = { status: "published" as const, publishedAt: sql`now() - interval '1 day'` };
    const rows = await db
      .insert(articles)
      .values([
        // A carried-over total from before per-day counting has no day: it never shows in these figures.
        { title: "Harmattan season arrives early", authorId: writer.id, views: 500, ...live },
        { title: "Budget reading in parliament", authorId: editor.id, ...live },
        { title: "Old news", authorId: editor.id, ...live },
        { title: "Pulled story", authorId: writer.id, ...live },
      ])
      .returning({ id: articles.id });
    [ids.harmattan, ids.budget, ids.oldNews, ids.pulled] = rows.map((r) => r.id) as [
      string,
      string,
      string,
      string,
    ];

    // The writer's story: read on the first day of the window, late on the 27th, just after midnight on the
    // 28th, nothing on the 29th (a gap), three times today; and once the day before the window starts.
    await read(ids.harmattan, "2026-05-31T12:00:00Z");
    await read(ids.harmattan, "2026-06-01T00:00:00Z", 4);
    await read(ids.harmattan, "2026-06-27T23:59:59Z");
    await read(ids.harmattan, "2026-06-28T00:00:01Z", 2);
    await read(ids.harmattan, "2026-06-30T09:30:00Z", 3);
    // The editor's: 5 on the 25th (in the week), 7 on the 20th (in the month, before the week).
    await read(ids.budget, "2026-06-25T10:00:00Z", 5);
    await read(ids.budget, "2026-06-20T10:00:00Z", 7);
    // Read only before the week.
    await read(ids.oldNews, "2026-06-10T10:00:00Z", 9);
    // Read this week, then taken off the site: still counted, but no public page to link to.
    await read(ids.pulled, "2026-06-29T08:00:00Z", 2);
    await db.update(articles).set({ status: "draft" }).where(eq(articles.id, ids.pulled));
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** The non-zero days of a series, as { day: views }. */
  const nonZero = (series: Array<{ day: string; views: number }>) =>
    Object.fromEntries(series.filter((d) => d.views !== 0).map((d) => [d.day, d.views]));

  test("the window is the last 30 UTC days, oldest first, ending today", () => {
    const days = lastDays(30, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-06-01");
    expect(days[29]).toBe("2026-06-30");
    // Just before midnight UTC is still that day, whatever the server's own timezone.
    expect(lastDays(1, new Date("2026-06-30T23:59:59Z"))).toEqual(["2026-06-30"]);
  });

  test("one article's chart shows its views on the days they were recorded, 0 on the others", async () => {
    const series = await viewsPerDay(database.db, { articleId: ids.harmattan }, now);
    expect(series).toHaveLength(30);
    expect(series.map((d) => d.day)).toEqual(lastDays(30, now));
    expect(nonZero(series)).toEqual({
      "2026-06-01": 4,
      "2026-06-27": 1,
      "2026-06-28": 2,
      "2026-06-30": 3,
    });
    // The gap day is there, as zero; the day before the window and the carried-over 500 are not.
    expect(series.find((d) => d.day === "2026-06-29")).toEqual({ day: "2026-06-29", views: 0 });
    expect(series.some((d) => d.day === "2026-05-31")).toBe(false);
    expect(series.reduce((sum, d) => sum + d.views, 0)).toBe(10);
  });

  test("the newsroom's chart adds every article's views per day; an author's counts only their own", async () => {
    expect(nonZero(await viewsPerDay(database.db, {}, now))).toEqual({
      "2026-06-01": 4,
      "2026-06-10": 9,
      "2026-06-20": 7,
      "2026-06-25": 5,
      "2026-06-27": 1,
      "2026-06-28": 2,
      "2026-06-29": 2,
      "2026-06-30": 3,
    });
    expect(nonZero(await viewsPerDay(database.db, { authorId: ids.writer }, now))).toEqual({
      "2026-06-01": 4,
      "2026-06-27": 1,
      "2026-06-28": 2,
      "2026-06-29": 2,
      "2026-06-30": 3,
    });
    // An author with no reads still gets 30 days, all zero.
    const editorless = await viewsPerDay(
      database.db,
      { authorId: ids.editor },
      new Date("2026-09-30T12:00:00Z"),
    );
    expect(editorless).toHaveLength(30);
    expect(editorless.every((d) => d.views === 0)).toBe(true);
  });

  test("the week's top stories rank the last 7 days' views, with a public link only while live", async () => {
    expect(await topStoriesOfWeek(database.db, {}, now)).toEqual([
      // 1 + 2 + 3 this week (the 4 on June 1 are older than the week).
      {
        id: ids.harmattan,
        title: "Harmattan season arrives early",
        status: "published",
        isLive: true,
        views: 6,
      },
      // Only the 5 of the 25th: the 7 of the 20th are before the week (June 24 to 30).
      { id: ids.budget, title: "Budget reading in parliament", status: "published", isLive: true, views: 5 },
      { id: ids.pulled, title: "Pulled story", status: "draft", isLive: false, views: 2 },
    ]);
    // A writer's list holds their own stories only.
    expect((await topStoriesOfWeek(database.db, { authorId: ids.writer }, now)).map((s) => s.id)).toEqual([
      ids.harmattan,
      ids.pulled,
    ]);
    // A week later nothing was read: an empty list, not stories with 0 views.
    expect(await topStoriesOfWeek(database.db, {}, new Date("2026-07-08T12:00:00Z"))).toEqual([]);
  });

  test("the top stories are at most five", async () => {
    const extra = await database.db
      .insert(articles)
      .values(
        [1, 2, 3, 4].map((n) => ({
          title: `Extra ${n}`,
          status: "published" as const,
          publishedAt: sql`now() - interval '1 day'`,
        })),
      )
      .returning({ id: articles.id });
    for (const [i, row] of extra.entries()) await read(row.id, "2026-06-30T10:00:00Z", 10 + i);
    const top = await topStoriesOfWeek(database.db, {}, now);
    expect(top.map((s) => s.views)).toEqual([13, 12, 11, 10, 6]);
    expect(one(top.slice(-1)).id).toBe(ids.harmattan);
  });
});
