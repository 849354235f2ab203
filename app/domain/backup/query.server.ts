/**
 * Raw statements of the backup: it reads and writes tables by name, which Drizzle's typed builder
 * cannot, and both engines go through the `pg` driver, whose results carry `rows`.
 */
import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
