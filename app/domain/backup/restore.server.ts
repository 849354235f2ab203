/**
 * Loads a backup (docs/backup-format.md) into an empty database and media storage, whichever engine and
 * storage they are: the rows of one engine go into the other because they travel as JSON that the
 * database itself reads back (`jsonb_populate_recordset`), column by column.
 *
 * In this order, so that a refusal or a failure leaves the target as it was, or as a retry can finish:
 * 1. the manifest is checked (only the tables a backup holds, with their columns; valid media keys,
 *    files of the size it says and no larger than an upload may be), then every file against its
 *    checksum, before anything is written;
 * 2. the target must be empty (rows in no table, no stored file at all), unless `force`, which replaces
 *    everything and first says exactly what it will delete, and where;
 * 3. the database is migrated to the backup's level (its rows have that level's columns);
 * 4. the files are stored (with `force`, a key already there with the backup's bytes is kept: a retry of
 *    a restore that failed goes on);
 * 5. one transaction empties the tables (`force`), inserts every row, sets sequences past them; a
 *    failure rolls it all back;
 * 6. the migrations written since the backup are applied, as at any start;
 * 7. with `force`, the stored files the backup does not hold are removed.
 */
import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, lstat, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "#app/db/client.server";
import { config } from "#app/config.server";
import {
  listMediaKeys,
  putMediaFile,
  readMediaFile,
  removeMediaFiles,
  replaceMediaFile,
  type MediaServices,
} from "#app/domain/media/storage.server";
import { isMediaKey } from "#app/domain/media/storage-store.server";
import { MEDIA_LIMITS } from "#app/domain/media/media-rules";
import { conflict, invalid } from "#app/lib/errors";
import { counted, PROGRESS_FILES, PROGRESS_ROWS } from "./dump.server";
import { appliedLevel, journal, readManifest, sha256, sha256OfFile, type Manifest } from "./manifest.server";
import { rowsOf } from "./query.server";
import { backupTables, EXCLUDED_TABLES, quoted, WRITTEN_BY_MIGRATIONS } from "./tables.server";

/** Rows per INSERT: a bounded statement on either engine. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface RestoreOptions {
  /** The media store the files go to (the process's services, app/services.server.ts). */
  media: MediaServices;
  /** Replace whatever the target holds: its rows (in the restore's transaction) and its stored files. */
  force?: boolean;
  onProgress?: (line: string) => void;
  migrationsFolder?: string;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  migration: string;
}

export async function restoreBackup(
  database: Database,
  dir: string,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const { media: store } = options;
  const say = options.onProgress ?? (() => {});
  const migrationsFolder = options.migrationsFolder ?? config().migrationsDir;
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  const levels = await journal(migrationsFolder);
  const position = levels.findIndex((entry) => entry.when === manifest.migration.createdAt);
  if (position < 0)
    throw invalid(
      `This backup was written at migration ${manifest.migration.tag}, which this Newsdesk does not have: restore it with Newsdesk ${manifest.appVersion} or later.`,
    );
  verifyTables(manifest, position === levels.length - 1);
  await verifyMediaFiles(source, manifest);
  await verifyChecksums(source, manifest);
  say(`[restore] ${Object.keys(manifest.checksums).length.toLocaleString("en")} files match their checksums`);
  const targetLevel = await appliedLevel(database.db, migrationsFolder);
  if (targetLevel && targetLevel.createdAt > manifest.migration.createdAt)
    throw conflict(
      `The target database is at migration ${targetLevel.tag}, newer than the backup's ${manifest.migration.tag}: restore into a new, empty database.`,
    );

  const backupKeys = new Map(manifest.media.map((entry) => [entry.key, entry]));
  const present = await presentKeys(store);
  const storage = store.store.description;
  const occupied = await occupiedTables(database, manifest);
  const foreignFiles = present.filter((key) => !backupKeys.has(key)).sort();
  // Any stored file makes the storage someone's: a scratch database beside the live site's bucket (the
  // settings file names it) would otherwise take the live photos as its own, and `--force` delete the
  // ones uploaded since the backup.
  if (!options.force && (occupied.length > 0 || present.length > 0))
    throw conflict(notEmpty(occupied, present.length, foreignFiles.length, storage));
  if (options.force) sayWhatForceDeletes(say, occupied, present.length, foreignFiles, storage);

  await migrateTo(database, migrationsFolder, levels.slice(0, position + 1));
  await storeFiles(store, source, manifest, new Set(present), options.force ?? false, say);
  const rows = await database.db.transaction(async (tx) => {
    if (options.force) await emptyTables(tx, manifest);
    else await emptyMigrationRows(tx, manifest);
    let total = 0;
    for (const table of manifest.tables) total += await loadTable(tx, source, table, say);
    await continueSequences(tx);
    return total;
  });
  await database.migrate(migrationsFolder);
  if (options.force && foreignFiles.length > 0) {
    await removeMediaFiles(store, foreignFiles);
    say(
      `[restore] media files: ${foreignFiles.length.toLocaleString("en")} not in the backup deleted from ${storage}`,
    );
  }
  const current = await appliedLevel(database.db, migrationsFolder);
  return {
    tables: manifest.tables.length,
    rows,
    files: manifest.media.length,
    migration: current?.tag ?? manifest.migration.tag,
  };
}

