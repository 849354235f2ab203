/**
 * The reader forms' answers in the page's words (decision record 022, point 6). The comment and newsletter
 * rules and the domain answer in the spec's English (`COMMENT_TEXT`, `NEWSLETTER_TEXT`), which the server
 * keeps for its logs and the back office; a page shows each answer as its catalogue's message of the
 * same English. The reader script's checks read theirs from the `nd-text` island (app/reader/text.ts).
 */
import { COMMENT_TEXT } from "#app/domain/comments/comment-form";
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/newsletter-form";
import type { MessageKey, Translate } from "#app/i18n/use-messages";
import { keyOfEnglish, SCRIPT_TEXT, type ReaderForm } from "#app/reader/text";

/** Answers only the server gives (the script's checks' own are in SCRIPT_TEXT). */
export const FORM_ANSWER_TEXT = {
  "form.comment.submittedTitle": COMMENT_TEXT.submittedTitle,
  "form.comment.submitted": COMMENT_TEXT.submitted,
  "form.comment.disabledTitle": COMMENT_TEXT.disabledTitle,
  "form.comment.disabled": COMMENT_TEXT.disabled,
  "form.comment.rateLimitedTitle": COMMENT_TEXT.rateLimitedTitle,
  "form.comment.rateLimited": COMMENT_TEXT.rateLimited,
  "form.newsletter.thanksTitle": NEWSLETTER_TEXT.thanksTitle,
  "form.newsletter.thanksConfirm": NEWSLETTER_TEXT.thanksConfirm,
  "form.newsletter.thanksConfirmed": NEWSLETTER_TEXT.thanksConfirmed,
  "form.newsletter.rateLimited": NEWSLETTER_TEXT.rateLimited,
} as const satisfies Partial<Record<MessageKey, string>>;

const ANSWER_TEXT: Record<string, string> = { ...SCRIPT_TEXT, ...FORM_ANSWER_TEXT };

/**
 * An answer of `form` in the page's language (the form's own key where two share their English); a text of
 * no catalogue (a contact answer) as it is.
 */
export function answerWords<A extends { title: string; message: string }>(
  t: Translate,
  form: ReaderForm,
  answer: A,
): A {
  const words = (english: string) => {
    const key = keyOfEnglish(ANSWER_TEXT, english, form);
    return key ? t(key as MessageKey) : english;
  };
  return { ...answer, title: words(answer.title), message: words(answer.message) };
}
