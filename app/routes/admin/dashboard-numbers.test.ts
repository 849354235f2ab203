/**
 * The dashboard's numbers and the editor's views chart, per role, through the routes' loaders: what each
 * role is sent (a count only with the list it opens, a writer's views only of their own stories).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  articleRevisions,
  articles,
  backupRuns,
  comments,
  contactMessages,
  newsletterSubscribers,
  settings,
} from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { recordArticleView, viewDay } from "#app/domain/articles/views.server";
import { writeBackup } from "#app/domain/backup/dump.server";
import * as articlesEditRoute from "./articles.edit";
import * as dashboardRoute from "./dashboard";
import { args, getRequest, makeUser, outcome, sessionCookieFor } from "#test-support/route-calls";
import { testServices } from "#test-support/services";

type Role = "admin" | "editor" | "writer";
interface DashboardBody {
  viewsByDay: Array<{ day: string; views: number }>;
  topStories: Array<{ id: string; title: string; views: number; isLive: boolean }>;
  pending: Array<{ key: string; to: string; count: number }>;
  newsletter: { confirmed: number; joined: number; joinedBefore: number; left: number } | null;
  health: Array<{ key: string; label: string; ok: boolean; detail: string }>;
}
interface EditBody {
  viewsByDay: Array<{ day: string; views: number }>;
}

const DAY = 24 * 60 * 60 * 1000;

describe("the dashboard's numbers and the editor's views chart per role", () => {
  let database: TestDatabase;
  const cookies: Record<Role, string> = { admin: "", editor: "", writer: "" };
  const ids = { writer: "", editor: "", writersStory: "", editorsStory: "" };
  const today = viewDay(new Date());
  const yesterday = viewDay(new Date(Date.now() - DAY));

  let reader = 0;
  async function read(articleId: string, at: Date, count: number) {
    for (let i = 0; i < count; i++) {
      reader++;
      expect(await recordArticleView(database.db, articleId, { ip: `10.8.0.${reader}` }, at)).toBe("counted");
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    // The editor reads the site's timezone and week start from the settings row.
    await database.db.insert(settings).values({ id: 1 });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
      if (role !== "admin") ids[role] = user.id;
    }
    const live = { status: "published" as const, publishedAt: sql`now() - interval '2 days'` };
    const [writersStory, editorsStory] = await database.db
      .insert(articles)
      .values([
        { title: "Writer's story", authorId: ids.writer, ...live },
        { title: "Editor's story", authorId: ids.editor, ...live },
        { title: "Waiting for review", authorId: ids.writer, status: "pending" },
      ])
      .returning({ id: articles.id });
    if (!writersStory || !editorsStory) throw new Error("expected the articles");
    ids.writersStory = writersStory.id;
    ids.editorsStory = editorsStory.id;
    await read(ids.writersStory, new Date(), 2);
    await read(ids.writersStory, new Date(Date.now() - DAY), 1);
    await read(ids.editorsStory, new Date(), 5);

    await database.db.insert(comments).values(
      ["pending", "pending", "approved"].map((status) => ({
        articleId: ids.editorsStory,
        authorName: "Reader",
        authorEmail: "reader@x.co",
        text: "Well said",
        status: status as "pending" | "approved",
      })),
    );
    await database.db.insert(articleRevisions).values({
      articleId: ids.writersStory,
      authorId: ids.writer,
      state: "proposed",
      snapshot: {
        title: "Writer's story, revised",
        excerpt: "",
        content: "<p>New</p>",
        categoryId: null,
        tags: [],
        imageUrl: "",
        youtubeUrl: "",
        authorName: "writer",
        useManualDate: false,
        manualDate: null,
        status: "published",
      },
    });
    await database.db.insert(contactMessages).values([
      { name: "Ama", email: "ama@x.co", message: "Hello", status: "new" },
      { name: "Kofi", email: "kofi@x.co", message: "Thanks", status: "read" },
    ]);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const dashboardFor = async (role: Role) => {
    const result = await outcome(() =>
      dashboardRoute.loader(args(getRequest("/admin/dashboard", cookies[role]))),
    );
    expect(result.status).toBe(200);
    return result.body as DashboardBody;
  };
  const dayOf = (series: Array<{ day: string; views: number }>, day: string) =>
    series.find((d) => d.day === day)?.views;

  test("admins and editors see the newsroom's views per day, the week's top stories and every pending count", async () => {
    for (const role of ["admin", "editor"] as const) {
      const body = await dashboardFor(role);
      expect(body.viewsByDay).toHaveLength(30);
      expect(body.viewsByDay.at(-1)?.day).toBe(today);
      expect(dayOf(body.viewsByDay, today), role).toBe(7);
      expect(dayOf(body.viewsByDay, yesterday), role).toBe(1);
      expect(body.viewsByDay.reduce((sum, d) => sum + d.views, 0)).toBe(8);
      expect(body.topStories.map((s) => [s.title, s.views, s.isLive])).toEqual([
        ["Editor's story", 5, true],
        ["Writer's story", 3, true],
      ]);
      expect(body.pending.map((p) => [p.key, p.count, p.to])).toEqual([
        ["comments", 2, "/admin/comments?status=pending"],
        // The submitted story and the proposed change to the live one.
        ["reviews", 2, "/admin/articles?status=review"],
        ["messages", 1, "/admin/messages"],
      ]);
    }
  });

  test("a writer sees the views of their own stories only, and no count of lists they cannot open", async () => {
    const body = await dashboardFor("writer");
    expect(dayOf(body.viewsByDay, today)).toBe(2);
    expect(dayOf(body.viewsByDay, yesterday)).toBe(1);
    expect(body.viewsByDay.reduce((sum, d) => sum + d.views, 0)).toBe(3);
    expect(body.topStories.map((s) => s.id)).toEqual([ids.writersStory]);
    expect(body.pending).toEqual([]);
    // Not sent at all, not merely hidden.
    expect(JSON.stringify(body)).not.toContain("/admin/messages");
    expect(JSON.stringify(body)).not.toContain("/admin/comments");
  });

  test("subscriber growth: confirmed now, joined in the last 30 days and the 30 before, left; not for writers", async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await database.db.insert(newsletterSubscribers).values([
      {
        email: "new@example.com",
        status: "confirmed",
        token: "growth-token-1-xxxxxxxxxxxx",
        confirmedAt: ago(2),
      },
      {
        email: "month@example.com",
        status: "confirmed",
        token: "growth-token-2-xxxxxxxxxxxx",
        confirmedAt: ago(45),
      },
      {
        email: "old@example.com",
        status: "confirmed",
        token: "growth-token-3-xxxxxxxxxxxx",
        confirmedAt: ago(90),
      },
      { email: "waiting@example.com", status: "pending", token: "growth-token-4-xxxxxxxxxxxx" },
      {
        email: "gone@example.com",
        status: "unsubscribed",
        token: "growth-token-5-xxxxxxxxxxxx",
        confirmedAt: ago(40),
        unsubscribedAt: ago(1),
      },
    ]);
    for (const role of ["admin", "editor"] as const)
      expect((await dashboardFor(role)).newsletter).toEqual({
        confirmed: 3,
        joined: 1,
        joinedBefore: 2,
        left: 1,
      });
    expect((await dashboardFor("writer")).newsletter).toBeNull();
  });

  test("the last good backup, to admins only: none yet is a warning; one just written is fine; after 48 hours without one, a warning", async () => {
    const backupLine = async (role: Role) =>
      (await dashboardFor(role)).health.find((check) => check.key === "backups");
    expect(await backupLine("admin")).toEqual({
      key: "backups",
      label: "Backups",
      ok: false,
      detail: "No good backup recorded: schedule npm run backup (see the operations guide)",
    });
    // A real backup, as `npm run backup` writes it, records itself once its manifest is on disk.
    const folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-dashboard-backup-"));
    try {
      await writeBackup(database.db, path.join(folder, "nightly"), {
        engine: "pglite",
        media: testServices(database.db, { media: path.join(folder, "media") }).media,
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const [run] = await database.db.select().from(backupRuns);
    const at = `${run!.finishedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    expect(await backupLine("admin")).toEqual({
      key: "backups",
      label: "Backups",
      ok: true,
      // A loaded machine may have crossed a minute since.
      detail: expect.stringMatching(new RegExp(`^Last good backup [01] minutes? ago \\(${at}\\)$`)),
    });
    for (const role of ["editor", "writer"] as const) expect(await backupLine(role), role).toBeUndefined();

    // The nightly job has not run for two nights and a bit.
    const then = new Date(Date.now() - 50 * 60 * 60 * 1000);
    await database.db.update(backupRuns).set({ finishedAt: then });
    expect(await backupLine("admin")).toEqual({
      key: "backups",
      label: "Backups",
      ok: false,
      detail: `No good backup for more than 48 hours: the last was 2 days ago (${then.toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    });
    for (const role of ["editor", "writer"] as const) expect(await backupLine(role), role).toBeUndefined();
  });

  test("the article editor's chart shows that article's views per day, to whoever may edit it", async () => {
    const editLoader = async (role: Role, id: string) =>
      outcome(() =>
        articlesEditRoute.loader(args(getRequest(`/admin/articles/edit/${id}`, cookies[role]), { id })),
      );
    for (const role of ["admin", "editor", "writer"] as const) {
      const result = await editLoader(role, ids.writersStory);
      expect(result.status, role).toBe(200);
      const { viewsByDay } = result.body as EditBody;
      expect(viewsByDay).toHaveLength(30);
      expect(dayOf(viewsByDay, today), role).toBe(2);
      expect(dayOf(viewsByDay, yesterday), role).toBe(1);
    }
    const editors = await editLoader("editor", ids.editorsStory);
    expect(dayOf((editors.body as EditBody).viewsByDay, today)).toBe(5);
    // Someone else's story: the writer gets 403, and no figures with it.
    const refused = await editLoader("writer", ids.editorsStory);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      title: "Access Denied",
      message: "You don't have permission to access this page.",
    });
  });
});
