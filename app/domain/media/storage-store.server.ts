/**
 * What a place that keeps media files must do (the local disk, an S3-compatible bucket), and the key
 * rules both share. Callers use storage.server.ts, which checks every key before it reaches a store.
 */

/**
 * A stored file's name as uploads make it (storage.server.ts, mediaKey and newMediaId): 24 hex digits of
 * random id, an optional `-suffix` (a width, `share`) and an extension; never a path. Nothing else is a
 * key, so a `robots.txt` or `logo.png` in a shared bucket or folder is never listed, backed up or deleted.
 */
const KEY_PATTERN = /^[0-9a-f]{24}(-[a-z0-9-]+)?\.[a-z0-9]{1,8}$/;

export const isMediaKey = (key: string) => KEY_PATTERN.test(key);

export interface MediaStore {
  /** Where the files are, for messages: a folder, or `s3://bucket at endpoint`. */
  readonly description: string;
  /** Writes a new file; its key has never been used. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Writes a file whole, replacing one that may exist; a reader never sees half of it. */
  replace(key: string, bytes: Uint8Array): Promise<void>;
  /** A file's bytes; a missing one fails with the code ENOENT (`missingMediaFile`). */
  read(key: string): Promise<Uint8Array>;
  /** Removes files; one already gone is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Every stored file's key, in no particular order; nothing that is not a key. */
  list(): AsyncIterable<string>;
  /** Start-up: fails with one line that says what to fix when the store cannot be used. */
  check(): Promise<void>;
}

/** A missing file, as the file system says it, whichever store was asked. */
export const missingMediaFile = (key: string) =>
  Object.assign(new Error(`ENOENT: no stored media file ${key}`), { code: "ENOENT" });

export const isMissingMediaFile = (error: unknown) =>
  (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

/** Sent with a file to a store that serves it directly (MEDIA_PUBLIC_URL); the app serves its own by extension. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  jfif: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  wmv: "video/x-ms-wmv",
  flv: "video/x-flv",
  webm: "video/webm",
  pdf: "application/pdf",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  txt: "text/plain; charset=utf-8",
  rtf: "application/rtf",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
};

export const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** Stored files never change (keys are not reused), so anyone may keep them for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
