import { expect, test } from "vitest";
import { alternatesOf, storyVersionLinks } from "./story-versions";

const versions = [
  { id: "a1", slug: "floods-close-the-road", language: "en", editionName: "English", isOriginal: true },
  { id: "a2", slug: "nsuyiri-ato-kwan", language: "tw", editionName: "Twi", isOriginal: false },
  { id: "a3", slug: null, language: "gaa", editionName: "Gã", isOriginal: false },
];

test("each version links to its address in its own edition, the page's own marked current", () => {
  expect(storyVersionLinks(versions, "a2", "en")).toEqual([
    {
      tag: "en",
      name: "English",
      path: "/article/floods-close-the-road",
      isOriginal: true,
      isCurrent: false,
    },
    { tag: "tw", name: "Twi", path: "/tw/article/nsuyiri-ato-kwan", isOriginal: false, isCurrent: true },
    // A version without a slug yet is read by its id.
    { tag: "gaa", name: "Gã", path: "/gaa/article/a3", isOriginal: false, isCurrent: false },
  ]);
  // On a site whose main edition is Twi, Twi is at the root and English under its prefix.
  expect(storyVersionLinks(versions, "a1", "tw").map((link) => link.path)).toEqual([
    "/en/article/floods-close-the-road",
    "/article/nsuyiri-ato-kwan",
    "/gaa/article/a3",
  ]);
});

test("the hreflang set: every version, itself included, and x-default the original; none for a lone story", () => {
  const links = storyVersionLinks(versions.slice(0, 2), "a2", "en");
  expect(alternatesOf(links)).toEqual([
    { hreflang: "en", path: "/article/floods-close-the-road" },
    { hreflang: "tw", path: "/tw/article/nsuyiri-ato-kwan" },
    { hreflang: "x-default", path: "/article/floods-close-the-road" },
  ]);
  expect(alternatesOf(storyVersionLinks(versions.slice(0, 1), "a1", "en"))).toEqual([]);
  // The original unpublished: the first version in the editions' order stands in.
  expect(alternatesOf(storyVersionLinks(versions.slice(1), "a2", "en")).at(-1)).toEqual({
    hreflang: "x-default",
    path: "/tw/article/nsuyiri-ato-kwan",
  });
});
