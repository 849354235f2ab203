/**
 * Raw statements of the backup: it reads and writes tables by name, which Drizzle's typed builder
 * cannot. `rowsOf` lives with the other row helpers (app/db/rows.ts).
 */
export { rowsOf } from "#app/db/rows";
