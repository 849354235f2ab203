/**
 * The 'Header & Footer Code' screen called as a route: an admin saves (the browser's one JSON post, and
 * the one-change posts of a page without JavaScript); an editor reads but is refused every change; a
 * writer is refused both; a signed-out visitor goes to the sign-in page. A saved snippet reaches the
 * public page code at once and never the back office.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, settings } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import { pageCode } from "#app/domain/snippets/page-code.server";
import { SNIPPET_DEFAULTS, type CodeSnippet } from "#app/domain/snippets/snippet-rules";
import * as codeRoute from "./code";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
} from "#test-support/route-calls";
import { firstRow } from "#app/db/rows";

const load = (cookie?: string) => outcome(() => codeRoute.loader(args(getRequest("/admin/code", cookie))));
const post = (fields: Record<string, string>, cookie?: string) =>
  outcome(() => codeRoute.action(args(postRequest("/admin/code", fields, cookie))));

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36";

const verification: CodeSnippet = {
  id: "verify",
  name: "Site verification",
  ...SNIPPET_DEFAULTS,
  type: "meta",
  includePaths: ["*"],
  excludePaths: ["/article/*"],
  code: '<meta name="nd-verify" content="abc">',
};

describe("/admin/code (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.insert(settings).values({ id: 1 });
    forgetCachedSettings();
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.update(settings).set({ codeSnippets: [] });
    forgetCachedSettings();
  });

  const stored = async () => firstRow(await database.db.select().from(settings)).codeSnippets;
  const activityCount = async () => (await database.db.select().from(activityLog)).length;

  test("admin: 'Save All Changes' stores the whole list, logs it, and the public page has it at once", async () => {
    await getSettings(database.db); // warm the cache: the save must clear it
    const before = await activityCount();
    const result = await post({ intent: "save", snippets: JSON.stringify([verification]) }, cookies.admin);
    expect(result).toMatchObject({
      status: 200,
      body: { result: { type: "success", title: "Snippets saved" } },
    });
    expect(await stored()).toEqual([verification]);
    expect(await activityCount()).toBe(before + 1);

    const loaded = await load(cookies.admin);
    expect(loaded).toMatchObject({ status: 200, body: { canManage: true, snippets: [verification] } });

    const current = await getSettings(database.db);
    expect(pageCode(current, "/", DESKTOP)?.head).toContain('<meta name="nd-verify" content="abc">');
    expect(pageCode(current, "/article/1", DESKTOP)?.head).not.toContain("nd-verify");
    expect(pageCode(current, "/admin", DESKTOP)).toBeNull();
    expect(pageCode(current, "/admin/code", DESKTOP)).toBeNull();
  });

  test("admin: a list that does not validate is refused with 'Failed to save' and nothing changes", async () => {
    await post({ intent: "save", snippets: JSON.stringify([verification]) }, cookies.admin);
    const before = await activityCount();
    for (const snippets of ["not json", JSON.stringify([{ ...verification, name: "" }]), '{"a":1}']) {
      const result = await post({ intent: "save", snippets }, cookies.admin);
      expect(result).toMatchObject({
        status: 400,
        body: { result: { type: "error", title: "Failed to save" } },
      });
    }
    const twins = JSON.stringify([verification, { ...verification, name: "Twin" }]);
    expect((await post({ intent: "save", snippets: twins }, cookies.admin)).status).toBe(400);
    expect(await stored()).toEqual([verification]);
    expect(await activityCount()).toBe(before);
  });

  test("admin without JavaScript: add, toggle and remove each save at once", async () => {
    const added = await post(
      {
        intent: "add",
        name: "Banner",
        type: "html",
        siteDisplay: "pages",
        includePaths: " /contact , ,/category/*",
        excludePaths: "",
        location: "body_start",
        deviceDisplay: "all",
        status: "active",
        code: "<p>hello</p>",
      },
      cookies.admin,
    );
    expect(added).toMatchObject({ status: 200, body: { result: { title: "Snippets saved" } } });
    const banner = firstRow(await stored());
    expect(banner).toMatchObject({
      name: "Banner",
      includePaths: ["/contact", "/category/*"],
      status: "active",
    });

    await post({ intent: "toggle", id: banner.id }, cookies.admin);
    expect(firstRow(await stored()).status).toBe("inactive");
    await post({ intent: "toggle", id: banner.id }, cookies.admin);
    expect(firstRow(await stored()).status).toBe("active");
    await post({ intent: "remove", id: banner.id, confirmed: "yes" }, cookies.admin);
    expect(await stored()).toEqual([]);
  });

  test("admin: an add without name or code answers 'Name and code are required' and keeps the input", async () => {
    const result = await post({ intent: "add", name: "Only a name", code: "  " }, cookies.admin);
    expect(result).toMatchObject({
      status: 400,
      body: { addError: "Name and code are required", addValues: { name: "Only a name" } },
    });
    expect(await stored()).toEqual([]);
  });

  test("editor: sees the list read-only; every change is refused (403) and nothing changes", async () => {
    await post({ intent: "save", snippets: JSON.stringify([verification]) }, cookies.admin);
    const before = await activityCount();
    const loaded = await load(cookies.editor);
    expect(loaded).toMatchObject({ status: 200, body: { canManage: false, snippets: [verification] } });
    const posts: Array<Record<string, string>> = [
      { intent: "save", snippets: "[]" },
      { intent: "add", name: "X", code: "<meta>" },
      { intent: "toggle", id: verification.id },
      { intent: "remove", id: verification.id, confirmed: "yes" },
    ];
    for (const fields of posts) {
      const result = await post(fields, cookies.editor);
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ title: "Access Denied" });
    }
    expect(await stored()).toEqual([verification]);
    expect(await activityCount()).toBe(before);
  });

  test("writer: refused both the screen and the save (403)", async () => {
    expect((await load(cookies.writer)).status).toBe(403);
    const result = await post({ intent: "save", snippets: JSON.stringify([verification]) }, cookies.writer);
    expect(result.status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  test("signed out: sent to the sign-in page, nothing saved", async () => {
    expect(await load()).toMatchObject({ status: 302, location: "/admin/login" });
    const result = await post({ intent: "save", snippets: JSON.stringify([verification]) });
    expect(result).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await stored()).toEqual([]);
  });
});