/** The refusal of a target that holds something: what, and where, so a live site's storage is recognised. */
function notEmpty(occupied: string[], files: number, foreign: number, storage: string): string {
  const what = [
    occupied.length > 0 ? `rows in ${occupied.slice(0, 3).join(", ")}${occupied.length > 3 ? "…" : ""}` : "",
    files > 0
      ? `${files.toLocaleString("en")} stored media files in ${storage}${foreign === 0 ? ", every one of them this backup's" : `, ${foreign.toLocaleString("en")} of them not in this backup`}`
      : "",
  ].filter(Boolean);
  return `The target is not empty (${what.join(" and ")}): restore into an empty database and empty media storage (for a check, a scratch database without S3_BUCKET and a new DATA_DIR), or add --force to replace everything in it${files > 0 && foreign === 0 ? " (a restore of this backup that stopped half-way goes on; no stored file is deleted)" : ""}.`;
}

/**
 * Before `--force` writes anything: every file it will delete, by key, and the storage it is in, and the
 * tables it will empty; the operator who named the wrong bucket can still stop it.
 */
function sayWhatForceDeletes(
  say: (line: string) => void,
  occupied: string[],
  files: number,
  foreign: string[],
  storage: string,
) {
  say(
    occupied.length > 0
      ? `[restore] --force: every row now in ${occupied.join(", ")} is replaced by the backup's`
      : "[restore] --force: the database holds no rows; nothing in it is replaced",
  );
  if (foreign.length === 0) {
    say(
      `[restore] --force: no stored media file is deleted from ${storage}${files > 0 ? ` (the ${files.toLocaleString("en")} there are all this backup's)` : ""}`,
    );
    return;
  }
  say(
    `[restore] --force: after the rows, deletes these ${foreign.length.toLocaleString("en")} stored media files, not in the backup, from ${storage}:`,
  );
  for (const key of foreign) say(`[restore]   ${key}`);
}

const damaged = (what: string) => invalid(`${what}: the backup is damaged; nothing was restored.`);

/**
 * Only the tables a backup holds, each once: a crafted backup must not fill `sessions` (a signed-in
 * session for whoever wrote it) or a table the schema does not have. At this code's migration level the
 * columns must be the table's own; a backup from an older level has that level's columns (a column
 * dropped since, such as notifications.read), which only the database migrated to it can check.
 */
function verifyTables(manifest: Manifest, isCurrentLevel: boolean) {
  const known = new Map(backupTables().map((table) => [table.name, table]));
  const seen = new Set<string>();
  for (const table of manifest.tables) {
    const expected = known.get(table.name);
    if (!expected || seen.has(table.name))
      throw damaged(
        `manifest.json lists the table ${table.name}${expected ? " twice" : ", which a backup does not hold"}`,
      );
    seen.add(table.name);
    if (table.file !== `tables/${table.name}.jsonl`)
      throw damaged(`manifest.json gives the table ${table.name} the file ${table.file}`);
    const unknown = isCurrentLevel
      ? table.columns.find((column) => !expected.columns.includes(column))
      : undefined;
    const duplicate = table.columns.find((column, index) => table.columns.indexOf(column) !== index);
    if (unknown !== undefined || duplicate !== undefined)
      throw damaged(
        `manifest.json gives the table ${table.name} the column ${unknown ?? duplicate}${unknown !== undefined ? ", which it does not have" : " twice"}`,
      );
  }
}

/** Every media entry is a valid key in its own file, of the size the manifest says, no larger than an upload. */
async function verifyMediaFiles(source: string, manifest: Manifest) {
  for (const entry of manifest.media) {
    if (!isMediaKey(entry.key) || entry.file !== `media/${entry.key}`)
      throw damaged(
        `manifest.json lists the media file ${entry.file} under the key ${entry.key}, which is not valid`,
      );
    if (entry.bytes > MEDIA_LIMITS.fileBytes)
      throw damaged(
        `${entry.file} is ${entry.bytes.toLocaleString("en")} bytes, more than an upload may be (${MEDIA_LIMITS.fileBytes.toLocaleString("en")})`,
      );
    let file: Awaited<ReturnType<typeof lstat>>;
    try {
      file = await lstat(path.join(source, entry.file));
    } catch {
      throw invalid(`${entry.file} is missing from the backup folder ${source}: nothing was restored.`);
    }
    // A link would be followed out of the backup folder, to a file its writer picked.
    if (!file.isFile()) throw damaged(`${entry.file} is not a plain file`);
    const size = file.size;
    if (size !== entry.bytes)
      throw damaged(
        `${entry.file} is ${size.toLocaleString("en")} bytes where manifest.json says ${entry.bytes.toLocaleString("en")}`,
      );
  }
}

/** Every file the manifest lists, against its SHA-256: a damaged backup is refused whole. */
async function verifyChecksums(source: string, manifest: Manifest) {
  const listed = [
    ...manifest.tables.map((table) => table.file),
    ...manifest.media.map((entry) => entry.file),
  ];
  for (const file of listed) {
    const expected = manifest.checksums[file];
    if (!expected)
      throw invalid(`${file} has no checksum in manifest.json: the backup is damaged; nothing was restored.`);
    if (path.isAbsolute(file) || file.split(/[\\/]/).includes(".."))
      throw invalid(
        `${file} in manifest.json is outside the backup folder: the backup is damaged; nothing was restored.`,
      );
    let actual: string;
    try {
      actual = await sha256OfFile(path.join(source, file));
    } catch {
      throw invalid(`${file} is missing from the backup folder ${source}: nothing was restored.`);
    }
    if (actual !== expected)
      throw invalid(
        `${file} does not match its checksum in manifest.json: the backup is damaged; nothing was restored.`,
      );
  }
}

async function presentKeys(store: MediaServices): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of listMediaKeys(store)) keys.push(key);
  return keys;
}

