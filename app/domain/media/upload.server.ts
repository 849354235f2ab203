/**
 * Adding media: a file stored in our own storage (content checked, images resized to WebP variants and
 * a 1200x630 share image, see variants.server.ts) or a URL (http/https only). Never a data URL in the
 * database.
 */
import type { Db } from "#app/db/client.server";
import { media, type Media } from "#app/db/schema";
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
import { EDITOR_IMAGE_TEXT, UPLOAD_CAUSE, uploadFailedBecause } from "./editor-image-rules";
import {
  mediaKey,
  newMediaId,
  publicUrlFor,
  putMediaFile,
  removeMediaFiles,
  type MediaServices,
} from "./storage.server";
import { IMAGE_WORK } from "./image-gate.server";
import { makeVariants, storedVariant, uprightSize, type MadeVariant } from "./variants.server";
import { firstRow } from "#app/db/rows";
import { formatFileSize } from "#app/lib/file-size";

/** An expected refusal: shown to the user with its title and message (and the field it is about). */
export const mediaError = (
  title: string,
  message: string,
  code: DomainErrorCode = "invalid",
  field?: string,
) => new DomainError(code, message, { title, field });

/** The disk is full (ENOSPC) or the account's disk quota is used up (EDQUOT): the spec's 'quota exceeded'. */
const isStorageFull = (error: unknown) =>
  error instanceof Error && ["ENOSPC", "EDQUOT"].includes((error as NodeJS.ErrnoException).code ?? "");

interface UploadInput extends MediaFormInput {
  file?: File | null;
  /** Shown under the image on the article page (checked by the caller: editor-image-rules.ts). */
  caption?: string;
  credit?: string;
}

interface ImageResult {
  width: number;
  height: number;
  variants: MadeVariant[];
}

const SIZE_REFUSAL = {
  unreadable: "The image could not be read. Please upload a valid image file.",
  tooManyPixels: MEDIA_TEXT.tooManyPixels,
  interlacedTooLarge: MEDIA_TEXT.interlacedTooLarge,
} as const;

/** Checks the header, then makes the copies: one image at a time (image-gate.server.ts). */
async function processImage(store: MediaServices, id: string, bytes: Uint8Array): Promise<ImageResult> {
  const size = await uprightSize(bytes);
  if (!size.ok) throw mediaError(MEDIA_TEXT.uploadFailed, SIZE_REFUSAL[size.reason], "invalid", "file");
  try {
    const variants = await IMAGE_WORK.run(() => makeVariants(store, id, bytes, size.width));
    return { width: size.width, height: size.height, variants };
  } catch {
    throw mediaError(
      MEDIA_TEXT.uploadFailed,
      "The image could not be processed. Please upload a valid image file.",
    );
  }
}

/** Validates, stores and records one upload; writes an activity-log entry. */
export async function uploadMedia(
  db: Db,
  store: MediaServices,
  actor: Actor | null,
  input: UploadInput,
): Promise<Media> {
  if (!actor) throw mediaError(MEDIA_TEXT.authTitle, MEDIA_TEXT.authMessage, "unauthenticated");
  const parsed = parseForm(mediaFormSchema, input);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? [FORM_LEVEL, ""];
    throw mediaError(MEDIA_TEXT.validationTitle, message, "invalid", field);
  }
  const form = parsed.data;
  const common: CommonFields = {
    name: form.name,
    alt: form.alt,
    description: form.description,
    tags: parseTags(form.tags),
    caption: input.caption ?? "",
    credit: input.credit ?? "",
    uploadedById: actor.id,
    uploadedBy: actor.email,
  };
  if (form.mode === "url") return addMediaByUrl(db, actor, common, form.url);
  return storeUploadedFile(db, store, actor, common, await checkedFile(input.file));
}

/** What every media row gets from the form, whichever way the file came. */
type CommonFields = Pick<
  typeof media.$inferInsert,
  "name" | "alt" | "description" | "tags" | "caption" | "credit" | "uploadedById" | "uploadedBy"
>;

/** A link to a file elsewhere: a row and its activity, nothing stored. */
function addMediaByUrl(db: Db, actor: Actor, common: CommonFields, url: string): Promise<Media> {
  const fileName = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  return db.transaction(async (tx) => {
    const row = firstRow(
      await tx
        .insert(media)
        .values({
          ...common,
          type: mediaTypeFromName(new URL(url).pathname),
          url,
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

interface CheckedFile {
  file: File;
  bytes: Uint8Array;
  checked: Extract<ReturnType<typeof checkFileContent>, { ok: true }>;
}

/** The uploaded file, present, within the size limit and of a kind its content proves. */
async function checkedFile(file: File | undefined | null): Promise<CheckedFile> {
  if (!file || file.size === 0 || file.name === "") {
    throw mediaError(MEDIA_TEXT.validationTitle, MEDIA_TEXT.fileRequired, "invalid", "file");
  }
  if (file.size > MEDIA_LIMITS.fileBytes)
    throw mediaError(MEDIA_TEXT.uploadFailed, MEDIA_TEXT.tooLarge, "too_large", "file");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkFileContent(file.name, bytes);
  if (!checked.ok) throw mediaError(MEDIA_TEXT.uploadFailed, checked.message, "invalid", "file");
  return { file, bytes, checked };
}

/** Stores the file and its image sizes, then records the row: no row without its files, nor files without it. */
async function storeUploadedFile(
  db: Db,
  store: MediaServices,
  actor: Actor,
  common: CommonFields,
  { file, bytes, checked }: CheckedFile,
): Promise<Media> {
  const id = newMediaId();
  const originalKey = mediaKey(id, checked.extension);
  const image = RASTER_FORMATS.includes(checked.format) ? await processImage(store, id, bytes) : null;
  const keys = [originalKey, ...(image?.variants.map((v) => v.key) ?? [])];
  try {
    await putMediaFile(store, originalKey, bytes);
    for (const v of image?.variants ?? []) await putMediaFile(store, v.key, v.bytes);
    return await db.transaction(async (tx) => {
      const row = firstRow(
        await tx
          .insert(media)
          .values({
            ...common,
            type: checked.type,
            url: publicUrlFor(store, originalKey),
            storageKey: originalKey,
            size: bytes.length,
            width: image?.width ?? null,
            height: image?.height ?? null,
            variants: image?.variants.map(storedVariant) ?? [],
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
        description: `${row.originalName} (${row.mimeType}, ${formatFileSize(row.size)})`,
      });
      return row;
    });
  } catch (error) {
    await removeMediaFiles(store, keys);
    if (isStorageFull(error))
      throw mediaError(
        EDITOR_IMAGE_TEXT.uploadFailedTitle,
        uploadFailedBecause(UPLOAD_CAUSE.quotaExceeded),
        "too_large",
      );
    throw error;
  }
}
