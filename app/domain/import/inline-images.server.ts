/**
 * The old app's inline images: it kept photos in article bodies, as featured images and in its media
 * collection as data URLs (`data:image/png;base64,...`), which never go into our database. Each one
 * becomes a media item through the library's own upload (`uploadMedia`: type sniffed from the bytes, the
 * 32 MB limit, the pixel limits, one image at a time through the image gate, the WebP copies and the
 * share image), so an imported photo is stored, served and shown like any other upload. An image that
 * fails those checks is refused with the reason, and nothing of it is stored.
 *
 * The same image is stored once, whatever the number of places or imports that hold it: it is found by
 * the SHA-256 of its bytes (`media.contentHash`). The old records give an image no id or address of its
 * own, and a content hash is what stays the same when the same export is imported again.
 */
import { createHash } from "node:crypto";
import { asc, eq, or, type SQL } from "drizzle-orm";
import type { Tx } from "#app/db/client.server";
import { media, users, type Media } from "#app/db/schema";
import type { Actor } from "#app/domain/activity/activity.server";
import { pickerImageOf } from "#app/domain/media/editor.server";
import { detectContent, MEDIA_LIMITS, MEDIA_TEXT, RASTER_FORMATS } from "#app/domain/media/media-rules";
import { removeMediaFiles, type MediaServices } from "#app/domain/media/storage.server";
import { uploadMedia } from "#app/domain/media/upload.server";
import { DomainError } from "#app/lib/errors";
import { logFailure } from "#app/lib/log.server";

/** Why an inline image was left out (the import lists it with its record). */
export const INLINE_IMAGE_TEXT = {
  notBase64: "not a base64 data URL (only base64-encoded images can be imported)",
  brokenBase64: "its data URL is damaged (not valid base64)",
  notAnImage: "not an image we store (JPEG, PNG, GIF, WebP or AVIF)",
  tooLarge: MEDIA_TEXT.tooLarge,
  noUploader: "no account to store it under: create an admin first (npm run user:create), then import again",
} as const;

export type StoredImage = { ok: true; item: Media } | { ok: false; reason: string };

interface ImageDetails {
  /** The media item's name (cut to the library's limit). */
  name: string;
  alt?: string;
  description?: string;
  tags?: string[];
}

/** A media record or an article may name whose image it is; else the first admin stores it. */
type OwnerRef = { userId: string | null } | { emailOrId: string };

export const isDataUrl = (url: string) => url.trim().toLowerCase().startsWith("data:");

type Decoded = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: string };

/** The bytes of a base64 data URL; its size is checked before anything is decoded. */
export function decodeDataUrl(url: string): Decoded {
  const text = url.trim();
  const comma = text.indexOf(",");
  const header = comma > 0 ? text.slice(0, comma) : "";
  if (!/;base64$/i.test(header)) return { ok: false, reason: INLINE_IMAGE_TEXT.notBase64 };
  // Exports wrap long base64 lines; the declared type is ignored, the bytes say what the image is.
  const payload = text.slice(comma + 1).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1)
    return { ok: false, reason: INLINE_IMAGE_TEXT.brokenBase64 };
  if (Math.floor((payload.length * 3) / 4) > MEDIA_LIMITS.fileBytes + 2)
    return { ok: false, reason: INLINE_IMAGE_TEXT.tooLarge };
  return { ok: true, bytes: new Uint8Array(Buffer.from(payload, "base64")) };
}

const cut = (value: string, max: number) => value.trim().slice(0, max);

/** A data URL's image as a file named by its content's hash, or why it is not one we take. */
function imageOf(dataUrl: string): { ok: true; file: File; hash: string } | { ok: false; reason: string } {
  const decoded = decodeDataUrl(dataUrl);
  if (!decoded.ok) return decoded;
  const format = detectContent(decoded.bytes);
  if (!format || !RASTER_FORMATS.includes(format)) return { ok: false, reason: INLINE_IMAGE_TEXT.notAnImage };
  const hash = createHash("sha256").update(decoded.bytes).digest("hex");
  const extension = format === "jpeg" ? "jpg" : format;
  const file = new File([decoded.bytes], `imported-${hash.slice(0, 16)}.${extension}`, {
    type: `image/${format}`,
  });
  return { ok: true, file, hash };
}

/**
 * The import's store of inline images, inside its transaction. Files are written before the
 * transaction commits, so each one's key goes into `storedKeys`, for `removeStoredFiles` if the import
 * as a whole fails: no files without their rows.
 */
