/**
 * Counts the reader script writes ("1,234 views", "3 new updates") in the page's edition: the island's
 * forms (text-island.ts) by its locale's plural rules, else the English bundled here, which `en.ts`
 * repeats under the same keys (`app/routes/site/text-island.server.test.ts` holds them equal).
 */
import { pageIsland, type PluralForms, type TextIsland } from "./text-island";

/** The island's counts, in English's plural categories. */
export const SCRIPT_COUNT_TEXT = {
  "script.views": { one: "# view", other: "# views" },
  "script.live.newUpdates": { one: "# new update", other: "# new updates" },
} as const satisfies Record<string, PluralForms>;

export type ScriptCountKey = keyof typeof SCRIPT_COUNT_TEXT;

function pluralCategory(locale: string, count: number): string {
  try {
    return new Intl.PluralRules(locale).select(count);
  } catch {
    return new Intl.PluralRules("en").select(count);
  }
}

function formatNumber(locale: string, count: number): string {
  try {
    return count.toLocaleString(locale);
  } catch {
    return count.toLocaleString("en");
  }
}

/**
 * A count in words ("1,234 views"): the island's forms by its locale's plural rules, or English's words
 * by English's rules (Akan's would say "0 view").
 */
export function countText(key: ScriptCountKey, count: number, from: TextIsland = pageIsland()): string {
  const own = from.texts[key];
  const [forms, locale]: [PluralForms, string] =
    own && typeof own === "object" ? [own, from.locale] : [SCRIPT_COUNT_TEXT[key], "en"];
  const form = forms[`=${count}`] ?? forms[pluralCategory(locale, count)] ?? forms.other ?? "#";
  return form.replace(/#/g, formatNumber(locale, count));
}
