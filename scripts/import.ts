/**
 * Imports a JSON export of the old document database:
 *   npm run import -- path/to/export.json
 * Safe to run again with the same file. On the embedded database, stop the server first (a running
 * server holds the data folder and this command is refused: app/db/data-folder-lock.server.ts).
 * Compiled into the server bundle (see server/production.ts).
 */
import fs from "node:fs";
import { exportCollections, importExport, importSummary } from "#app/domain/import/import.server";
import { config } from "#app/config.server";
import { invalid, notFound } from "#app/lib/errors";
import { closeServices, openServices } from "#app/services.server";
import { prepareDatabase } from "../server/start";

export async function importCommand([file]: string[]) {
  if (!file) {
    console.error("Usage: npm run import -- path/to/export.json");
    process.exitCode = 2;
    return;
  }
  const data = readExport(file);
  const database = await prepareDatabase();
  const services = await openServices(config(), database.db);
  try {
    const report = await importExport(database.db, services.media, data);
    // The counts, then every record left out with its collection, id (or index) and reason.
    for (const line of importSummary(report)) console.log(line);
  } finally {
    await closeServices(services);
    await database.close();
  }
}

/**
 * The export's collections; a missing or unreadable file, or JSON that is not an export, is a refusal of
 * one line (see server/production.ts), before the database is opened.
 */
function readExport(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw notFound(`There is no file ${file}: give the path of the export to import.`);
    if (code === "EISDIR") throw invalid(`${file} is a folder: give the path of the export file (JSON).`);
    throw invalid(`Cannot read ${file} (${code ?? String(error)}): check the path and its permissions.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(`${file} is not valid JSON (${(error as Error).message}): give the export file itself.`);
  }
  return exportCollections(parsed, file);
}
