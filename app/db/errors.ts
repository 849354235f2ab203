/**
 * Recognising a failed query by PostgreSQL's error code (SQLSTATE), never by its wording: the text
 * differs between servers, versions and locales, the code does not. Both drivers (pg and PGlite) put
 * the SQLSTATE on the error's `code`; Drizzle may wrap that error, keeping it as `cause`.
 */
import { sqlStateOf } from "#app/lib/sql-state";

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

export { sqlStateOf };

/** A unique index refused the write (a duplicate that slipped past an earlier check). */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === SQLSTATE.uniqueViolation;