/** Tables of the target that hold rows (a table not created yet holds none). */
async function occupiedTables(database: Database, manifest: Manifest): Promise<string[]> {
  const names = [...manifest.tables.map((table) => table.name), ...Object.keys(EXCLUDED_TABLES)];
  const occupied: string[] = [];
  for (const name of names) {
    const exists = await rowsOf<{ found: string | null }>(
      database.db,
      sql`SELECT to_regclass(${`public.${quoted(name)}`})::text AS found`,
    );
    if (!exists[0]?.found) continue;
    if ((WRITTEN_BY_MIGRATIONS as readonly string[]).includes(name)) continue;
    const any = await rowsOf(database.db, sql.raw(`SELECT 1 FROM ${quoted(name)} LIMIT 1`));
    if (any.length > 0) occupied.push(name);
  }
  return occupied;
}

/** Applies the migrations up to the backup's level (and no further: its rows have that level's columns). */
async function migrateTo(
  database: Database,
  migrationsFolder: string,
  entries: { tag: string; when: number }[],
) {
  const all = await journal(migrationsFolder);
  if (entries.length === all.length) return database.migrate(migrationsFolder);
  const folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-migrations-"));
  try {
    await mkdir(path.join(folder, "meta"));
    const original = JSON.parse(
      await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: unknown[];
    };
    await writeFile(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ ...original, entries: original.entries.slice(0, entries.length) }),
    );
    for (const entry of entries)
      await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await database.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function storeFiles(
  store: MediaServices,
  source: string,
  manifest: Manifest,
  present: Set<string>,
  force: boolean,
  say: (line: string) => void,
) {
  let done = 0;
  for (const entry of manifest.media) {
    const bytes = new Uint8Array(await readFile(path.join(source, entry.file)));
    if (!present.has(entry.key)) await putMediaFile(store, entry.key, bytes);
    else if (sha256(await readMediaFile(store, entry.key)) !== manifest.checksums[entry.file]) {
      if (!force)
        throw conflict(
          `The stored file ${entry.key} differs from the backup's: restore into empty media storage, or add --force to replace everything.`,
        );
      await replaceMediaFile(store, entry.key, bytes);
    }
    done++;
    if (done % PROGRESS_FILES === 0)
      say(
        `[restore] media files: ${done.toLocaleString("en")} of ${manifest.media.length.toLocaleString("en")}`,
      );
  }
  say(`[restore] media files: ${manifest.media.length.toLocaleString("en")} stored`);
}

