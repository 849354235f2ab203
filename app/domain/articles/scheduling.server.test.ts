import { and, eq } from "drizzle-orm";
import { MAIN_EDITION, MAIN_ONLY } from "#test-support/editions";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { openDatabase } from "#app/db/client.server";
import { activityLog, articles, categories, notifications, settings, users } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { newsSitemapXml, rssXml } from "#app/domain/feeds/feeds.server";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { isDomainError } from "#app/lib/errors";
import { instantToZonedTime } from "#app/lib/zoned-time";
import { saveArticle, setArticleStatus } from "./admin.server";
import { articleInput, outcome, revisionsInOrder, staff } from "#test-support/article-fixtures";
import { articlesByCategorySlug, getPublishedArticle, latestArticles } from "./public.server";
import { nextScheduledTime, publishDueArticles, startScheduler } from "./scheduler.server";
import { fixedClock, testServices } from "#test-support/services";

/** The site's clock is an hour ahead of UTC, so a wrong conversion shows. */
const ZONE = "Africa/Lagos";
const MINUTE = 60_000;

/** The form's `datetime-local` value for an instant, as an editor in Lagos would type it. */
const typed = (instant: Date) => instantToZonedTime(instant, ZONE);
/** A whole minute `minutes` from now (the input has no seconds). */
const minutesAhead = (minutes: number) => {
  const at = new Date(Date.now() + minutes * MINUTE);
  at.setUTCSeconds(0, 0);
  return at;
};

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error("the save was not refused");
}

