/**
 * The `nd-text` island of an edition page (decision record 022, point 6): the texts the reader script
 * writes, in the page's edition, formatted by the server from its catalogue into
 * `<script type="application/json" id="nd-text">` (plurals as their categories with `#`, and the locale to
 * choose one with `Intl.PluralRules`); main pages carry none. Read once; the words themselves and their
 * bundled English are in `text.ts` and `count-text.ts` (the lite script reads none: lite pages carry no island).
 */
import type { ScriptCountKey } from "./count-text";
import type { ScriptTextKey } from "./text";

/** A count's words by plural category (`one`, `other`, … or an exact `=0`), `#` standing for the number. */
export type PluralForms = Readonly<Record<string, string>>;

export const TEXT_ISLAND_ID = "nd-text";

/** What the island holds: `texts` may lack any key (its language has no good message for it yet). */
export interface TextIsland {
  /** The locale of the counts' plural rules and numbers (`ak` for Twi). */
  locale: string;
  texts: Partial<Record<ScriptTextKey, string> & Record<ScriptCountKey, PluralForms>>;
}

const ENGLISH: TextIsland = { locale: "en", texts: {} };

/** An island's JSON as the script takes it: none, or anything unreadable, is English throughout. */
export function readTextIsland(json: string | null | undefined): TextIsland {
  if (!json) return ENGLISH;
  try {
    const read = JSON.parse(json) as Partial<TextIsland> | null;
    return {
      locale: typeof read?.locale === "string" ? read.locale : "en",
      texts: read?.texts && typeof read.texts === "object" ? read.texts : {},
    };
  } catch (error) {
    console.warn("[reader] the page's texts are unreadable", error);
    return ENGLISH;
  }
}

let island: TextIsland | null = null;

/** The page's island, read once. */
export function pageIsland(): TextIsland {
  if (!island) island = readTextIsland(document.getElementById(TEXT_ISLAND_ID)?.textContent);
  return island;
}
