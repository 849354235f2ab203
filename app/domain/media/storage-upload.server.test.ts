/**
 * Uploads and deletions with media in an S3-compatible bucket (a real s3rver started here): an upload
 * writes its original, its WebP copies and its share image as objects; deleting the item removes every
 * one; an upload that fails after its objects were written (its uploader's account deleted meanwhile,
 * so the database refuses the row) leaves no row and no object.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { media } from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { sqlStateOf } from "#app/db/errors";
import { deleteMedia } from "./library.server";
import type { MediaServices } from "./storage.server";
import { s3MediaStore } from "./storage-s3.server";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import { uploadMedia } from "./upload.server";
import { makeUser } from "#test-support/route-calls";

describe("uploads into an S3-compatible bucket", () => {
  let bucket: TestBucket;
  let database: TestDatabase;
  /** The store of these tests: the bucket, served by the app. */
  let store: MediaServices;

  beforeAll(async () => {
    bucket = await startTestBucket();
    store = { store: s3MediaStore(bucket.settings) };
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.destroy();
    await bucket.stop();
  });

  const photo = async () =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#1e3a8a" } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      "harbour.jpg",
      { type: "image/jpeg" },
    );

  test("the original, every WebP copy and the share image are objects; deleting the item removes them all", async () => {
    const editor = await makeUser("s3-editor@example.com", "editor");
    const row = await uploadMedia(database.db, store, editor, {
      mode: "file",
      name: "Harbour",
      file: await photo(),
    });
    const expected = [row.storageKey, ...row.variants.map((v) => v.key)].sort();
    expect(row.variants.map((v) => v.key.slice(24))).toEqual([
      "-400.webp",
      "-800.webp",
      "-1200.webp",
      "-share.jpg",
    ]);
    expect(row.url).toBe(`/media/${row.storageKey}`);
    expect(await bucket.objectKeys()).toEqual(expected);

    await deleteMedia(database.db, store, editor, [row.id]);
    expect(await database.db.select().from(media)).toEqual([]);
    expect(await bucket.objectKeys()).toEqual([]);
  });

  test("an upload the database refuses after its objects were written leaves no row and no object", async () => {
    const gone = { id: "00000000-0000-4000-8000-000000000000", name: "Gone", email: "gone@example.com" };
    const failure = await uploadMedia(database.db, store, gone, {
      mode: "file",
      name: "Orphan",
      file: await photo(),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    // The foreign key of the uploader: the row was refused, not the file.
    expect(sqlStateOf(failure)).toBe("23503");
    expect(await database.db.select().from(media)).toEqual([]);
    expect(await bucket.objectKeys()).toEqual([]);
  });
});
