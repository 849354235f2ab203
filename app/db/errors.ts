/**
 * Recognising a failed query by PostgreSQL's error code (SQLSTATE), never by its wording: the text
 * differs between servers, versions and locales, the code does not. Both drivers (pg and PGlite) put
 * the SQLSTATE on the error's `code`; Drizzle may wrap that error, keeping it as `cause`.
 */

/** The SQLSTATEs the app acts on (PostgreSQL manual, appendix A); a class is the first two characters. */
export const SQLSTATE = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  insufficientPrivilege: "42501",
  /** Class 53: disk full, out of memory, too many connections. */
  insufficientResourcesClass: "53",
  /** Class 54: a row, a statement or an index entry over one of the server's limits. */
  programLimitExceededClass: "54",
} as const;

const SQLSTATE_PATTERN = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlStateOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string" && SQLSTATE_PATTERN.test(code)) return code;
  return sqlStateOf(cause, depth + 1);
}

/** A unique index refused the write (a duplicate that slipped past an earlier check). */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === SQLSTATE.uniqueViolation;
