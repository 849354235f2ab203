/**
 * The copies of an uploaded image, made by real sharp from a generated JPEG: the 1200x630 share image
 * (a JPEG, its size true to the file), the copies older uploads get once at start-up, and the one
 * query that tells a page which copies its images have.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { media, type MediaVariant } from "#app/db/schema";
import { createTestDatabase, one, TEST_ENGINES, type TestDatabase } from "#app/db/testing.server";
import { shareVariantOf } from "./media-rules";
import { pageImages } from "./public.server";
import { setMediaRoot } from "./storage.server";
import { ensureImageVariants, makeVariants } from "./variants.server";

/** A photo-like JPEG: a gradient with noise, so the encoder has real work to do. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % (width * 3)) / 12 + ((i * 7919) % 61)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const ID = "0123456789abcdef01234567";

test("the share image is a 1200x630 JPEG cropped to fill, and the sizes recorded are the file's", async () => {
  const bytes = new Uint8Array(await photo(1800, 1400));
  const made = await makeVariants(ID, bytes, 1800);
  expect(made.map((v) => [v.key, v.format, v.width, v.height])).toEqual([
    [`${ID}-400.webp`, "webp", 400, 311],
    [`${ID}-800.webp`, "webp", 800, 622],
    [`${ID}-1200.webp`, "webp", 1200, 933],
    [`${ID}-share.jpg`, "jpeg", 1200, 630],
  ]);
  for (const variant of made) {
    const file = await sharp(variant.bytes).metadata();
    expect([file.format, file.width, file.height]).toEqual([variant.format, variant.width, variant.height]);
  }
  expect(shareVariantOf(made)?.key).toBe(`${ID}-share.jpg`);
});

test("a portrait photo turned by EXIF is cropped upright", async () => {
  const sideways = await sharp(await photo(1600, 900))
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const made = await makeVariants(ID, new Uint8Array(sideways), 900);
  expect(made.map((v) => [v.width, v.height])).toEqual([
    [400, 711],
    [800, 1422],
    [1200, 630],
  ]);
});

describe.each(TEST_ENGINES)("older uploads and page images on %s", (engine) => {
  let database: TestDatabase;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "newsdesk-variants-"));
    setMediaRoot(root);
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    setMediaRoot(undefined);
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(media);
  });

  /** An upload as the first release stored it: the original, WebP widths and a WebP social crop. */
  async function olderUpload(id: string, { withFile = true } = {}) {
    const bytes = await photo(1000, 500);
    const storageKey = `${id}.jpg`;
    if (withFile) await writeFile(path.join(root, storageKey), bytes);
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

    expect(await ensureImageVariants(database.db)).toEqual({ updated: 1, skipped: 0 });
    const after = one(await database.db.select().from(media).where(eq(media.id, row.id)));
    expect(after.variants.slice(0, 3)).toEqual(row.variants);
    expect(after.variants[3]).toEqual({
      width: 1200,
      height: 630,
      key: "aaaaaaaaaaaaaaaaaaaaaaaa-share.jpg",
      url: "/media/aaaaaaaaaaaaaaaaaaaaaaaa-share.jpg",
      format: "jpeg",
    });
    const file = await sharp(path.join(root, "aaaaaaaaaaaaaaaaaaaaaaaa-share.jpg")).metadata();
    expect([file.format, file.width, file.height]).toEqual(["jpeg", 1200, 630]);
    expect(after.updatedAt).toEqual(row.updatedAt);

    // Idempotent: a second start finds nothing to do, and no temporary file is left.
    expect(await ensureImageVariants(database.db)).toEqual({ updated: 0, skipped: 0 });
    expect((await readdir(root)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  test("an original that is gone is logged and skipped; the limit bounds one start", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await olderUpload("bbbbbbbbbbbbbbbbbbbbbbbb", { withFile: false });
    for (const id of ["cccccccccccccccccccccccc", "dddddddddddddddddddddddd", "eeeeeeeeeeeeeeeeeeeeeeee"])
      await olderUpload(id);

    expect(await ensureImageVariants(database.db, { limit: 2 })).toEqual({ updated: 1, skipped: 1 });
    expect(errors).toHaveBeenCalledWith(
      "[media] could not make the missing copies of bbbbbbbbbbbbbbbbbbbbbbbb.jpg",
      expect.anything(),
    );
    expect(await ensureImageVariants(database.db)).toEqual({ updated: 2, skipped: 1 });
    expect(existsSync(path.join(root, "bbbbbbbbbbbbbbbbbbbbbbbb-share.jpg"))).toBe(false);
    errors.mockRestore();
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
    const { images, share } = await pageImages(database.db, urls, { small: false, lead: urls[0] });
    expect(Object.keys(images)).toEqual(urls.slice(0, 2));
    expect(images[urls[0]!]).toEqual({
      src: "/media/ffffffffffffffffffffffff-800.webp",
      srcSet: "/media/ffffffffffffffffffffffff-400.webp 400w, /media/ffffffffffffffffffffffff-800.webp 800w",
      width: 800,
      height: 400,
    });
    // Before start-up made the JPEG, the older WebP crop is the share image: its size is true too.
    expect(share).toEqual({ url: "/media/ffffffffffffffffffffffff-social.webp", width: 1200, height: 630 });

    await ensureImageVariants(database.db);
    const small = await pageImages(database.db, urls, { small: true, lead: urls[0] });
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
      small: false,
      lead: "https://cdn.example.com/a.jpg",
    });
    expect(external).toEqual({ images: {}, share: { url: "https://cdn.example.com/a.jpg" }, lead: null });
    expect(await pageImages(database.db, [], { small: false, lead: "" })).toEqual({
      images: {},
      share: null,
      lead: null,
    });
  });
});
