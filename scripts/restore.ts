/**
 * Loads a backup into this site's database and media storage (DATA_DIR or DATABASE_URL, the configured
 * storage), which must be empty:
 *   npm run restore -- path/to/backup [--force]
 * `--force` replaces everything the target holds (rows in one transaction, then the stored files).
 * Stop the server first: a restore under a running site would mix its writes with the backup's.
 * Compiled into the server bundle (see server/production.ts); a refusal is one line there.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { config } from "#app/config.server";
import { openDatabase } from "#app/db/client.server";
import { readManifest } from "#app/domain/backup/manifest.server";
import { restoreBackup } from "#app/domain/backup/restore.server";
import { closeServices, openServices } from "#app/services.server";
import { conflict, invalid } from "#app/lib/errors";
import { serverAnswers } from "../server/control-channel";

const USAGE = "Usage: npm run restore -- path/to/backup [--force]";

export async function restoreCommand(args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { force: { type: "boolean", default: false } },
    });
  } catch (error) {
    throw invalid(`${(error as Error).message.split("\n")[0]} ${USAGE}`);
  }
  const [dir, ...rest] = parsed.positionals;
  if (!dir || rest.length > 0) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const cfg = config();
  if (!cfg.databaseUrl && (await serverAnswers(cfg.dataDir)))
    throw conflict(
      `A Newsdesk server is running on the data folder ${cfg.dataDir}: stop it first, then run the restore again.`,
    );
  const source = path.resolve(dir);
  // Before the database is opened: a wrong path must not leave a new, empty data folder behind.
  await readManifest(source);
  const database = await openDatabase(
    cfg.databaseUrl ? { databaseUrl: cfg.databaseUrl } : { dataDir: cfg.dataDir },
  );
  const services = await openServices(cfg, database.db);
  try {
    const summary = await restoreBackup(database, source, {
      media: services.media,
      force: parsed.values.force,
      onProgress: (line) => console.log(line),
    });
    console.log(
      `Restored ${source}: ${summary.tables} tables, ${summary.rows.toLocaleString("en")} rows, ${summary.files.toLocaleString("en")} media files; the database is at migration ${summary.migration}. Everyone signs in again.`,
    );
  } finally {
    await closeServices(services);
    await database.close();
  }
}
