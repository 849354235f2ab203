/**
 * Related stories answered from memory (decision record 020): a category's tiers come from its newest
 * 120 stories kept in memory, the cards from memory too. Whatever the memory holds, the answer must be
 * the rule's, which this test computes by brute force from every row: the same category sharing a tag,
 * the same category, sharing a tag, then the newest of any; newest first in each (the shown date, then
 * the id); never the story itself, a draft, a story not yet out, or one already taken. And what the
 * memory holds must not outlive a change: a new title, a story published or taken off.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { articles, categories, users } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { onSiteChange, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { saveArticle, setArticleStatus } from "./admin.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { getPublishedArticle, relatedArticles } from "./public.server";
import { testServices } from "#test-support/services";

const HOUR = 3_600_000;
const NOW = Date.now();
const hoursAgo = (hours: number) => new Date(NOW - hours * HOUR);

/** The same pseudo-random tags on every run (a linear congruential generator). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Row {
  id: string;
  categoryId: string | null;
  tagSlugs: string[];
  displayDate: Date;
  status: string;
  publishedAt: Date | null;
}

const newestFirst = (a: Row, b: Row) =>
  b.displayDate.getTime() - a.displayDate.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The rule, from every row: each tier's newest, apart from the story and what earlier tiers took. */
function expectedRelated(rows: Row[], readingId: string, limit: number): string[] {
  const now = Date.now();
  const published = rows
    .filter((row) => row.status === "published" && row.publishedAt && row.publishedAt.getTime() <= now)
    .sort(newestFirst);
  const reading = rows.find((row) => row.id === readingId)!;
  const slugs = [...new Set(reading.tagSlugs)];
  const { categoryId } = reading;
  const tiers: Array<{ categoryId?: string; slugs?: string[] }> = [
    ...(categoryId && slugs.length > 0 ? [{ categoryId, slugs }] : []),
    ...(categoryId ? [{ categoryId }] : []),
    ...(slugs.length > 0 ? [{ slugs }] : []),
    {},
  ];
  const ids: string[] = [];
  for (const tier of tiers) {
    const taken = new Set([readingId, ...ids]);
    const inTier = published.filter(
      (row) =>
        !taken.has(row.id) &&
        (!tier.categoryId || row.categoryId === tier.categoryId) &&
        (!tier.slugs || row.tagSlugs.some((slug) => tier.slugs!.includes(slug))),
    );
    ids.push(...inTier.slice(0, limit - ids.length).map((row) => row.id));
  }
  return ids;
}

