/**
 * Imports a JSON export of the old document database:
 *   npm run import -- path/to/export.json
 * Safe to run again with the same file. On the embedded database, stop the server first.
 * Compiled into the server bundle (see server/production.ts).
 */
import fs from "node:fs";
import { importExport, importSummary } from "#app/domain/import/import.server";
import { prepareDatabase } from "../server/start";

export async function importCommand([file]: string[]) {
  if (!file) {
    console.error("Usage: npm run import -- path/to/export.json");
    process.exitCode = 2;
    return;
  }
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  const database = await prepareDatabase();
  try {
    const report = await importExport(database.db, data);
    // The counts, then every record left out with its collection, id (or index) and reason.
    for (const line of importSummary(report)) console.log(line);
  } finally {
    await database.close();
  }
}
