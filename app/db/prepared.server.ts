/**
 * A statement prepared once per database handle (decision record 020): on the reader's hot path,
 * building a Drizzle query each time cost as much as running it (1.07 ms built, 0.43 ms prepared, for
 * the article page's). Each database (tests open many) gets its own.
 */
import type { DbOrTx } from "./client.server";

export function preparedPerDatabase<T>(prepare: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const statements = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
