import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client.server";

/**
 * The one row a query is sure to give: an INSERT ... RETURNING of one value, an aggregate such as
 * count(*), an UPDATE of a row the same transaction has just read or locked. An empty result there is
 * a broken invariant, not a "not found" the user could cause, so it is a plain Error.
 */
export function firstRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("expected one row, the query returned none");
  return row;
}

/**
 * The rows of a raw statement (`db.execute(sql…)`): both engines go through the `pg` driver, whose
 * results carry `rows`; Drizzle types the result as the driver's, unknown here.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
