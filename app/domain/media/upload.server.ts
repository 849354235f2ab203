/**
 * Adding media: a file stored in our own storage (content checked, images resized to WebP variants and
 * a 1200x630 social crop) or a URL (http/https only). Never a data URL in the database.
 */
import sharp, { type Metadata } from "sharp";
import type { Db } from "#app/db/client.server";
import { media, type Media, type MediaVariant } from "#app/db/schema";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";
import { DomainError, type DomainErrorCode } from "#app/lib/errors";
import { FORM_LEVEL, parseForm } from "#app/lib/form";
import {
  checkFileContent,
  MEDIA_LIMITS,
  MEDIA_TEXT,
  mediaFormSchema,
  mediaTypeFromName,
  parseTags,
  RASTER_FORMATS,
  type MediaFormInput,
} from "./media-rules";
import { mediaKey, newMediaId, publicUrlFor, putMediaFile, removeMediaFiles } from "./storage.server";
import { firstRow } from "#app/db/rows";

/** An expected refusal: shown to the user with its title and message (and the field it is about). */
export const mediaError = (
  title: string,
  message: string,
  code: DomainErrorCode = "invalid",
  field?: string,
) => new DomainError(code, message, { title, field });

/** Widths of the WebP variants (never upscaled) and the social crop of deviations.md. */
const VARIANT_WIDTHS = [400, 800, 1200] as const;
const SOCIAL_SIZE = { width: 1200, height: 630 } as const;
const SOCIAL_SUFFIX = "social";

/** The 1200x630 share image among a media item's variants. */
export const socialVariant = (variants: MediaVariant[]) =>
  variants.find((v) => v.key.endsWith(`-${SOCIAL_SUFFIX}.webp`));

interface UploadInput extends MediaFormInput {
  file?: File | null;
}

interface ImageResult {
  width: number;
  height: number;
  variants: Array<MediaVariant & { bytes: Uint8Array }>;
}

// Decompression bombs: refuse images above ~100 megapixels before decoding them.
const MAX_PIXELS = 100_000_000;

async function processImage(id: string, bytes: Uint8Array): Promise<ImageResult> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw mediaError(
      MEDIA_TEXT.uploadFailed,
      "The image could not be read. Please upload a valid image file.",
    );
  }
  // EXIF orientations 5-8 swap width and height once the image is turned upright.
  const isTurned = (metadata.orientation ?? 1) >= 5;
  const width = (isTurned ? metadata.height : metadata.width) ?? 0;
  const height = (isTurned ? metadata.width : metadata.height) ?? 0;
  if (width <= 0 || height <= 0) {
    throw mediaError(
      MEDIA_TEXT.uploadFailed,
      "The image could not be read. Please upload a valid image file.",
    );
  }
  const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate();
  const widths = VARIANT_WIDTHS.filter((w) => w <= width);
  // A picture narrower than the smallest width still gets one WebP, at its own width.
  if (widths.length === 0) widths.push(width as (typeof VARIANT_WIDTHS)[number]);
  const variants: ImageResult["variants"] = [];
  try {
    for (const w of widths) {
      const { data, info } = await source()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = mediaKey(id, "webp", String(w));
      variants.push({
        width: info.width,
        height: info.height,
        key,
        url: publicUrlFor(key),
        format: "webp",
        bytes: data,
      });
    }
    const { data, info } = await source()
      .resize({ ...SOCIAL_SIZE, fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const key = mediaKey(id, "webp", SOCIAL_SUFFIX);
    variants.push({
      width: info.width,
      height: info.height,
      key,
      url: publicUrlFor(key),
      format: "webp",
      bytes: data,
    });
  } catch {
    throw mediaError(
      MEDIA_TEXT.uploadFailed,
      "The image could not be processed. Please upload a valid image file.",
    );
  }
  return { width, height, variants };
}

/** Validates, stores and records one upload; writes an activity-log entry. */
export async function uploadMedia(db: Db, actor: Actor | null, input: UploadInput): Promise<Media> {
  if (!actor) throw mediaError(MEDIA_TEXT.authTitle, MEDIA_TEXT.authMessage, "unauthenticated");
  const parsed = parseForm(mediaFormSchema, input);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? [FORM_LEVEL, ""];
    throw mediaError(MEDIA_TEXT.validationTitle, message, "invalid", field);
  }
  const form = parsed.data;
  const common = {
    name: form.name,
    alt: form.alt,
    description: form.description,
    tags: parseTags(form.tags),
    uploadedById: actor.id,
    uploadedBy: actor.email,
  };

  if (form.mode === "url") {
    const fileName = decodeURIComponent(new URL(form.url).pathname.split("/").pop() ?? "");
    return db.transaction(async (tx) => {
      const row = firstRow(
        await tx
          .insert(media)
          .values({
            ...common,
            type: mediaTypeFromName(new URL(form.url).pathname),
            url: form.url,
            originalName: fileName.slice(0, 255),
          })
          .returning(),
      );
      await logActivity(tx, {
        type: "media",
        actor,
        action: "added media by URL",
        title: row.name,
        description: row.url,
      });
      return row;
    });
  }

  const file = input.file;
  if (!file || file.size === 0 || file.name === "") {
    throw mediaError(MEDIA_TEXT.validationTitle, MEDIA_TEXT.fileRequired, "invalid", "file");
  }
  if (file.size > MEDIA_LIMITS.fileBytes)
    throw mediaError(MEDIA_TEXT.uploadFailed, MEDIA_TEXT.tooLarge, "too_large", "file");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkFileContent(file.name, bytes);
  if (!checked.ok) throw mediaError(MEDIA_TEXT.uploadFailed, checked.message, "invalid", "file");

  const id = newMediaId();
  const originalKey = mediaKey(id, checked.extension);
  const image = RASTER_FORMATS.includes(checked.format) ? await processImage(id, bytes) : null;
  const keys = [originalKey, ...(image?.variants.map((v) => v.key) ?? [])];
  try {
    await putMediaFile(originalKey, bytes);
    for (const v of image?.variants ?? []) await putMediaFile(v.key, v.bytes);
    return await db.transaction(async (tx) => {
      const row = firstRow(
        await tx
          .insert(media)
          .values({
            ...common,
            type: checked.type,
            url: publicUrlFor(originalKey),
            storageKey: originalKey,
            size: bytes.length,
            width: image?.width ?? null,
            height: image?.height ?? null,
            variants:
              image?.variants.map(({ width, height, url, key, format }) => ({
                width,
                height,
                url,
                key,
                format,
              })) ?? [],
            originalName: file.name.slice(0, 255),
            mimeType: checked.mimeType,
          })
          .returning(),
      );
      await logActivity(tx, {
        type: "media",
        actor,
        action: "uploaded media",
        title: row.name,
        description: `${row.originalName} (${row.mimeType}, ${row.size} bytes)`,
      });
      return row;
    });
  } catch (error) {
    // No row without its files, and no files without their row.
    await removeMediaFiles(keys);
    throw error;
  }
}
