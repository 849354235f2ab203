/**
 * The copies an uploaded image gets: WebP at 400, 800 and 1200 px wide for reader pages (never upscaled)
 * and a 1200x630 share image for link previews. Named from the original's id (`<id>-800.webp`,
 * `<id>-share.jpg`), so a missing one is found by its key, and made for older uploads once, at start-up.
 * Each copy's size in bytes is kept with it; copies made before that get theirs at start-up too.
 *
 * The share image is a JPEG: WhatsApp, where most of our readers share, and LinkedIn do not show WebP
 * previews. The older `<id>-social.webp` crop stays on disk for uploads that have it and is no longer made.
 */
import { and, eq, gt, ne, notInArray, sql, type SQL } from "drizzle-orm";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { Db } from "#app/db/client.server";
import { media, type MediaVariant } from "#app/db/schema";
import { IMAGE_WORK } from "./image-gate.server";
import { extensionOf, SHARE_IMAGE, SHARE_VARIANT_SUFFIX } from "./media-rules";
import {
  mediaKey,
  publicUrlFor,
  readMediaFile,
  removeMediaFiles,
  replaceMediaFile,
  type MediaServices,
} from "./storage.server";
import { logFailure } from "#app/lib/log.server";

// Each upload is resized once, so libvips' operation cache (up to 50 MB by default) would only hold
// memory the server never reads again.
sharp.cache(false);
// One libvips thread per image: with uploads taken one at a time (image-gate.server.ts) the other core
// keeps serving readers.
sharp.concurrency(1);

export const VARIANT_WIDTHS = [400, 800, 1200] as const;

/**
 * Decompression bombs: the header says how big an image is before anything is decoded. Refused above
 * 50 megapixels (a 48-megapixel phone photo passes), and an interlaced PNG above 10: libvips must
 * decode one of those whole, at several bytes a pixel (a 10,000 x 10,000 one took 10 s and 470 MB).
 */
export const MAX_PIXELS = 50_000_000;
export const MAX_INTERLACED_PNG_PIXELS = 10_000_000;

/** Stored formats we decode and resize (the original's extension, as storage names it). */
const RASTER_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "avif"];

type Source = () => Sharp;

interface PlannedVariant {
  suffix: string;
  extension: "webp" | "jpg";
  make: (source: Source) => Sharp;
}

/** Every copy an image of this width gets: the widths up to its own (or its own, when narrower) and the share image. */
function variantPlan(width: number): PlannedVariant[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);
  return [
    ...widths.map((w): PlannedVariant => ({
      suffix: String(w),
      extension: "webp",
      make: (source) => source().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }),
    })),
    {
      suffix: SHARE_VARIANT_SUFFIX,
      extension: "jpg",
      make: (source) =>
        source()
          .resize({ ...SHARE_IMAGE, fit: "cover", position: "attention" })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 80, mozjpeg: true }),
    },
  ];
}

export type ImageSize =
  | { ok: true; width: number; height: number }
  | { ok: false; reason: "unreadable" | "tooManyPixels" | "interlacedTooLarge" };

/** The upright size of an image from its header, or why it will not be decoded. */
export async function uprightSize(bytes: Uint8Array): Promise<ImageSize> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_PIXELS) return { ok: false, reason: "tooManyPixels" };
  if (metadata.format === "png" && metadata.isProgressive && pixels > MAX_INTERLACED_PNG_PIXELS)
    return { ok: false, reason: "interlacedTooLarge" };
  // EXIF orientations 5-8 swap width and height once the image is turned upright.
  const isTurned = (metadata.orientation ?? 1) >= 5;
  const width = (isTurned ? metadata.height : metadata.width) ?? 0;
  const height = (isTurned ? metadata.width : metadata.height) ?? 0;
  return width > 0 && height > 0 ? { ok: true, width, height } : { ok: false, reason: "unreadable" };
}

export type MadeVariant = MediaVariant & { bytes: Uint8Array };

/** Makes the copies of an image (`width` upright) whose keys `isWanted` accepts; all of them by default. */
export async function makeVariants(
  media: MediaServices,
  id: string,
  bytes: Uint8Array,
  width: number,
  isWanted: (key: string) => boolean = () => true,
): Promise<MadeVariant[]> {
  const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate();
  const made: MadeVariant[] = [];
  for (const planned of variantPlan(width)) {
    const key = mediaKey(id, planned.extension, planned.suffix);
    if (!isWanted(key)) continue;
    const { data, info } = await planned.make(source).toBuffer({ resolveWithObject: true });
    made.push({
      width: info.width,
      height: info.height,
      key,
      url: publicUrlFor(media, key),
      format: planned.extension === "jpg" ? "jpeg" : "webp",
      size: data.length,
      bytes: data,
    });
  }
  return made;
}

/** What the row keeps of a made copy: all but its bytes (a field picked by name would be lost when one is added). */
export function storedVariant({ bytes: _bytes, ...variant }: MadeVariant): MediaVariant {
  return variant;
}

/** The random id of an original's key (`<id>.<ext>`). */
const idOfKey = (key: string) => key.slice(0, key.lastIndexOf("."));

const BACKFILL_BATCH = 20;
/** One start-up does at most this many; a larger library carries on at the next start. */
const BACKFILL_LIMIT = 2000;

/** Uploaded images that lack a share image (the copy the oldest uploads are missing). */
const lacksShareImage = sql`not exists (select 1 from jsonb_array_elements(${media.variants}) as v where v->>'key' like ${`%-${SHARE_VARIANT_SUFFIX}.jpg`})`;

/**
 * Gives uploads made before a copy existed the copies an upload makes today: idempotent (a copy is
 * added only when its key is missing from the row) and bounded (batches of 20, one image in memory at a
 * time, at most 2,000 per start). An original that is gone or unreadable is logged and skipped.
 */
