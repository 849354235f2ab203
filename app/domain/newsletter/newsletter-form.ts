/**
 * The newsletter signup form (decision record 007): an e-mail address and a required consent tick. A plain
 * function rather than a zod schema, like the comment and contact forms (decision record 005), so the
 * reader script could check it too. Also the texts its checks and
 * the signup answer with, and the back office's subscriber screen; the signup form's and the confirm and
 * unsubscribe pages' words are messages (`newsletter.*`, decision record 022, point 6).
 */
import { isEmail, textField } from "#app/lib/plain-rules";
import type { SubscriberStatus } from "#app/lib/enums";

export const NEWSLETTER_TEXT = {
  invalidTitle: "Please check the form",
  invalidEmail: "Please enter a valid email address.",
  missingConsent: "Please tick the box to agree to receive the newsletter.",
  tooLong: "Please enter an email address of at most 254 characters.",
  thanksTitle: "Thank you for subscribing!",
  thanksConfirm:
    "Please check your inbox: we have sent you a link to confirm your subscription. If it is not there, look in your spam folder.",
  thanksConfirmed: "You are on the list: the next newsletter will reach your inbox.",
  rateLimited: "You have tried several times in a short time. Please wait a few minutes and try again.",
  failedTitle: "Subscription failed",
  failed: "Please try again later.",
  emailSubject: "Please confirm your newsletter subscription",
} as const;

/** The back office's subscriber screen. */
export const SUBSCRIBERS_TEXT = {
  title: "Subscribers",
  searchLabel: "Search subscribers",
  statusLabel: "Status",
  allStatuses: "All",
  export: "Export CSV",
  empty: "No subscribers yet.",
  noMatch: "No subscribers match your search.",
  newsletterOff: "The newsletter is switched off in Settings: the public site shows no signup form.",
  deleteConfirm:
    "Delete this subscriber? The address and its consent record are removed for good; to stop mail only, the reader can unsubscribe.",
  deleted: "Subscriber deleted",
  failed: "The subscriber could not be deleted. Please try again.",
} as const;

/**
 * The signup form's editions (decision record 022, point 11): each ticked one (`edition`), and the mark
 * that the form listed them (`editions-listed`), so none ticked is told apart from a form that lists none.
 */
export const SIGNUP_EDITION_FIELD = "edition";
export const SIGNUP_EDITIONS_LISTED_FIELD = "editions-listed";

/** The editions a signup form ticked, or undefined when it listed none (the page's edition is meant). */
export function tickedEditions(form: FormData): string[] | undefined {
  if (!form.has(SIGNUP_EDITIONS_LISTED_FIELD)) return undefined;
  return [...new Set(form.getAll(SIGNUP_EDITION_FIELD).filter((v) => typeof v === "string"))];
}

/** An edition the signup form offers: its tag (`lang`) and its name in its own language. */
export interface SignupEdition {
  tag: string;
  name: string;
}

/** Column limit of newsletter_subscribers.email. */
export const NEWSLETTER_EMAIL_MAX = 254;

export interface SignupInput {
  email: string;
  consent: boolean;
}

type SignupParse = { ok: true; data: SignupInput } | { ok: false; title: string; message: string };

/** A ticked checkbox is sent as "on" (or the value it carries); an unticked one is not sent at all. */
export function parseSignup(values: Record<string, unknown>): SignupParse {
  const email = textField(values.email, { max: NEWSLETTER_EMAIL_MAX });
  const consent = typeof values.consent === "string" && values.consent !== "";
  const refuse = (message: string) => ({ ok: false as const, title: NEWSLETTER_TEXT.invalidTitle, message });
  if (email.problem === "tooLong") return refuse(NEWSLETTER_TEXT.tooLong);
  if (email.problem || !isEmail(email.value)) return refuse(NEWSLETTER_TEXT.invalidEmail);
  if (!consent) return refuse(NEWSLETTER_TEXT.missingConsent);
  return { ok: true, data: { email: email.value.toLowerCase(), consent } };
}

export const SUBSCRIBERS_PAGE_SIZE = 25;
export const SUBSCRIBERS_SEARCH_LIMIT = 100;

/** The list's address for a filter and page (`q=…&status=…&page=…`), for its links and the CSV export. */
export function subscriberListParams(query: { q: string; status: SubscriberStatus | "" }, page?: number) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (page && page > 1) params.set("page", String(page));
  return params.toString();
}
