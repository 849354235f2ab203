/**
 * The catalogues (decision record 022, point 6): every catalogue speaks English's keys with English's
 * arguments, a language's message is used only when readers may see it, and everything else falls back
 * to English, with English's plural rules.
 */
import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, test } from "vitest";
import {
  CATALOGUE_LANGUAGES,
  catalogueProblems,
  MESSAGE_KEYS,
  loadCatalogue,
  messageProblem,
  messagesFor,
  unknownCatalogueKeys,
} from "./messages.server";
import { EN_MESSAGES } from "./messages/en";
import twMessages from "./messages/tw.json";import { shortDate } from "#app/lib/dates";


describe("the catalogues", () => {
  test("every English message parses", () => {
    for (const key of MESSAGE_KEYS) expect(() => parse(EN_MESSAGES[key]), key).not.toThrow();
  });

  test.each(CATALOGUE_LANGUAGES)("%s names no key English lacks", (language) => {
    expect(unknownCatalogueKeys(language)).toEqual([]);
  });

  test("Twi's starting catalogue has no message readers cannot see", () => {
    const broken = catalogueProblems("tw").filter((problem) => problem.kind !== "missing");
    expect(broken).toEqual([]);
    // What is missing is the rest of English's keys, each listed once with the English shown meanwhile.
    const missing = catalogueProblems("tw").map((problem) => problem.key);
    expect(missing.sort()).toEqual(MESSAGE_KEYS.filter((key) => !(key in twMessages)).sort());
    for (const problem of catalogueProblems("tw")) expect(problem.english).toBe(EN_MESSAGES[problem.key]);
  });

  test("a language without a catalogue misses every message; English misses none", () => {
    expect(catalogueProblems("ee")).toHaveLength(MESSAGE_KEYS.length);
    expect(catalogueProblems("en")).toEqual([]);
  });
});

describe("a message readers may not see", () => {
  test("is missing, unparsable, takes other arguments or lacks a plural category", () => {
    expect(messageProblem("tw", "chrome.home", undefined)?.kind).toBe("missing");
    expect(messageProblem("tw", "chrome.home", "  ")?.kind).toBe("missing");
    expect(messageProblem("tw", "pagination.page", "Kratafa {page")?.kind).toBe("unparsable");
    expect(messageProblem("tw", "pagination.page", "Kratafa {number}")?.kind).toBe("arguments");
    expect(messageProblem("tw", "pagination.page", "Kratafa")?.kind).toBe("arguments");
    expect(messageProblem("tw", "date.hoursAgo", "{count, plural, other {# nnɔnhwere}}")).toMatchObject({
      kind: "plural",
      detail: "one",
    });
    expect(messageProblem("tw", "pagination.page", "Kratafa {page}")).toBeNull();
  });

  test("languages without plural data are checked against one and other", () => {
    expect(messageProblem("gaa", "date.daysAgo", "{count, plural, other {# gbii}}")?.detail).toBe("one");
    expect(messageProblem("dag", "date.daysAgo", "{count, plural, one {#} other {#}}")).toBeNull();
  });
});

describe("formatting", () => {
  test("a Twi page reads Twi where Twi has the message, English elsewhere", () => {
    const { t } = messagesFor("tw");
    expect(t("chrome.home")).toBe("Fie");
    expect(t("pagination.page", { page: 3 })).toBe("Kratafa 3");
    expect(t("footer.quickLinks")).toBe("Quick Links");
    expect(t("footer.copyright", { year: 2026, siteTitle: "Newsdesk" })).toBe(
      "© 2026 Newsdesk. All rights reserved.",
    );
  });

  test("plurals follow each language's rules: Akan's one is 0 and 1, English's only 1", () => {
    expect(messagesFor("tw").t("date.hoursAgo", { count: 0 })).toBe("dɔnhwere 0 a atwam");
    expect(messagesFor("tw").t("date.hoursAgo", { count: 2 })).toBe("nnɔnhwere 2 a atwam");
    expect(messagesFor("en").t("date.hoursAgo", { count: 0 })).toBe("0 hours ago");
    expect(messagesFor("en").t("date.hoursAgo", { count: 1 })).toBe("1 hour ago");
    // An edition without a catalogue reads English, with English's rules.
    expect(messagesFor("ee").t("date.hoursAgo", { count: 0 })).toBe("0 hours ago");
  });

  test("dates take the page's month and weekday names", () => {
    const words = messagesFor("tw").dateWords;
    expect(words.months[0]).toBe("Ɔpɛpɔn");
    expect(words.weekdays[0]).toBe("Kwasiada");
    expect(words.ago(3, "day")).toBe("nna 3 a atwam");
    expect(messagesFor("en").dateWords.ago(1, "week")).toBe("1 week ago");
  });

  test("short dates take each language's short names: Twi's January and December stay apart", () => {
    const { dateWords } = messagesFor("tw");
    expect(shortDate("2026-01-15T12:00:00Z", "UTC", dateWords)).not.toBe(
      shortDate("2026-12-15T12:00:00Z", "UTC", dateWords),
    );
    expect(shortDate("2026-01-15T12:00:00Z", "UTC", dateWords)).toContain("Ɔpɛpɔn");
    expect(shortDate("2026-01-15T12:00:00Z", "UTC", messagesFor("en").dateWords)).toContain("Jan 15");
  });
});

describe("counts", () => {
  test("the search result line groups thousands: 'Found 25,001 results', 'Found 1 result'", () => {
    const { t } = messagesFor("en");
    expect(t("search.found", { count: 25_001 })).toBe("Found 25,001 results");
    expect(t("search.found", { count: 1 })).toBe("Found 1 result");
    expect(t("search.found", { count: 0 })).toBe("Found 0 results");
  });
});

describe("a catalogue given at run time", () => {
  test("replaces a language's messages, checked like a file's", () => {
    loadCatalogue("qpt", { "chrome.home": "[Home]", "search.found": "{wrong} results" });
    const { t } = messagesFor("qpt");
    expect(t("chrome.home")).toBe("[Home]");
    // Other arguments than English's: English's message.
    expect(t("search.found", { count: 2 })).toBe("Found 2 results");
    expect(catalogueProblems("qpt").find((p) => p.key === "search.found")?.kind).toBe("arguments");
    loadCatalogue("qpt", { "chrome.home": "[Home again]" });
    expect(messagesFor("qpt").t("chrome.home")).toBe("[Home again]");
  });

  test("never English's", () => {
    expect(() => loadCatalogue("en", {})).toThrow();
  });
});
