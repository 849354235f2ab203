/**
 * Writes a backup of the site into a new or empty folder (format: docs/backup-format.md):
 *   npm run backup -- path/to/folder
 * Works while the site runs. On the embedded database a running server holds the data folder, so the
 * command asks it, through its control channel (server/control-channel.ts), to write the snapshot; with
 * no server running, or on PostgreSQL, it opens the database itself.
 * Compiled into the server bundle (see server/production.ts); a refusal is one line there.
 */
import path from "node:path";
import { config } from "#app/config.server";
import { openDatabase } from "#app/db/client.server";
import { backupSummaryLine, writeBackup } from "#app/domain/backup/dump.server";
import { closeServices, openServices } from "#app/services.server";
import { askServerForBackup } from "../server/control-channel";

export async function backupCommand([dir, ...rest]: string[]) {
  if (!dir || rest.length > 0) {
    console.error("Usage: npm run backup -- path/to/new-folder");
    process.exitCode = 2;
    return;
  }
  const cfg = config();
  const target = path.resolve(dir);
  const say = (line: string) => console.log(line);
  if (!cfg.databaseUrl) {
    const summary = await askServerForBackup(cfg.dataDir, target, say);
    if (summary) {
      console.log(backupSummaryLine(summary));
      return;
    }
  }
  const database = await openDatabase(
    cfg.databaseUrl ? { databaseUrl: cfg.databaseUrl } : { dataDir: cfg.dataDir },
  );
  const services = await openServices(cfg, database.db);
  try {
    const summary = await writeBackup(database.db, target, {
      engine: database.engine,
      media: services.media,
      onProgress: say,
    });
    console.log(backupSummaryLine(summary));
  } finally {
    await closeServices(services);
    await database.close();
  }
}
