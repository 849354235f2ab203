/**
 * The one error model of the domain. Domain code refuses by throwing a DomainError: a stable code that
 * says what kind of refusal it is, and in `message` the text the user is shown, verbatim. How a refusal
 * becomes an HTTP answer is the routes' business (app/lib/http-errors.server.ts); this module knows
 * nothing of HTTP or of React Router, so the browser may import it too.
 */

export const DOMAIN_ERROR_CODES = [
  /** The input breaks a rule (a field, a choice, a list). */
  "invalid",
  /** Nobody is signed in where somebody must be. */
  "unauthenticated",
  /** Signed in, but the role or the account's status does not allow it. */
  "forbidden",
  /** What was asked for does not exist (any more). */
  "not_found",
  /** The request clashes with what is stored: a duplicate, a transition the current state forbids. */
  "conflict",
  /** The upload or the content is larger than allowed. */
  "too_large",
  /** Too many attempts from this client or for this account in a short time; try again later. */
  "rate_limited",
  /** Not now: the site is in maintenance for readers; `retryAfter` says when to ask again. */
  "unavailable",
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** What a refusal carries besides its text; each member is something a screen shows or acts on. */
export interface DomainErrorDetails {
  /** The heading shown above the message (a toast's title, an error page's heading). */
  title?: string;
  /** The one form field the refusal is about, so the form can mark it. */
  field?: string;
  /** The problem of each field, for a form that shows them beside its fields. */
  fieldErrors?: Record<string, string>;
  /** More precise wording for whoever fixes the input (e.g. which entry of a list was wrong). */
  detail?: string;
  /** Deleting categories that hold articles: the screen asks where the articles should go. */
  needsMoveTarget?: boolean;
  /** Seconds after which asking again may succeed (a refusal for now, not for good). */
  retryAfter?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    /** The user-facing text, exactly as the screen shows it. */
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
  }

  get title() {
    return this.details.title;
  }

  get fieldErrors() {
    return this.details.fieldErrors;
  }
}

/** Whether `error` is a DomainError (of one of the given codes, when any are named). */
export function isDomainError(error: unknown, ...codes: DomainErrorCode[]): error is DomainError {
  return error instanceof DomainError && (codes.length === 0 || codes.includes(error.code));
}

export const invalid = (message: string, details?: DomainErrorDetails) =>
  new DomainError("invalid", message, details);

export const forbidden = (message: string, details?: DomainErrorDetails) =>
  new DomainError("forbidden", message, details);

export const notFound = (message: string, details?: DomainErrorDetails) =>
  new DomainError("not_found", message, details);

export const conflict = (message: string, details?: DomainErrorDetails) =>
  new DomainError("conflict", message, details);

export const rateLimited = (message: string, details?: DomainErrorDetails) =>
  new DomainError("rate_limited", message, details);

export const unavailable = (message: string, details?: DomainErrorDetails) =>
  new DomainError("unavailable", message, details);

/**
 * A form's field problems as one refusal (a bad field is 'invalid', a duplicate is a 'conflict'). Its
 * message is the first field's problem, so a caller that shows only one line still shows something true.
 */
export const fieldsRefused = (code: "invalid" | "conflict", fieldErrors: Record<string, string>) =>
  new DomainError(code, Object.values(fieldErrors)[0] ?? "", { fieldErrors });
