/**
 * A backup's manifest (docs/backup-format.md): what wrote it, the migration level of its rows, how many
 * rows each table has and the SHA-256 of every file, so that a restore checks the whole folder before
 * it writes anything.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "#app/db/client.server";
import { invalid } from "#app/lib/errors";
import { rowsOf } from "./query.server";

export const FORMAT = "newsdesk-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";

export interface MigrationLevel {
  /** The migration's name in drizzle/meta/_journal.json, e.g. "0013_unwritten_excerpts_follow_the_body". */
  tag: string;
  /** Its `when` in the journal, which Drizzle records as `created_at` of the applied migration. */
  createdAt: number;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** "pglite" or "postgres": where it came from, for the reader only; a restore goes to either. */
  sourceEngine: string;
  migration: MigrationLevel;
  /** In restore order; `file` is relative to the backup folder. */
  tables: { name: string; file: string; rows: number; columns: string[] }[];
  /** Every stored file the snapshot's media rows name, as media/<key>. */
  media: { key: string; file: string; bytes: number }[];
  /** Keys named by a media row but gone from storage when copied (the row was deleted meanwhile). */
  missingMedia: string[];
  excludedTables: string[];
  /** SHA-256 (hex) of every file listed above, by its relative path. */
  checksums: Record<string, string>;
}

const count = z.number().int().nonnegative();
/** The manifest's shape: a field missing or of the wrong type is a damaged backup, refused in one line. */
const MANIFEST_SHAPE = z.object({
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  sourceEngine: z.string(),
  migration: z.object({ tag: z.string(), createdAt: z.number() }),
  tables: z.array(
    z.object({ name: z.string(), file: z.string(), rows: count, columns: z.array(z.string()) }),
  ),
  media: z.array(z.object({ key: z.string(), file: z.string(), bytes: count })),
  missingMedia: z.array(z.string()),
  excludedTables: z.array(z.string()),
  checksums: z.record(z.string(), z.string()),
});

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code has, oldest first. */
export async function journal(migrationsFolder: string): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8");
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The last migration applied to a database, or null when none has been (an empty database). */
export async function appliedLevel(db: DbOrTx, migrationsFolder: string): Promise<MigrationLevel | null> {
  const exists = await rowsOf<{ found: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`,
  );
  if (!exists[0]?.found) return null;
  const last = await rowsOf<{ created_at: string }>(
    db,
    sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  const row = last[0];
  if (!row) return null;
  const createdAt = Number(row.created_at);
  const entry = (await journal(migrationsFolder)).find((candidate) => candidate.when === createdAt);
  return { tag: entry?.tag ?? `unknown migration of ${createdAt}`, createdAt };
}

/** Reads and checks a backup folder's manifest; a folder that is not a backup is a refusal of one line. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw invalid(
      `${dir} holds no ${MANIFEST_FILE} (${code ?? String(error)}): give the folder a backup was written to.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw invalid(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  if (typeof manifest !== "object" || manifest === null || manifest.format !== FORMAT)
    throw invalid(`${dir} is not a Newsdesk backup: give the folder a backup was written to.`);
  if (manifest.formatVersion > FORMAT_VERSION)
    throw invalid(
      `This backup has format version ${manifest.formatVersion}, newer than this Newsdesk reads (${FORMAT_VERSION}): restore it with Newsdesk ${manifest.appVersion} or later.`,
    );
  const shape = MANIFEST_SHAPE.safeParse(manifest);
  if (!shape.success) {
    const issue = shape.error.issues[0]!;
    const field = issue.path.map(String).join(".") || "the whole";
    throw invalid(
      `${path.join(dir, MANIFEST_FILE)} is not a whole manifest (${field}: ${issue.message}): the backup is damaged; nothing was restored.`,
    );
  }
  return manifest;
}
