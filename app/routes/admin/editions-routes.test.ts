/**
 * The Editions screen (/admin/settings/editions, decision record 022) called as routes: an admin sees the
 * editions, adds Twi, renames it, moves it and switches it on, each answered with the screen and a toast;
 * a refusal answers with its text beside its field and what was typed, and changes nothing; editors and
 * writers get Access Denied, signed-out visitors the sign-in page.
 */
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, editions, settings } from "#app/db/schema";
import { DEFAULT_CONTACT } from "#app/db/seed.server";
import { EDITION_TEXT } from "#app/domain/editions/edition-form";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
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
import * as editionsRoute from "./settings.editions";

const SCREEN = "/admin/settings/editions";

describe.each(TEST_ENGINES)("the Editions screen's routes on %s", (engine) => {
  let database: TestDatabase;
  const cookies = { admin: "", editor: "", writer: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const role of ["admin", "editor", "writer"] as const)
      cookies[role] = await sessionCookieFor((await makeUser(`${role}@example.com`, role)).id);
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(settings);
    await database.db.insert(settings).values({ id: 1, ...DEFAULT_CONTACT });
    await database.db.delete(editions);
    await database.db.insert(editions).values({ tag: "en", name: "English", enabled: true });
    await database.db.delete(activityLog);
    forgetCachedSettings();
  });

  const post = (fields: Record<string, string>, cookie = cookies.admin) =>
    outcome(() => editionsRoute.action(args(postRequest(SCREEN, fields, cookie))));
  const load = (cookie = cookies.admin) =>
    outcome(() => editionsRoute.loader(args(getRequest(SCREEN, cookie))));
  const snapshot = async () => ({
    editions: await database.db.select().from(editions).orderBy(asc(editions.position), asc(editions.tag)),
    activity: (await database.db.select().from(activityLog)).length,
  });
  const expectScreenWithToast = async (result: Outcome, title: string) => {
    expect(result).toMatchObject({ status: 302, location: SCREEN });
    expect(await toastOf(result.setCookie)).toMatchObject({ type: "success", title });
  };

  test("admin: the loader lists the editions, the main one at the root", async () => {
    expect(await load()).toMatchObject({
      status: 200,
      body: { editions: [{ tag: "en", name: "English", enabled: true, main: true, address: "/" }] },
    });
  });

  test("admin: each edition but English lists the reader texts its readers see in English, and why", async () => {
    await database.db.insert(editions).values([
      { tag: "tw", name: "Twi", position: 1 },
      { tag: "ee", name: "Eʋegbe", position: 2 },
    ]);
    const result = await load();
    expect(result.status).toBe(200);
    const { messages } = result.body as {
      messages: Array<{
        tag: string;
        total: number;
        problems: Array<{ key: string; kind: string; english: string }>;
      }>;
    };
    expect(messages.map((edition) => edition.tag)).toEqual(["tw", "ee"]);
    const [twi, ewe] = messages;
    // Ewe has no catalogue yet: every text shows in English; Twi's starting catalogue has some.
    expect(ewe!.problems).toHaveLength(ewe!.total);
    expect(twi!.problems.length).toBeGreaterThan(0);
    expect(twi!.problems.length).toBeLessThan(twi!.total);
    expect(twi!.problems).toContainEqual({
      key: "footer.quickLinks",
      kind: "missing",
      english: "Quick Links",
    });
    expect(twi!.problems.map((problem) => problem.key)).not.toContain("chrome.home");
  });

  test("admin adds Twi (switched off), renames it, moves it up and switches it on, each with a toast", async () => {
    await expectScreenWithToast(await post({ intent: "add", tag: "tw", name: "Twi" }), EDITION_TEXT.added);
    expect((await load()).body).toMatchObject({
      editions: [
        { tag: "en", main: true },
        { tag: "tw", name: "Twi", enabled: false, main: false, address: "/tw/" },
      ],
    });
    await expectScreenWithToast(
      await post({ intent: "rename", tag: "tw", name: "Twi (Akuapem)" }),
      EDITION_TEXT.renamed,
    );
    await expectScreenWithToast(
      await post({ intent: "move", tag: "tw", direction: "up" }),
      EDITION_TEXT.moved,
    );
    await expectScreenWithToast(
      await post({ intent: "switch", tag: "tw", enabled: "on" }),
      EDITION_TEXT.switchedOn,
    );
    expect((await load()).body).toMatchObject({
      editions: [
        { tag: "tw", name: "Twi (Akuapem)", enabled: true },
        { tag: "en", enabled: true },
      ],
    });
    await expectScreenWithToast(
      await post({ intent: "switch", tag: "tw", enabled: "" }),
      EDITION_TEXT.switchedOff,
    );
  });

  test("a bad tag is refused beside its field, what was typed kept, nothing written", async () => {
    const before = await snapshot();
    const result = await post({ intent: "add", tag: "Twi!", name: "Twi" });
    expect(result).toMatchObject({
      status: 400,
      body: {
        addErrors: { tag: { title: EDITION_TEXT.tagInvalid } },
        addValues: { tag: "Twi!", name: "Twi" },
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  test("an edition added twice is a conflict beside the tag; a refused rename keeps the name typed", async () => {
    await post({ intent: "add", tag: "tw", name: "Twi" });
    const before = await snapshot();
    expect(await post({ intent: "add", tag: "tw", name: "Twi" })).toMatchObject({
      status: 409,
      body: { addErrors: { tag: { title: EDITION_TEXT.tagTaken } }, addValues: { tag: "tw", name: "Twi" } },
    });
    const long = "T".repeat(61);
    expect(await post({ intent: "rename", tag: "tw", name: long })).toMatchObject({
      status: 400,
      body: { rename: { tag: "tw", error: { title: EDITION_TEXT.nameTooLong }, name: long } },
    });
    expect(await snapshot()).toEqual(before);
  });

  test("switching off the main edition, an unknown edition or an unknown intent: a problem, nothing written", async () => {
    const before = await snapshot();
    expect(await post({ intent: "switch", tag: "en", enabled: "" })).toMatchObject({
      status: 400,
      body: { problem: { title: EDITION_TEXT.mainStaysOn } },
    });
    expect(await post({ intent: "move", tag: "ha", direction: "up" })).toMatchObject({
      status: 404,
      body: { problem: { title: EDITION_TEXT.notFound } },
    });
    expect(await post({ intent: "explode", tag: "en" })).toMatchObject({
      status: 400,
      body: { problem: { title: EDITION_TEXT.failed } },
    });
    expect(await snapshot()).toEqual(before);
  });

  test.each(["editor", "writer"] as const)(
    "%s: Access Denied on the loader and every intent, and nothing changes",
    async (role) => {
      const before = await snapshot();
      const answers = [
        await load(cookies[role]),
        await post({ intent: "add", tag: "ha", name: "Hausa" }, cookies[role]),
        await post({ intent: "rename", tag: "en", name: "Hijacked" }, cookies[role]),
        await post({ intent: "move", tag: "en", direction: "down" }, cookies[role]),
        await post({ intent: "switch", tag: "en", enabled: "" }, cookies[role]),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ title: "Access Denied" });
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  test("signed out: the loader and the action send to the sign-in page and write nothing", async () => {
    const before = await snapshot();
    expect(await load("")).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await post({ intent: "add", tag: "ha", name: "Hausa" }, "")).toMatchObject({
      status: 302,
      location: "/admin/login",
    });
    expect(await snapshot()).toEqual(before);
  });
});
