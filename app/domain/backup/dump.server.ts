/**
 * Writes a backup (docs/backup-format.md): every table of one database snapshot as JSON lines, then the
 * stored files the snapshot's media rows name, then the manifest, last, so that a folder without one is
 * a backup that did not finish.
 *
 * One snapshot: all tables are read in one REPEATABLE READ, READ ONLY transaction, so a story written
 * while the backup runs is either wholly in it (with its comments and revisions) or not at all. On the
 * embedded database that transaction holds its one connection: the site waits for the rows to be read
 * (a few seconds for a large site), not for the files, which are copied after it ends. Rows are turned
 * into JSON by the database itself (`to_jsonb`), so timestamps keep their microseconds and numbers
 * their digits, and the text is written as it comes.
 */
import { createHash } from "node:crypto";
import { chmod, mkdir, open, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "#app/db/client.server";
import { readMediaFile, type MediaServices } from "#app/domain/media/storage.server";
import { isMissingMediaFile } from "#app/domain/media/storage-store.server";
import { config } from "#app/config.server";
import { conflict, invalid } from "#app/lib/errors";
import packageJson from "../../../package.json" with { type: "json" };
import {
  appliedLevel,
  FORMAT,
  journal,
  FORMAT_VERSION,
  MANIFEST_FILE,
  sha256,
  type Manifest,
} from "./manifest.server";
import { recordBackupRun } from "./backup-runs.server";
import { rowsOf } from "./query.server";
import { backupTables, EXCLUDED_TABLES, quoted, type BackupTable } from "./tables.server";

/** Rows read per statement: a few hundred kilobytes of articles at a time. */
const BATCH_ROWS = 500;
/** A progress line every so many rows of a large table, and every so many files. */
export const PROGRESS_ROWS = 10_000;
export const PROGRESS_FILES = 200;
const PARALLEL_FILES = 4;
/**
 * A backup holds password hashes, two-factor secrets, recovery codes and subscribers' e-mails: only the
 * account that wrote it may read it, whatever the umask (the running server writes it when asked through
 * the control channel, so this is set here, not left to the shell that runs the command).
 */
export const BACKUP_FOLDER_MODE = 0o700;
export const BACKUP_FILE_MODE = 0o600;

export interface BackupOptions {
  engine: string;
  /** The media store the files are read from (the process's services, app/services.server.ts). */
  media: MediaServices;
  onProgress?: (line: string) => void;
  migrationsFolder?: string;
}

export interface BackupSummary {
  dir: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  missing: string[];
}

export async function writeBackup(db: Db, dir: string, options: BackupOptions): Promise<BackupSummary> {
  const say = options.onProgress ?? (() => {});
  const target = path.resolve(dir);
  await prepareFolder(target);
  await mkdir(path.join(target, "tables"), { mode: BACKUP_FOLDER_MODE });
  await mkdir(path.join(target, "media"), { mode: BACKUP_FOLDER_MODE });
  const checksums: Record<string, string> = {};
  const mediaKeys = new Set<string>();

  const snapshot = await db.transaction(
    async (tx) => {
      // Timestamps are written in UTC, whatever the server's zone: two backups of one site compare equal.
      await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
      const migrationsFolder = options.migrationsFolder ?? config().migrationsDir;
      const level = await appliedLevel(tx, migrationsFolder);
      if (!level) throw invalid("This database has no tables yet: there is nothing to back up.");
      // The tables are read as this code's schema describes them, which is true at its own level only.
      const latest = (await journal(migrationsFolder)).at(-1);
      if (level.createdAt !== latest?.when)
        throw conflict(
          `The database is at migration ${level.tag} and this Newsdesk at ${latest?.tag ?? "none"}: back it up with the Newsdesk that last ran on it${level.createdAt < (latest?.when ?? 0) ? ", or start this one once (it migrates) and back up then" : ""}.`,
        );
      const tables: Manifest["tables"] = [];
      for (const table of backupTables()) {
        const file = `tables/${table.name}.jsonl`;
        const { rows, digest } = await dumpTable(
          tx,
          table,
          path.join(target, file),
          (line) => {
            if (table.name === "media") for (const key of keysOfMediaRow(line)) mediaKeys.add(key);
          },
          say,
        );
        checksums[file] = digest;
        tables.push({ name: table.name, file, rows, columns: table.columns });
        say(`[backup] ${table.name}: ${counted(rows, "row")}`);
      }
      return { level, tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

  const { media, missing, bytes } = await copyMedia(
    options.media,
    [...mediaKeys].sort(),
    target,
    checksums,
    say,
  );
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    appVersion: packageJson.version,
    createdAt: new Date().toISOString(),
    sourceEngine: options.engine,
    migration: snapshot.level,
    tables: snapshot.tables,
    media,
    missingMedia: missing,
    excludedTables: Object.keys(EXCLUDED_TABLES),
    checksums,
  };
  await writeFile(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    flag: "wx",
    mode: BACKUP_FILE_MODE,
  });
  const rows = snapshot.tables.reduce((sum, table) => sum + table.rows, 0);
  const summary = { dir: target, tables: snapshot.tables.length, rows, files: media.length, bytes, missing };
  // Only now, with the manifest on disk, is it a good backup the dashboard may count.
  await recordBackupRun(db, summary);
  return summary;
}

/** The folder must be new or empty: a backup never mixes with another's files. */
async function prepareFolder(target: string) {
  await mkdir(target, { recursive: true, mode: BACKUP_FOLDER_MODE });
  const present = await readdir(target);
  if (present.length > 0) throw invalid(`${target} is not empty: give a new or empty folder for the backup.`);
  // An empty folder made beforehand (by hand, by a script) may be open to everyone: it is made private.
  await chmod(target, BACKUP_FOLDER_MODE);
}

/** Pages through a table in primary-key order inside the snapshot, one JSON object per line. */
async function dumpTable(
  tx: Tx,
  table: BackupTable,
  file: string,
  onLine: (line: string) => void,
  say: (line: string) => void,
): Promise<{ rows: number; digest: string }> {
  const hash = createHash("sha256");
  const handle = await open(file, "wx", BACKUP_FILE_MODE);
  let rows = 0;
  try {
    let after: string[] | null = null;
    for (;;) {
      const batch: Record<string, string>[] = await rowsOf<Record<string, string>>(
        tx,
        batchQuery(table, after),
      );
      if (batch.length === 0) break;
      const text = batch.map((row) => `${row.line}\n`).join("");
      for (const row of batch) onLine(row.line!);
      hash.update(text);
      await handle.appendFile(text);
      const previous = rows;
      rows += batch.length;
      if (Math.floor(rows / PROGRESS_ROWS) > Math.floor(previous / PROGRESS_ROWS))
        say(`[backup] ${table.name}: ${rows.toLocaleString("en")} rows so far`);
      const last: Record<string, string> = batch[batch.length - 1]!;
      after = table.key.map((_, index) => last[`k${index}`]!);
      if (batch.length < BATCH_ROWS) break;
    }
  } finally {
    await handle.close();
  }
  return { rows, digest: hash.digest("hex") };
}

/** `SELECT row-as-JSON, key values FROM table WHERE key > last ORDER BY key LIMIT n`. */
function batchQuery(table: BackupTable, after: string[] | null): SQL {
  const keys = table.key.map((column) => quoted(column.name));
  const keyList = sql.raw(keys.join(", "));
  const generated = table.generated.map((name) => `'${name}'`).join(", ");
  const select = sql.raw(
    `SELECT (to_jsonb(t) - ARRAY[${generated}]::text[])::text AS line, ${keys
      .map((key, index) => `${key}::text AS k${index}`)
      .join(", ")} FROM ${quoted(table.name)} t`,
  );
  const where = after
    ? sql` WHERE (${keyList}) > (${sql.join(
        table.key.map((column, index) => sql`${after[index]}::${sql.raw(column.type)}`),
        sql`, `,
      )})`
    : sql``;
  return sql`${select}${where} ORDER BY ${keyList} LIMIT ${sql.raw(String(BATCH_ROWS))}`;
}

/** The stored files a media row names: the original and every variant. */
function keysOfMediaRow(line: string): string[] {
  const row = JSON.parse(line) as { storage_key?: string; variants?: { key?: string }[] };
  const keys = [row.storage_key ?? "", ...(row.variants ?? []).map((variant) => variant.key ?? "")];
  return keys.filter((key) => key !== "");
}

/**
 * Copies the files the snapshot names. Keys are written once and never rewritten with other bytes, so a
 * file present now has the bytes it had at the snapshot. One gone meanwhile belongs to a media item
 * deleted after the snapshot: it is listed in the manifest as missing and the backup goes on.
 */
async function copyMedia(
  store: MediaServices,
  keys: string[],
  target: string,
  checksums: Record<string, string>,
  say: (line: string) => void,
): Promise<{ media: Manifest["media"]; missing: string[]; bytes: number }> {
  const media: Manifest["media"] = [];
  const missing: string[] = [];
  let bytes = 0;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      let content: Uint8Array;
      try {
        content = await readMediaFile(store, key);
      } catch (error) {
        if (!isMissingMediaFile(error)) throw error;
        missing.push(key);
        say(`[backup] media files: ${key} is gone from storage (deleted after the snapshot): left out`);
        continue;
      }
      const file = `media/${key}`;
      await writeFile(path.join(target, file), content, { flag: "wx", mode: BACKUP_FILE_MODE });
      checksums[file] = sha256(content);
      media.push({ key, file, bytes: content.byteLength });
      bytes += content.byteLength;
      done++;
      if (done % PROGRESS_FILES === 0)
        say(`[backup] media files: ${done.toLocaleString("en")} of ${keys.length.toLocaleString("en")}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FILES }, worker));
  media.sort((a, b) => a.key.localeCompare(b.key));
  missing.sort();
  say(`[backup] media files: ${media.length.toLocaleString("en")} copied`);
  return { media, missing, bytes };
}

/** The command's last line. */
export function backupSummaryLine(summary: BackupSummary): string {
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
  const missing =
    summary.missing.length > 0
      ? `; ${summary.missing.length} files were deleted from storage during the backup (listed in manifest.json)`
      : "";
  return `Backup written to ${summary.dir}: ${summary.tables} tables, ${summary.rows.toLocaleString("en")} rows, ${summary.files.toLocaleString("en")} media files (${megabytes} MB)${missing}.`;
}

/** "1 row", "2,500 rows". */
export const counted = (count: number, noun: string) =>
  `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
