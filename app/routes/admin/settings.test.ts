/**
 * The Settings and Ads screens called as routes: an admin's save reaches the public settings, each
 * refusal keeps what was typed and writes nothing, reset to defaults needs its confirmation, and
 * editors, writers and signed-out visitors change nothing.
 */
import { desc } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, editions, settings, type Settings } from "#app/db/schema";
import { EDITION_TEXT } from "#app/domain/editions/edition-form";
import { DEFAULT_CONTACT } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase, one } from "#test-support/test-database";
import { ADS_TEXT } from "#app/domain/settings/ads-form";
import { BOOLEAN_SETTINGS, settingsFormValues, SETTINGS_TEXT } from "#app/domain/settings/settings-form";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import { totpCode, totpStep } from "#test-support/authenticator";
import { confirmSetup, startSetup } from "#app/auth/two-factor.server";
import { ResetConfirmStep } from "#app/components/admin/settings-reset";
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
import * as settingsRoute from "./settings";
import { firstRow } from "#app/db/rows";

const expectDenied = (result: Outcome, label: string) => {
  expect(result.status, label).toBe(403);
  expect(result.body, label).toMatchObject({ title: "Access Denied" });
};

describe("settings and ads screens (routes)", () => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["admin", "editor", "writer"] as const) {
      const user = await makeUser(`${role}@example.com`, role);
      cookies[role] = await sessionCookieFor(user.id);
    }
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    // Every test starts from a freshly created settings row (the first start's defaults).
    await database.db.delete(settings);
    await database.db.delete(activityLog);
    await database.db.insert(settings).values({ id: 1, ...DEFAULT_CONTACT });
    // ...and the one edition it names (the main one follows the language, decision record 022).
    await database.db.delete(editions);
    await database.db.insert(editions).values({ tag: "en", name: "English", enabled: true });
    forgetCachedSettings();
  });

  const settingsRow = async () => one(await database.db.select().from(settings));
  const activityRows = () => database.db.select().from(activityLog).orderBy(desc(activityLog.createdAt));
  const snapshot = async () => ({ settings: await settingsRow(), activity: (await activityRows()).length });

  /** The whole settings form as the browser posts it: every field, unticked checkboxes left out. */
  const settingsForm = (row: Settings, change: Record<string, string> = {}) => {
    const fields: Record<string, string> = { ...settingsFormValues(row), tab: "general", ...change };
    for (const key of BOOLEAN_SETTINGS) if (fields[key] === "") delete fields[key];
    return fields;
  };

  const saveSettings = (fields: Record<string, string>, cookie = cookies.admin) =>
    outcome(() => settingsRoute.action(args(postRequest("/admin/settings", fields, cookie))));
  const saveAds = (fields: Record<string, string>, cookie = cookies.admin) =>
    outcome(() => adsRoute.action(args(postRequest("/admin/ads", fields, cookie))));

  // ---------------------------------------------------------------------------------------------
  // Admin saves
  // ---------------------------------------------------------------------------------------------

  test("admin: the loader shows the stored settings", async () => {
    const result = await outcome(() =>
      settingsRoute.loader(args(getRequest("/admin/settings?tab=seo", cookies.admin))),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      tab: "seo",
      canManage: true,
      saved: {
        siteTitle: "Newsdesk",
        postsPerPage: "10",
        cacheDuration: "3600",
        allowComments: "on",
        autoApproveComments: "",
        adminEmail: DEFAULT_CONTACT.adminEmail,
      },
    });
  });

  test("admin saves every field; the public getSettings shows the change, sanitised, and the log says so", async () => {
    const before = await settingsRow();
    const fields = settingsForm(before, {
      siteTitle: "  <b>Daily</b> Planet  ",
      siteDescription: "News you can trust",
      siteUrl: "https://planet.example",
      postsPerPage: "25",
      timezone: "Europe/London",
      dateFormat: "Y-m-d",
      timeFormat: "H:i",
      startOfWeek: "0",
      language: "fr",
      socialFacebook: "https://facebook.com/planet",
      googleAnalyticsId: "G-ABC123",
      seoMetaDescription: "All the news",
      maintenanceEnabled: "on",
      maintenanceMessage: "Back soon <script>",
      cacheDuration: "600",
      tab: "advanced",
    });
    delete fields.allowComments; // unticked: the browser leaves it out
    delete fields.cacheEnabled;
    const result = await saveSettings(fields);
    expect(result).toMatchObject({ status: 302, location: "/admin/settings?tab=advanced" });
    expect(await toastOf(result.setCookie)).toEqual({ type: "success", title: SETTINGS_TEXT.saved });

    const stored = await getSettings(database.db);
    expect(stored).toMatchObject({
      siteTitle: "bDaily/b Planet",
      siteDescription: "News you can trust",
      siteUrl: "https://planet.example",
      postsPerPage: 25,
      timezone: "Europe/London",
      dateFormat: "Y-m-d",
      timeFormat: "H:i",
      startOfWeek: 0,
      language: "fr",
      allowComments: false,
      moderateComments: true,
      googleAnalyticsId: "G-ABC123",
      seoMetaDescription: "All the news",
      maintenanceEnabled: true,
      maintenanceMessage: "Back soon script",
      cacheDuration: 600,
      cacheEnabled: false,
      adsEnabled: before.adsEnabled,
    });
    expect(stored.socialMedia).toMatchObject({ facebook: "https://facebook.com/planet", twitter: "" });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    const entry = firstRow(await activityRows());
    expect(entry).toMatchObject({ type: "settings", action: "updated settings", userName: "admin" });
    expect(entry.description).toContain("Site Title");
    expect(entry.description).toContain("Posts Per Page");
  });

  // ---------------------------------------------------------------------------------------------
  // Validation: each message beside its field, what was typed kept, nothing written
  // ---------------------------------------------------------------------------------------------

  test.each([
    ["postsPerPage", "0", SETTINGS_TEXT.postsPerPage, "content"],
    ["postsPerPage", "101", SETTINGS_TEXT.postsPerPage, "content"],
    ["postsPerPage", "ten", SETTINGS_TEXT.postsPerPage, "content"],
    ["cacheDuration", "299", SETTINGS_TEXT.cacheDuration, "advanced"],
    ["cacheDuration", "86401", SETTINGS_TEXT.cacheDuration, "advanced"],
    ["siteTitle", "T".repeat(101), "Site Title must be at most 100 characters.", "general"],
    ["siteTitle", "   ", SETTINGS_TEXT.siteTitleRequired, "general"],
    ["seoMetaDescription", "d".repeat(301), "Meta Description must be at most 300 characters.", "seo"],
    ["contactNumber", "1".repeat(21), "Contact Number must be at most 20 characters.", "general"],
    ["timezone", "Mars/Olympus", "Please choose a timezone from the list.", "general"],
    ["socialTwitter", "javascript:alert(1)", SETTINGS_TEXT.webAddress, "social"],
  ])(
    "%s = %j is refused with its message; the form keeps it and nothing is written",
    async (field, value, message, tab) => {
      const before = await snapshot();
      const fields = settingsForm(before.settings, {
        [field]: value,
        siteDescription: "Typed but not saved",
        tab: "analytics",
      });
      const result = await saveSettings(fields);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        errors: { [field]: { title: message } },
        values: { [field]: value, siteDescription: "Typed but not saved" },
        tab, // the tab of the problem opens
      });
      expect(Object.keys((result.body as { errors: object }).errors)).toEqual([field]);
      expect(await snapshot()).toEqual(before);
      forgetCachedSettings();
      expect((await getSettings(database.db)).siteDescription).toBe(before.settings.siteDescription);
    },
  );

  test("several problems at once each sit beside their own field", async () => {
    const before = await snapshot();
    const result = await saveSettings(
      settingsForm(before.settings, {
        postsPerPage: "500",
        cacheDuration: "10",
        siteTitle: "x".repeat(150),
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      errors: {
        postsPerPage: { title: SETTINGS_TEXT.postsPerPage },
        cacheDuration: { title: SETTINGS_TEXT.cacheDuration },
        siteTitle: { title: "Site Title must be at most 100 characters." },
      },
      values: { postsPerPage: "500", cacheDuration: "10", siteTitle: "x".repeat(150) },
    });
    expect(await snapshot()).toEqual(before);
  });

  // ---------------------------------------------------------------------------------------------
  // Reset to defaults
  // ---------------------------------------------------------------------------------------------

  test("reset asks first; after confirmation the defaults return, ads are kept, and the log says so", async () => {
    await database.db.update(settings).set({
      siteTitle: "Changed",
      siteDescription: "Changed too",
      siteUrl: "https://old.example",
      adminEmail: "boss@old.example",
      postsPerPage: 42,
      cacheDuration: 900,
      timezone: "Asia/Tokyo",
      allowComments: false,
      autoApproveComments: true,
      maintenanceEnabled: true,
      socialMedia: { ...(await settingsRow()).socialMedia, facebook: "https://facebook.com/old" },
      adsEnabled: true,
      adsPublisherId: "ca-pub-123456",
    });
    forgetCachedSettings();
    const before = await snapshot();

    const asked = await saveSettings({ intent: "reset", tab: "seo" });
    expect(asked).toMatchObject({ status: 200, body: { confirmReset: true, tab: "seo" } });
    expect(await snapshot()).toEqual(before);

    const result = await saveSettings({ intent: "reset", confirmed: "yes", tab: "seo" });
    expect(result).toMatchObject({ status: 302, location: "/admin/settings?tab=seo" });
    expect(await toastOf(result.setCookie)).toEqual({ type: "success", title: SETTINGS_TEXT.resetDone });

    const stored = await getSettings(database.db);
    expect(stored).toMatchObject({
      siteTitle: "Newsdesk",
      siteDescription: "Your Trusted Source for News",
      siteUrl: "http://localhost", // the current origin
      ...DEFAULT_CONTACT,
      postsPerPage: 10,
      cacheDuration: 3600,
      cacheEnabled: true,
      timezone: "Africa/Accra",
      dateFormat: "F j, Y",
      timeFormat: "g:i a",
      language: "en",
      startOfWeek: 1,
      allowComments: true,
      moderateComments: true,
      autoApproveComments: false,
      enableNewsletter: true,
      maintenanceEnabled: false,
      maintenanceMessage: "Site is under maintenance. Please check back soon.",
      adsEnabled: true,
      adsPublisherId: "ca-pub-123456",
    });
    expect(Object.values(stored.socialMedia).every((link) => link === "")).toBe(true);
    const [entry] = await activityRows();
    expect(entry).toMatchObject({ type: "settings", action: "reset settings to defaults" });
  });

  test("reset keeps the security settings: two-factor stays required and staff stay out of analytics", async () => {
    await database.db.update(settings).set({ requireTwoFactor: true, analyticsExcludeStaff: false });
    forgetCachedSettings();
    // With two-factor required the admin reaches Settings only once their own is set up.
    const admin = await makeUser("secure-admin@example.com", "admin");
    await confirmSetup(
      database.db,
      admin.id,
      totpCode(await startSetup(database.db, admin.id), totpStep(new Date())),
    );
    const cookie = await sessionCookieFor(admin.id);

    const result = await saveSettings({ intent: "reset", confirmed: "yes", tab: "advanced" }, cookie);
    expect(result).toMatchObject({ status: 302, location: "/admin/settings?tab=advanced" });
    expect(await getSettings(database.db)).toMatchObject({
      requireTwoFactor: true,
      analyticsExcludeStaff: false,
    });
    // The question says so before anyone answers it (here the step shown without JavaScript).
    expect(SETTINGS_TEXT.resetKeeps).toMatch(/^Security settings \(two-factor requirement, .*\) are kept\.$/);
    const Stub = createRoutesStub([
      {
        path: "/admin/settings",
        Component: () => createElement(ResetConfirmStep, { tab: "advanced", cancelTo: "/admin/settings" }),
      },
    ]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/settings"] }));
    expect(html).toContain(SETTINGS_TEXT.resetConfirm);
    expect(html).toContain(SETTINGS_TEXT.resetKeeps);
  });

  // ---------------------------------------------------------------------------------------------
  // Ads
  // ---------------------------------------------------------------------------------------------

  test("ads: admin saves; the settings keep everything else and the ad units; the log says so", async () => {
    const slots = [{ key: "header", slotId: "1234567890", active: true, format: "auto" }];
    await database.db.update(settings).set({ adSlots: slots, siteTitle: "Kept" });
    forgetCachedSettings();
    const loaded = await outcome(() => adsRoute.loader(args(getRequest("/admin/ads", cookies.admin))));
    expect(loaded.body).toMatchObject({
      saved: { adsEnabled: "", adsPublisherId: "" },
      // An entry stored before units had slots is read, placed nowhere until edited.
      units: [{ name: "header", unitId: "1234567890", active: true, size: "responsive", placement: null }],
    });

    const result = await saveAds({
      adsEnabled: "on",
      adsPublisherId: " ca-pub-1234567890123456 ",
      adsNonPersonalized: "on",
    });
    expect(result).toMatchObject({ status: 302, location: "/admin/ads" });
    expect(await toastOf(result.setCookie)).toEqual({ type: "success", title: ADS_TEXT.saved });
    expect(await getSettings(database.db)).toMatchObject({
      adsEnabled: true,
      adsPublisherId: "ca-pub-1234567890123456",
      adsAutoAdsEnabled: false,
      adsNonPersonalized: true,
      adSlots: slots,
      siteTitle: "Kept",
    });
    expect((await activityRows())[0]).toMatchObject({ type: "settings", action: "updated ads settings" });
  });

  test.each(["pub-123", "ca-pub-12ab", "ca-pub-", "<script>"])(
    "ads: publisher id %j is refused beside its field, kept, and nothing is written",
    async (value) => {
      const before = await snapshot();
      const result = await saveAds({ adsEnabled: "on", adsPublisherId: value });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        errors: { adsPublisherId: { title: ADS_TEXT.publisherId } },
        values: { adsEnabled: "on", adsPublisherId: value },
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Refusals
  // ---------------------------------------------------------------------------------------------

  test("a language that is already an edition is refused beside Language, on General, what was typed kept", async () => {
    await database.db.insert(editions).values({ tag: "fr", name: "Français", position: 1 });
    const before = await snapshot();
    const fields = settingsForm(before.settings, { language: "fr", siteTitle: "Typed", tab: "seo" });
    const result = await saveSettings(fields);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      errors: { language: { title: EDITION_TEXT.languageIsEdition } },
      values: { language: "fr", siteTitle: "Typed" },
      tab: "general",
    });
    expect(await snapshot()).toEqual(before);
    expect((await database.db.select().from(editions)).map((row) => row.tag).sort()).toEqual(["en", "fr"]);
  });

  test.each(["editor", "writer"] as const)(
    "%s: 403 on the settings and ads loaders and actions, and nothing changes",
    async (role) => {
      const cookie = cookies[role];
      const before = await snapshot();
      const calls: Array<[string, () => Promise<unknown>]> = [
        ["settings loader", () => settingsRoute.loader(args(getRequest("/admin/settings", cookie)))],
        [
          "settings save",
          () =>
            settingsRoute.action(
              args(
                postRequest(
                  "/admin/settings",
                  settingsForm(before.settings, { siteTitle: "Hijack" }),
                  cookie,
                ),
              ),
            ),
        ],
        [
          "settings reset",
          () =>
            settingsRoute.action(
              args(postRequest("/admin/settings", { intent: "reset", confirmed: "yes" }, cookie)),
            ),
        ],
        ["ads loader", () => adsRoute.loader(args(getRequest("/admin/ads", cookie)))],
        [
          "ads save",
          () =>
            adsRoute.action(
              args(postRequest("/admin/ads", { adsEnabled: "on", adsPublisherId: "ca-pub-1" }, cookie)),
            ),
        ],
      ];
      for (const [label, run] of calls) expectDenied(await outcome(run), `${role} ${label}`);
      expect(await snapshot()).toEqual(before);
    },
  );

  test("signed out: the loaders and actions send to /admin/login and write nothing", async () => {
    const before = await snapshot();
    const calls: Array<() => Promise<unknown>> = [
      () => settingsRoute.loader(args(getRequest("/admin/settings"))),
      () =>
        settingsRoute.action(
          args(postRequest("/admin/settings", settingsForm(before.settings, { siteTitle: "X" }))),
        ),
      () => settingsRoute.action(args(postRequest("/admin/settings", { intent: "reset", confirmed: "yes" }))),
      () => adsRoute.loader(args(getRequest("/admin/ads"))),
      () => adsRoute.action(args(postRequest("/admin/ads", { adsEnabled: "on" }))),
    ];
    for (const run of calls) {
      expect(await outcome(run)).toMatchObject({ status: 302, location: "/admin/login" });
    }
    expect(await snapshot()).toEqual(before);
  });
});
