import { describe, expect, test } from "vitest";
import { categoryMatchKey, categoryNameFromSlug, categorySlug, sortCategoriesPreferred } from "./slug";

describe("category slugs and names", () => {
  test("slug: lower case, '&' to 'and', other non-alphanumerics to single dashes", () => {
    expect(categorySlug("Travel & Events")).toBe("travel-and-events");
    expect(categorySlug("  News / Politics!! ")).toBe("news-politics");
    expect(categorySlug("Sports")).toBe("sports");
  });
  test("name from slug: words capitalised, 'and' to '&'", () => {
    expect(categoryNameFromSlug("travel-and-events")).toBe("Travel & Events");
    expect(categoryNameFromSlug("lifestyle")).toBe("Lifestyle");
    expect(categoryNameFromSlug("arts--and--culture")).toBe("Arts & Culture");
  });
  test("matching ignores case and punctuation", () => {
    expect(categoryMatchKey("Travel & Events")).toBe("travel and events");
    expect(categoryMatchKey("travel-and-events")).toBe("travel and events");
    expect(categoryMatchKey("TRAVEL and events")).toBe(categoryMatchKey("Travel&Events"));
    expect(categoryMatchKey("News")).not.toBe(categoryMatchKey("Business"));
  });
  test("preferred order first, then the rest alphabetically", () => {
    const names = ["Lifestyle", "Gallery", "Zoo", "Business", "Apples", "News", "Travel & Events"];
    expect(sortCategoriesPreferred(names.map((name) => ({ name }))).map((c) => c.name)).toEqual([
      "News",
      "Business",
      "Travel & Events",
      "Gallery",
      "Apples",
      "Lifestyle",
      "Zoo",
    ]);
  });
});
