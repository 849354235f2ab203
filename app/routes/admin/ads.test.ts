/**
 * The Ads screen's ad units called as routes: an admin creates, edits, switches and deletes units (each
 * logged, each purging the page cache); refusals keep what was typed and write nothing; delete asks
 * first; editors, writers and signed-out visitors change nothing.
 */
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, settings } from "#app/db/schema";
import { DEFAULT_CONTACT } from "#app/db/seed.server";
import { createTestDatabase, one, type TestDatabase } from "#test-support/test-database";
import { AD_UNIT_TEXT, readStoredAdUnits } from "#app/domain/ads/ad-units";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { ADS_TEXT } from "#app/domain/settings/ads-form";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import * as adsRoute from "./ads";
import {
  args,
  getRequest,
  makeUser,
  outcome,
  postRequest,
  sessionCookieFor,
  toastOf,
  type Outcome,
} from "#test-support/route-calls";

const UNIT = {
  intent: "unit-save",
  name: "Story break",
  placement: "in_article",
  afterParagraph: "2",
  size: "300x250",
  source: "unit",
  unitId: "1234567890",
  code: "",
  active: "on",
};

describe("ad units on the Ads screen (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };
  const changes: SiteChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
    onSiteChange(database.db, (change) => changes.push(change));
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(settings);
    await database.db.delete(activityLog);
    await database.db.insert(settings).values({ id: 1, ...DEFAULT_CONTACT });
    forgetCachedSettings();
    changes.length = 0;
  });

  const post = (fields: Record<string, string>, cookie = cookies.admin, path = "/admin/ads") =>
    outcome(() => adsRoute.action(args(postRequest(path, fields, cookie))));
  const units = async () => readStoredAdUnits((await getSettings(database.db)).adSlots);
  const activity = () => database.db.select().from(activityLog).orderBy(desc(activityLog.createdAt));
  const snapshot = async () => ({
    row: one(await database.db.select().from(settings)),
    activity: (await activity()).length,
  });

  test("admin creates, edits, switches off and on, and deletes (after confirming) a unit", async () => {
    const created = await post(UNIT);
    expect(created).toMatchObject({ status: 302, location: "/admin/ads" });
    expect(await toastOf(created.setCookie)).toEqual({ type: "success", title: AD_UNIT_TEXT.saved });
    const [unit] = await units();
    expect(unit).toMatchObject({
      name: "Story break",
      placement: "in_article",
      afterParagraph: 2,
      size: "300x250",
      source: "unit",
      unitId: "1234567890",
      active: true,
    });
    // The spec's fields stay filled for the list and older readers.
    expect((await getSettings(database.db)).adSlots[0]).toMatchObject({
      key: "Story break",
      slotId: "1234567890",
      active: true,
      format: "300x250",
    });
    expect((await activity())[0]).toMatchObject({ action: "created ad unit", title: "Ad unit: Story break" });
    expect(changes).toEqual([{ scope: "everything", reason: "ad units changed" }]);

    const id = unit!.id;
    const loaded = await outcome(() =>
      adsRoute.loader(args(getRequest(`/admin/ads?edit=${id}`, cookies.admin))),
    );
    expect(loaded.body).toMatchObject({
      editing: { id, values: { name: "Story break", afterParagraph: "2" } },
    });

    await post({
      ...UNIT,
      id,
      name: "Sidebar box",
      placement: "sidebar",
      source: "code",
      code: "<div>house</div>",
    });
    expect(await units()).toMatchObject([
      { id, name: "Sidebar box", placement: "sidebar", source: "code", code: "<div>house</div>", unitId: "" },
    ]);

    const off = await post({ intent: "unit-toggle", id, active: "" });
    expect(await toastOf(off.setCookie)).toEqual({ type: "success", title: AD_UNIT_TEXT.switchedOff });
    expect((await units())[0]?.active).toBe(false);
    await post({ intent: "unit-toggle", id, active: "on" });
    expect((await units())[0]?.active).toBe(true);

    const asked = await post({ intent: "unit-delete", id });
    expect(asked).toMatchObject({ status: 200, body: { confirmDelete: { id, name: "Sidebar box" } } });
    expect(await units()).toHaveLength(1);
    const deleted = await post({ intent: "unit-delete", id, confirmed: "yes" });
    expect(await toastOf(deleted.setCookie)).toEqual({ type: "success", title: AD_UNIT_TEXT.deleted });
    expect(await units()).toEqual([]);
    expect((await activity()).map((row) => row.action)).toEqual([
      "deleted ad unit",
      "switched on ad unit",
      "switched off ad unit",
      "updated ad unit",
      "created ad unit",
    ]);
    expect(changes).toHaveLength(5);
  });

  test("a refused unit keeps what was typed, says what is wrong beside each field, and writes nothing", async () => {
    const before = await snapshot();
    const typed = { ...UNIT, name: "", unitId: "ca-pub-99", afterParagraph: "0" };
    const result = await post(typed);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      unitErrors: {
        name: AD_UNIT_TEXT.nameRequired,
        unitId: AD_UNIT_TEXT.unitId,
        afterParagraph: AD_UNIT_TEXT.paragraph,
      },
      unitValues: { unitId: "ca-pub-99", afterParagraph: "0", placement: "in_article" },
    });
    const noCode = await post({ ...UNIT, source: "code", code: " " });
    expect(noCode.body).toMatchObject({ unitErrors: { code: AD_UNIT_TEXT.codeRequired } });
    expect(await snapshot()).toEqual(before);
    expect(changes).toEqual([]);
  });

  test("an unknown unit is a 404 message, nothing written", async () => {
    const before = await snapshot();
    for (const fields of <Array<Record<string, string>>>[
      { intent: "unit-toggle", id: "nope", active: "on" },
      { intent: "unit-delete", id: "nope", confirmed: "yes" },
      { ...UNIT, id: "nope" },
    ]) {
      const result = await post(fields);
      expect(result).toMatchObject({ status: 404, body: { formError: { title: AD_UNIT_TEXT.notFound } } });
    }
    expect(await snapshot()).toEqual(before);
  });

  test("pages without ads and the staff switch are saved with the ads settings", async () => {
    const result = await post({
      intent: "save",
      adsEnabled: "on",
      adsPublisherId: "",
      adsExcludedPaths: " /about \n/category/sport*, /contact",
    });
    expect(result.status).toBe(302);
    expect(await getSettings(database.db)).toMatchObject({
      adsExcludedPaths: ["/about", "/category/sport*", "/contact"],
      adsHideForStaff: false,
    });
    const refused = await post({ intent: "save", adsExcludedPaths: "about", adsHideForStaff: "on" });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        errors: { adsExcludedPaths: { title: ADS_TEXT.excludedPaths } },
        values: { adsExcludedPaths: "about" },
      },
    });
  });

  test.each(["editor", "writer"] as const)(
    "%s: 403 on every ad unit action, and nothing changes",
    async (role) => {
      await post(UNIT);
      const id = (await units())[0]!.id;
      const before = await snapshot();
      const posts: Array<Record<string, string>> = [
        UNIT,
        { ...UNIT, id, name: "Hijack" },
        { intent: "unit-toggle", id, active: "" },
        { intent: "unit-delete", id, confirmed: "yes" },
      ];
      for (const fields of posts) {
        const result: Outcome = await post(fields, cookies[role]);
        expect(result.status, `${role} ${fields.intent}`).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  test("signed out: ad unit actions send to /admin/login", async () => {
    const result = await outcome(() => adsRoute.action(args(postRequest("/admin/ads", UNIT))));
    expect(result).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await units()).toEqual([]);
  });
});
