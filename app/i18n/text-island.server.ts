/**
 * The texts of the `nd-text` island (decision record 022, point 6; app/routes/site/text-island.server.ts
 * puts it in a page): formatted here from a language's catalogue so the browser formats nothing with a
 * library. A count goes as its plural categories with `#` and the locale whose rules choose one. A text
 * the language has no good message for is left out: the script's bundled English stands in, as English's
 * stands in on the server.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { editionIntlLocale } from "#app/lib/editions";
import type { PluralForms } from "#app/reader/text-island";
import { messagesFor, ownMessage } from "./messages.server";
import type { MessageKey } from "./messages/en";

/** The literal words of elements that hold nothing else (a count's `#` kept), or null. */
function literalText(elements: MessageFormatElement[]): string | null {
  let text = "";
  for (const element of elements) {
    if (element.type === TYPE.literal) text += element.value;
    else if (element.type === TYPE.pound) text += "#";
    else return null;
  }
  return text;
}

/**
 * A message that is one plural of `count` amid plain words, as its forms: `{count, plural, one {# view}
 * other {# views}}` gives `{ one: "# view", other: "# views" }`, words around the plural going into each.
 */
export function pluralForms(message: string): PluralForms | null {
  const elements = parse(message);
  const at = elements.findIndex((element) => element.type === TYPE.plural);
  const plural = elements[at];
  if (!plural || plural.type !== TYPE.plural || plural.value !== "count" || plural.pluralType === "ordinal")
    return null;
  const before = literalText(elements.slice(0, at));
  const after = literalText(elements.slice(at + 1));
  if (before === null || after === null) return null;
  const forms: Record<string, string> = {};
  for (const [category, option] of Object.entries(plural.options)) {
    const words = literalText(option.value);
    if (words === null) return null;
    forms[category] = before + words + after;
  }
  return forms;
}

/**
 * `language`'s own messages for the given keys, formatted: plain texts as they read, counts as their
 * plural forms, with the locale whose rules choose a form. A key the language has no good message for is
 * left out (its reader falls back to English's, as the server does).
 */
export function scriptTexts(
  language: string,
  keys: { texts: readonly MessageKey[]; counts: readonly MessageKey[] },
): { locale: string; texts: Record<string, string | PluralForms> } {
  const { t } = messagesFor(language);
  const texts: Record<string, string | PluralForms> = {};
  for (const key of keys.texts) if (ownMessage(language, key) !== null) texts[key] = t(key);
  for (const key of keys.counts) {
    const own = ownMessage(language, key);
    const forms = own === null ? null : pluralForms(own);
    if (forms) texts[key] = forms;
  }
  return { locale: editionIntlLocale(language), texts };
}
