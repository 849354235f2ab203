/**
 * The Editions screen's rules (decision record 022, point 1) on a real database: an admin adds Twi
 * switched off and last, renames it, moves it, switches it on and off; each change is in the activity log
 * and purges every page; each refusal says why and leaves every row as it was; editors and writers change
 * nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, editions, settings, users } from "#app/db/schema";
import { DEFAULT_CONTACT } from "#app/db/seed.server";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { staff } from "#test-support/article-fixtures";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { DomainError } from "#app/lib/errors";
import { addEdition, editionsForAdmin, moveEdition, renameEdition, setEditionEnabled } from "./admin.server";
import { EDITION_TEXT } from "./edition-form";
import { allEditions, editionsInOrder, enabledEditions } from "./editions.server";

describe.each(TEST_ENGINES)("the Editions screen's rules on %s", (engine) => {
  let database: TestDatabase;
  const admin = staff("admin", "Ada");
  const editor = staff("editor", "Edem");
  const writer = staff("writer", "Wale");
  const changes: SiteChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [admin, editor, writer])
      await database.db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role! });
    onSiteChange(database.db, (change) => changes.push(change));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    // Every test starts from a new install's state: English is the main edition and the only one.
    await database.db.delete(settings);
    await database.db.insert(settings).values({ id: 1, ...DEFAULT_CONTACT });
    await database.db.delete(editions);
    await database.db.insert(editions).values({ tag: "en", name: "English", enabled: true });
    await database.db.delete(activityLog);
    changes.length = 0;
  });

  const rows = () => editionsInOrder(database.db);
  const log = async () =>
    (await database.db.select().from(activityLog)).map((row) => ({
      action: row.action,
      title: row.title,
      userId: row.userId,
    }));
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof DomainError)
        return { code: error.code, text: error.message, fields: error.fieldErrors };
      if (error instanceof Response) return { status: error.status };
      throw error;
    }
    throw new Error("expected a refusal");
  };
  /** Every edition and log row: a refusal must leave both as they were, and signal nothing. */
  const snapshot = async () => ({ rows: await rows(), log: await log(), changes: changes.length });

  test("an admin adds Twi: switched off, after the last edition, logged, every page purged", async () => {
    expect(await addEdition(database.db, admin, { tag: " TW ", name: "  Twi " })).toEqual({
      tag: "tw",
      name: "Twi",
    });
    expect(await rows()).toEqual([
      { tag: "en", name: "English", position: 0, enabled: true },
      { tag: "tw", name: "Twi", position: 1, enabled: false },
    ]);
    expect(await log()).toEqual([{ action: "added edition", title: "Edition: Twi (tw)", userId: admin.id }]);
    expect(changes).toEqual([{ scope: "everything", reason: "edition added" }]);
    // The remembered list was dropped: readers' pages see it at once (switched off, so not theirs yet).
    expect((await allEditions(database.db)).map((e) => e.tag)).toEqual(["en", "tw"]);
    expect((await enabledEditions(database.db)).map((e) => e.tag)).toEqual(["en"]);

    await addEdition(database.db, admin, { tag: "gaa", name: "Gã" });
    expect((await rows()).map((r) => [r.tag, r.position])).toEqual([
      ["en", 0],
      ["tw", 1],
      ["gaa", 2],
    ]);
  });

  test("the screen lists each edition with its address, the main one at the root", async () => {
    await addEdition(database.db, admin, { tag: "tw", name: "Twi" });
    expect(await editionsForAdmin(database.db, admin)).toEqual([
      { tag: "en", name: "English", position: 0, enabled: true, main: true, address: "/" },
      { tag: "tw", name: "Twi", position: 1, enabled: false, main: false, address: "/tw/" },
    ]);
  });

  test.each([
    ["a tag that is no language tag", { tag: "twi!", name: "Twi" }, { tag: EDITION_TEXT.tagInvalid }],
    ["an empty tag", { tag: "  ", name: "Twi" }, { tag: EDITION_TEXT.tagInvalid }],
    [
      "a tag an address of the site uses (/tag/)",
      { tag: "tag", name: "Tagalog" },
      { tag: EDITION_TEXT.tagReserved },
    ],
    ["an empty name", { tag: "tw", name: "   " }, { name: EDITION_TEXT.nameRequired }],
    ["a name over 60 characters", { tag: "tw", name: "T".repeat(61) }, { name: EDITION_TEXT.nameTooLong }],
  ])("adding %s is refused beside its field, and nothing changes", async (_label, values, fields) => {
    const before = await snapshot();
    expect(await refusal(addEdition(database.db, admin, values))).toMatchObject({ code: "invalid", fields });
    expect(await snapshot()).toEqual(before);
  });

  test("adding an edition twice, or the main one's language, is refused as a conflict", async () => {
    await addEdition(database.db, admin, { tag: "tw", name: "Twi" });
    const before = await snapshot();
    expect(await refusal(addEdition(database.db, admin, { tag: "TW", name: "Twi again" }))).toEqual({
      code: "conflict",
      text: EDITION_TEXT.tagTaken,
      fields: { tag: EDITION_TEXT.tagTaken },
    });
    expect(await refusal(addEdition(database.db, admin, { tag: "en", name: "English" }))).toMatchObject({
      code: "conflict",
      fields: { tag: EDITION_TEXT.tagIsMain },
    });
    expect(await snapshot()).toEqual(before);
  });

  test("renaming: the name trimmed, the tag kept, logged with the old name; a bad name changes nothing", async () => {
    await addEdition(database.db, admin, { tag: "tw", name: "Twi" });
    changes.length = 0;
    await renameEdition(database.db, admin, "tw", { name: "  Twi (Asante) " });
    expect((await rows())[1]).toEqual({ tag: "tw", name: "Twi (Asante)", position: 1, enabled: false });
    expect((await log()).at(-1)).toEqual({
      action: "renamed edition",
      title: "Edition: Twi (Asante) (tw)",
      userId: admin.id,
    });
    expect(changes).toEqual([{ scope: "everything", reason: "edition renamed" }]);

    const before = await snapshot();
    expect(await refusal(renameEdition(database.db, admin, "tw", { name: "" }))).toMatchObject({
      code: "invalid",
      fields: { name: EDITION_TEXT.nameRequired },
    });
    expect(await refusal(renameEdition(database.db, admin, "ha", { name: "Hausa" }))).toMatchObject({
      code: "not_found",
      text: EDITION_TEXT.notFound,
    });
    expect(await snapshot()).toEqual(before);
  });

  test("moving up and down reorders the editions; at either end nothing moves and nothing is logged", async () => {
    await addEdition(database.db, admin, { tag: "tw", name: "Twi" });
    await addEdition(database.db, admin, { tag: "ee", name: "Eʋegbe" });
    changes.length = 0;
    await moveEdition(database.db, admin, "ee", "up");
    expect((await rows()).map((r) => r.tag)).toEqual(["en", "ee", "tw"]);
    await moveEdition(database.db, admin, "en", "down");
    expect((await rows()).map((r) => [r.tag, r.position])).toEqual([
      ["ee", 0],
      ["en", 1],
      ["tw", 2],
    ]);
    expect((await log()).slice(-2).map((row) => row.action)).toEqual([
      "moved edition up",
      "moved edition down",
    ]);
    expect(changes).toEqual([
      { scope: "everything", reason: "editions reordered" },
      { scope: "everything", reason: "editions reordered" },
    ]);

    const before = await snapshot();
    await moveEdition(database.db, admin, "ee", "up");
    await moveEdition(database.db, admin, "tw", "down");
    expect(await snapshot()).toEqual(before);
    expect(await refusal(moveEdition(database.db, admin, "ha", "up"))).toMatchObject({ code: "not_found" });
  });

  test("switching on and off: readers' list follows; the main edition cannot be switched off", async () => {
    await addEdition(database.db, admin, { tag: "tw", name: "Twi" });
    changes.length = 0;
    await setEditionEnabled(database.db, admin, "tw", true);
    expect((await enabledEditions(database.db)).map((e) => e.tag)).toEqual(["en", "tw"]);
    await setEditionEnabled(database.db, admin, "tw", false);
    expect((await enabledEditions(database.db)).map((e) => e.tag)).toEqual(["en"]);
    expect((await log()).slice(-2).map((row) => row.action)).toEqual([
      "switched on edition",
      "switched off edition",
    ]);
    expect(changes.map((c) => c.reason)).toEqual(["edition switched on", "edition switched off"]);

    const before = await snapshot();
    // Asking for what already is writes and purges nothing.
    await setEditionEnabled(database.db, admin, "tw", false);
    expect(await refusal(setEditionEnabled(database.db, admin, "en", false))).toEqual({
      code: "invalid",
      text: EDITION_TEXT.mainStaysOn,
      fields: undefined,
    });
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ["editor", editor],
    ["writer", writer],
  ])("an %s is denied every change and the list, and nothing changes", async (_role, actor) => {
    await addEdition(database.db, admin, { tag: "tw", name: "Twi" });
    const before = await snapshot();
    const denied = [
      () => editionsForAdmin(database.db, actor),
      () => addEdition(database.db, actor, { tag: "ha", name: "Hausa" }),
      () => renameEdition(database.db, actor, "tw", { name: "Hijacked" }),
      () => moveEdition(database.db, actor, "tw", "up"),
      () => setEditionEnabled(database.db, actor, "tw", true),
    ];
    for (const run of denied) expect(await refusal(run())).toMatchObject({ code: "forbidden" });
    expect(await snapshot()).toEqual(before);
  });
});
