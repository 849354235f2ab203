/**
 * The `nd-text` island of an edition page (decision record 022, point 6): the texts the reader script
 * writes (app/reader/text.ts), formatted here from the edition's catalogue so the browser formats
 * nothing with a library. A count goes as its plural categories with `#` and the locale whose rules
 * choose one. A text the language has no good message for is left out: the script's bundled English
 * stands in, as English's stands in on the server. Main pages carry no island.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { editionIntlLocale } from "#app/lib/editions";
import {
  SCRIPT_COUNT_TEXT,
  SCRIPT_TEXT,
  type PluralForms,
  type ScriptCountKey,
  type ScriptTextKey,
  type TextIsland,
} from "#app/reader/text";
import { messagesFor, ownMessage } from "./messages.server";
import type { PageMessages } from "./use-messages";

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

/** The island's content for `language`, or null for English (the script's own). */
export function textIsland(language: string): TextIsland | null {
  if (language === "en") return null;
  const { t } = messagesFor(language);
  const texts: TextIsland["texts"] = {};
  for (const key of Object.keys(SCRIPT_TEXT) as ScriptTextKey[])
    if (ownMessage(language, key) !== null) texts[key] = t(key);
  for (const key of Object.keys(SCRIPT_COUNT_TEXT) as ScriptCountKey[]) {
    const own = ownMessage(language, key);
    const forms = own === null ? null : pluralForms(own);
    if (forms) texts[key] = forms;
  }
  return { locale: editionIntlLocale(language), texts };
}

/** Per catalogue as loaded: a test's `loadCatalogue` gives a language new messages, and a new island. */
const serialized = new WeakMap<PageMessages, string>();

/**
 * The island as a `<script type="application/json">`'s text, kept per language: `<` escaped, so no text
 * can close the element.
 */
export function textIslandJson(language: string): string | null {
  if (language === "en") return null;
  const messages = messagesFor(language);
  let json = serialized.get(messages);
  if (json === undefined) {
    json = JSON.stringify(textIsland(language)).replace(/</g, "\\u003c");
    serialized.set(messages, json);
  }
  return json;
}
