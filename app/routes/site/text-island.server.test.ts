/**
 * The `nd-text` island (decision record 022, point 6): the texts the reader script writes, formatted by
 * the server from an edition's catalogue, English's left to the script's bundled copy, which must say
 * what `en.ts` says under the same keys.
 */
import { describe, expect, test } from "vitest";
import { FORM_ANSWER_TEXT } from "#app/components/site/form-answer-words";
import { SCRIPT_COUNT_TEXT, countText } from "#app/reader/count-text";
import { readTextIsland } from "#app/reader/text-island";
import { SCRIPT_TEXT, text } from "#app/reader/text";
import { loadCatalogue } from "#app/i18n/messages.server";
import { EN_MESSAGES, type MessageKey } from "#app/i18n/messages/en";
import twMessages from "#app/i18n/messages/tw.json";
import { pluralForms } from "#app/i18n/text-island.server";
import { textIsland, textIslandJson } from "./text-island.server";

describe("the texts the reader script bundles", () => {
  test("are en.ts's English, key for key, counts as English's plural forms", () => {
    for (const [key, english] of Object.entries({ ...SCRIPT_TEXT, ...FORM_ANSWER_TEXT }))
      expect(EN_MESSAGES[key as MessageKey], key).toBe(english);
    for (const [key, forms] of Object.entries(SCRIPT_COUNT_TEXT))
      expect(pluralForms(EN_MESSAGES[key as MessageKey]), key).toEqual(forms);
  });
});

describe("a count's message as plural forms", () => {
  test("gives each category its words, `#` kept, the words around the plural in each", () => {
    expect(pluralForms("{count, plural, one {# view} other {# views}}")).toEqual({
      one: "# view",
      other: "# views",
    });
    expect(pluralForms("⟦{count, plural, =0 {none} other {# views}}⟧")).toEqual({
      "=0": "⟦none⟧",
      other: "⟦# views⟧",
    });
    expect(pluralForms("It's {count, plural, other {# o''clock}}")).toEqual({ other: "It's # o'clock" });
  });

  test("refuses what the script could not write: another argument, a second plural, no plural", () => {
    expect(pluralForms("{count, plural, other {# by {name}}}")).toBeNull();
    expect(pluralForms("{name} {count, plural, other {#}}")).toBeNull();
    expect(pluralForms("{count, plural, other {#}} {count, plural, other {#}}")).toBeNull();
    expect(pluralForms("{n, plural, other {#}}")).toBeNull();
    expect(pluralForms("No count")).toBeNull();
  });
});

describe("an edition's island", () => {
  test("the main language's pages carry none: the script's English is theirs", () => {
    expect(textIsland("en")).toBeNull();
    expect(textIslandJson("en")).toBeNull();
  });

  test("Twi's holds the texts its catalogue has, formatted, and its plural locale (ak)", () => {
    const island = textIsland("tw");
    expect(island?.locale).toBe("ak");
    expect(island?.texts["script.imageNotAvailable"]).toBe(twMessages["script.imageNotAvailable"]);
    // The rest is English's, left to the script.
    const expected = Object.keys({ ...SCRIPT_TEXT, ...SCRIPT_COUNT_TEXT }).filter((key) => key in twMessages);
    expect(Object.keys(island?.texts ?? {}).sort()).toEqual(expected.sort());
  });

  test("a language's counts go by its rules; a message readers may not see is left out", () => {
    // French's plurals ask for one, many and other (CLDR 48).
    loadCatalogue("fr", {
      "script.push.breakingOn": "Alertes '</script>' activées",
      "script.share.copied": "Copié '{'ici'}'",
      "script.views": "{count, plural, one {# vue} many {# de vues} other {# vues}}",
      "script.live.newUpdates": "{count, plural, one {# nouvelle} other {# nouvelles}}",
      "script.account.signedIn": "{unknown}",
    });
    const island = textIsland("fr");
    expect(island).toEqual({
      locale: "fr",
      texts: {
        "script.push.breakingOn": "Alertes </script> activées",
        "script.share.copied": "Copié {ici}",
        "script.views": { one: "# vue", many: "# de vues", other: "# vues" },
      },
    });
    // `<` cannot close the island's element, and the script reads back what was meant.
    const json = textIslandJson("fr") ?? "";
    expect(json).not.toContain("<");
    const read = readTextIsland(json);
    expect(text("script.push.breakingOn", read)).toBe("Alertes </script> activées");
    expect(text("script.account.signedIn", read)).toBe(SCRIPT_TEXT["script.account.signedIn"]);
    expect(countText("script.views", 1, read)).toBe("1 vue");
    expect(countText("script.views", 1_000_000, read)).toBe("1\u202f000\u202f000 de vues");
    expect(countText("script.live.newUpdates", 0, read)).toBe("0 new updates");
  });

  test("a catalogue loaded again gives a new island", () => {
    loadCatalogue("qty", { "script.push.failed": "First" });
    expect(textIslandJson("qty")).toContain("First");
    loadCatalogue("qty", { "script.push.failed": "Second" });
    expect(textIslandJson("qty")).toContain("Second");
  });
});
