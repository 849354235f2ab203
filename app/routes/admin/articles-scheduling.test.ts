/**
 * Scheduling from the article screens, per role (decision record 007): editors and admins schedule with a
 * date and time read in the site's timezone; a time gone by is refused with the form kept as typed; a
 * writer cannot schedule (403); the list filters scheduled stories and shows their time.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articles, settings } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { instantToZonedTime } from "#app/lib/zoned-time";
import * as articlesAddRoute from "./articles.add";
import * as articlesEditRoute from "./articles.edit";
import * as articlesRoute from "./articles";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
} from "#test-support/route-calls";

const ZONE = "America/New_York";

describe.each(TEST_ENGINES)("scheduling from the article screens on %s", (engine) => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    forgetCachedSettings();
    await database.db.insert(settings).values({ id: 1, timezone: ZONE });
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
  });

  const inOneDay = () => {
    const at = new Date(Date.now() + 24 * 3600_000);
    at.setUTCSeconds(0, 0);
    return at;
  };
  const form = (change: Record<string, string> = {}): Record<string, string> => ({
    title: "Election results",
    content: "<p>The count is complete.</p>",
    status: "scheduled",
    scheduledAt: instantToZonedTime(inOneDay(), ZONE),
    ...change,
  });
  const add = (fields: Record<string, string>, cookie: string) =>
    outcome(() => articlesAddRoute.action(args(postRequest("/admin/articles/add", fields, cookie))));
  const allRows = () => database.db.select().from(articles);

  test.each(["admin", "editor"] as const)(
    "%s schedules: stored at the instant the site's clock names",
    async (role) => {
      const at = inOneDay();
      const result = await add(form({ scheduledAt: instantToZonedTime(at, ZONE) }), cookies[role]);
      const article = one(await allRows());
      expect(result).toMatchObject({ status: 302, location: `/admin/articles/edit/${article.id}` });
      expect(await toastOf(result.setCookie)).toMatchObject({
        message: `${ARTICLE_TEXT.created} ${ARTICLE_TEXT.scheduled}`,
      });
      expect(article).toMatchObject({ status: "scheduled", publishedAt: null });
      expect(article.scheduledAt?.toISOString()).toBe(at.toISOString());

      // The edit screen shows it back in New York time.
      const loaded = (await outcome(() =>
        articlesEditRoute.loader(
          args(getRequest(`/admin/articles/edit/${article.id}`, cookies[role]), { id: article.id }),
        ),
      )) as { body: { values: { scheduledAt: string; status: string }; timeZone: string } };
      expect(loaded.body.values).toMatchObject({
        status: "scheduled",
        scheduledAt: instantToZonedTime(at, ZONE),
      });
      expect(loaded.body.timeZone).toBe(ZONE);
    },
  );

  test("a writer cannot schedule: 403 and nothing written", async () => {
    const result = await add(form(), cookies.writer);
    expect(result.status).toBe(403);
    expect(await allRows()).toEqual([]);
  });

  test("a time gone by: 400 with the message, the form keeps what was typed, nothing written", async () => {
    const typed = instantToZonedTime(new Date(Date.now() - 3600_000), ZONE);
    const result = await add(form({ scheduledAt: typed, title: "Late story" }), cookies.editor);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      values: { title: "Late story", status: "scheduled", scheduledAt: typed },
      fieldErrors: { scheduledAt: ARTICLE_TEXT.schedulePast },
      problem: { message: ARTICLE_TEXT.schedulePast },
    });
    expect(await allRows()).toEqual([]);
  });

  test("no time: refused with its message", async () => {
    const result = await add(form({ scheduledAt: "" }), cookies.admin);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ fieldErrors: { scheduledAt: ARTICLE_TEXT.scheduleMissing } });
  });

  test("the list's Scheduled filter shows only scheduled stories, with their time in the site's timezone", async () => {
    await add(form({ title: "Later story" }), cookies.editor);
    await add(form({ title: "A draft", status: "draft" }), cookies.editor);
    const list = (await outcome(() =>
      articlesRoute.loader(args(getRequest("/admin/articles?status=scheduled", cookies.editor))),
    )) as {
      body: { rows: Array<{ title: string; scheduledAt: Date | null }>; timeZone: string; status: string };
    };
    expect(list.body.status).toBe("scheduled");
    expect(list.body.rows.map((r) => r.title)).toEqual(["Later story"]);
    expect(list.body.rows[0]?.scheduledAt).toBeTruthy();
    expect(list.body.timeZone).toBe(ZONE);
  });

  test("publish now from the list clears the schedule", async () => {
    await add(form(), cookies.editor);
    const { id } = one(await allRows());
    const result = await outcome(() =>
      articlesRoute.action(args(postRequest("/admin/articles", { intent: "publish", id }, cookies.editor))),
    );
    expect(result.status).toBeLessThan(400);
    expect(one(await database.db.select().from(articles).where(eq(articles.id, id)))).toMatchObject({
      status: "published",
      scheduledAt: null,
    });
  });
});
