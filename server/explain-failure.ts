/**
 * What to tell whoever started a command (npm start, npm run dev, user:create, import) about a failure
 * that stops it: a refusal gets one line that says what to do, a bug keeps its stack trace.
 */
import { isDomainError } from "#app/lib/errors";

/** A database server that cannot be reached or refuses us: a setting to fix, not a bug to trace. */
const DATABASE_PROBLEMS = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "28P01", "28000", "3D000"];

/** What to tell the user about a failure, or null for a bug (which keeps its stack trace). */
export function explanation(error: unknown): string | null {
  if (isDomainError(error)) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && DATABASE_PROBLEMS.includes(code)) {
    const detail = error instanceof Error && error.message ? `: ${error.message.split("\n")[0]}` : "";
    return `Cannot open the database of DATABASE_URL (${code}${detail}). Check its address, user, password and database name, and that the server is running.`;
  }
  return null;
}
