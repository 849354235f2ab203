/**
 * The embedded data folder is private to the server's account: it holds staff password hashes, subscriber
 * tokens and the VAPID private key. PGlite does not keep it so by itself: it unpacks its first cluster
 * with the archive's modes (every file 0666, whatever the umask) and its file layer gives the relation
 * cache files 0644. So folders are made 0700 and files 0600 when the folder is opened, after each
 * migration, every minute while it is open and when it closes; and while it is open the process's umask
 * leaves out group and others, so what PostgreSQL and the media store create in between starts private.
 * The folder's own 0700 already keeps every other account out of what lies inside it.
 */
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Bits that would let another account in. */
const SHARED_BITS = 0o077;
const SWEEP_INTERVAL_MS = 60_000;

/** Makes the folder and everything under it private; returns how many entries it had to change. */
export function makePrivate(folder: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return; // removed meanwhile (PostgreSQL renames and deletes its temporary files)
    }
    // Links are left as they are: chmod would change what they point to, which may be outside.
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory()
      ? PRIVATE_FOLDER_MODE
      : stat.isFile()
        ? PRIVATE_FILE_MODE
        : mode & ~SHARED_BITS; // a socket or a pipe: its owner's bits stay
    const isShared = stat.isDirectory() ? mode !== PRIVATE_FOLDER_MODE : (mode & SHARED_BITS) !== 0;
    if (isShared) {
      try {
        fs.chmodSync(entry, wanted);
        changed++;
      } catch {
        return;
      }
    }
    if (stat.isDirectory()) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(entry);
      } catch {
        return;
      }
      for (const name of names) visit(path.join(entry, name));
    }
  };
  visit(folder);
  return changed;
}

export interface PrivateFolder {
  /** Makes private what was written since (after migrations, say). */
  sweep(): void;
  /** The last sweep, the umask given back. */
  close(): void;
}

/** Keeps `folder` private while it is open (see above). */
export function keepPrivate(folder: string): PrivateFolder {
  const restoreUmask = tightenUmask();
  makePrivate(folder);
  const timer = setInterval(() => makePrivate(folder), SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    sweep: () => {
      makePrivate(folder);
    },
    close() {
      clearInterval(timer);
      makePrivate(folder);
      restoreUmask();
    },
  };
}

/** Leaves group and others out of the process's umask; returns how to give the old one back. */
function tightenUmask(): () => void {
  try {
    const previous = process.umask(0o077);
    process.umask(previous | 0o077);
    return () => process.umask(previous);
  } catch {
    // Worker threads may not change the umask: the sweeps alone keep the folder private there.
    return () => {};
  }
}
