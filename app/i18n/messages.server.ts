/**
 * Reader texts per language, formatted with FormatJS's ICU MessageFormat (decision record 022, point 6).
 * Server-only: the formatter is far too heavy for the reader script (tests/import-rules/layers.ts).
 *
 * A language's message is used when its catalogue has it, it parses, it takes English's arguments and
 * its plurals give every category the language's plural rules ask for; else English's is, formatted with
 * English's plural rules (an English text with Akan's rules would say "0 new update"). What a catalogue
 * lacks is listed by `catalogueProblems`, for the Editions screen and the tests, never from traffic.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { ENGLISH_DATE_WORDS, type DateWords, type TimeUnit } from "#app/lib/dates";
import { editionIntlLocale } from "#app/lib/editions";
import { EN_MESSAGES, type MessageKey, type MessageValues } from "./messages/en";
import twMessages from "./messages/tw.json";
import type { PageMessages, Translate } from "./use-messages";

/** The catalogues shipped besides English's: a language without one reads English throughout. */
const CATALOGUES: Record<string, Readonly<Record<string, unknown>>> = { tw: twMessages };

export const MESSAGE_KEYS = Object.keys(EN_MESSAGES) as MessageKey[];

export type MessageProblemKind = "missing" | "unparsable" | "arguments" | "plural";

export interface MessageProblem {
  key: MessageKey;
  kind: MessageProblemKind;
  /** English's message, what readers see meanwhile. */
  english: string;
  /** The plural categories missing, for `plural`. */
  detail?: string;
}

/** The names a message's arguments go by, plurals' and selects' included, however deep. */
function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentNames(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
  }
  return into;
}

/** The plural categories a language's rules ask for that one of the message's plurals lacks. */
function missingPluralCategories(elements: MessageFormatElement[], intlLocale: string): string[] {
  const required = new Intl.PluralRules(intlLocale).resolvedOptions().pluralCategories;
  const missing = new Set<string>();
  const visit = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.tag) visit(element.children);
      if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
      if (element.type === TYPE.plural && element.pluralType !== "ordinal")
        for (const category of required) if (!(category in element.options)) missing.add(category);
      for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(elements);
  return [...missing];
}

const sameNames = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((n) => b.has(n));

const englishArguments = new Map<MessageKey, Set<string>>();
function argumentsOfEnglish(key: MessageKey): Set<string> {
  let names = englishArguments.get(key);
  if (!names) englishArguments.set(key, (names = argumentNames(parse(EN_MESSAGES[key]))));
  return names;
}

/** What is wrong with a language's message for `key`, or null when readers may see it. */
const problemOf = (language: string, key: MessageKey) =>
  messageProblem(language, key, CATALOGUES[language]?.[key]);

/** What is wrong with `message` as `language`'s for `key` (exported for the tests). */
export function messageProblem(language: string, key: MessageKey, message: unknown): MessageProblem | null {
  const english = EN_MESSAGES[key];
  if (typeof message !== "string" || message.trim() === "") return { key, kind: "missing", english };
  let elements: MessageFormatElement[];
  try {
    elements = parse(message);
  } catch {
    return { key, kind: "unparsable", english };
  }
  if (!sameNames(argumentNames(elements), argumentsOfEnglish(key)))
    return { key, kind: "arguments", english };
  const missing = missingPluralCategories(elements, editionIntlLocale(language));
  if (missing.length > 0) return { key, kind: "plural", english, detail: missing.join(", ") };
  return null;
}

/** `language`'s own message for `key` when its readers see it, else null (they see English's). */
export function ownMessage(language: string, key: MessageKey): string | null {
  if (language === "en" || problemOf(language, key)) return null;
  return String(CATALOGUES[language]?.[key]);
}

/** Every key a language's readers see in English, and why; none for English itself. */
export function catalogueProblems(language: string): MessageProblem[] {
  if (language === "en") return [];
  return MESSAGE_KEYS.flatMap((key) => problemOf(language, key) ?? []);
}

/** Keys a catalogue has that English lacks (a misspelt or retired key): the tests refuse them. */
export function unknownCatalogueKeys(language: string): string[] {
  return Object.keys(CATALOGUES[language] ?? {}).filter((key) => !(key in EN_MESSAGES));
}

/** The languages shipped with a catalogue of their own besides English. */
export const CATALOGUE_LANGUAGES = Object.keys(CATALOGUES);

const TIME_UNIT_KEYS: Record<TimeUnit, MessageKey> = {
  minute: "date.minutesAgo",
  hour: "date.hoursAgo",
  day: "date.daysAgo",
  week: "date.weeksAgo",
  month: "date.monthsAgo",
  year: "date.yearsAgo",
};

const MONTH_KEYS = Array.from({ length: 12 }, (_, i) => `date.month${i + 1}` as MessageKey);
const WEEKDAY_KEYS = Array.from({ length: 7 }, (_, i) => `date.weekday${i}` as MessageKey);
const SHORT_MONTH_KEYS = Array.from({ length: 12 }, (_, i) => `date.monthShort${i + 1}` as MessageKey);
const SHORT_WEEKDAY_KEYS = Array.from({ length: 7 }, (_, i) => `date.weekdayShort${i}` as MessageKey);

function translator(language: string): Translate {
  // Compiled on first use, per key: a page uses a few dozen of some hundreds.
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const compile = (key: MessageKey) => {
    const own = language !== "en" && !problemOf(language, key);
    const format = own
      ? new IntlMessageFormat(String(CATALOGUES[language]?.[key]), editionIntlLocale(language))
      : new IntlMessageFormat(EN_MESSAGES[key], "en");
    compiled.set(key, format);
    return format;
  };
  return (key, values) => String((compiled.get(key) ?? compile(key)).format(values as MessageValues));
}

function dateWordsOf(t: Translate): DateWords {
  return {
    months: MONTH_KEYS.map((key) => t(key)),
    weekdays: WEEKDAY_KEYS.map((key) => t(key)),
    shortMonths: SHORT_MONTH_KEYS.map((key) => t(key)),
    shortWeekdays: SHORT_WEEKDAY_KEYS.map((key) => t(key)),
    justNow: t("date.justNow"),
    ago: (count, unit) => t(TIME_UNIT_KEYS[unit], { count }),
  };
}

const byLanguage = new Map<string, PageMessages>();

/**
 * Gives `language` the catalogue `messages` from now on, in place of its file's, checked like a file's
 * (a bad message falls back to English). For the tests alone, which render a whole edition in a
 * pseudo-language to find any text not from a catalogue (server/pseudo-language.test.ts); the
 * newsroom's catalogues are the files beside `en.ts`. English's own cannot be replaced.
 */
export function loadCatalogue(language: string, messages: Readonly<Record<string, string>>): void {
  if (language === "en") throw new Error("[i18n] English's catalogue is en.ts itself");
  CATALOGUES[language] = { ...messages };
  byLanguage.delete(language);
}

/** The messages of a page in `language` (an edition's tag), kept for the process's life. */
export function messagesFor(language: string): PageMessages {
  const known = byLanguage.get(language);
  if (known) return known;
  const t = translator(language);
  const messages: PageMessages = {
    language,
    t,
    dateWords: language === "en" ? ENGLISH_DATE_WORDS : dateWordsOf(t),
  };
  byLanguage.set(language, messages);
  return messages;
}
