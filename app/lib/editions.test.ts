/**
 * An edition lives under `/{tag}/`, so a tag that is also the first segment of one of the site's routes
 * would be shadowed by that route (decision record 022, point 2). The route table of app/routes.ts is
 * walked as React Router reads it (nested paths joined, layouts and prefixes included), so a route added
 * there with such a first segment fails here until RESERVED_EDITION_TAGS lists it.
 */
import { describe, expect, test } from "vitest";
import routeTable from "#app/routes";
import {
  EDITION_TAG_PATTERN,
  inEdition,
  isReservedEditionTag,
  pageEdition,
  RESERVED_EDITION_TAGS,
} from "./editions";

interface TableRoute {
  path?: string;
  children?: TableRoute[];
}

/** Every full path of the table: `admin/ads` for the Ads screen, `tag/:slug` for the tag page. */
function routePaths(routes: readonly TableRoute[], base = ""): string[] {
  return routes.flatMap((route) => {
    const full = route.path ? (base ? `${base}/${route.path}` : route.path) : base;
    return [full, ...routePaths(route.children ?? [], full)];
  });
}

const ROUTE_PATHS = routePaths(routeTable as readonly TableRoute[]);

const firstSegment = (routePath: string) => routePath.replace(/^\/+/, "").split("/")[0] ?? "";

describe("edition tags and the route table", () => {
  test("the table is read: the reader pages, the feeds and the back office are all found", () => {
    const firsts = ROUTE_PATHS.map(firstSegment);
    for (const expected of ["article", "tag", "all-articles", "search", "rss.xml", "admin", "account"])
      expect(firsts).toContain(expected);
  });

  test("every first segment of a route that could be an edition's tag is reserved", () => {
    const clashing = [...new Set(ROUTE_PATHS.map(firstSegment))].filter((segment) =>
      EDITION_TAG_PATTERN.test(segment),
    );
    expect(clashing.length).toBeGreaterThan(0);
    const missing = clashing.filter((segment) => !isReservedEditionTag(segment));
    expect(missing, "add these to RESERVED_EDITION_TAGS (app/lib/editions.ts)").toEqual([]);
  });

  test("each reserved tag is one the tag pattern would otherwise accept (else listing it is pointless)", () => {
    for (const tag of RESERVED_EDITION_TAGS) expect(EDITION_TAG_PATTERN.test(tag), tag).toBe(true);
  });

  test("the pattern takes the Ghanaian languages' tags and refuses what is not a tag", () => {
    for (const tag of ["tw", "gaa", "ee", "ha", "dag", "en", "pt-br"])
      expect(EDITION_TAG_PATTERN.test(tag)).toBe(true);
    for (const tag of ["", "t", "twii", "Tw", "tw_gh", "tw-", "-tw", "tw/x", "tw-a"])
      expect(EDITION_TAG_PATTERN.test(tag), tag).toBe(false);
  });

  test("the main edition is at the root, another under its tag", () => {
    expect(pageEdition("en", "en")).toEqual({ tag: "en", prefix: "", intlLocale: "en", main: true });
    expect(pageEdition("tw", "en")).toEqual({ tag: "tw", prefix: "/tw", intlLocale: "ak", main: false });
    expect(inEdition("/tw", "/")).toBe("/tw/");
    expect(inEdition("", "/search")).toBe("/search");
  });
});
