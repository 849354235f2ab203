/**
 * The main edition is Settings → General's language (decision record 022, point 1): saving another
 * language renames its row in the settings save's transaction, and ON UPDATE CASCADE takes its stories and
 * category names along; a language that is already another edition is refused beside the Language field
 * and nothing is saved. Reset to defaults follows the same rule.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { activityLog, articles, categories, categoryNames, editions, settings, users } from "#app/db/schema";
import { DEFAULT_CONTACT } from "#app/db/seed.server";
import { staff } from "#test-support/article-fixtures";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { DomainError } from "#app/lib/errors";
import { settingsFormSchema, settingsFormValues } from "#app/domain/settings/settings-form";
import { getSettings, forgetCachedSettings } from "#app/domain/settings/settings.server";
import { resetSettingsToDefaults, updateSettings } from "#app/domain/settings/update.server";
import { addEdition } from "./admin.server";
import { EDITION_TEXT } from "./edition-form";
import { allEditions } from "./editions.server";

describe.each(TEST_ENGINES)("the main edition follows Settings' language on %s", (engine) => {
  let database: TestDatabase;
  const admin = staff("admin", "Ada");
  let storyId = "";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(users)
      .values({ id: admin.id, email: admin.email, name: admin.name, role: "admin" });
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(categories);
    await database.db.delete(settings);
    await database.db.insert(settings).values({ id: 1, ...DEFAULT_CONTACT });
    await database.db.delete(editions);
    await database.db.insert(editions).values({ tag: "en", name: "English", enabled: true });
    await database.db.delete(activityLog);
    forgetCachedSettings();
    const category = one(
      await database.db.insert(categories).values({ name: "Politics", slug: "politics" }).returning(),
    );
    await database.db
      .insert(categoryNames)
      .values({ categoryId: category.id, edition: "en", name: "Politics" });
    storyId = one(
      await database.db
        .insert(articles)
        .values({
          title: "Budget read",
          slug: "budget-read",
          content: "<p>Text</p>",
          categoryId: category.id,
        })
        .returning(),
    ).id;
  });

  /** The whole Settings form as saved, with the language changed. */
  async function saveLanguage(language: string) {
    const values = { ...settingsFormValues(await getSettings(database.db)), language };
    await updateSettings(database.db, admin, settingsFormSchema.parse(values));
  }
  const storyLanguage = async () =>
    one(
      await database.db
        .select({ language: articles.language })
        .from(articles)
        .where(eq(articles.id, storyId)),
    ).language;
  const editionRows = () =>
    database.db.select({ tag: editions.tag, name: editions.name, enabled: editions.enabled }).from(editions);

  test("saving French renames the main edition: its story and category names follow, the name too", async () => {
    await saveLanguage("fr");
    expect(await editionRows()).toEqual([{ tag: "fr", name: "Français", enabled: true }]);
    expect(await storyLanguage()).toBe("fr");
    expect((await database.db.select().from(categoryNames)).map((row) => row.edition)).toEqual(["fr"]);
    // The remembered list readers' pages use was dropped with the save.
    expect((await allEditions(database.db)).map((edition) => edition.tag)).toEqual(["fr"]);

    await saveLanguage("en");
    expect(await editionRows()).toEqual([{ tag: "en", name: "English", enabled: true }]);
    expect(await storyLanguage()).toBe("en");
  });

  test("a main edition an admin renamed keeps its name when the language changes", async () => {
    await database.db.update(editions).set({ name: "Main" }).where(eq(editions.tag, "en"));
    await saveLanguage("pt");
    expect(await editionRows()).toEqual([{ tag: "pt", name: "Main", enabled: true }]);
  });

  test("a language that is already another edition is refused beside Language; nothing is saved", async () => {
    await addEdition(database.db, admin, { tag: "fr", name: "Français" });
    const before = {
      settings: await getSettings(database.db),
      editions: await editionRows(),
      log: (await database.db.select().from(activityLog)).length,
    };
    let refused: unknown;
    try {
      await saveLanguage("fr");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: "conflict",
      fieldErrors: { language: EDITION_TEXT.languageIsEdition },
    });
    forgetCachedSettings();
    expect(await getSettings(database.db)).toEqual(before.settings);
    expect(await editionRows()).toEqual(before.editions);
    expect(await storyLanguage()).toBe("en");
    expect((await database.db.select().from(activityLog)).length).toBe(before.log);
  });

  test("reset to defaults brings the main edition back to the default language, or is refused", async () => {
    await saveLanguage("de");
    await resetSettingsToDefaults(database.db, admin, { siteUrl: "https://news.example" });
    expect((await getSettings(database.db)).language).toBe("en");
    expect(await editionRows()).toEqual([{ tag: "en", name: "English", enabled: true }]);
    expect(await storyLanguage()).toBe("en");

    await saveLanguage("de");
    await addEdition(database.db, admin, { tag: "en", name: "English" });
    await expect(
      resetSettingsToDefaults(database.db, admin, { siteUrl: "https://news.example" }),
    ).rejects.toMatchObject({ code: "conflict", message: EDITION_TEXT.languageIsEdition });
    forgetCachedSettings();
    expect((await getSettings(database.db)).language).toBe("de");
    expect(await storyLanguage()).toBe("de");
  });
});
