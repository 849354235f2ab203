/**
 * A story's versions in the site's editions as the reader's page links them (decision record 022, points
 * 3 and 8): the switcher ("Read in:") and the `hreflang` alternates. Isomorphic: the route's loader builds
 * the links, the page's component and `meta` show them.
 */
import { storyPath } from "./paths";

export interface StoryVersionLink {
  /** The edition's tag: the link's `lang` and `hreflang`. */
  tag: string;
  /** The edition's name in its own language. */
  name: string;
  /** The version's address in its own edition (`/tw/article/…`). */
  path: string;
  isOriginal: boolean;
  /** The version the page shows. */
  isCurrent: boolean;
}

/** An alternate address of a page for search engines: `<link rel="alternate" hreflang href>`. */
export interface Alternate {
  hreflang: string;
  /** The address's path, inside its edition; made absolute with the site's origin. */
  path: string;
}

/** The story's published versions (itself among them) as links in their own editions. */
export function storyVersionLinks(
  versions: ReadonlyArray<{
    id: string;
    slug: string | null;
    language: string;
    editionName: string;
    isOriginal: boolean;
  }>,
  currentId: string,
  mainTag: string,
): StoryVersionLink[] {
  return versions.map((version) => ({
    tag: version.language,
    name: version.editionName,
    path: storyPath(version, mainTag),
    isOriginal: version.isOriginal,
    isCurrent: version.id === currentId,
  }));
}

/**
 * The `hreflang` set every version of a story carries alike: each version, itself included, and
 * `x-default` the original (the main edition's home for edition homes). Empty when there is one version:
 * a page alone in its language names no alternates.
 */
export function alternatesOf(
  versions: ReadonlyArray<{ tag: string; path: string; isOriginal: boolean }>,
): Alternate[] {
  if (versions.length < 2) return [];
  // An unpublished original: the first published version in the editions' order stands in.
  const original = versions.find((version) => version.isOriginal) ?? versions[0]!;
  return [
    ...versions.map((version) => ({ hreflang: version.tag, path: version.path })),
    { hreflang: "x-default", path: original.path },
  ];
}