export function inlineImageStore(tx: Tx, mediaStore: MediaServices, storedKeys: string[]) {
  const byHash = new Map<string, Media>();
  const owners = new Map<string, Actor | null>();

  const account = async (where: SQL | undefined): Promise<Actor | null> => {
    const [row] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return row ?? null;
  };

  /**
   * Who the item belongs to: the article's author or the media record's uploader when that account is
   * here; else the first admin, who runs the import. uploadMedia records an uploader for every file (the
   * library's "writers change their own" rule and the activity log rest on it), and an admin may
   * change any item anyway.
   */
  async function ownerOf(ref: OwnerRef): Promise<Actor | null> {
    const key = "userId" in ref ? `id:${ref.userId ?? ""}` : `ref:${ref.emailOrId.toLowerCase()}`;
    if (owners.has(key)) return owners.get(key) ?? null;
    let owner: Actor | null = null;
    if ("userId" in ref && ref.userId) owner = await account(eq(users.id, ref.userId));
    if ("emailOrId" in ref && ref.emailOrId)
      owner = await account(or(eq(users.id, ref.emailOrId), eq(users.email, ref.emailOrId.toLowerCase())));
    owner ??= await account(eq(users.role, "admin"));
    owners.set(key, owner);
    return owner;
  }

  async function findByHash(hash: string): Promise<Media | null> {
    const known = byHash.get(hash);
    if (known) return known;
    const [row] = await tx.select().from(media).where(eq(media.contentHash, hash)).limit(1);
    if (row) byHash.set(hash, row);
    return row ?? null;
  }

  /** The media item holding this data URL's image: found by its content, else uploaded now. */
  async function store(dataUrl: string, ownerRef: OwnerRef, details: ImageDetails): Promise<StoredImage> {
    const image = imageOf(dataUrl);
    if (!image.ok) return image;
    const { file, hash } = image;
    const known = await findByHash(hash);
    if (known) return { ok: true, item: known };
    const owner = await ownerOf(ownerRef);
    if (!owner) return { ok: false, reason: INLINE_IMAGE_TEXT.noUploader };
    let item: Media;
    try {
      item = await uploadMedia(tx, mediaStore, owner, {
        mode: "file",
        name: cut(details.name, MEDIA_LIMITS.name) || "Imported image",
        alt: cut(details.alt ?? "", MEDIA_LIMITS.alt),
        description: cut(details.description ?? "", MEDIA_LIMITS.description),
        tags: tagsWithin(details.tags ?? []),
        file,
      });
    } catch (error) {
      // The upload's own refusals (unreadable, too many pixels) keep their words; anything else is a
      // fault that fails the import.
      if (error instanceof DomainError) return { ok: false, reason: error.message };
      throw error;
    }
    storedKeys.push(item.storageKey, ...item.variants.map((v) => v.key));
    // In the import's transaction: the item and its hash are kept together or not at all.
    await tx.update(media).set({ contentHash: hash }).where(eq(media.id, item.id));
    byHash.set(hash, item);
    return { ok: true, item };
  }

  return { store };
}

/** Removes the files of an import that failed (its rows were rolled back); the import's error stays the one told. */
export async function removeStoredFiles(store: MediaServices, keys: string[]): Promise<void> {
  try {
    await removeMediaFiles(store, keys);
  } catch (error) {
    logFailure("[import] could not remove the images of a failed import", error, { keys });
  }
}

export type InlineImageStore = ReturnType<typeof inlineImageStore>;

/** The tags field as the upload form takes it: comma separated, within its 200 characters. */
function tagsWithin(tags: string[]): string {
  const kept: string[] = [];
  for (const tag of tags.map((t) => t.replace(/,/g, " ").trim()).filter(Boolean)) {
    if ([...kept, tag].join(", ").length > MEDIA_LIMITS.tags) break;
    kept.push(tag);
  }
  return kept.join(", ");
}

const IMG_TAG = /<img\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
const valueOf = (match: RegExpExecArray | null) => (match ? (match[1] ?? match[2] ?? match[3] ?? "") : "");
const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** A body image left out: which one (counting every image of the body from 1) and why. */
export interface RefusedBodyImage {
  position: number;
  reason: string;
}

/**
 * The body with each data-URL `<img>` pointing at its stored copy, the same URL the editor inserts for
 * a library image (`pickerImageOf(...).bodyUrl`, the widest WebP copy); an image that was refused is
 * taken out of the body rather than left as an empty `<img>`. Runs before the body is sanitized, which
 * would drop a data URL.
 */
export async function storeBodyImages(
  content: string,
  store: (dataUrl: string, alt: string) => Promise<StoredImage>,
): Promise<{ content: string; refused: RefusedBodyImage[] }> {
  const refused: RefusedBodyImage[] = [];
  let out = "";
  let last = 0;
  let position = 0;
  for (const match of content.matchAll(IMG_TAG)) {
    position++;
    const tag = match[0];
    const src = attribute(tag, "src");
    const url = decodeEntities(valueOf(src));
    if (!src || !isDataUrl(url)) continue;
    const stored = await store(url, decodeEntities(valueOf(attribute(tag, "alt"))));
    out += content.slice(last, match.index);
    last = match.index + tag.length;
    if (!stored.ok) {
      refused.push({ position, reason: stored.reason });
      continue;
    }
    out += tag.replace(src[0], ` src="${escapeAttribute(pickerImageOf(stored.item).bodyUrl)}"`);
  }
  return { content: out + content.slice(last), refused };
}
