/** The editor's values from a stored story: an untitled story's placeholder address is not offered as typed. */
import { describe, expect, test } from "vitest";
import { articleValuesFromArticle } from "./form-values";

const stored = {
  title: "Abatoɔ nsɛm aba Kumasi",
  content: "",
  excerpt: "",
  status: "draft",
  authorName: "",
  categoryId: null,
  tags: [],
  imageUrl: "",
  youtubeUrl: "",
  useManualDate: false,
  manualDate: null,
  featured: false,
  isTopStory: false,
  slug: "abatoo-nsem-aba-kumasi",
};

describe("articleValuesFromArticle", () => {
  test("a titled story's address is its own", () => {
    expect(articleValuesFromArticle(stored).slug).toBe("abatoo-nsem-aba-kumasi");
  });

  test("an untitled story (a translation just started) leaves the address to the title typed next", () => {
    expect(articleValuesFromArticle({ ...stored, title: " ", slug: "story-db68d768" }).slug).toBe("");
  });
});
