import { describe, expect, test } from "vitest";
import type { Article } from "#app/db/schema";
import { articleWriteFor, type ArticleSave } from "./save-rules";
import { articleInput, staff } from "#test-support/article-fixtures";

const writer = staff("writer", "Ama");
const editor = staff("editor", "Kofi");
const NOW = new Date("2026-03-02T10:00:00Z");
const PUBLISHED = new Date("2026-02-01T08:00:00Z");
const BODY = { content: "<p>Heavy rain in Accra.</p>", contentSafeHash: "hash", imageUrl: "" };

/** A stored article as the database returns it: a live story by the writer, unless overridden. */
function stored(overrides: Partial<Article> = {}): Article {
  return {
    id: "a1",
    title: "Accra floods",
    slug: "accra-floods",
    seoTitle: "Stored SEO title",
    seoDescription: "",
    excerpt: "",
    content: BODY.content,
    contentSafeHash: "hash",
    categoryId: null,
    authorId: writer.id,
    authorName: "Ama",
    authorImage: "",
    tags: [],
    tagSlugs: [],
    status: "published",
    featured: true,
    isTopStory: false,
    views: 0,
    readTime: "1 min read",
    imageUrl: "",
    youtubeUrl: "",
    useManualDate: false,
    manualDate: null,
    publishedAt: PUBLISHED,
    scheduledAt: null,
    revisedAt: null,
    correctionNote: "",
    liveStartedAt: null,
    liveEndedAt: null,
    writersPostLiveDirectly: false,
    createdAt: PUBLISHED,
    updatedAt: PUBLISHED,
    displayDate: PUBLISHED,
    ...overrides,
  } as Article;
}

const save = (overrides: Partial<ArticleSave>): ArticleSave => ({
  actor: editor,
  input: articleInput(),
  current: null,
  body: BODY,
  scheduledAt: null,
  autosave: false,
  now: NOW,
  ...overrides,
});

describe("what a save of the article form writes", () => {
  test("a writer's 'published' for a new story is submitted for review, its flags and byline ignored", () => {
    const write = articleWriteFor(
      save({
        actor: writer,
        input: articleInput({
          status: "published",
          featured: "on",
          authorName: "Someone Else",
          slug: "mine",
        }),
      }),
    );
    expect(write.status).toBe("pending");
    expect(write.values.publishedAt).toBeNull();
    expect([write.featured, write.isTopStory]).toEqual([false, false]);
    expect(write.values.authorName).toBe("Ama");
    expect(write.wantedSlug).toBe("");
    expect(write.isProposal).toBe(false);
  });

  test("an editor publishes a new story now, with the byline, flags and slug typed", () => {
    const write = articleWriteFor(
      save({
        input: articleInput({ status: "published", isTopStory: "on", authorName: "Desk", slug: "rain" }),
      }),
    );
    expect(write.status).toBe("published");
    expect(write.values.publishedAt).toEqual(NOW);
    expect(write.values.authorName).toBe("Desk");
    expect([write.featured, write.isTopStory]).toEqual([false, true]);
    expect([write.wantedSlug, write.wantedSlugTyped]).toEqual(["rain", true]);
    expect(write.values.readTime).not.toBe("");
  });

  test("a writer's change to their live story is a proposal that keeps it published", () => {
    const write = articleWriteFor(
      save({ actor: writer, current: stored(), input: articleInput({ status: "draft", title: "New" }) }),
    );
    expect(write.isProposal).toBe(true);
    expect(write.status).toBe("published");
    expect(write.snapshot.title).toBe("New");
  });

  test("an autosave keeps a draft and leaves the stored flags and byline as they are", () => {
    const write = articleWriteFor(
      save({
        autosave: true,
        current: stored({ status: "draft", publishedAt: null, featured: true, authorName: "Ama" }),
        input: articleInput({ status: "published", featured: "", authorName: "Desk", slug: "typed" }),
      }),
    );
    expect(write.status).toBe("draft");
    expect(write.featured).toBe(true);
    expect(write.values.authorName).toBe("Ama");
    expect(write.wantedSlug).toBe("");
  });

  test("the slug the form shows back unchanged is not a typed choice", () => {
    const write = articleWriteFor(save({ current: stored(), input: articleInput({ slug: "accra-floods" }) }));
    expect([write.wantedSlug, write.wantedSlugTyped]).toEqual(["accra-floods", false]);
  });

  test("a live story whose text changes is marked updated now; its first publish time stays", () => {
    const write = articleWriteFor(
      save({
        current: stored(),
        input: articleInput({ status: "published" }, "<p>More rain.</p>"),
        body: { ...BODY, content: "<p>More rain.</p>" },
      }),
    );
    expect(write.values.publishedAt).toEqual(PUBLISHED);
    expect(write.revision.revisedAt).toEqual(NOW);
    expect(write.correctionNote).toBe("");
  });

  test("a live story saved unchanged keeps its mark; a correction note marks it and is recorded", () => {
    const revisedAt = new Date("2026-02-10T00:00:00Z");
    const current = stored({ revisedAt, correctionNote: "Earlier note" });
    const unchanged = articleWriteFor(save({ current, input: articleInput({ status: "published" }) }));
    expect(unchanged.revision).toEqual({ revisedAt, correctionNote: "Earlier note" });
    const corrected = articleWriteFor(
      save({ current, input: articleInput({ status: "published" }), correctionNote: "Name corrected" }),
    );
    expect(corrected.revision).toEqual({ revisedAt: NOW, correctionNote: "Name corrected" });
    expect(corrected.correctionNote).toBe("Name corrected");
  });

  test("a correction note on a story that is not staying live is dropped", () => {
    const write = articleWriteFor(
      save({ current: stored(), input: articleInput({ status: "draft" }), correctionNote: "Ignored" }),
    );
    expect(write.status).toBe("draft");
    expect(write.correctionNote).toBe("");
    expect(write.revision.revisedAt).toBeNull();
  });

  test("the schedule is kept only with the status 'scheduled'", () => {
    const at = new Date("2026-04-01T09:00:00Z");
    const scheduled = articleWriteFor(
      save({ input: articleInput({ status: "scheduled" }), scheduledAt: at }),
    );
    expect(scheduled.values.scheduledAt).toEqual(at);
    const draft = articleWriteFor(save({ input: articleInput({ status: "draft" }), scheduledAt: at }));
    expect(draft.values.scheduledAt).toBeNull();
  });

  test("search-and-sharing overrides absent from the input keep what is stored", () => {
    const { seoTitle: _title, seoDescription: _description, ...restored } = articleInput();
    const write = articleWriteFor(save({ current: stored(), input: restored }));
    expect(write.values.seoTitle).toBe("Stored SEO title");
  });

  test("a manual date is kept at noon UTC of the day chosen", () => {
    const write = articleWriteFor(
      save({ input: articleInput({ useManualDate: "on", manualDate: "2026-01-15" }) }),
    );
    expect(write.values.manualDate).toEqual(new Date("2026-01-15T12:00:00Z"));
  });
});
