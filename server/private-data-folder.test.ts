/**
 * The embedded data folder is private (app/db/private-data-folder.server.ts): under the usual umask 022,
 * after a start (migrations, sample content, the first admin) and a few writes, no folder or file in
 * DATA_DIR lets another account in, while the server runs and after it stops; a folder an older version
 * left open is closed at the next start.
 */
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "#app/config.server";
import { prepareDatabase } from "./start";

/** Every entry under `folder` (itself included) that group or others may read, write or enter. */
function sharedEntries(folder: string): string[] {
  const shared: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) shared.push(`${(stat.mode & 0o777).toString(8)} ${entry}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(folder);
  return shared;
}

describe("the embedded data folder is private", () => {
  let dataDir: string;
  let umask: number;
  beforeAll(async () => {
    umask = process.umask(0o022);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-private-"));
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    process.umask(umask);
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    prepareDatabase(parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin12345" }));

  test("after a start and a few writes, nothing in it is open to other accounts, running or stopped", async () => {
    const database = await start();
    try {
      // A few writes of the kinds the site makes: rows, a new table's files, a checkpoint of the WAL.
      await database.db.execute(sql`CREATE TABLE scratch_private (body text)`);
      await database.db.execute(
        sql`INSERT INTO scratch_private SELECT repeat('x', 200) FROM generate_series(1, 5000)`,
      );
      await database.db.execute(sql`UPDATE settings SET site_title = 'Private'`);
      await database.db.execute(sql`CHECKPOINT`);
      fs.mkdirSync(path.join(dataDir, "media"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "media", "photo-400.webp"), "RIFF....WEBP");
      expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
      // What the process writes while the folder is open starts private (the umask leaves others out).
      expect(sharedEntries(path.join(dataDir, "media"))).toEqual([]);
      expect(sharedEntries(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(sharedEntries(dataDir)).toEqual([]);
  });

  test("a folder left open to others (an older version, a copy) is closed at the next start", async () => {
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "pglite"), 0o755);
    fs.chmodSync(path.join(dataDir, "pglite", "global", "pg_control"), 0o666);
    const database = await start();
    try {
      expect(sharedEntries(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
