/**
 * Media for the article editor and the media item view: an image uploaded from the editor (featured or
 * body), the library picker's listing, and the details of one item (name, alt text, caption, credit,
 * tags). Uploads go through uploadMedia, so they get the same stored WebP copies and share image.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { media, type Media } from "#app/db/schema";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { DomainError, fieldsRefused, isDomainError } from "#app/lib/errors";
import { parseForm } from "#app/lib/form";
import {
  EDITOR_IMAGE_TEXT,
  imageDetailsSchema,
  mediaDetailsSchema,
  uploadFailedMessage,
  type PickerImage,
} from "./editor-image-rules";
import { listMedia } from "./library.server";
import {
  checkFileContent,
  isShareVariant,
  MEDIA_LIMITS,
  MEDIA_TEXT,
  parseTags,
  RASTER_FORMATS,
} from "./media-rules";
import type { MediaServices } from "./storage.server";
import { uploadMedia } from "./upload.server";

const refused = (code: "invalid" | "too_large" | "unauthenticated", title: string, message: string) =>
  new DomainError(code, message, { title });

/** The picker's page size: four rows of a phone's two columns, or two rows of a desktop's six. */
export const PICKER_PAGE_SIZE = 12;

/** The editor's view of a media row: the original, a small copy for the grid, the copy a body shows. */
export function pickerImageOf(row: Media): PickerImage {
  const copies = row.variants
    .filter((v) => !isShareVariant(v) && v.width > 0)
    .sort((a, b) => a.width - b.width);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    thumbUrl: copies[0]?.url ?? row.url,
    bodyUrl: copies.at(-1)?.url ?? row.url,
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    width: row.width,
    height: row.height,
  };
}

interface EditorUpload {
  file: File | null;
  alt?: string;
  caption?: string;
  credit?: string;
}

/**
 * An image uploaded from the editor, with the spec's texts for each refusal. The browser checks type
 * and size first (editor-image-rules.ts); this checks again, by content.
 */
export async function uploadEditorImage(
  db: Db,
  store: MediaServices,
  actor: Actor | null,
  input: EditorUpload,
): Promise<PickerImage> {
  if (!actor) throw refused("unauthenticated", EDITOR_IMAGE_TEXT.authTitle, EDITOR_IMAGE_TEXT.auth);
  const { file } = input;
  const invalidType = () =>
    refused("invalid", EDITOR_IMAGE_TEXT.invalidTypeTitle, EDITOR_IMAGE_TEXT.invalidType);
  if (!file || file.size === 0 || file.name === "") throw invalidType();
  if (file.size > MEDIA_LIMITS.fileBytes)
    throw refused("too_large", EDITOR_IMAGE_TEXT.tooLargeTitle, EDITOR_IMAGE_TEXT.tooLarge);
  const details = parseForm(imageDetailsSchema, input);
  if (!details.ok) throw fieldsRefused("invalid", details.fieldErrors);
  // The rule for a name that lies about its content (a PNG renamed .jpg): refused, not stored under the
  // content's own extension. The browser believed the name (it reported image/jpeg), so the person
  // picked what they think is a JPEG; keeping it quietly as a PNG would store a file whose name, type
  // and bytes disagree. checkFileContent refuses the mismatch; in the editor that is 'Invalid File Type',
  // the spec's one text for "this is not an image we take", and so is any content that is not a raster
  // image (SVG, a PDF named .png, text).
  const checked = checkFileContent(file.name, new Uint8Array(await file.arrayBuffer()));
  if (!checked.ok || !RASTER_FORMATS.includes(checked.format)) throw invalidType();
  try {
    const row = await uploadMedia(db, store, actor, {
      mode: "file",
      name: baseName(file.name),
      alt: details.data.alt,
      description: "",
      tags: "",
      file,
      caption: details.data.caption,
      credit: details.data.credit,
    });
    return pickerImageOf(row);
  } catch (error) {
    // Full storage is already in the spec's words ('Upload failed. Storage quota exceeded.'): the
    // file's own size was checked above, so 'too_large' from uploadMedia can only be that.
    if (isDomainError(error, "too_large")) throw error;
    // uploadMedia's own refusals (an image sharp cannot read) keep their reason, in the spec's wording.
    if (error instanceof DomainError)
      throw refused("invalid", EDITOR_IMAGE_TEXT.uploadFailedTitle, uploadFailedMessage(error.message));
    throw error;
  }
}

/** "Harbour at dawn.JPG" -> "Harbour at dawn", cut to the name's limit. */
function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).trim() || "Image";
  return base.slice(0, MEDIA_LIMITS.name);
}

/** The picker: active images only, newest first, searched by name and tags, in pages. */
export async function listPickerImages(db: DbOrTx, filter: { search?: string; page?: number }) {
  const list = await listMedia(db, {
    type: "image",
    status: "active",
    search: filter.search,
    page: filter.page,
    pageSize: PICKER_PAGE_SIZE,
  });
  return { ...list, items: list.items.map(pickerImageOf) };
}

export async function getMediaItem(db: DbOrTx, id: string): Promise<Media> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", MEDIA_TEXT.notFound, { title: MEDIA_TEXT.updateFailed });
  return row;
}

/** Whether this person may change this item: media.delete (editors, admins) for any, writers their own. */
export const canChangeMedia = (actor: Actor & { role: string | null }, row: Pick<Media, "uploadedById">) =>
  can(actor.role, "media", "delete") || (can(actor.role, "media", "upload") && row.uploadedById === actor.id);

/** Saves an item's name, alt text, caption, credit and tags; refusals carry each field's problem. */
export async function updateMediaDetails(
  db: Db,
  actor: Actor & { role: string | null },
  id: string,
  input: Record<string, unknown>,
): Promise<Media> {
  const row = await getMediaItem(db, id);
  if (!canChangeMedia(actor, row)) accessDenied();
  const parsed = parseForm(mediaDetailsSchema, input);
  if (!parsed.ok) throw fieldsRefused("invalid", parsed.fieldErrors);
  const { name, alt, caption, credit, tags } = parsed.data;
  const updated = await db.transaction(async (tx) => {
    const saved = firstRow(
      await tx
        .update(media)
        .set({ name, alt, caption, credit, tags: parseTags(tags), updatedAt: new Date() })
        .where(eq(media.id, id))
        .returning(),
    );
    await logActivity(tx, { type: "media", actor, action: "updated media", title: saved.name });
    return saved;
  });
  // The caption and credit show under the image on article pages.
  siteChanged(db, { scope: "everything", reason: "media details changed" });
  return updated;
}