describe.each(TEST_ENGINES)("scheduled publishing on %s", (engine) => {
  let database: TestDatabase;
  const editor = staff("editor", "Edem");
  const admin = staff("admin", "Ada");
  const writer = staff("writer", "Wale");
  let categoryId: string;
  let changes: SiteChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [editor, admin, writer]) {
      await database.db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role! });
    }
    await database.db.insert(settings).values({ id: 1, timezone: ZONE, siteTitle: "Newsdesk" });
    forgetCachedSettings(database.db);
    ({ id: categoryId } = one(
      await database.db
        .insert(categories)
        .values({ name: "Politics", slug: "politics" })
        .returning({ id: categories.id }),
    ));
    onSiteChange(database.db, (change) => changes.push(change));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(notifications);
    await database.db.delete(activityLog);
    changes = [];
  });

  const stored = async (id: string) =>
    one(await database.db.select().from(articles).where(eq(articles.id, id)));
  const schedule = (actor = editor, at = minutesAhead(30), extra: Record<string, unknown> = {}) =>
    saveArticle(
      testServices(database.db),
      actor,
      articleInput({
        title: "Budget day",
        status: "scheduled",
        scheduledAt: typed(at),
        categoryId,
        ...extra,
      }),
    );

  describe("the save rules", () => {
    test("an editor schedules: the time is read in the site's timezone; readers see nothing yet", async () => {
      const at = minutesAhead(30);
      const saved = await schedule(editor, at);
      expect(saved.status).toBe("scheduled");
      const row = await stored(saved.id);
      expect(row.status).toBe("scheduled");
      expect(row.scheduledAt?.toISOString()).toBe(at.toISOString());
      expect(row.publishedAt).toBeNull();
      // Not live anywhere, and no page had to change.
      expect(await getPublishedArticle(database.db, saved.id)).toBeFalsy();
      expect((await latestArticles(database.db, "en")).map((a) => a.id)).not.toContain(saved.id);
      expect(changes).toEqual([]);
      // Saved like any other save: a revision and a log entry naming the time.
      const revisions = await revisionsInOrder(database.db, saved.id);
      expect(revisions.map((r) => r.snapshot.status)).toEqual(["scheduled"]);
      const entry = one(await database.db.select().from(activityLog));
      expect(entry).toMatchObject({ action: "scheduled article", userName: "Edem" });
      expect(entry.description).toBe(`Publishes at ${at.toISOString()}`);
    });

    test("a time that has passed, none, or nonsense is refused with a message and nothing is written", async () => {
      const past = await refusal(schedule(editor, new Date(Date.now() - MINUTE)));
      expect(past).toEqual({ code: "invalid", fieldErrors: { scheduledAt: ARTICLE_TEXT.schedulePast } });
      for (const scheduledAt of ["", "tomorrow", "2026-02-31T10:00"]) {
        const missing = await refusal(
          saveArticle(testServices(database.db), admin, articleInput({ status: "scheduled", scheduledAt })),
        );
        expect(missing.fieldErrors).toEqual({ scheduledAt: ARTICLE_TEXT.scheduleMissing });
      }
      expect(await database.db.select().from(articles)).toEqual([]);
    });

    test("a writer cannot schedule (403), not even their own draft; their 'published' still goes to review", async () => {
      expect(await outcome(schedule(writer))).toBe(403);
      const draft = await saveArticle(testServices(database.db), writer, articleInput());
      expect(
        await outcome(
          saveArticle(
            testServices(database.db),
            writer,
            articleInput({ status: "scheduled", scheduledAt: typed(minutesAhead(30)) }),
            draft.id,
          ),
        ),
      ).toBe(403);
      expect((await stored(draft.id)).status).toBe("draft");
      const submitted = await saveArticle(
        testServices(database.db),
        writer,
        articleInput({ status: "published" }),
        draft.id,
      );
      expect(submitted.status).toBe("pending");
    });

    test("a schedule is changed, taken back to draft, or published now; only 'scheduled' keeps a time", async () => {
      const { id } = await schedule();
      const later = minutesAhead(90);
      await saveArticle(
        testServices(database.db),
        editor,
        articleInput({ title: "Budget day", status: "scheduled", scheduledAt: typed(later), categoryId }),
        id,
      );
      expect((await stored(id)).scheduledAt?.toISOString()).toBe(later.toISOString());
      expect(await nextScheduledTime(database.db)).toEqual(later);

      await saveArticle(
        testServices(database.db),
        editor,
        articleInput({ status: "draft", scheduledAt: typed(later) }),
        id,
      );
      expect(await stored(id)).toMatchObject({ status: "draft", scheduledAt: null, publishedAt: null });

      await schedule(editor, later);
      const rescheduled = await schedule(editor, later);
      await saveArticle(
        testServices(database.db),
        editor,
        articleInput({ status: "published", categoryId }),
        rescheduled.id,
      );
      const live = await stored(rescheduled.id);
      expect(live).toMatchObject({ status: "published", scheduledAt: null });
      expect(Math.abs(live.publishedAt!.getTime() - Date.now())).toBeLessThan(MINUTE);
      expect(changes.some((c) => c.scope === "everything")).toBe(true);

      const viaList = await schedule(editor, later);
      await setArticleStatus(testServices(database.db), editor, viaList.id, "draft");
      expect(await stored(viaList.id)).toMatchObject({ status: "draft", scheduledAt: null });
    });
  });

  describe("the scheduler", () => {
    test("publishes a due story at its minute: home, its category, RSS, the news sitemap; every page and memory purged", async () => {
      const { id } = await schedule(editor, minutesAhead(2));
      expect(await publishDueArticles(testServices(database.db))).toEqual([]);
      expect((await stored(id)).status).toBe("scheduled");
      // Two minutes pass (readers' lists show nothing dated in the future, so the clock is real).
      const at = minutesAhead(-1);
      await database.db.update(articles).set({ scheduledAt: at }).where(eq(articles.id, id));

      // Remembered reader data (here the settings) must be dropped by the publish, as by any other.
      await getSettings(database.db);
      await database.db.update(settings).set({ siteTitle: "Newsdesk Daily" }).where(eq(settings.id, 1));
      expect((await getSettings(database.db)).siteTitle).toBe("Newsdesk");

      const published = await publishDueArticles(testServices(database.db));
      expect(published).toEqual([{ id, title: "Budget day" }]);
      const row = await stored(id);
      expect(row).toMatchObject({ status: "published", scheduledAt: null });
      expect(row.publishedAt?.toISOString()).toBe(at.toISOString());

      expect(changes).toEqual([{ scope: "everything", reason: "1 scheduled article(s) published" }]);
      expect((await getSettings(database.db)).siteTitle).toBe("Newsdesk Daily");
      expect((await latestArticles(database.db, "en")).map((a) => a.id)).toContain(id);
      expect(
        (await articlesByCategorySlug(database.db, "en", "politics")).articles.map((a) => a.id),
      ).toContain(id);
      expect(await getPublishedArticle(database.db, id)).toBeTruthy();
      const settingsRow = await getSettings(database.db);
      expect(await rssXml(database.db, "https://news.example", settingsRow, MAIN_EDITION)).toContain(id);
      expect(await newsSitemapXml(database.db, "https://news.example", "Newsdesk", MAIN_ONLY)).toContain(
        `/article/${row.slug}`,
      );

      // Logged once by "System", and the author told once.
      const entries = await database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.action, "published scheduled article"));
      expect(entries).toMatchObject([{ userName: "System", title: "Budget day" }]);
      const notes = await database.db.select().from(notifications);
      expect(notes).toMatchObject([{ recipientId: editor.id, link: `/admin/articles/edit/${id}` }]);

      // Nothing is due any more: a second run publishes nothing and signals nothing.
      changes = [];
      expect(await publishDueArticles(testServices(database.db), new Date(at.getTime() + 60_000))).toEqual(
        [],
      );
      expect(changes).toEqual([]);
    });

    test("a save on this instance wakes the loop: the due story goes live without waiting for the interval", async () => {
      const clock = fixedClock(Date.now());
      const scheduler = startScheduler(testServices(database.db, { clock }), { intervalMs: 10 * MINUTE });
      try {
        const { id: first } = await schedule(editor, minutesAhead(5));
        await new Promise((resolve) => setTimeout(resolve, 100));
        clock.set(Date.now() + 6 * MINUTE); // due, but the loop sleeps for ten minutes...
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await stored(first)).status).toBe("scheduled");
        await schedule(editor, minutesAhead(30), { title: "Another" }); // ...until a schedule is saved here
        await vi.waitFor(async () => expect((await stored(first)).status).toBe("published"), {
          timeout: 3_000,
          interval: 50,
        });
      } finally {
        await scheduler.stop();
      }
    });

    test("the loop publishes on its own when the time comes and stops cleanly", async () => {
      const clock = fixedClock(Date.now());
      const heard: string[] = [];
      const scheduler = startScheduler(testServices(database.db, { clock }), {
        intervalMs: 50,
        onPublished: (rows) => heard.push(...rows.map((r) => r.id)),
      });
      try {
        const at = minutesAhead(5);
        const { id } = await schedule(editor, at);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect((await stored(id)).status).toBe("scheduled");
        clock.set(at.getTime() + 1_000); // the minute has come: no request, no call, just the loop
        await vi.waitFor(async () => expect((await stored(id)).status).toBe("published"), {
          timeout: 3_000,
          interval: 50,
        });
        expect(heard).toEqual([id]);
      } finally {
        await scheduler.stop();
      }
      // Stopped: a story falling due now stays scheduled.
      const { id: later } = await schedule(editor, minutesAhead(10));
      clock.set(Date.now() + 11 * MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await stored(later)).status).toBe("scheduled");
    });

    test("a scheduled story flagged Breaking News takes the flag when it goes live, not before", async () => {
      const live = await saveArticle(
        testServices(database.db),
        editor,
        articleInput({
          title: "Today's lead",
          status: "published",
          isTopStory: "on",
          featured: "on",
          categoryId,
        }),
      );
      const at = minutesAhead(5);
      const { id: next } = await schedule(editor, at, { title: "Tomorrow's lead", isTopStory: "on" });
      // Until its minute the live story keeps its label, and readers' top story is unchanged.
      expect(await stored(live.id)).toMatchObject({ isTopStory: true, featured: true });
      expect(await stored(next)).toMatchObject({ isTopStory: true, status: "scheduled" });
      // Flagging a story that is not live does not take the flag either (setArticleFlag's path).
      const { id: draft } = await saveArticle(
        testServices(database.db),
        editor,
        articleInput({ title: "Draft", featured: "on" }),
      );
      expect((await stored(live.id)).featured).toBe(true);

      await publishDueArticles(testServices(database.db), new Date(at.getTime() + 1_000));
      expect(await stored(next)).toMatchObject({ isTopStory: true, status: "published" });
      expect(await stored(live.id)).toMatchObject({ isTopStory: false, featured: true });
      // Publishing the flagged draft by the list's action takes Featured in turn.
      await setArticleStatus(testServices(database.db), editor, draft, "published");
      expect((await stored(draft)).featured).toBe(true);
      expect((await stored(live.id)).featured).toBe(false);
    });

    test("two flagged stories due at the same minute: the later scheduled keeps the flag", async () => {
      const at = minutesAhead(5);
      const { id: first } = await schedule(editor, at, { title: "First", isTopStory: "on" });
      const { id: second } = await schedule(editor, new Date(at.getTime() + MINUTE), {
        title: "Second",
        isTopStory: "on",
      });
      await publishDueArticles(testServices(database.db), new Date(at.getTime() + 2 * MINUTE));
      expect(await stored(first)).toMatchObject({ status: "published", isTopStory: false });
      expect(await stored(second)).toMatchObject({ status: "published", isTopStory: true });
    });

    // Two instances need a database server both can reach: PostgreSQL only (the suite runs it there too).
    if (engine === "postgres")
      test("two instances on one PostgreSQL database publish each story exactly once", async () => {
        const second = await openDatabase({ databaseUrl: database.url! });
        try {
          const at = minutesAhead(3);
          const ids: string[] = [];
          // Two of them hold Breaking News: racing instances must not publish two flagged stories.
          for (let i = 0; i < 6; i++)
            ids.push(
              (
                await schedule(editor, at, {
                  title: `Story ${i}`,
                  ...(i % 3 === 1 ? { isTopStory: "on" } : {}),
                })
              ).id,
            );
          const due = new Date(at.getTime() + 1_000);
          const rounds = await Promise.all([
            publishDueArticles(testServices(database.db), due),
            publishDueArticles(testServices(second.db), due),
            publishDueArticles(testServices(database.db), due),
            publishDueArticles(testServices(second.db), due),
          ]);
          const publishedIds = rounds.flat().map((r) => r.id);
          expect(publishedIds.sort()).toEqual([...ids].sort());
          const entries = await database.db
            .select()
            .from(activityLog)
            .where(eq(activityLog.action, "published scheduled article"));
          expect(entries).toHaveLength(6);
          expect(await database.db.select().from(notifications)).toHaveLength(6);
          const live = await database.db
            .select({ id: articles.id })
            .from(articles)
            .where(and(eq(articles.status, "published")));
          expect(live).toHaveLength(6);
          const flagged = await database.db
            .select({ id: articles.id })
            .from(articles)
            .where(eq(articles.isTopStory, true));
          expect(flagged).toHaveLength(1);
        } finally {
          await second.close();
        }
      });
  });
});
