import { describe, expect, test } from "vitest";
import {
  categoryMatchKey,
  categoryNameFromSlug,
  categorySlug,
  foldLetters,
  shortSlug,
  slugify,
  sortCategoriesPreferred,
  tagSlug,
} from "./slug";

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

// Decision record 022, point 10: the letters of Ghana's languages become the Latin letter readers type.
describe("slugs keep readable letters", () => {
  test("Twi: ɛ and ɔ, capitals alike", () => {
    expect(slugify("Ɔmanpanin kɔ Kumasi")).toBe("omanpanin-ko-kumasi");
    expect(tagSlug("Kɔfi")).toBe("kofi");
    expect(slugify("Ɛnnɛ Nsɛm")).toBe("enne-nsem");
  });
  test("Ga: ŋ and tone marks (Gã → ga)", () => {
    expect(slugify("Gã")).toBe("ga");
    expect(slugify("Ŋmɛnɛ Ŋkɔmɔ")).toBe("nmene-nkomo");
    expect(slugify("Àkwàbá ó")).toBe("akwaba-o");
  });
  test("Ewe: ɖ ƒ ɣ ʋ and their capitals, with tone marks", () => {
    expect(slugify("Ɖevi Ƒe Ɣeyiɣi Ʋu")).toBe("devi-fe-geyigi-vu");
    expect(slugify("Eʋegbe ŋkɔ́ ɖé")).toBe("evegbe-nko-de");
  });
  test("Hausa: hooked ɓ ɗ ƙ ƴ, and ʼ and ’ dropped inside a word", () => {
    expect(slugify("Ƙasar ʼYan Ɗalibai")).toBe("kasar-yan-dalibai");
    expect(slugify("Ɓarawo ƴaƴa")).toBe("barawo-yaya");
    expect(slugify("ʼyan’uwa")).toBe("yanuwa");
  });
  test("Dagbani: ʒ and Ʒ, ŋ, ɛ, ɔ", () => {
    expect(slugify("Ʒiŋli Dagbaŋ Ŋun Nyɛ Yɔɣu")).toBe("zinli-dagban-nun-nye-yogu");
  });
  test("the rest of the rule stays: '&' to 'and', digits, other letters to dashes", () => {
    expect(slugify("Kɔfi & Ama 2024")).toBe("kofi-and-ama-2024");
    expect(slugify("Accra: 中文 news")).toBe("accra-news");
    expect(shortSlug("ɔ".repeat(70))).toBe("o".repeat(60));
  });
  test("folding keeps case and everything it does not know", () => {
    expect(foldLetters("Ɔmanpanin kɔ Kumasi")).toBe("Omanpanin ko Kumasi");
    expect(foldLetters("Gã ŊƐ ʼy ’ 中")).toBe("Ga NE y  中");
  });
  test("category names match across marks and letters", () => {
    expect(categoryMatchKey("Ɔman & Nsɛm")).toBe("oman and nsem");
    expect(categoryMatchKey("oman-and-nsem")).toBe(categoryMatchKey("Ɔman & Nsɛm"));
  });
});
