/**
 * Statements the embedded database can plan once. Each statement with parameters is prepared there
 * (client.server.ts), and Postgres keeps a prepared statement's generic plan only when its estimated cost
 * is no worse than planning for the values at hand. Two things in a statement make the generic plan look
 * worse than it is, so the statement is planned afresh on every run (each plan reads the size of every
 * table and index it may use):
 * - a LIMIT sent as a parameter is costed as a tenth of the table, so a listing of ten looked like a
 *   scan of thousands;
 * - a flag or status sent as a parameter cannot prove a partial index's condition
 *   (`WHERE featured AND status = 'published'`), so the generic plan could not use that index.
 * The helpers below write such constants into the statement. Only where one plan suits every value of
 * the remaining parameters: a listing by category or date does, the related stories (whose best plan
 * depends on the category's and tags' sizes) do not. On a PostgreSQL server, where statements are not
 * kept prepared, they change nothing.
 *
 * At 100,000 articles on the embedded database: latest 2.1-2.6 ms to 1.4, featured 1.2-1.6 to 0.6-0.7,
 * top story 1.6 to 0.7, a category page 3.1-3.4 to 1.7, all articles 2.2 to 1.3-1.4.
 */
import { sql } from "drizzle-orm";

/**
 * A row count written into the statement (`LIMIT 10`), for `.limit()`. Typed as the number it stands
 * for: Drizzle's limit() takes a number or a placeholder and writes any SQL object it gets as it is.
 */
export function literalCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`A row count must be a whole number of at least 0, not ${count}`);
  return sql.raw(String(count)) as unknown as number;
}
