/**
 * Media on the local disk, one folder (`DATA_DIR/media` by default), served by Express's static files.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isMediaKey, type MediaStore } from "./storage-store.server";

export function localMediaStore(folder: string): MediaStore {
  const fileOf = (key: string) => path.join(folder, key);
  return {
    description: folder,

    async put(key, bytes) {
      await mkdir(folder, { recursive: true });
      // "wx": a key is written once; a clash means a bug, not a file to replace.
      await writeFile(fileOf(key), bytes, { flag: "wx" });
    },

    // Through a temporary name and a rename, so a crash or a second server doing the same never leaves
    // half a file.
    async replace(key, bytes) {
      const file = fileOf(key);
      await mkdir(folder, { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
    },

    async read(key) {
      return new Uint8Array(await readFile(fileOf(key)));
    },

    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },

    async *list() {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      // Temporary files of replace() are not keys.
      for (const name of names) if (isMediaKey(name)) yield name;
    },

    // The folder is made by the first upload, as it always was.
    async check() {},
  };
}
