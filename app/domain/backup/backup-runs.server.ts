/**
 * The record of backups that finished whole, and what the dashboard says of it. The backup may be written
 * by another process than the server's (the command on PostgreSQL, a cron job), so the record is a row in
 * the database both reach, written once the manifest is on disk: a backup that failed half-way leaves none.
 */
import { desc } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { backupRuns } from "#app/db/schema";

/** After this long without a good backup the dashboard warns (a nightly schedule missed one night, then another). */
export const BACKUP_WARNING_HOURS = 48;

const HOUR_MS = 60 * 60 * 1000;

export const BACKUP_TEXT = {
  label: "Backups",
  never: "No good backup recorded: schedule npm run backup (see the operations guide)",
  recent: (ago: string, at: string) => `Last good backup ${ago} (${at})`,
  stale: (ago: string, at: string) =>
    `No good backup for more than ${BACKUP_WARNING_HOURS} hours: the last was ${ago} (${at})`,
} as const;

export interface FinishedBackup {
  dir: string;
  tables: number;
  rows: number;
  files: number;
  missing: string[];
}

export async function recordBackupRun(db: DbOrTx, summary: FinishedBackup, finishedAt = new Date()) {
  await db.insert(backupRuns).values({
    finishedAt,
    folder: summary.dir,
    tables: summary.tables,
    rows: summary.rows,
    files: summary.files,
    missingFiles: summary.missing.length,
  });
}

export async function lastBackupRun(db: DbOrTx) {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  return last ?? null;
}

/** "20 minutes ago", "5 hours ago", "3 days ago": coarse, as a glance at the dashboard needs. */
function ago(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  const [count, unit] =
    minutes < 60
      ? [minutes, "minute"]
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), "hour"]
        : [Math.floor(minutes / 1440), "day"];
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/** "2025-01-31 02:30 UTC": the server's zone is nobody's, so the time is said in UTC. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The dashboard's line on backups: fine within BACKUP_WARNING_HOURS of the last good one, else a warning. */
export async function backupHealth(db: DbOrTx, now = new Date()): Promise<{ ok: boolean; detail: string }> {
  const last = await lastBackupRun(db);
  if (!last) return { ok: false, detail: BACKUP_TEXT.never };
  const fresh = now.getTime() - last.finishedAt.getTime() <= BACKUP_WARNING_HOURS * HOUR_MS;
  const said = [ago(last.finishedAt, now), utc(last.finishedAt)] as const;
  return { ok: fresh, detail: fresh ? BACKUP_TEXT.recent(...said) : BACKUP_TEXT.stale(...said) };
}
