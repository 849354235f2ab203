/**
 * Media storage: where uploads and their copies are kept, behind one interface (storage-store.server.ts)
 * chosen by configuration: the local disk under `${DATA_DIR}/media` (the default), or an S3-compatible
 * bucket when S3_BUCKET is set (storage-s3.server.ts, decision record 013). The app serves either at
 * /media/<key> (server/media-files.ts), unless MEDIA_PUBLIC_URL names a CDN or bucket that serves them.
 * Keys are random ids plus an extension, so a key never names a path outside the store and a file is
 * never overwritten: everyone may cache them as immutable.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Config } from "#app/config.server";
import { localMediaStore } from "./storage-local.server";
import { isMediaKey, type MediaStore } from "./storage-store.server";

/** The public path prefix of stored files served by the app. */
const MEDIA_URL_PREFIX = "/media/";

/** The folder that holds media for a data directory (Express serves it as /media). */
export const mediaDirectory = (dataDir: string) => path.join(dataDir, "media");

/** The store a configuration names; the S3 client is loaded only when it is the one. */
export async function mediaStoreFor(cfg: Config): Promise<MediaStore> {
  if (cfg.mediaStorage.kind === "local") return localMediaStore(mediaDirectory(cfg.dataDir));
  const { s3MediaStore } = await import("./storage-s3.server");
  return s3MediaStore(cfg.mediaStorage);
}

/**
 * The media part of the process's services (app/services.server.ts): the store every upload, copy and
 * deletion goes to, and where its files are served from (MEDIA_PUBLIC_URL, without a trailing slash;
 * undefined: the app serves them at /media/<key>).
 */
export interface MediaServices {
  store: MediaStore;
  publicBase?: string;
}

/** The configured store and public address; built once per process (app/services.server.ts). */
export async function mediaServicesFor(cfg: Config): Promise<MediaServices> {
  return { store: await mediaStoreFor(cfg), publicBase: cfg.mediaPublicUrl?.replace(/\/+$/, "") };
}

/**
 * Start-up: the configured store can be used, or one line that says what to fix (missing bucket, bad
 * credentials, unreachable endpoint) before the server listens, not at the first upload.
 */
export async function checkMediaStorage(media: MediaServices): Promise<void> {
  await media.store.check();
}

/** A fresh random id; a stored file's key is this id, an optional suffix and an extension. */
export const newMediaId = () => randomBytes(12).toString("hex");

export function mediaKey(id: string, extension: string, suffix = ""): string {
  const key = `${id}${suffix ? `-${suffix}` : ""}.${extension.toLowerCase()}`;
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  return key;
}

/** A stored file's one address: under MEDIA_PUBLIC_URL, else the app's /media/. */
export function publicUrlFor(media: MediaServices, key: string): string {
  const base = media.publicBase;
  return base ? `${base}/${key}` : `${MEDIA_URL_PREFIX}${key}`;
}

/** An uploaded original's key: the random id and an extension, no variant suffix. */
const ORIGINAL_KEY_PATTERN = /^[0-9a-f]{24}\.[a-z0-9]{1,8}$/;

/**
 * The storage key of an uploaded original named by a URL, or null. The featured image field holds an
 * absolute URL (the form accepts only http and https), so any host is taken: the site's address may have
 * changed since, and the random id in the key, checked against the media table, is what identifies it.
 * An address under MEDIA_PUBLIC_URL counts too.
 */
export function originalKeyOfUrl(media: MediaServices, url: string): string | null {
  const base = media.publicBase;
  if (base && url.startsWith(`${base}/`)) {
    const key = url.slice(base.length + 1);
    if (ORIGINAL_KEY_PATTERN.test(key)) return key;
  }
  let pathname: string;
  try {
    pathname = new URL(url, "http://localhost").pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = pathname.slice(MEDIA_URL_PREFIX.length);
  return ORIGINAL_KEY_PATTERN.test(key) ? key : null;
}

/** Refuses anything that is not a plain key before it reaches a store. */
function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  return key;
}

export async function putMediaFile(media: MediaServices, key: string, bytes: Uint8Array): Promise<void> {
  await media.store.put(checkedKey(key), bytes);
}

/** A stored file's bytes; a missing one fails with the code ENOENT, whichever the store. */
export async function readMediaFile(media: MediaServices, key: string): Promise<Uint8Array> {
  return media.store.read(checkedKey(key));
}

/**
 * Writes a file that is made from another one (a variant made again for an older upload): whole or not
 * at all, so a crash or a second server doing the same never leaves half a file.
 */
export async function replaceMediaFile(media: MediaServices, key: string, bytes: Uint8Array): Promise<void> {
  await media.store.replace(checkedKey(key), bytes);
}

/** Removes stored files; a file already gone is not an error. */
export async function removeMediaFiles(media: MediaServices, keys: string[]): Promise<void> {
  const valid = keys.filter(isMediaKey);
  if (valid.length > 0) await media.store.remove(valid);
}

/** Every stored file's key (originals and variants), in no particular order: for backups. */
export async function* listMediaKeys(media: MediaServices): AsyncIterable<string> {
  yield* media.store.list();
}
