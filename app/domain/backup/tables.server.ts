/**
 * Which tables a backup holds, read from the Drizzle schema itself, so a table added to the schema is in
 * the next backup without anyone remembering to list it. For each: its columns as stored (generated
 * columns left out: the database computes them again on restore), its primary key (the dump reads in
 * key order, in batches), and the order that lets foreign keys hold while rows go back in.
 */
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import * as schema from "#app/db/schema";

/**
 * Short-lived security state, deliberately left out (docs/backup-format.md, "What is not in a backup").
 * Restoring an older backup must not bring back a session that was signed out since, a one-time link
 * already used, or a lockout: everyone signs in again after a restore, and nothing else is lost.
 */
export const EXCLUDED_TABLES: Record<string, string> = {
  sessions: "sign-in sessions: a restore signs everyone out rather than revive sessions ended since",
  sign_in_challenges: "half-done two-factor sign-ins, valid for minutes",
  account_links: "e-mailed one-time links: one used since the backup would work again",
  member_sessions:
    "readers' sign-in sessions: a restore signs readers out rather than revive sessions ended since",
  member_sign_in_links: "readers' e-mailed sign-in links: one used since the backup would work again",
  login_throttle: "failed sign-in counters and lockouts",
  rate_limits: "rate-limit buckets of the last minutes",
  backup_runs: "the record of backups taken, which the restored site did not take",
  job_leases: "which running instance holds a background job: none of them runs the restored site",
};

/**
 * Tables whose rows a migration writes into an empty database (the main edition, from Settings' language:
 * drizzle/0027_editions.sql). A database holding only those is still empty for a restore, which replaces
 * them with the backup's.
 */
export const WRITTEN_BY_MIGRATIONS = ["editions"] as const;

export interface BackupTable {
  name: string;
  table: PgTable;
  /** Stored columns, by their database names, in the schema's order. */
  columns: string[];
  /** Generated columns: not in the dump, computed by the database on insert. */
  generated: string[];
  /** Primary key columns with their SQL types (the dump pages through rows in key order). */
  key: { name: string; type: string }[];
  /** Columns that reference this same table (comments.parent_id): filled in by a second pass on restore. */
  selfReferences: string[];
}

/** Every table of the schema, in the order its foreign keys allow rows to be inserted. */
export function schemaTables(): PgTable[] {
  const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));
  return inDependencyOrder(tables);
}

/** The tables a backup holds: every table of the schema but the deliberately excluded ones. */
export function backupTables(): BackupTable[] {
  return schemaTables()
    .filter((table) => !Object.hasOwn(EXCLUDED_TABLES, getTableName(table)))
    .map(describeTable);
}

function describeTable(table: PgTable): BackupTable {
  const config = getTableConfig(table);
  const isGenerated = (column: PgColumn) => column.generated !== undefined;
  // A composite key names its columns through stand-ins without types: the table's own columns are used.
  const composite = config.primaryKeys[0]?.columns.map((stand) =>
    config.columns.find((c) => c.name === stand.name)!,
  );
  const keyColumns = composite ?? config.columns.filter((column) => column.primary);
  if (keyColumns.length === 0)
    throw new Error(`Table ${config.name} has no primary key: a backup pages by it.`);
  const selfReferences = config.foreignKeys
    .map((foreignKey) => foreignKey.reference())
    .filter((reference) => reference.foreignTable === table)
    // A key may take a generated column with it (a translation's `names_original`, decision record 022):
    // the database computes that one again, only the stored columns are filled in.
    .flatMap((reference) =>
      reference.columns.filter((column) => !isGenerated(column)).map((column) => column.name),
    );
  return {
    name: config.name,
    table,
    columns: config.columns.filter((column) => !isGenerated(column)).map((column) => column.name),
    generated: config.columns.filter(isGenerated).map((column) => column.name),
    key: keyColumns.map((column) => ({ name: column.name, type: column.getSQLType() })),
    selfReferences,
  };
}

/** Referenced tables first; a reference to the table itself does not count (see selfReferences). */
function inDependencyOrder(tables: PgTable[]): PgTable[] {
  const ordered: PgTable[] = [];
  const visiting = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`Foreign keys form a cycle through ${getTableName(table)}.`);
    visiting.add(table);
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const target = foreignKey.reference().foreignTable;
      if (target !== table) visit(target);
    }
    visiting.delete(table);
    ordered.push(table);
  };
  // By name, so that two runs on the same schema write the same order.
  for (const table of [...tables].sort((a, b) => getTableName(a).localeCompare(getTableName(b))))
    visit(table);
  return ordered;
}

/** A quoted SQL identifier. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
