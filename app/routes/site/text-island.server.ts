/**
 * The `nd-text` island of an edition page (decision record 022, point 6), put in by the site layout: the
 * texts the reader script writes (app/reader/text.ts) in the edition's words, formatted from its
 * catalogue (`scriptTexts`), so the browser formats nothing with a library. Main pages carry none.
 */
import { scriptTexts } from "#app/i18n/text-island.server";
import { messagesFor } from "#app/i18n/messages.server";
import type { PageMessages } from "#app/i18n/use-messages";
import { SCRIPT_COUNT_TEXT, type ScriptCountKey } from "#app/reader/count-text";
import type { TextIsland } from "#app/reader/text-island";
import { SCRIPT_TEXT, type ScriptTextKey } from "#app/reader/text";

const KEYS = {
  texts: Object.keys(SCRIPT_TEXT) as ScriptTextKey[],
  counts: Object.keys(SCRIPT_COUNT_TEXT) as ScriptCountKey[],
};

/** The island's content for `language`, or null for English (the script's own). */
export const textIsland = (language: string): TextIsland | null =>
  language === "en" ? null : (scriptTexts(language, KEYS) as TextIsland);

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
