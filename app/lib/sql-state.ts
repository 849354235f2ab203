/**
 * The SQLSTATE of a failed query (PostgreSQL manual, appendix A): both drivers (pg and PGlite) put it on
 * the error's `code`, and Drizzle may wrap that error, keeping it as `cause`. Here, not in app/db, so
 * that the error handling of app/lib can recognise a database fault without importing the data layer.
 */

const SQLSTATE_PATTERN = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlStateOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string" && SQLSTATE_PATTERN.test(code)) return code;
  return sqlStateOf(cause, depth + 1);
}