/** The rows migrations wrote into the empty target (WRITTEN_BY_MIGRATIONS), where the backup has its own. */
async function emptyMigrationRows(tx: Tx, manifest: Manifest) {
  for (const name of WRITTEN_BY_MIGRATIONS)
    if (manifest.tables.some((table) => table.name === name))
      await tx.execute(sql.raw(`DELETE FROM ${quoted(name)}`));
}

async function emptyTables(tx: Tx, manifest: Manifest) {
  const names = [...manifest.tables.map((table) => table.name), ...Object.keys(EXCLUDED_TABLES)];
  const existing: string[] = [];
  for (const name of names) {
    const found = await rowsOf<{ found: string | null }>(
      tx,
      sql`SELECT to_regclass(${`public.${quoted(name)}`})::text AS found`,
    );
    if (found[0]?.found) existing.push(quoted(name));
  }
  if (existing.length > 0) await tx.execute(sql.raw(`TRUNCATE ${existing.join(", ")} CASCADE`));
}

/**
 * Inserts a table's lines in batches. A column that references the same table (a reply's parent
 * comment) is left empty in the first pass and filled in by a second, so rows may come in any order.
 */
async function loadTable(
  tx: Tx,
  source: string,
  table: Manifest["tables"][number],
  say: (line: string) => void,
): Promise<number> {
  const selfReferences =
    backupTables()
      .find((known) => known.name === table.name)
      ?.selfReferences.filter((column) => table.columns.includes(column)) ?? [];
  const key =
    backupTables()
      .find((known) => known.name === table.name)
      ?.key.map((column) => column.name) ?? [];
  const name = quoted(table.name);
  const columnList = table.columns.map(quoted).join(", ");
  const selectList = table.columns
    .map((column) => (selfReferences.includes(column) ? `NULL AS ${quoted(column)}` : quoted(column)))
    .join(", ");
  const insert = (json: string) =>
    tx.execute(
      sql`${sql.raw(`INSERT INTO ${name} (${columnList}) SELECT ${selectList} FROM jsonb_populate_recordset(NULL::${name}, `)}${json}${sql.raw("::jsonb)")}`,
    );
  let rows = 0;
  await eachBatch(path.join(source, table.file), async (json, count) => {
    await insert(json);
    const previous = rows;
    rows += count;
    if (Math.floor(rows / PROGRESS_ROWS) > Math.floor(previous / PROGRESS_ROWS))
      say(`[restore] ${table.name}: ${rows.toLocaleString("en")} rows so far`);
  });
  if (selfReferences.length > 0) {
    const set = selfReferences.map((column) => `${quoted(column)} = s.${quoted(column)}`).join(", ");
    const match = key.map((column) => `t.${quoted(column)} = s.${quoted(column)}`).join(" AND ");
    const anySet = selfReferences.map((column) => `s.${quoted(column)} IS NOT NULL`).join(" OR ");
    await eachBatch(path.join(source, table.file), async (json) => {
      await tx.execute(
        sql`${sql.raw(`UPDATE ${name} t SET ${set} FROM jsonb_populate_recordset(NULL::${name}, `)}${json}${sql.raw(`::jsonb) s WHERE ${match} AND (${anySet})`)}`,
      );
    });
  }
  if (rows !== table.rows)
    throw invalid(
      `${table.file} holds ${rows} rows where manifest.json says ${table.rows}: the backup is damaged; nothing was restored.`,
    );
  say(`[restore] ${table.name}: ${counted(rows, "row")}`);
  return rows;
}

/** Calls `load` with each batch of a JSON-lines file as one JSON array (text, as written). */
async function eachBatch(file: string, load: (json: string, count: number) => Promise<void>) {
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await load(`[${batch.join(",")}]`, batch.length);
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
}

/** Sequences and identity columns go on after the restored rows, not back at 1 (none in the schema today). */
export async function continueSequences(tx: Tx) {
  const owned = await rowsOf<{ sequence: string; tab: string; col: string }>(
    tx,
    sql`
    SELECT format('%I.%I', sn.nspname, s.relname) AS sequence, format('%I.%I', tn.nspname, t.relname) AS tab,
           format('%I', a.attname) AS col
    FROM pg_class s
    JOIN pg_namespace sn ON sn.oid = s.relnamespace
    JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_namespace tn ON tn.oid = t.relnamespace
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND tn.nspname = 'public'`,
  );
  for (const { sequence, tab, col } of owned)
    await tx.execute(
      sql.raw(`SELECT setval('${sequence}', COALESCE((SELECT max(${col}) FROM ${tab}), 0) + 1, false)`),
    );
}
