/**
 * Media storage on local disk under `${DATA_DIR}/media`, served by Express at /media/<key>.
 * Keys are random ids plus an extension, so a key never names a path outside the folder and a file is
 * never overwritten: the server can cache them as immutable. (The S3-compatible adapter of the
 * architecture page is not built yet; local disk is the default it would sit beside.)
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "#app/config.server";

/** The public path prefix of stored files. */
const MEDIA_URL_PREFIX = "/media/";

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}\.[a-z0-9]{1,8}$/;

/** The folder that holds media for a data directory (Express serves it as /media). */
export const mediaDirectory = (dataDir: string) => path.join(dataDir, "media");

let rootOverride: string | undefined;

/** Tests point storage at a temporary folder; undefined goes back to `${DATA_DIR}/media`. */
export function setMediaRoot(dir: string | undefined) {
  rootOverride = dir;
}

const mediaRoot = () => rootOverride ?? mediaDirectory(config().dataDir);

const isMediaKey = (key: string) => KEY_PATTERN.test(key);

/** A fresh random id; a stored file's key is this id, an optional suffix and an extension. */
export const newMediaId = () => randomBytes(12).toString("hex");

export function mediaKey(id: string, extension: string, suffix = ""): string {
  const key = `${id}${suffix ? `-${suffix}` : ""}.${extension.toLowerCase()}`;
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  return key;
}

export const publicUrlFor = (key: string) => `${MEDIA_URL_PREFIX}${key}`;

/** An uploaded original's key: the random id and an extension, no variant suffix. */
const ORIGINAL_KEY_PATTERN = /^[0-9a-f]{24}\.[a-z0-9]{1,8}$/;

/**
 * The storage key of an uploaded original named by a URL, or null. The featured image field holds an
 * absolute URL (the form accepts only http and https), so any host is taken: the site's address may have
 * changed since, and the random id in the key, checked against the media table, is what identifies it.
 */
export function originalKeyOfUrl(url: string): string | null {
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

/** The file path of a key; refuses anything that is not a plain key. */
function mediaPath(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  return path.join(mediaRoot(), key);
}

export async function putMediaFile(key: string, bytes: Uint8Array): Promise<void> {
  const file = mediaPath(key);
  await mkdir(path.dirname(file), { recursive: true });
  // "wx": a key is written once; a clash means a bug, not a file to replace.
  await writeFile(file, bytes, { flag: "wx" });
}

export async function readMediaFile(key: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(mediaPath(key)));
}

/**
 * Writes a file that is made from another one (a variant made again for an older upload): through a
 * temporary name and a rename, so a crash or a second server doing the same never leaves half a file.
 */
export async function replaceMediaFile(key: string, bytes: Uint8Array): Promise<void> {
  const file = mediaPath(key);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, bytes, { flag: "wx" });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Removes stored files; a file already gone is not an error. */
export async function removeMediaFiles(keys: string[]): Promise<void> {
  await Promise.all(keys.filter(isMediaKey).map((key) => rm(mediaPath(key), { force: true })));
}

/** Every stored file's key (originals and variants), in no particular order: for backups. */
export async function* listMediaKeys(): AsyncIterable<string> {
  let names: string[];
  try {
    names = await readdir(mediaRoot());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  // Temporary files of replaceMediaFile are not keys.
  for (const name of names) if (isMediaKey(name)) yield name;
}
