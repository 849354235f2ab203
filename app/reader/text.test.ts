import { describe, expect, test } from "vitest";
import { countText } from "./count-text";
import { readTextIsland } from "./text-island";
import { text, textFor } from "./text";
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/newsletter-form";
import { PUSH_TEXT } from "#app/domain/push/push-topics";

/** A Twi page's island as the server writes it (text-island.server.ts), with a text left out. */
const TWI = readTextIsland(
  JSON.stringify({
    locale: "ak",
    texts: {
      "script.push.breakingOn": "Nsɛm foforɔ",
      "script.comment.missing": "Hyɛ ne nyinaa ma",
      "script.views": { one: "nhwɛ #", other: "nhwɛ # (pii)" },
    },
  }),
);
const ENGLISH = readTextIsland(null);

describe("the texts the reader script writes", () => {
  test("come from the island, each missing one in the bundled English", () => {
    expect(text("script.push.breakingOn", TWI)).toBe("Nsɛm foforɔ");
    expect(text("script.push.breakingOff", TWI)).toBe(PUSH_TEXT.breakingOff);
    expect(text("script.push.breakingOn", ENGLISH)).toBe(PUSH_TEXT.breakingOn);
  });

  test("a form rule's English answer is found by its words and told in the page's", () => {
    expect(textFor(COMMENT_TEXT.missing, "comment", TWI)).toBe("Hyɛ ne nyinaa ma");
    expect(textFor(COMMENT_TEXT.missingTitle, "comment", TWI)).toBe(COMMENT_TEXT.missingTitle);
    expect(textFor("Words of no catalogue", "comment", TWI)).toBe("Words of no catalogue");
  });

  test("where two forms share an English answer, each form's own message is told", () => {
    const island = readTextIsland(
      JSON.stringify({ locale: "ak", texts: { "script.newsletter.invalidEmail": "Newsletter words" } }),
    );
    expect(NEWSLETTER_TEXT.invalidEmail).toBe(COMMENT_TEXT.invalidEmail);
    expect(textFor(NEWSLETTER_TEXT.invalidEmail, "newsletter", island)).toBe("Newsletter words");
    expect(textFor(COMMENT_TEXT.invalidEmail, "comment", island)).toBe(COMMENT_TEXT.invalidEmail);
  });

  test("counts take the island's plural rules (Akan's 'one' is 0 and 1) and its numbers", () => {
    expect(countText("script.views", 0, TWI)).toBe("nhwɛ 0");
    expect(countText("script.views", 1, TWI)).toBe("nhwɛ 1");
    expect(countText("script.views", 2, TWI)).toBe("nhwɛ 2 (pii)");
  });

  test("without the island's forms a count is English, by English's rules", () => {
    expect(countText("script.views", 0, ENGLISH)).toBe("0 views");
    expect(countText("script.views", 1, ENGLISH)).toBe("1 view");
    expect(countText("script.views", 1234, ENGLISH)).toBe("1,234 views");
    expect(countText("script.live.newUpdates", 0, TWI)).toBe("0 new updates");
    expect(countText("script.live.newUpdates", 1, TWI)).toBe("1 new update");
  });

  test("an exact form wins over the category", () => {
    const island = readTextIsland(
      JSON.stringify({
        locale: "en",
        texts: { "script.views": { "=0": "No views", one: "# view", other: "# views" } },
      }),
    );
    expect(countText("script.views", 0, island)).toBe("No views");
    expect(countText("script.views", 5, island)).toBe("5 views");
  });

  test("an unreadable island is English throughout, as no island is", () => {
    for (const json of ["{not json", "null", "[]", '{"locale":3,"texts":"x"}'])
      expect(text("script.account.signedIn", readTextIsland(json))).toBe("Account");
    expect(
      countText(
        "script.views",
        2,
        readTextIsland('{"locale":"not a locale!","texts":{"script.views":{"other":"# x"}}}'),
      ),
    ).toBe("2 x");
  });
});