describe.each(TEST_ENGINES)("related stories from memory on %s", (engine) => {
  let database: TestDatabase;
  const admin = staff("admin", "Ada");
  const category: Record<string, string> = {};
  /** Stories by name: metro 0 (newest) to metro 149, sports 0-29, weather 0-2, and a few of their own. */
  const id: Record<string, string> = {};
  const changes: SiteChange[] = [];

  const allRows = async (): Promise<Row[]> =>
    (
      await database.db
        .select({
          id: articles.id,
          categoryId: articles.categoryId,
          tagSlugs: articles.tagSlugs,
          displayDate: articles.displayDate,
          status: articles.status,
          publishedAt: articles.publishedAt,
        })
        .from(articles)
    ).map((row) => ({ ...row, tagSlugs: row.tagSlugs ?? [] }));

  /** What the article page asks for: the story as it reads it, then its related stories' ids. */
  async function related(storyId: string, limit: number) {
    const article = await getPublishedArticle(database.db, storyId);
    if (!article) throw new Error(`story ${storyId} is not published`);
    return (await relatedArticles(database.db, article, limit)).map((card) => card.id);
  }

  const name = (storyId: string) => Object.entries(id).find(([, value]) => value === storyId)?.[0] ?? storyId;

  /** Every published story's related stories against the rule, with their names when they differ. */
  async function expectTheRuleFor(storyIds: string[], limit: number) {
    const rows = await allRows();
    for (const storyId of storyIds) {
      const answer = await related(storyId, limit);
      expect(answer.map(name), `related(${name(storyId)}, ${limit})`).toEqual(
        expectedRelated(rows, storyId, limit).map(name),
      );
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    await db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin" });
    for (const slug of ["metro", "sports", "weather", "opinion"])
      category[slug] = one(await db.insert(categories).values({ name: slug, slug }).returning()).id;

    const random = sequence(20_260_601);
    type NewStory = typeof articles.$inferInsert & { key: string };
    const stories: NewStory[] = [];
    const story = (key: string, values: Partial<typeof articles.$inferInsert>) =>
      stories.push({
        key,
        title: key,
        // A slug as every saved story has (a story without one would take one at its next save).
        slug: key.replace(/[^a-z0-9]+/g, "-"),
        content: `<p>${key}</p>`,
        status: "published",
        authorId: admin.id,
        ...values,
      });

    // Metro: 150 published, more than the 120 kept in memory. Every third is tagged Accra (a common
    // tag); others a few of a small set; some none at all.
    for (let i = 0; i < 150; i++) {
      const tags: string[] = [];
      if (i % 3 === 0) tags.push("Accra");
      const draw = random();
      if (draw < 0.15) tags.push("Floods");
      else if (draw < 0.25) tags.push("Traffic", "Roads");
      story(`metro ${i}`, { categoryId: category.metro, tags, publishedAt: hoursAgo(1 + i) });
    }
    const metro = (i: number) => stories.find((s) => s.key === `metro ${i}`)!;
    // A rare tag: on a story read early, one among the newest 120 but past the first 100, one past the 120.
    metro(5).tags = ["Korle Lagoon"];
    metro(110).tags = ["KORLE  LAGOON"]; // the same slug written otherwise
    metro(140).tags = ["Korle Lagoon", "Accra"];
    // A tag only the oldest have, read from the oldest: nothing in memory shares it.
    metro(145).tags = ["Odaw Drain"];
    metro(149).tags = ["Odaw Drain"];
    // Two stories shown at the same moment: the id decides.
    metro(21).publishedAt = metro(20).publishedAt;
    // A manual date moves a story in the order: one far back, one ahead of every other.
    Object.assign(metro(30), { useManualDate: true, manualDate: hoursAgo(24 * 400) });
    Object.assign(metro(31), { useManualDate: true, manualDate: new Date(NOW + 2 * HOUR) });
    // Never shown: a draft, a story scheduled, one whose publish time has not come, all sharing the rare tag.
    story("metro draft", { categoryId: category.metro, tags: ["Korle Lagoon"], status: "draft" });
    story("metro scheduled", {
      categoryId: category.metro,
      tags: ["Korle Lagoon"],
      status: "scheduled",
      scheduledAt: new Date(NOW + 24 * HOUR),
    });
    story("metro not yet out", {
      categoryId: category.metro,
      tags: ["Korle Lagoon", "Accra"],
      publishedAt: new Date(NOW + 24 * HOUR),
    });

    // Sports: 30, some sharing Accra with Metro, some Black Stars, some none.
    for (let i = 0; i < 30; i++) {
      const draw = random();
      const tags = draw < 0.3 ? ["Black Stars"] : draw < 0.45 ? ["Accra", "Stadium"] : [];
      story(`sports ${i}`, { categoryId: category.sports, tags, publishedAt: hoursAgo(0.5 + i * 3) });
    }
    // Weather: three stories without tags.
    for (let i = 0; i < 3; i++)
      story(`weather ${i}`, { categoryId: category.weather, publishedAt: hoursAgo(2.5 + i * 40) });
    // A category of one: its story has no one to share it with.
    story("opinion alone", { categoryId: category.opinion, tags: ["Floods"], publishedAt: hoursAgo(7.5) });
    // No category: only shared tags, then the newest.
    story("no category", {
      categoryId: null,
      tags: ["Odaw Drain", "Black Stars"],
      publishedAt: hoursAgo(3.5),
    });
    story("no category, no tags", { categoryId: null, publishedAt: hoursAgo(60.5) });

    for (const { key, ...values } of stories) {
      const [row] = await db
        .insert(articles)
        .values({ ...values, createdAt: values.publishedAt ?? new Date(NOW - HOUR) })
        .returning({ id: articles.id });
      id[key] = row!.id;
    }
    onSiteChange(db, (change) => changes.push(change));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const publishedIds = async () =>
    (await allRows())
      .filter((row) => row.status === "published" && row.publishedAt!.getTime() <= Date.now())
      .map((row) => row.id);

  test("every published story's four related stories are the rule's, asked cold and again from memory", async () => {
    const all = await publishedIds();
    expect(all.length).toBeGreaterThan(180);
    await expectTheRuleFor(all, 4);
    // The second time the categories' newest and the cards come from memory.
    await expectTheRuleFor(all, 4);
  });

  test("the rare tags: found past the first 100 and past the 120 kept, never a draft or a story not yet out", async () => {
    expect((await related(id["metro 5"]!, 2)).map(name)).toEqual(["metro 110", "metro 140"]);
    expect((await related(id["metro 149"]!, 1)).map(name)).toEqual(["metro 145"]);
    // The same category next: the manual date ahead of every other first.
    expect((await related(id["metro 149"]!, 3)).map(name)).toEqual(["metro 145", "metro 31", "metro 0"]);
  });

  test("longer lists (8, 12 and 30) follow the rule too, also where the memory cannot answer", async () => {
    const all = await publishedIds();
    const sample = all.filter((_, i) => i % 5 === 0);
    for (const limit of [8, 12, 30]) await expectTheRuleFor(sample, limit);
  });

  test("a related story's new title is seen at once, though its card is kept in memory", async () => {
    const reading = id["metro 5"]!;
    expect(await related(reading, 4)).toContain(id["metro 110"]);
    const before = await relatedArticles(database.db, (await getPublishedArticle(database.db, reading))!, 4);
    expect(before.find((card) => card.id === id["metro 110"])?.title).toBe("metro 110");

    changes.length = 0;
    await saveArticle(
      testServices(database.db),
      admin,
      articleInput({
        title: "Korle Lagoon clean-up begins",
        content: "<p>metro 110</p>",
        status: "published",
        categoryId: category.metro,
        tags: "KORLE  LAGOON",
      }),
      id["metro 110"],
    );
    // The narrow change: the story stays where it was, only its card is dropped.
    expect(changes.map((change) => change.scope)).toEqual(["article"]);
    const after = await relatedArticles(database.db, (await getPublishedArticle(database.db, reading))!, 4);
    expect(after.find((card) => card.id === id["metro 110"])?.title).toBe("Korle Lagoon clean-up begins");
    await expectTheRuleFor([reading, id["metro 140"]!], 4);
  });

  test("a story published now leads the related stories at once; one taken off leaves them at once", async () => {
    const reading = id["metro 5"]!;
    await expectTheRuleFor([reading, id["metro 149"]!, id["sports 3"]!], 4);

    changes.length = 0;
    const { id: fresh } = await saveArticle(
      testServices(database.db),
      admin,
      articleInput({
        title: "Korle Lagoon residents return",
        status: "published",
        categoryId: category.metro,
        tags: "Korle Lagoon, Odaw Drain",
      }),
    );
    id["fresh"] = fresh;
    expect(changes.map((change) => change.scope)).toEqual(["everything"]);
    expect((await related(reading, 4))[0]).toBe(fresh);
    await expectTheRuleFor([reading, id["metro 149"]!, id["no category"]!, id["sports 3"]!], 4);

    await setArticleStatus(testServices(database.db), admin, id["metro 110"]!, "draft");
    expect(await related(reading, 4)).not.toContain(id["metro 110"]);
    await expectTheRuleFor([reading, id["metro 140"]!], 4);
  });
});
