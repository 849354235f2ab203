/**
 * Imports a JSON export of the old document database:
 *   npm run import -- path/to/export.json
 * Safe to run again with the same file. On the embedded database, stop the server first.
 * Compiled into the server bundle (see server/production.ts).
 */
import fs from "node:fs";
import { importExport } from "#app/domain/import/import.server";
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
    console.log(
      `Imported ${report.articles} articles, ${report.categories} categories, ${report.comments} comments, ` +
        `${report.users} users, ${report.media} media, ${report.notifications} notifications, ` +
        `${report.contactMessages} contact messages${report.settings ? " and the settings" : ""}.`,
    );
    if (report.users > 0)
      console.log("Imported users have no password: an admin must set one before they can sign in.");
    for (const line of report.skipped) console.log(`  skipped ${line}`);
  } finally {
    await database.close();
  }
}
