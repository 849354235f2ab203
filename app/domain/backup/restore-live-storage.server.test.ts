/**
 * A check restore beside the live site: a scratch database with the live site's media storage still
 * configured (the settings file names the bucket) must not write into it, and `--force` must say exactly
 * which files it deletes, and from where, before it deletes them. Run on a real S3-compatible server
 * (s3rver, started here) and on the embedded media folder. Every write reaching the store is recorded, in
 * order with what the restore says, by a wrapper around the real store.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server";
import { TEST_ENGINES } from "#test-support/test-database";
import type { MediaServices } from "#app/domain/media/storage.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import { s3MediaStore } from "#app/domain/media/storage-s3.server";
import type { MediaStore } from "#app/domain/media/storage-store.server";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import {
  cleanUpBackupTests,
  emptyDatabase,
  folder,
  seedSite,
  storedFiles,
} from "#test-support/backup-fixtures";
import { writeBackup } from "./dump.server";
import { rowsOf } from "./query.server";
import { restoreBackup } from "./restore.server";

const scratchEngine = TEST_ENGINES.includes("postgres") ? "postgres" : "pglite";
/** The media store the code under test is given (the services' media part, app/services.server.ts). */
let media: MediaServices;
let bucket: TestBucket | undefined;

afterAll(async () => {
  await cleanUpBackupTests();
  await bucket?.stop();
});

const STORES: [string, () => Promise<MediaStore>][] = [
  [
    "an S3 bucket",
    async () => {
      bucket ??= await startTestBucket();
      return s3MediaStore(bucket.settings);
    },
  ],
  ["the embedded media folder", async () => localMediaStore(await folder("live-media"))],
];

describe.each(STORES)(
  "a restore into a scratch database beside the live site's storage: %s",
  (_, makeStore) => {
    let live: MediaStore;
    let backupDir: string;
    /** What the restore said and every write that reached the store, in order. */
    let events: string[];
    let liveFilesAtBackup: Record<string, string>;

    /** The live store, with every write recorded. */
    const watched = (store: MediaStore): MediaStore => ({
      ...store,
      description: store.description,
      async put(key, bytes) {
        events.push(`put ${key}`);
        return store.put(key, bytes);
      },
      async replace(key, bytes) {
        events.push(`replace ${key}`);
        return store.replace(key, bytes);
      },
      async remove(keys) {
        events.push(`remove ${[...keys].sort().join(" ")}`);
        return store.remove(keys);
      },
    });

    const tablesOf = async (database: Database) =>
      rowsOf<{ name: string }>(
        database.db,
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
      );

    beforeAll(async () => {
      live = await makeStore();
      media = { store: live };
      const site = await emptyDatabase("pglite");
      await seedSite(site, media);
      backupDir = path.join(await folder("dump"), "nightly");
      await writeBackup(site.db, backupDir, { media, engine: "pglite" });
      liveFilesAtBackup = await storedFiles(media);
      expect(Object.keys(liveFilesAtBackup).length).toBeGreaterThan(1);
      events = [];
      media = { store: watched(live) };
    }, 120_000);

    test("holding only the backup's own files (nothing uploaded since), the storage is refused before anything is written", async () => {
      const scratch = await emptyDatabase(scratchEngine);
      await expect(restoreBackup(scratch, backupDir, { media })).rejects.toMatchObject({
        code: "conflict",
        message: `The target is not empty (${Object.keys(liveFilesAtBackup).length} stored media files in ${live.description}, every one of them this backup's): restore into an empty database and empty media storage (for a check, a scratch database without S3_BUCKET and a new DATA_DIR), or add --force to replace everything in it (a restore of this backup that stopped half-way goes on; no stored file is deleted).`,
      });
      expect(events).toEqual([]);
      expect(await storedFiles(media)).toEqual(liveFilesAtBackup);
      // Not even migrated: the scratch database is as it was.
      expect(await tablesOf(scratch)).toEqual([]);
    }, 60_000);

    test("with 4 photos uploaded since the backup: refused without --force; --force names the 4 and the storage before deleting them", async () => {
      const since = Array.from({ length: 4 }, () => `${randomBytes(12).toString("hex")}.jpg`).sort();
      for (const key of since)
        await live.put(key, new TextEncoder().encode(`uploaded after the backup ${key}`));
      const liveNow = await storedFiles(media);
      const count = Object.keys(liveNow).length;

      const scratch = await emptyDatabase(scratchEngine);
      await expect(restoreBackup(scratch, backupDir, { media })).rejects.toMatchObject({
        code: "conflict",
        message: expect.stringContaining(
          `(${count} stored media files in ${live.description}, 4 of them not in this backup)`,
        ),
      });
      expect(events).toEqual([]);
      expect(await storedFiles(media)).toEqual(liveNow);
      expect(await tablesOf(scratch)).toEqual([]);

      await restoreBackup(scratch, backupDir, {
        media,
        force: true,
        onProgress: (line) => events.push(line),
      });
      const plan = [
        "[restore] --force: the database holds no rows; nothing in it is replaced",
        `[restore] --force: after the rows, deletes these 4 stored media files, not in the backup, from ${live.description}:`,
        ...since.map((key) => `[restore]   ${key}`),
      ];
      const firstWrite = events.findIndex((event) => /^(put|replace|remove) /.test(event));
      const said = events.indexOf(plan[0]!);
      expect(events.slice(said, said + plan.length)).toEqual(plan);
      // Said before the first write, let alone the first deletion.
      expect(said).toBeGreaterThanOrEqual(0);
      expect(firstWrite).toBeGreaterThanOrEqual(said + plan.length);
      expect(events.filter((event) => event.startsWith("remove "))).toEqual([`remove ${since.join(" ")}`]);
      expect(events).toContain(`[restore] media files: 4 not in the backup deleted from ${live.description}`);
      expect(await storedFiles(media)).toEqual(liveFilesAtBackup);
    }, 120_000);
  },
);
