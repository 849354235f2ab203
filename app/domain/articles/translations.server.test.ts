import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/guard.server";
import { sqlStateOf, SQLSTATE } from "#app/db/errors";
import { activityLog, articleRevisions, articles, categories, editions, users } from "#app/db/schema";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { parseArticleForm } from "#app/lib/article-form/article-input";
import { isDomainError } from "#app/lib/errors";
import { addTwiEdition } from "#test-support/editions";
import { articleInput, outcome, staff } from "#test-support/article-fixtures";
import { testServices } from "#test-support/services";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { deleteArticle, saveArticle } from "./admin.server";
import { startTranslation, storyVersions, TRANSLATION_TEXT } from "./translations.server";

describe.each(TEST_ENGINES)("a story's translations on %s", (engine) => {
  let database: TestDatabase;
  const admin = staff("admin", "Ama");
  const editor = staff("editor", "Edem");
  const writer = staff("writer", "Wale");
  const otherWriter = staff("writer", "Wunmi");
  const nobody: CurrentUser = { ...staff("writer", "Nana"), role: null };
  const changes: SiteChange[] = [];
  let categoryId: string;

  const services = () => testServices(database.db);
  const row = async (id: string) =>
    (await database.db.select().from(articles).where(eq(articles.id, id)))[0]!;
  const articleCount = async () => (await database.db.select({ id: articles.id }).from(articles)).length;
  const activities = async () =>
    database.db.select().from(activityLog).orderBy(asc(activityLog.createdAt), asc(activityLog.id));

  /** A story in the main edition, by `author` (a writer's stays a draft), with a category, tags and image. */
  async function original(author: CurrentUser = editor, status: "published" | "draft" = "published") {
    const { id } = await saveArticle(
      services(),
      author,
      articleInput({
        title: "Floods in Accra",
        status,
        categoryId,
        tags: "Floods, Accra",
        imageUrl: "https://images.example/floods.jpg",
        access: "members",
        excerpt: "Rain all night.",
        youtubeUrl: "https://youtu.be/abcdefgh",
      }),
    );
    return id;
  }

  /** The error a refused call threw. */
  async function refusal(work: Promise<unknown>) {
    try {
      await work;
    } catch (error) {
      if (isDomainError(error)) return error;
      throw error;
    }
    throw new Error("expected a refusal");
  }

  /** The SQLSTATE the database refused a statement with. */
  async function databaseRefusal(statement: ReturnType<typeof sql>) {
    try {
      await database.db.execute(statement);
    } catch (error) {
      return sqlStateOf(error);
    }
    return "accepted";
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const u of [admin, editor, writer, otherWriter, nobody])
      await database.db
        .insert(users)
        .values({ id: u.id, email: u.email, name: u.name, role: u.role ?? "writer" });
    await addTwiEdition(database.db);
    // A second other edition, switched off: stories are written there before readers see it.
    await database.db.insert(editions).values({ tag: "ha", name: "Hausa", position: 2, enabled: false });
    const [category] = await database.db
      .insert(categories)
      .values({ name: "Weather", slug: "weather" })
      .returning();
    categoryId = category!.id;
    onSiteChange(database.db, (change) => changes.push(change));
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    // Translations first: the key refuses deleting an original they name.
    await database.db.execute(sql`DELETE FROM articles WHERE translation_of IS NOT NULL`);
    await database.db.delete(articles);
    await database.db.delete(activityLog);
    changes.length = 0;
  });

  test("an editor starts the Twi version: a draft there, linked, with the original's category, tags, image and access, title and body empty", async () => {
    const id = await original();
    const started = await startTranslation(services(), writer, id, "tw");
    expect(started.created).toBe(true);

    const draft = await row(started.id);
    expect(draft).toMatchObject({
      translationOf: id,
      isOriginal: false,
      language: "tw",
      status: "draft",
      publishedAt: null,
      categoryId,
      tags: ["Floods", "Accra"],
      imageUrl: "https://images.example/floods.jpg",
      access: "members",
      title: "",
      content: "",
      excerpt: "",
      youtubeUrl: "",
      authorId: writer.id,
      authorName: "Wale",
      featured: false,
      isTopStory: false,
    });
    expect(draft.slug).toMatch(/^story/);
    // A normal draft: its first revision, and one activity line naming the story translated.
    const revisions = await database.db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, started.id));
    expect(revisions).toHaveLength(1);
    expect((await activities()).at(-1)).toMatchObject({
      action: "started translation",
      title: "Floods in Accra",
      userName: "Wale",
    });
    // Readers see nothing of a draft.
    expect(changes.filter((change) => change.reason !== "article published or moved")).toEqual([]);

    const expected = [
      {
        id,
        language: "en",
        editionName: "English",
        isOriginal: true,
        isPublished: true,
        status: "published",
      },
      {
        id: started.id,
        language: "tw",
        editionName: "Twi",
        isOriginal: false,
        isPublished: false,
        status: "draft",
      },
    ];
    expect(await storyVersions(database.db, id)).toMatchObject(expected);
    expect(await storyVersions(database.db, started.id)).toMatchObject(expected);
    expect(await storyVersions(database.db, crypto.randomUUID())).toEqual([]);
  });

  test("the translator writes the draft with a save, which keeps it in its edition and linked", async () => {
    const id = await original();
    const { id: twi } = await startTranslation(services(), editor, id, "tw");
    await saveArticle(
      services(),
      editor,
      articleInput({ title: "Nsuyiri wɔ Nkran", status: "published", categoryId, access: "members" }),
      twi,
    );
    expect(await row(twi)).toMatchObject({ language: "tw", translationOf: id, status: "published" });
    expect((await row(twi)).slug).toBe("nsuyiri-wo-nkran");
    expect((await storyVersions(database.db, id)).map((v) => [v.language, v.isPublished])).toEqual([
      ["en", true],
      ["tw", true],
    ]);
  });

  test("a translation of a translation is linked to the original", async () => {
    const id = await original();
    const { id: twi } = await startTranslation(services(), editor, id, "tw");
    const { id: hausa } = await startTranslation(services(), editor, twi, "ha");
    expect(await row(hausa)).toMatchObject({ translationOf: id, language: "ha" });
    expect((await storyVersions(database.db, hausa)).map((v) => v.language)).toEqual(["en", "tw", "ha"]);
  });

  test("a second Twi version is not made: the existing one comes back, and the database refuses one written directly", async () => {
    const id = await original();
    const first = await startTranslation(services(), editor, id, "tw");
    const again = await startTranslation(services(), admin, first.id, "tw");
    expect(again).toEqual({ id: first.id, created: false });
    // The original's own edition is a version too.
    expect(await startTranslation(services(), editor, first.id, "en")).toEqual({ id, created: false });
    expect(await articleCount()).toBe(2);

    expect(
      await databaseRefusal(
        sql`INSERT INTO articles (id, title, language, translation_of) VALUES (${crypto.randomUUID()}, 'Twi again', 'tw', ${id})`,
      ),
    ).toBe(SQLSTATE.uniqueViolation);
    expect(await articleCount()).toBe(2);
  });

  test("the database refuses a translation naming a translation, and an original with translations made one", async () => {
    const id = await original();
    const { id: twi } = await startTranslation(services(), editor, id, "tw");
    const { id: hausa } = await startTranslation(services(), editor, id, "ha");
    expect(await databaseRefusal(sql`UPDATE articles SET translation_of = ${twi} WHERE id = ${hausa}`)).toBe(
      SQLSTATE.foreignKeyViolation,
    );
    // Another story, in Twi, so that one version per language is not what refuses.
    const { id: other } = await saveArticle(services(), editor, articleInput({ language: "tw" }));
    expect(await databaseRefusal(sql`UPDATE articles SET translation_of = ${other} WHERE id = ${id}`)).toBe(
      SQLSTATE.foreignKeyViolation,
    );
    expect(await row(hausa)).toMatchObject({ translationOf: id });
    expect(await row(id)).toMatchObject({ translationOf: null });
  });

  test("a language that is no edition is refused, and nothing is written", async () => {
    const id = await original();
    const error = await refusal(startTranslation(services(), editor, id, "fr"));
    expect(error.code).toBe("invalid");
    expect(error.message).toBe(TRANSLATION_TEXT.notAnEdition);
    expect(error.details?.fieldErrors).toEqual({ language: TRANSLATION_TEXT.notAnEdition });
    expect(await articleCount()).toBe(1);
  });

  test("who may start a translation: every role that writes; a writer their own stories and published ones", async () => {
    const published = await original(editor);
    const editorsDraft = await original(editor, "draft");
    const writersDraft = await original(writer, "draft");
    expect(await outcome(startTranslation(services(), admin, editorsDraft, "tw"))).toBe("ok");
    expect(await outcome(startTranslation(services(), editor, writersDraft, "tw"))).toBe("ok");
    expect(await outcome(startTranslation(services(), writer, published, "tw"))).toBe("ok");
    expect(await outcome(startTranslation(services(), writer, writersDraft, "ha"))).toBe("ok");
    expect(await outcome(startTranslation(services(), otherWriter, editorsDraft, "ha"))).toBe(403);
    expect(await outcome(startTranslation(services(), otherWriter, writersDraft, "en"))).toBe(403);
    expect(await outcome(startTranslation(services(), nobody, published, "ha"))).toBe(403);
    expect(await outcome(startTranslation(services(), editor, crypto.randomUUID(), "tw"))).toBe(404);
    expect(await articleCount()).toBe(7);
  });

  test("deleting an original makes its oldest translation the original and re-points the others", async () => {
    const id = await original();
    const { id: hausa } = await startTranslation(services(), editor, id, "ha");
    const { id: twi } = await startTranslation(services(), editor, id, "tw");
    // Twi was started first, whatever the clock's resolution.
    await database.db.execute(
      sql`UPDATE articles SET created_at = now() - interval '1 hour' WHERE id = ${twi}`,
    );
    await saveArticle(services(), editor, articleInput({ title: "Nsuyiri", status: "published" }), twi);
    changes.length = 0;

    await deleteArticle(database.db, editor, id);
    expect(await row(twi)).toMatchObject({ translationOf: null, isOriginal: true, language: "tw" });
    expect(await row(hausa)).toMatchObject({ translationOf: twi, isOriginal: false });
    expect((await storyVersions(database.db, hausa)).map((v) => v.id)).toEqual([twi, hausa]);
    expect((await activities()).at(-1)).toMatchObject({
      action: "deleted article",
      title: "Floods in Accra",
      description: 'Its tw version "Nsuyiri" is now the original',
    });
    expect(changes.at(-1)).toMatchObject({ scope: "everything" });
  });

  test("deleting a translation or an original without any leaves the others as they are", async () => {
    const id = await original();
    const { id: twi } = await startTranslation(services(), editor, id, "tw");
    const { id: hausa } = await startTranslation(services(), editor, id, "ha");
    await deleteArticle(database.db, editor, twi);
    expect(await row(hausa)).toMatchObject({ translationOf: id });
    await deleteArticle(database.db, editor, hausa);
    await deleteArticle(database.db, editor, id);
    expect(await articleCount()).toBe(0);
    expect((await activities()).at(-1)?.description).toBe("");
  });

  test("who may delete an original with translations: editors and admins any, a writer their own unpublished one", async () => {
    const editorsStory = await original(editor);
    await startTranslation(services(), writer, editorsStory, "tw");
    expect(await outcome(deleteArticle(database.db, writer, editorsStory))).toBe(403);
    expect(await row(editorsStory)).toMatchObject({ translationOf: null });

    const writersDraft = await original(writer, "draft");
    const { id: writersTwi } = await startTranslation(services(), editor, writersDraft, "tw");
    expect(await outcome(deleteArticle(database.db, otherWriter, writersDraft))).toBe(403);
    expect(await outcome(deleteArticle(database.db, writer, writersDraft))).toBe("ok");
    expect(await row(writersTwi)).toMatchObject({ translationOf: null });

    expect(await outcome(deleteArticle(database.db, admin, editorsStory))).toBe("ok");
    expect(await articleCount()).toBe(2);
  });

  describe("the story's language, chosen in the editor", () => {
    test("a new story is written in the edition chosen, else the main one", async () => {
      const { id: twi } = await saveArticle(services(), writer, articleInput({ language: "tw" }));
      const { id: main } = await saveArticle(services(), writer, articleInput());
      expect(await row(twi)).toMatchObject({ language: "tw", translationOf: null });
      expect(await row(main)).toMatchObject({ language: "en" });
    });

    test("a story moves to an edition its family has not used; absent, the language stays", async () => {
      const id = await original();
      const { id: twi } = await startTranslation(services(), editor, id, "tw");
      const fill = (language?: string) =>
        articleInput({ title: "Nsuyiri", ...(language === undefined ? {} : { language }) });
      await saveArticle(services(), editor, fill("ha"), twi);
      expect(await row(twi)).toMatchObject({ language: "ha", translationOf: id });
      await saveArticle(services(), editor, fill(), twi);
      await saveArticle(services(), editor, fill(""), twi);
      expect(await row(twi)).toMatchObject({ language: "ha" });

      const taken = await refusal(saveArticle(services(), editor, fill("en"), twi));
      expect(taken.code).toBe("conflict");
      expect(taken.details?.fieldErrors).toEqual({ language: TRANSLATION_TEXT.languageTaken });
      const unknown = await refusal(saveArticle(services(), editor, fill("fr"), twi));
      expect(unknown.details?.fieldErrors).toEqual({ language: TRANSLATION_TEXT.notAnEdition });
      // The original may not take its translation's language either.
      const originalTaken = await refusal(
        saveArticle(services(), editor, articleInput({ title: "Floods", language: "ha" }), id),
      );
      expect(originalTaken.details?.fieldErrors).toEqual({ language: TRANSLATION_TEXT.languageTaken });
      expect(await row(twi)).toMatchObject({ language: "ha", title: "Nsuyiri" });
      expect(await row(id)).toMatchObject({ language: "en", title: "Floods in Accra" });
    });

    test("the form refuses a value that cannot be a language tag, in the same words", () => {
      const parsed = parseArticleForm({ title: "Floods", content: "<p>Rain.</p>", language: "Twi!" });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.fieldErrors.language).toBe(TRANSLATION_TEXT.notAnEdition);
      const upper = parseArticleForm({ title: "Floods", content: "<p>Rain.</p>", language: " TW " });
      expect(upper.ok && upper.data.language).toBe("tw");
    });

    test("moving a published story changes every page; a writer's change to a live story may not move it", async () => {
      const id = await original(editor);
      changes.length = 0;
      await saveArticle(
        services(),
        editor,
        articleInput({ title: "Floods", status: "published", language: "tw" }),
        id,
      );
      expect(await row(id)).toMatchObject({ language: "tw" });
      expect(changes.at(-1)).toMatchObject({ scope: "everything" });

      const writersStory = await original(writer, "draft");
      await saveArticle(services(), editor, articleInput({ status: "published" }), writersStory);
      const refused = await refusal(
        saveArticle(services(), writer, articleInput({ status: "published", language: "ha" }), writersStory),
      );
      expect(refused.details?.fieldErrors).toEqual({ language: TRANSLATION_TEXT.movedLiveNeedsEditor });
      expect(await row(writersStory)).toMatchObject({ language: "en" });
      // The same language is no move: the writer's proposal goes ahead.
      expect(
        await outcome(
          saveArticle(
            services(),
            writer,
            articleInput({ status: "published", language: "en" }),
            writersStory,
          ),
        ),
      ).toBe("ok");
    });

    test("a featured story moved to Twi takes Twi's featured slot, leaving the main edition's", async () => {
      const mainLead = await saveArticle(
        services(),
        editor,
        articleInput({ status: "published", featured: "on" }),
      );
      const twiLead = await saveArticle(
        services(),
        editor,
        articleInput({ status: "published", featured: "on", language: "tw" }),
      );
      const moved = await saveArticle(
        services(),
        editor,
        articleInput({ status: "published", featured: "on" }),
      );
      expect(await row(mainLead.id)).toMatchObject({ featured: false });
      await saveArticle(
        services(),
        editor,
        articleInput({ status: "published", featured: "on", language: "tw" }),
        moved.id,
      );
      expect(await row(moved.id)).toMatchObject({ featured: true, language: "tw" });
      expect(await row(twiLead.id)).toMatchObject({ featured: false });
    });
  });
});
