/**
 * Media storage on local disk under `${DATA_DIR}/media`, served by Express at /media/<key>.
 * Keys are random ids plus an extension, so a key never names a path outside the folder and a file is
 * never overwritten: the server can cache them as immutable. (The S3-compatible adapter of the
 * architecture page is not built yet; local disk is the default it would sit beside.)
 */
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
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

/** Removes stored files; a file already gone is not an error. */
export async function removeMediaFiles(keys: string[]): Promise<void> {
  await Promise.all(keys.filter(isMediaKey).map((key) => rm(mediaPath(key), { force: true })));
}
