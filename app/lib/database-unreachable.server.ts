/**
 * The database cannot be reached (PostgreSQL restarting, refusing connections, gone from the network):
 * a fault of the moment, not of the request. Recognised here once, so that a reader gets a 503 page
 * that says to try again and a staff member's form says why it was not saved, instead of a 500.
 */
import { unavailable } from "#app/lib/errors";
import { sqlStateOf } from "./sql-state";

export const DATABASE_DOWN_TEXT = {
  title: "Temporarily unavailable",
  message: "The site cannot reach its database right now. Please try again in a minute.",
  // The connection may have dropped after the save was sent (even after its COMMIT), so "nothing was
  // saved" would not always be true.
  saveMessage:
    "This may not have been saved: the site cannot reach its database right now. Keep this page open, and in a minute check whether it was saved before saving again.",
} as const;

/** Seconds after which asking again may succeed: a PostgreSQL restart takes a few. */
const RETRY_AFTER_S = 10;

/**
 * Marks errors raised by the database client (app/db/client.server.ts). The operating-system codes
 * below say nothing of which connection failed: an S3 bucket or a mail server refusing is no database
 * outage, so those codes count only on an error the database client raised.
 */
const FROM_DATABASE_CLIENT = Symbol.for("newsdesk.databaseClientError");

const isFromDatabaseClient = (error: object) =>
  (error as { [FROM_DATABASE_CLIENT]?: unknown })[FROM_DATABASE_CLIENT] === true;

/** Marks `error` as raised by the database client; returns it, to be thrown on. */
export function markDatabaseClientError<T>(error: T): T {
  if (
    typeof error === "object" &&
    error !== null &&
    Object.isExtensible(error) &&
    !isFromDatabaseClient(error)
  )
    Object.defineProperty(error, FROM_DATABASE_CLIENT, { value: true });
  return error;
}

/** Operating-system errors of a connection that could not be made or was cut. */
const NETWORK_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * `pg`'s own errors when a connection times out or is cut carry no code, only these texts (pg 8); they
 * are the driver's, not the server's, so they do not vary with its locale.
 */
const DRIVER_CONNECTION_ERRORS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** Whether `error` (or what it wraps, as Drizzle does) says the database could not be reached. */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, severity, message, cause } = error as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  const state = sqlStateOf(error);
  // FATAL ends the session (a connection refused by the server, a backend terminated); class 08 is
  // "connection exception"; 57P01-57P03: the server shutting down, crashed, or not yet accepting.
  if (severity === "FATAL" || state?.startsWith("08") || /^57P0[1-3]$/.test(state ?? "")) return true;
  if (typeof code === "string" && NETWORK_ERRORS.has(code) && isFromDatabaseClient(error)) return true;
  if (typeof message === "string" && DRIVER_CONNECTION_ERRORS.test(message)) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/** The refusal a reader's page answers with while the database is unreachable (a 503, never cached). */
export const databaseDown = () =>
  unavailable(DATABASE_DOWN_TEXT.message, { title: DATABASE_DOWN_TEXT.title, retryAfter: RETRY_AFTER_S });

/**
 * The answer to a form sent while the database is unreachable, in each of the back office's reply
 * shapes (`problem` on the article screens, `formError` on settings, users and ads, `result` on the
 * list screens, `error` on media and sign-in), so the form shows why; it is returned, not thrown, so
 * the screen and everything typed in it stay.
 */
export function databaseDownReply() {
  const problem = { title: DATABASE_DOWN_TEXT.title, message: DATABASE_DOWN_TEXT.saveMessage };
  return {
    problem,
    formError: problem,
    result: { type: "error" as const, ...problem },
    error: DATABASE_DOWN_TEXT.saveMessage,
  };
}

export const DATABASE_DOWN_RETRY_AFTER_S = RETRY_AFTER_S;
