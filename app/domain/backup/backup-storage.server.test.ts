/**
 * Backups between the two media stores, local disk → S3 and back: a seeded site whose upload (original,
 * WebP copies, share image) is on the local disk is backed up, restored into a fresh embedded database
 * whose media store is an S3-compatible bucket (a real s3rver started here), backed up again from the
 * bucket and restored onto an empty local folder, and ends with the same rows and byte-identical files.
 * What lands in the bucket is read with the test's own client, not through the code under test.
 */
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server";
import { media } from "#app/db/schema";
import type { MediaServices } from "#app/domain/media/storage.server";
import { localMediaStore } from "#app/domain/media/storage-local.server";
import { s3MediaStore } from "#app/domain/media/storage-s3.server";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import {
  cleanUpBackupTests,
  emptyDatabase,
  everyFile,
  everyRow,
  exactRows,
  folder,
  seedSite,
  storedFiles,
} from "#test-support/backup-fixtures";
import { writeBackup } from "./dump.server";
import { readManifest } from "./manifest.server";
import { restoreBackup } from "./restore.server";
import { backupTables } from "./tables.server";

/** The media store the code under test is given (the services' media part, app/services.server.ts). */
let store: MediaServices;
let bucket: TestBucket;
let client: S3Client;

/** An object's bytes as the bucket holds them, as base64 like the helpers' file lists. */
async function objectInBucket(key: string): Promise<string> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray()).toString("base64");
}

afterAll(async () => {
  await cleanUpBackupTests();
  client?.destroy();
  await bucket?.stop();
});

describe("local disk → S3 and back", () => {
  let source: Database;
  let inBucket: Database;
  let diskFiles: Record<string, string>;
  let fromDisk: string;
  let shareImage: string;

  beforeAll(async () => {
    bucket = await startTestBucket();
    client = new S3Client({ ...bucket.settings, requestChecksumCalculation: "WHEN_REQUIRED" });
    const sourceMedia = await folder("media-disk");
    store = { store: localMediaStore(sourceMedia) };
    source = await emptyDatabase("pglite");
    const upload = await seedSite(source, store);
    shareImage = upload.variants.find((variant) => variant.key.endsWith("-share.jpg"))!.key;
    fromDisk = path.join(await folder("dump"), "from-disk");
    await writeBackup(source.db, fromDisk, { media: store, engine: "pglite" });
    diskFiles = await everyFile(sourceMedia);
    // The original, every WebP copy and the share image, and nothing else.
    expect(Object.keys(diskFiles).sort()).toEqual(
      [upload.storageKey, ...upload.variants.map((variant) => variant.key)].sort(),
    );
    expect(shareImage).toBeDefined();

    store = { store: s3MediaStore(bucket.settings) };
    expect(await bucket.objectKeys()).toEqual([]);
    inBucket = await emptyDatabase("pglite");
    await restoreBackup(inBucket, fromDisk, { media: store });
  }, 120_000);

  test("restored into a bucket: every file is an object with the same bytes, and the rows are the same", async () => {
    expect(await bucket.objectKeys()).toEqual(Object.keys(diskFiles).sort());
    for (const [key, bytes] of Object.entries(diskFiles))
      expect([key, await objectInBucket(key)]).toEqual([key, bytes]);
    expect(await everyRow(inBucket)).toEqual(await everyRow(source));
  });

  test("backed up from the bucket and restored onto an empty local folder: the same rows and byte-identical files", async () => {
    store = { store: s3MediaStore(bucket.settings) };
    const fromBucket = path.join(await folder("dump"), "from-bucket");
    const summary = await writeBackup(inBucket.db, fromBucket, { media: store, engine: "pglite" });
    expect(summary.missing).toEqual([]);
    expect(summary.files).toBe(Object.keys(diskFiles).length);
    // The files travel as the same bytes, whichever store they were copied from.
    const [first, second] = [await readManifest(fromDisk), await readManifest(fromBucket)];
    expect(second.media).toEqual(first.media);
    for (const entry of first.media) expect(second.checksums[entry.file]).toBe(first.checksums[entry.file]);

    const finalMedia = await folder("media-disk-again");
    store = { store: localMediaStore(finalMedia) };
    const back = await emptyDatabase("pglite");
    await restoreBackup(back, fromBucket, { media: store });

    expect(await everyRow(back)).toEqual(await everyRow(source));
    const [sourceRows, backRows] = [await exactRows(source), await exactRows(back)];
    for (const table of backupTables()) expect(backRows[table.name]).toEqual(sourceRows[table.name]);
    expect(await everyFile(finalMedia)).toEqual(diskFiles);
  }, 120_000);

  test("a file gone from the bucket between the snapshot and its copy is listed as missing; the rest is copied", async () => {
    const s3 = s3MediaStore(bucket.settings);
    let deleted = false;
    // Someone else deletes the share image after the rows were read, just before the backup copies it.
    store = {
      store: {
        ...s3,
        async read(key) {
          if (key === shareImage && !deleted) {
            deleted = true;
            await client.send(new DeleteObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
          }
          return s3.read(key);
        },
      },
    };
    const lines: string[] = [];
    const dir = path.join(await folder("dump"), "vanished");
    const summary = await writeBackup(inBucket.db, dir, {
      media: store,
      engine: "pglite",
      onProgress: (line) => lines.push(line),
    });
    expect(deleted).toBe(true);
    expect(summary.missing).toEqual([shareImage]);
    const manifest = await readManifest(dir);
    expect(manifest.missingMedia).toEqual([shareImage]);
    expect(manifest.media.map((entry) => entry.key)).toEqual(
      Object.keys(diskFiles)
        .filter((key) => key !== shareImage)
        .sort(),
    );
    // The snapshot's media row still names it: the rows are the site at the moment of the snapshot.
    expect(manifest.tables.find((table) => table.name === "media")!.rows).toBe(
      (await inBucket.db.select().from(media)).length,
    );
    expect(lines).toContain(
      `[backup] media files: ${shareImage} is gone from storage (deleted after the snapshot): left out`,
    );

    // The rest restores as it was; the row points to a file that is not there.
    const restoredMedia = await folder("media-after-vanished");
    store = { store: localMediaStore(restoredMedia) };
    const restored = await emptyDatabase("pglite");
    await restoreBackup(restored, dir, { media: store });
    expect(await everyRow(restored)).toEqual(await everyRow(source));
    const { [shareImage]: _gone, ...rest } = diskFiles;
    expect(await storedFiles(store)).toEqual(rest);
  }, 120_000);
});
