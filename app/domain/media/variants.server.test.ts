/**
 * The copies of an uploaded image, made by real sharp from a generated JPEG: the 1200x630 share image
 * (a JPEG, its size true to the file), each copy's size in bytes, the copies and sizes older uploads
 * get once at start-up, and the one query that tells a page which copies its images have.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { media, type MediaVariant } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { makeUser } from "#test-support/route-calls";
import { shareVariantOf } from "./media-rules";
import { pageImages } from "./public.server";
import { uploadMedia } from "./upload.server";
import type { MediaServices } from "./storage.server";
import { localMediaStore } from "./storage-local.server";
import { ensureImageVariants, ensureVariantSizes, makeVariants } from "./variants.server";
import { captureLogEvents } from "#test-support/logs";

/** A photo-like JPEG: a gradient with noise, so the encoder has real work to do. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % (width * 3)) / 12 + ((i * 7919) % 61)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const ID = "0123456789abcdef01234567";
/** Served by the app (no MEDIA_PUBLIC_URL): copies made here are never stored. */
const SERVED_BY_APP: MediaServices = { store: localMediaStore("/tmp/unused-media") };

test("the share image is a 1200x630 JPEG cropped to fill, and the sizes recorded are the file's", async () => {
  const bytes = new Uint8Array(await photo(1800, 1400));
  const made = await makeVariants(SERVED_BY_APP, ID, bytes, 1800);
  expect(made.map((v) => [v.key, v.format, v.width, v.height])).toEqual([
    [`${ID}-400.webp`, "webp", 400, 311],
    [`${ID}-800.webp`, "webp", 800, 622],
    [`${ID}-1200.webp`, "webp", 1200, 933],
    [`${ID}-share.jpg`, "jpeg", 1200, 630],
  ]);
  for (const variant of made) {
    const file = await sharp(variant.bytes).metadata();
    expect([file.format, file.width, file.height]).toEqual([variant.format, variant.width, variant.height]);
    expect(variant.size).toBe(variant.bytes.length);
  }
  expect(shareVariantOf(made)?.key).toBe(`${ID}-share.jpg`);
});

test("a portrait photo turned by EXIF is cropped upright", async () => {
  const sideways = await sharp(await photo(1600, 900))
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const made = await makeVariants(SERVED_BY_APP, ID, new Uint8Array(sideways), 900);
  expect(made.map((v) => [v.width, v.height])).toEqual([
    [400, 711],
    [800, 1422],
    [1200, 630],
  ]);
});

