/**
 * Vitest's global set-up: says before any test whether the tests on PostgreSQL run, and refuses a run
 * that would be green without them when it must not be.
 * - TEST_DATABASE_URL set: the server must answer now (else every PostgreSQL test would fail one by one,
 *   or, worse, a half-configured CI would look like a pass).
 * - Unset under CI (CI=true): the run fails. CI used to set the address only when the port answered, so a
 *   machine without PostgreSQL skipped database faults, workers, two instances and the PostgreSQL half of
 *   backups and was green.
 * - Unset elsewhere: the run goes on on PGlite alone, and says so first and last (skip-report.ts).
 */
import pg from "pg";

const EXAMPLE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const POSTGRES_UNSET = `TEST_DATABASE_URL is not set: the tests on PostgreSQL do not run (set it to e.g. ${EXAMPLE_URL})`;

export default async function checkPostgres() {
  const url = process.env.TEST_DATABASE_URL;
  const isCi = Boolean(process.env.CI) && process.env.CI !== "false";
  if (!url) {
    if (isCi)
      throw new Error(
        `CI runs every test, PostgreSQL's too, but TEST_DATABASE_URL is not set (e.g. ${EXAMPLE_URL}).`,
      );
    console.warn(`[tests] ${POSTGRES_UNSET}.`);
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    const where = new URL(url);
    throw new Error(
      `TEST_DATABASE_URL names PostgreSQL at ${where.hostname}:${where.port || 5432}, which does not answer (${(error as Error).message}): start it, or unset TEST_DATABASE_URL outside CI.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  console.log(`[tests] PostgreSQL answers at ${new URL(url).host}: the tests on PostgreSQL run too.`);
}