export async function ensureImageVariants(
  db: Db,
  store: MediaServices,
  { limit = BACKFILL_LIMIT }: { limit?: number } = {},
): Promise<{ updated: number; skipped: number }> {
  let updated = 0;
  const skippedIds: string[] = [];
  while (updated + skippedIds.length < limit) {
    const rows = await db
      .select({ id: media.id, storageKey: media.storageKey, variants: media.variants })
      .from(media)
      .where(
        and(
          eq(media.type, "image"),
          ne(media.storageKey, ""),
          lacksShareImage,
          skippedIds.length > 0 ? notInArray(media.id, skippedIds) : undefined,
        ),
      )
      .orderBy(media.uploadedAt, media.id)
      .limit(Math.min(BACKFILL_BATCH, limit - updated - skippedIds.length));
    if (rows.length === 0) break;
    for (const row of rows) {
      if (await addMissingVariants(db, store, row)) updated++;
      else skippedIds.push(row.id);
    }
  }
  return { updated, skipped: skippedIds.length };
}

async function addMissingVariants(
  db: Db,
  store: MediaServices,
  row: { id: string; storageKey: string; variants: MediaVariant[] },
): Promise<boolean> {
  if (!RASTER_EXTENSIONS.includes(extensionOf(row.storageKey))) return false;
  let made: MadeVariant[];
  try {
    const bytes = await readMediaFile(store, row.storageKey);
    const size = await uprightSize(bytes);
    if (!size.ok) throw new Error(`not an image we decode (${size.reason})`);
    const have = new Set(row.variants.map((v) => v.key));
    made = await IMAGE_WORK.run(() =>
      makeVariants(store, idOfKey(row.storageKey), bytes, size.width, (key) => !have.has(key)),
    );
    for (const variant of made) await replaceMediaFile(store, variant.key, variant.bytes);
  } catch (error) {
    logFailure("[media] could not make the missing copies of an image", error, { key: row.storageKey });
    return false;
  }
  const added = made.map(storedVariant);
  // Only keys the row still lacks are appended, so a second server doing the same adds nothing twice.
  const [changed] = await db
    .update(media)
    .set({
      variants: sql`${media.variants} || (select coalesce(jsonb_agg(v), '[]'::jsonb) from jsonb_array_elements(${JSON.stringify(added)}::jsonb) as v where not ${media.variants} @> jsonb_build_array(jsonb_build_object('key', v->'key')))`,
    })
    .where(eq(media.id, row.id))
    .returning({ id: media.id });
  // Deleted meanwhile: its files would be left behind.
  if (!changed)
    await removeMediaFiles(
      store,
      made.map((v) => v.key),
    );
  return Boolean(changed);
}

/** A copy whose size is not recorded: made before sizes were (a JSON null counts as missing too). */
const lacksSize = (variant: SQL) => sql`jsonb_typeof(${variant}->'size') is distinct from 'number'`;
const hasCopyWithoutSize = sql`exists (select 1 from jsonb_array_elements(${media.variants}) as v where ${lacksSize(sql`v`)})`;

/**
 * Records the size of copies made before sizes were kept, by reading each one: idempotent (only copies
 * still without a size are read or written) and bounded (batches of 20, at most 2,000 uploads per start).
 * A copy whose file is gone is logged and skipped; its upload is visited again at the next start.
 */
export async function ensureVariantSizes(
  db: Db,
  store: MediaServices,
  { limit = BACKFILL_LIMIT }: { limit?: number } = {},
): Promise<{ updated: number; missing: number }> {
  let updated = 0;
  let missing = 0;
  let visited = 0;
  // By id, after the last one seen: an upload left with a missing copy is not picked again this start.
  let after: string | null = null;
  while (visited < limit) {
    const rows: { id: string; variants: MediaVariant[] }[] = await db
      .select({ id: media.id, variants: media.variants })
      .from(media)
      .where(
        and(
          eq(media.type, "image"),
          ne(media.storageKey, ""),
          hasCopyWithoutSize,
          after === null ? undefined : gt(media.id, after),
        ),
      )
      .orderBy(media.id)
      .limit(Math.min(BACKFILL_BATCH, limit - visited));
    if (rows.length === 0) break;
    for (const row of rows) {
      visited++;
      after = row.id;
      const sizes: Record<string, number> = {};
      for (const variant of row.variants) {
        if (typeof variant.size === "number") continue;
        try {
          sizes[variant.key] = (await readMediaFile(store, variant.key)).length;
        } catch (error) {
          logFailure("[media] could not read a copy to record its size", error, { key: variant.key });
          missing++;
        }
      }
      if (Object.keys(sizes).length > 0 && (await recordSizes(db, row.id, sizes))) updated++;
    }
  }
  return { updated, missing };
}

/**
 * Sets the sizes on the copies that still lack one, in the row as it is when written: a copy another
 * server added meanwhile is kept, and one already given a size is left alone.
 */
async function recordSizes(db: Db, id: string, sizes: Record<string, number>): Promise<boolean> {
  const found = sql`${JSON.stringify(sizes)}::jsonb`;
  const [changed] = await db
    .update(media)
    .set({
      variants: sql`(select coalesce(jsonb_agg(case when ${lacksSize(sql`v`)} and (${found} -> (v->>'key')) is not null then v || jsonb_build_object('size', ${found} -> (v->>'key')) else v end order by i), '[]'::jsonb) from jsonb_array_elements(${media.variants}) with ordinality as e(v, i))`,
    })
    .where(and(eq(media.id, id), hasCopyWithoutSize))
    .returning({ id: media.id });
  return Boolean(changed);
}
