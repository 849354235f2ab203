/**
 * Reader accounts' texts and form rules (decision record 021): the sign-in page, the mailed link, the
 * account page. Plain functions, no zod, as for the other reader forms (decision record 005).
 */
import { isEmail, textField } from "#app/lib/plain-rules";

export const MEMBER_TEXT = {
  signInTitle: "Sign in",
  signInIntro:
    "Enter your e-mail address and we will send you a link to sign in. No password needed: if you have no account yet, the link creates one.",
  emailLabel: "Email address",
  sendLink: "Send me a sign-in link",
  checkEmailTitle: "Check your e-mail",
  checkEmail:
    "If the address is right, a sign-in link is on its way. It works once, for 30 minutes. If it is not in your inbox, look in your spam folder.",
  invalidTitle: "Please check the form",
  invalidEmail: "Please enter a valid email address.",
  tooLong: "Please enter an email address of at most 254 characters.",
  rateLimitedTitle: "Too many sign-in links",
  rateLimited:
    "We have sent several sign-in links in a short time. Please wait 15 minutes, check your inbox, and try again.",
  noEmailTitle: "Sign-in is not available",
  noEmail: "Sign-in by e-mail is not available on this site.",
  failedTitle: "Sign-in failed",
  failed: "Please try again later.",
  emailSubject: "Your sign-in link",
  verifyTitle: "Sign in",
  verifyQuestion: "Sign in to your account on this browser?",
  verifyButton: (email: string) => `Sign in as ${email}`,
  expiredTitle: "Link not valid",
  expired:
    "This sign-in link has expired or was already used. Links work once, for 30 minutes. Ask for a new one below.",
  askAgain: "Send me a new link",
  accountTitle: "Your account",
  emailHeading: "E-mail",
  nameLabel: "Your name",
  saveName: "Save name",
  nameSaved: "Your name is saved.",
  nameTooLong: "Please enter a name of at most 100 characters.",
  passesHeading: "Your passes",
  noPasses: "You have no passes.",
  running: "Running",
  ended: "Ended",
  upcoming: "Starts later",
  receiptsHeading: "Receipts",
  noReceipts: "No payments yet.",
  newsletterHeading: "Newsletter",
  newsletterOn: "You receive the newsletter at this address.",
  newsletterOff: "You do not receive the newsletter.",
  subscribe: "Subscribe to the newsletter",
  unsubscribe: "Unsubscribe",
  subscribed: "You are subscribed to the newsletter.",
  unsubscribed: "You are unsubscribed from the newsletter.",
  signOut: "Sign out",
  signOutEverywhere: "Sign out everywhere",
  signedOutEverywhere: "You are signed out on every browser.",
  dataHeading: "Your data",
  downloadData: "Download my data",
  deleteHeading: "Delete my account",
  deleteIntro:
    "Deleting your account removes your e-mail, name, passes and reading history for good, and ends your newsletter subscription. Payments stay in our books without your name or address.",
  deleteLabel: "Type DELETE or your e-mail address to confirm",
  deleteButton: "Delete my account",
  deleteRefused: "Type DELETE or your e-mail address to confirm.",
  deletedTitle: "Your account is deleted",
  deleted: "Your account and its data are deleted. Thank you for reading.",
  signInLink: "Sign in",
} as const;

/** The account page: where a reader lands after signing in when the link names nowhere else. */
export const ACCOUNT_PATH = "/account";

export const PLAN_LABELS = { day: "Day pass", week: "Week pass", month: "Month pass" } as const;

/** Column limits of members.email and members.name. */
export const MEMBER_EMAIL_MAX = 254;
export const MEMBER_NAME_MAX = 100;

type Parse<T> = { ok: true; value: T } | { ok: false; message: string };

/** The sign-in form's address, trimmed and in lower case (members.email is kept so). */
export function parseSignInEmail(value: unknown): Parse<string> {
  const field = textField(value, { max: MEMBER_EMAIL_MAX });
  if (field.problem === "missing" || (!field.problem && !isEmail(field.value)))
    return { ok: false, message: MEMBER_TEXT.invalidEmail };
  if (field.problem === "tooLong") return { ok: false, message: MEMBER_TEXT.tooLong };
  return { ok: true, value: field.value.toLowerCase() };
}

export function parseMemberName(value: unknown): Parse<string> {
  const field = textField(value, { max: MEMBER_NAME_MAX, isOptional: true });
  return field.problem ? { ok: false, message: MEMBER_TEXT.nameTooLong } : { ok: true, value: field.value };
}

/** Whether the deletion form's confirmation says so: DELETE, or the member's own address. */
export const confirmsDeletion = (typed: unknown, email: string) => {
  const text = typeof typed === "string" ? typed.trim() : "";
  return text === "DELETE" || (text !== "" && text.toLowerCase() === email.toLowerCase());
};

/** An amount in the currency's smallest unit as readers read it: 200 GHS pesewas is "GHS 2.00". */
export const formatAmount = (amount: number, currency: string) => `${currency} ${(amount / 100).toFixed(2)}`;
