/**
 * The texts the reader script writes, in the page's edition (decision record 022, point 6): the page's
 * island's (text-island.ts), each missing one in the English bundled here, which `en.ts` repeats under
 * the same keys (`app/routes/site/text-island.server.test.ts` holds them equal). Counts: count-text.ts.
 */
import { ACCOUNT_LINK_TEXT } from "#app/lib/member-hint";
import { PUSH_TEXT } from "#app/domain/push/push-topics";
import { IMAGE_NOT_AVAILABLE } from "#app/components/site/image-fallback";
import { SHARE_TEXT } from "#app/components/site/share-text";
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/newsletter-form";
import { LIVE_COVERAGE_TEXT } from "#app/components/site/article/live-text";
import { pageIsland, type TextIsland } from "./text-island";

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

export type ScriptTextKey = keyof typeof SCRIPT_TEXT;

/** A text the script writes, in `from`'s language (the page's by default), else English. */
export function text(key: ScriptTextKey, from: TextIsland = pageIsland()): string {
  const own = from.texts[key];
  return typeof own === "string" ? own : SCRIPT_TEXT[key];
}

/** The reader forms whose rules answer in the texts above. */
export type ReaderForm = "comment" | "newsletter" | "contact";

/**
 * The key of an English text above: the form's own first (`script.{form}.…`), since two forms, or a form
 * and a page, may share the English of texts a language says differently.
 */
export function keyOfEnglish<K extends string>(
  texts: Record<K, string>,
  english: string,
  form: ReaderForm,
): K | undefined {
  const keys = (Object.keys(texts) as K[]).filter((key) => texts[key] === english);
  return keys.find((key) => key.split(".").includes(form)) ?? keys[0];
}

/** The page's text for one of the English texts above (a form rule's answer), or that text itself. */
export function textFor(english: string, form: ReaderForm, from: TextIsland = pageIsland()): string {
  const key = keyOfEnglish(SCRIPT_TEXT, english, form);
  return key ? text(key, from) : english;
}
