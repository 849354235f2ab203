/**
 * The one place where a domain refusal (app/lib/errors.ts) becomes an HTTP answer. Every loader and
 * action runs inside `withDomainErrors`, so a DomainError that nobody handles on the way ends as the
 * answer React Router's error boundaries already know: `data(body, { status })`. A route's own catch
 * block only handles the refusals it turns into a toast (`expectedError`); the rest go on.
 */
import { data } from "react-router";
import { databaseDown, databaseDownReply, isDatabaseUnreachable } from "#app/lib/database-unreachable.server";
import { invalid, isDomainError, type DomainError, type DomainErrorCode } from "./errors";
import { logFailure } from "#app/lib/log.server";

export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

export const statusOf = (error: DomainError) => HTTP_STATUS[error.code];

export type DomainErrorBody =
  | { title: string; message: string }
  | { fieldErrors: Record<string, string> }
  | { error: string; detail?: string; needsMoveTarget?: boolean };

/**
 * The body of the answer. A refusal with a title is a page of its own ('Access Denied'): the error
 * boundaries show `title` and `message`. Field problems go back as `fieldErrors`; anything else as
 * `error` (plus what the screen needs to act on it).
 */
export function bodyOf(error: DomainError): DomainErrorBody {
  const { title, fieldErrors, detail, needsMoveTarget } = error.details;
  if (title) return { title, message: error.message };
  if (fieldErrors) return { fieldErrors };
  return {
    error: error.message,
    ...(detail !== undefined ? { detail } : {}),
    ...(needsMoveTarget ? { needsMoveTarget } : {}),
  };
}

/**
 * A refusal for now (`retryAfter`) says when to ask again (RFC 9110 §10.2.3) and is never stored by a
 * cache: the same request may succeed in a moment.
 */
const headersOf = (error: DomainError): HeadersInit | undefined =>
  error.details.retryAfter === undefined
    ? undefined
    : {
        "Retry-After": String(Math.max(0, Math.ceil(error.details.retryAfter))),
        "Cache-Control": "no-store",
      };

export const toResponse = (error: DomainError) =>
  data(bodyOf(error), { status: statusOf(error), headers: headersOf(error) });

const answering = new WeakSet<object>();

/**
 * Wraps a loader or an action: a DomainError that escapes it is thrown on as its HTTP answer
 * (toResponse), which the nearest error boundary renders. Everything else passes untouched.
 */
export function withDomainErrors<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  const wrapped = async (...args: Args) => {
    readFormsSafely(args[0]);
    try {
      return await handler(...args);
    } catch (error) {
      if (isDomainError(error)) throw toResponse(error);
      // The database unreachable: a page is a 503 that says to try again; a form gets the reply it shows,
      // so the screen and what was typed stay (a thrown answer would replace them with an error page).
      if (isDatabaseUnreachable(error)) {
        const down = databaseDown();
        if (!isAction(args[0])) throw toResponse(down);
        return data(databaseDownReply(), { status: statusOf(down), headers: headersOf(down) }) as Result;
      }
      throw error;
    }
  };
  answering.add(wrapped);
  return wrapped;
}

const isAction = (args: unknown) => {
  const request = (args as { request?: unknown } | undefined)?.request;
  return request instanceof Request && request.method !== "GET" && request.method !== "HEAD";
};

export const UNREADABLE_FORM = {
  title: "The form could not be read",
  message: "The form arrived incomplete or in a form the site does not accept. Please send it again.",
  nulMessage:
    "The form contains a character that cannot be stored (a NUL byte, often from a copy and paste). Please remove it and send the form again.",
} as const;

/**
 * A body that claims to be a form but is not one (a multipart body cut short, a missing boundary) makes
 * `request.formData()` throw a TypeError, and a NUL in a field fails the first query that stores it:
 * both would be a 500. Every action reads its form through the request it is given, so that request's
 * reader answers both with a 400 refusal instead, before anything is written.
 * (Bodies of another type are refused before React Router: server/security.ts.)
 */
function readFormsSafely(args: unknown) {
  const request = (args as { request?: unknown } | undefined)?.request;
  if (!(request instanceof Request) || request.method === "GET" || request.method === "HEAD") return;
  const read = request.formData.bind(request);
  Object.defineProperty(request, "formData", {
    value: async () => {
      let form: FormData;
      try {
        form = await read();
      } catch (error) {
        if (error instanceof TypeError)
          throw invalid(UNREADABLE_FORM.message, { title: UNREADABLE_FORM.title });
        throw error;
      }
      // PostgreSQL text cannot hold a NUL: refused here, for every form, before anything is written.
      for (const value of form.values()) {
        if (typeof value === "string" && value.includes("\u0000"))
          throw invalid(UNREADABLE_FORM.nulMessage, { title: UNREADABLE_FORM.title });
      }
      return form;
    },
  });
}

/** Whether a loader or action runs inside withDomainErrors (the route modules' test checks every one). */
export const answersDomainErrors = (handler: unknown) =>
  typeof handler === "function" && answering.has(handler);

/**
 * For a route's catch block: the DomainError it may answer itself (usually with a toast of its
 * message), or undefined for an unexpected error, which is logged here. 'Forbidden' is thrown on
 * whatever the action was doing: withDomainErrors answers it with the 403 page.
 */
export function expectedError(
  error: unknown,
  logLabel: string,
  ...context: unknown[]
): DomainError | undefined {
  if (isDomainError(error, "forbidden")) throw error;
  if (isDomainError(error)) return error;
  logFailure(logLabel, error, context.length > 0 ? { context } : {});
  return undefined;
}
