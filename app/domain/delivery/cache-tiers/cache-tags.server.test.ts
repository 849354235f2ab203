import { describe, expect, test } from "vitest";
import { articleIdsLinkedFrom } from "../page-cache.server";
import {
  ANY_STORY_TAG,
  changeTags,
  MAX_TAG_BYTES,
  mediaTag,
  pageTags,
  SITE_TAG,
  storyTag,
  tagHeadersFor,
} from "./cache-tags.server";

const ID = "3f2b8c1e-7a4d-4e2b-9c1f-0a1b2c3d4e5f";

describe("cache tags: what a page is filed under and what a change purges", () => {
  test("a page carries the site's key and one key per story it links to, read off its bytes as the page cache reads them", () => {
    const html = `<a href="/article/cocoa-prices-rise">Cocoa</a><a href="/tw/article/Kookoo-bo">Twi</a><article data-view-article="${ID}">`;
    expect(pageTags(articleIdsLinkedFrom(html))).toEqual([
      SITE_TAG,
      "nd-a-cocoa-prices-rise",
      "nd-a-kookoo-bo",
      `nd-a-${ID}`,
    ]);
  });

  test("a page linking to more stories than a header holds carries the broader key instead, within the limit", () => {
    const slugs = Array.from({ length: 2_000 }, (_, i) => `a-long-story-slug-about-the-budget-${i}`);
    expect(pageTags(slugs)).toEqual([SITE_TAG, ANY_STORY_TAG]);
    const fitting = pageTags(slugs.slice(0, 100));
    expect(fitting).toHaveLength(101);
    expect(fitting.join(" ").length).toBeLessThanOrEqual(MAX_TAG_BYTES);
  });

  test("a story's change purges its id, its slug and the broader key; a site-wide change the site's key", () => {
    expect(
      changeTags({ scope: "article", articleId: ID, articleSlug: "Cocoa-Prices-Rise", reason: "edited" }),
    ).toEqual([ANY_STORY_TAG, storyTag(ID), "nd-a-cocoa-prices-rise"]);
    expect(changeTags({ scope: "everything", reason: "settings" })).toEqual([SITE_TAG]);
  });

  test("deleted media files are purged by their own keys, not as part of the site", () => {
    const key = "9b6fa61edf3cbb6e1b50e874-800w.webp";
    expect(changeTags({ scope: "everything", reason: "media deleted", mediaKeys: [key] })).toEqual([
      SITE_TAG,
      mediaTag(key),
    ]);
    expect(mediaTag(key)).toBe(`nd-m-${key}`);
  });

  test("only the configured tiers' headers are sent: none without a tier", () => {
    expect(tagHeadersFor({ varnishUrls: [] })).toEqual([]);
    expect(
      tagHeadersFor({ varnishUrls: ["http://127.0.0.1:6081"], cloudflare: {}, fastly: {} }).map((h) => h.name),
    ).toEqual(["xkey", "Surrogate-Key", "Cache-Tag"]);
  });
});
