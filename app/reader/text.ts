/**
 * The texts the reader script writes, in the page's edition (decision record 022, point 6). The browser
 * formats nothing with a library: an edition page other than the main one carries its texts, formatted
 * by the server from its catalogue, in `<script type="application/json" id="nd-text">` (plurals as their
 * categories with `#`, and the locale to choose one with `Intl.PluralRules`); main pages carry none. This
 * reads the island once and falls back, per text, to the English bundled here, which `en.ts` repeats
 * under the same keys (`app/routes/site/text-island.server.test.ts` holds them equal).
 */
import { ACCOUNT_LINK_TEXT } from "#app/lib/member-hint";
import { PUSH_TEXT } from "#app/domain/push/push-topics";
import { IMAGE_NOT_AVAILABLE } from "#app/components/site/image-fallback";
import { SHARE_TEXT } from "#app/components/site/share-text";
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/newsletter-form";
import { LIVE_COVERAGE_TEXT } from "#app/components/site/article/live-text";

/** A count's words by plural category (`one`, `other`, … or an exact `=0`), `#` standing for the number. */
export type PluralForms = Readonly<Record<string, string>>;

export const TEXT_ISLAND_ID = "nd-text";

/** The island's texts, plain ones first, by catalogue key. */
export const SCRIPT_TEXT = {
  "script.account.signedIn": ACCOUNT_LINK_TEXT.signedIn,
  "script.push.breakingOn": PUSH_TEXT.breakingOn,
  "script.push.breakingOff": PUSH_TEXT.breakingOff,
  "script.push.storyOn": PUSH_TEXT.storyOn,
  "script.push.storyOff": PUSH_TEXT.storyOff,
  "script.push.subscribed": PUSH_TEXT.subscribed,
  "script.push.unsubscribed": PUSH_TEXT.unsubscribed,
  "script.push.denied": PUSH_TEXT.denied,
  "script.push.failed": PUSH_TEXT.failed,
  "script.push.breakingTitle": PUSH_TEXT.breakingTitle,
  "script.imageNotAvailable": IMAGE_NOT_AVAILABLE,
  "script.share.copiedTitle": SHARE_TEXT.copiedTitle,
  "script.share.copied": SHARE_TEXT.copied,
  "script.share.instagramTitle": SHARE_TEXT.instagramTitle,
  "script.share.instagram": SHARE_TEXT.instagram,
  "script.share.copyFailedTitle": SHARE_TEXT.copyFailedTitle,
  "script.share.copyFailed": SHARE_TEXT.copyFailed,
  "script.live.noNewUpdates": LIVE_COVERAGE_TEXT.noNewUpdates,
  // The forms' checks answer in these words (the same rules run on the server): `textFor` finds their key.
  "script.comment.missingTitle": COMMENT_TEXT.missingTitle,
  "script.comment.missing": COMMENT_TEXT.missing,
  "script.comment.invalidEmailTitle": COMMENT_TEXT.invalidEmailTitle,
  "script.comment.invalidEmail": COMMENT_TEXT.invalidEmail,
  "script.comment.tooLongTitle": COMMENT_TEXT.tooLongTitle,
  "script.comment.tooLong": COMMENT_TEXT.tooLong,
  "script.comment.failedTitle": COMMENT_TEXT.failedTitle,
  "script.comment.failed": COMMENT_TEXT.failed,
  "script.newsletter.invalidTitle": NEWSLETTER_TEXT.invalidTitle,
  "script.newsletter.invalidEmail": NEWSLETTER_TEXT.invalidEmail,
  "script.newsletter.missingConsent": NEWSLETTER_TEXT.missingConsent,
  "script.newsletter.tooLong": NEWSLETTER_TEXT.tooLong,
  "script.newsletter.failedTitle": NEWSLETTER_TEXT.failedTitle,
  "script.newsletter.failed": NEWSLETTER_TEXT.failed,
} as const;

/** The island's counts, in English's plural categories. */
export const SCRIPT_COUNT_TEXT = {
  "script.views": { one: "# view", other: "# views" },
  "script.live.newUpdates": { one: "# new update", other: "# new updates" },
} as const satisfies Record<string, PluralForms>;

export type ScriptTextKey = keyof typeof SCRIPT_TEXT;
export type ScriptCountKey = keyof typeof SCRIPT_COUNT_TEXT;

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
function pageIsland(): TextIsland {
  if (!island) island = readTextIsland(document.getElementById(TEXT_ISLAND_ID)?.textContent);
  return island;
}

/** A text the script writes, in `from`'s language (the page's by default), else English. */
export function text(key: ScriptTextKey, from: TextIsland = pageIsland()): string {
  const own = from.texts[key];
  return typeof own === "string" ? own : SCRIPT_TEXT[key];
}

/** The page's text for one of the English texts above (a form rule's answer), or that text itself. */
export function textFor(english: string, from: TextIsland = pageIsland()): string {
  const key = (Object.keys(SCRIPT_TEXT) as ScriptTextKey[]).find((k) => SCRIPT_TEXT[k] === english);
  return key ? text(key, from) : english;
}

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