describe.each(TEST_ENGINES)("older uploads and page images on %s", (engine) => {
  let database: TestDatabase;
  let root: string;
  /** The media of these tests: the temporary folder, served by the app. */
  let store: MediaServices;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-variants-"));
    store = { store: localMediaStore(root) };
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(media);
  });

  /**
   * An upload as the first release stored it: the original, WebP widths and a WebP social crop, no
   * sizes. The copies' files are written only when asked for (`copyBytes`, by key).
   */
  async function olderUpload(
    id: string,
    { withFile = true, copyBytes = {} }: { withFile?: boolean; copyBytes?: Record<string, number> } = {},
  ) {
    const bytes = await photo(1000, 500);
    const storageKey = `${id}.jpg`;
    if (withFile) await writeFile(path.join(root, storageKey), bytes);
    for (const [key, length] of Object.entries(copyBytes))
      await writeFile(path.join(root, key), Buffer.alloc(length, 7));
    const variants: MediaVariant[] = [
      { width: 400, height: 200, key: `${id}-400.webp`, url: `/media/${id}-400.webp`, format: "webp" },
      { width: 800, height: 400, key: `${id}-800.webp`, url: `/media/${id}-800.webp`, format: "webp" },
      { width: 1200, height: 630, key: `${id}-social.webp`, url: `/media/${id}-social.webp`, format: "webp" },
    ];
    return one(
      await database.db
        .insert(media)
        .values({
          name: id,
          type: "image",
          url: `/media/${storageKey}`,
          storageKey,
          width: 1000,
          height: 500,
          variants,
          mimeType: "image/jpeg",
        })
        .returning(),
    );
  }

  test("start-up gives older uploads their share image once; nothing else changes", async () => {
    const row = await olderUpload("aaaaaaaaaaaaaaaaaaaaaaaa");
    await database.db.insert(media).values({ name: "By URL", url: "https://cdn.example.com/a.jpg" });

    expect(await ensureImageVariants(database.db, store)).toEqual({ updated: 1, skipped: 0 });
    const after = one(await database.db.select().from(media).where(eq(media.id, row.id)));
    expect(after.variants.slice(0, 3)).toEqual(row.variants);
    const shareFile = await readFile(path.join(root, "aaaaaaaaaaaaaaaaaaaaaaaa-share.jpg"));
    expect(after.variants[3]).toEqual({
      width: 1200,
      height: 630,
      key: "aaaaaaaaaaaaaaaaaaaaaaaa-share.jpg",
      url: "/media/aaaaaaaaaaaaaaaaaaaaaaaa-share.jpg",
      format: "jpeg",
      size: shareFile.length,
    });
    const file = await sharp(shareFile).metadata();
    expect([file.format, file.width, file.height]).toEqual(["jpeg", 1200, 630]);
    expect(after.updatedAt).toEqual(row.updatedAt);

    // Idempotent: a second start finds nothing to do, and no temporary file is left.
    expect(await ensureImageVariants(database.db, store)).toEqual({ updated: 0, skipped: 0 });
    expect((await readdir(root)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  test("an original that is gone is logged and skipped; the limit bounds one start", async () => {
    const errors = captureLogEvents();
    await olderUpload("bbbbbbbbbbbbbbbbbbbbbbbb", { withFile: false });
    for (const id of ["cccccccccccccccccccccccc", "dddddddddddddddddddddddd", "eeeeeeeeeeeeeeeeeeeeeeee"])
      await olderUpload(id);

    expect(await ensureImageVariants(database.db, store, { limit: 2 })).toEqual({ updated: 1, skipped: 1 });
    expect(errors.events).toMatchObject([
      {
        level: "error",
        component: "media",
        msg: "could not make the missing copies of an image",
        key: "bbbbbbbbbbbbbbbbbbbbbbbb.jpg",
        err: {},
      },
    ]);
    expect(await ensureImageVariants(database.db, store)).toEqual({ updated: 2, skipped: 1 });
    expect(existsSync(path.join(root, "bbbbbbbbbbbbbbbbbbbbbbbb-share.jpg"))).toBe(false);
    errors.stop();
  });

  test("a new upload's copies carry their sizes in bytes, the stored files' own", async () => {
    const editor = await makeUser(`sizes-${engine}@example.com`, "editor");
    const file = new File([new Uint8Array(await photo(1000, 600))], "market.jpg", { type: "image/jpeg" });
    const uploaded = await uploadMedia(database.db, store, editor, { mode: "file", name: "Market", file });
    const row = one(await database.db.select().from(media).where(eq(media.id, uploaded.id)));
    expect(row.variants.map((v) => v.key.slice(24))).toEqual(["-400.webp", "-800.webp", "-share.jpg"]);
    for (const variant of row.variants)
      expect(variant.size, variant.key).toBe((await readFile(path.join(root, variant.key))).length);
    // Nothing left for start-up to read.
    expect(await ensureVariantSizes(database.db, store)).toEqual({ updated: 0, missing: 0 });
  });

  test("start-up records the sizes older copies lack, once; a copy whose file is gone is logged and skipped", async () => {
    const errors = captureLogEvents();
    const id = "abababababababababababab";
    // The social crop's file is gone; the WebP widths are on disk.
    const row = await olderUpload(id, { copyBytes: { [`${id}-400.webp`]: 3100, [`${id}-800.webp`]: 8200 } });
    await database.db.insert(media).values({ name: "By URL", url: "https://cdn.example.com/a.jpg" });

    expect(await ensureVariantSizes(database.db, store)).toEqual({ updated: 1, missing: 1 });
    expect(errors.events).toMatchObject([
      {
        level: "error",
        component: "media",
        msg: "could not read a copy to record its size",
        key: `${id}-social.webp`,
      },
    ]);
    const after = one(await database.db.select().from(media).where(eq(media.id, row.id)));
    expect(after.variants).toEqual([
      { ...row.variants[0], size: 3100 },
      { ...row.variants[1], size: 8200 },
      row.variants[2],
    ]);
    expect(after.updatedAt).toEqual(row.updatedAt);
    // A reader page saving data now knows what the photo would cost.
    const { images } = await pageImages(database.db, [row.url], { media: store, small: true });
    expect(images[row.url]).toEqual({ src: `/media/${id}-400.webp`, width: 400, height: 200, size: 3100 });

    // Idempotent: the copies with a size are not read again (their files are gone now, unnoticed); only
    // the missing one is tried again, once.
    await rm(path.join(root, `${id}-400.webp`));
    await rm(path.join(root, `${id}-800.webp`));
    expect(await ensureVariantSizes(database.db, store)).toEqual({ updated: 0, missing: 1 });
    expect(errors.events).toHaveLength(2);
    expect(one(await database.db.select().from(media).where(eq(media.id, row.id))).variants).toEqual(
      after.variants,
    );
    errors.stop();
  });

  test("start-up's sizes keep what another server changed meanwhile, and the limit bounds one start", async () => {
    const id = "cdcdcdcdcdcdcdcdcdcdcdcd";
    const copyBytes = { [`${id}-400.webp`]: 3100, [`${id}-800.webp`]: 8200, [`${id}-social.webp`]: 1500 };
    const row = await olderUpload(id, { copyBytes });
    const share: MediaVariant = {
      width: 1200,
      height: 630,
      key: `${id}-share.jpg`,
      url: `/media/${id}-share.jpg`,
      format: "jpeg",
      size: 4444,
    };
    const [w400, w800, social] = row.variants as [MediaVariant, MediaVariant, MediaVariant];
    // While the first copy is read, another server records the 800 px copy's size and adds a share image.
    const local = localMediaStore(root);
    let isChanged = false;
    const racing: MediaServices = {
      store: {
        ...local,
        read: async (key) => {
          if (!isChanged) {
            isChanged = true;
            await database.db
              .update(media)
              .set({ variants: [w400, { ...w800, size: 8000 }, social, share] })
              .where(eq(media.id, row.id));
          }
          return local.read(key);
        },
      },
    };
    expect(await ensureVariantSizes(database.db, racing)).toEqual({ updated: 1, missing: 0 });
    const after = one(await database.db.select().from(media).where(eq(media.id, row.id)));
    expect(after.variants).toEqual([
      { ...w400, size: 3100 },
      { ...w800, size: 8000 },
      { ...social, size: 1500 },
      share,
    ]);

    for (const other of ["efefefefefefefefefefefef", "fafafafafafafafafafafafa"])
      await olderUpload(other, { copyBytes: { [`${other}-400.webp`]: 10 } });
    const errors = captureLogEvents();
    // One upload this start (its 800 px copy and social crop are gone); the next start does the other
    // and tries the first one's missing files again.
    expect(await ensureVariantSizes(database.db, store, { limit: 1 })).toEqual({ updated: 1, missing: 2 });
    expect(await ensureVariantSizes(database.db, store)).toEqual({ updated: 1, missing: 4 });
    errors.stop();
    expect(errors.events).toHaveLength(6);
  });

  test("a page's images in one lookup: uploads by any host get their copies, other URLs none", async () => {
    const older = await olderUpload("ffffffffffffffffffffffff");
    const urls = [
      `https://news.example.com${older.url}`,
      `http://localhost:3000${older.url}`,
      "https://cdn.example.com/media/ffffffffffffffffffffffff-400.webp",
      "https://cdn.example.com/photo.jpg",
      "/images/sample/accra-market.svg",
      `https://news.example.com/media/${"9".repeat(24)}.jpg`,
      "",
    ];
    const { images, share } = await pageImages(database.db, urls, {
      media: store,
      small: false,
      lead: urls[0],
    });
    expect(Object.keys(images)).toEqual(urls.slice(0, 2));
    expect(images[urls[0]!]).toEqual({
      src: "/media/ffffffffffffffffffffffff-800.webp",
      srcSet: "/media/ffffffffffffffffffffffff-400.webp 400w, /media/ffffffffffffffffffffffff-800.webp 800w",
      width: 800,
      height: 400,
    });
    // Before start-up made the JPEG, the older WebP crop is the share image: its size is true too.
    expect(share).toEqual({ url: "/media/ffffffffffffffffffffffff-social.webp", width: 1200, height: 630 });

    await ensureImageVariants(database.db, store);
    const small = await pageImages(database.db, urls, { media: store, small: true, lead: urls[0] });
    expect(small.images[urls[0]!]).toEqual({
      src: "/media/ffffffffffffffffffffffff-400.webp",
      width: 400,
      height: 200,
    });
    expect(small.share).toEqual({
      url: "/media/ffffffffffffffffffffffff-share.jpg",
      width: 1200,
      height: 630,
    });

    const external = await pageImages(database.db, [], {
      media: store,
      small: false,
      lead: "https://cdn.example.com/a.jpg",
    });
    expect(external).toEqual({ images: {}, share: { url: "https://cdn.example.com/a.jpg" }, lead: null });
    expect(await pageImages(database.db, [], { media: store, small: false, lead: "" })).toEqual({
      images: {},
      share: null,
      lead: null,
    });
  });
});
