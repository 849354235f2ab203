/**
 * One process at a time on an embedded data folder. PGlite is a database inside the process that opens
 * it: a second process on the same folder (`npm run user:create` beside a running server) works on its
 * own copy of the pages, says "Created", and whichever process writes last overwrites the other's
 * changes. So whoever opens the folder first holds `DATA_DIR/newsdesk.lock`, and anyone else is refused
 * at once with who holds it and what to do.
 *
 * A holder that died without a word (kill -9, a crash, a power cut) must not lock the folder for good:
 * the supervisor starts the server again within a second. The lock names its holder's machine, process
 * id and the process's start time (Linux's /proc), and its holder touches it every few seconds, so a
 * lock is held only while
 * - on this machine, that very process is alive: same id and same start time, however long it has not
 *   touched the lock (suspended with Ctrl-Z, a laptop asleep, one long statement); where start times
 *   cannot be read, a live id that has touched it lately;
 * - from another machine sharing the folder, it has been touched lately.
 * Anything else is left over (a recycled process id included), and is taken over.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { conflict } from "#app/lib/errors";

export const LOCK_FILE = "newsdesk.lock";
/** How often the holder touches its lock. */
const HEARTBEAT_MS = 10_000;
/**
 * A lock untouched this long is left over. Long, because the embedded database runs on the event loop:
 * one long statement (an index over a large archive) delays the heartbeat without the holder being gone.
 */
export const STALE_AFTER_MS = 120_000;

interface Holder {
  pid: number;
  /** When the process started, in clock ticks since boot (/proc/<pid>/stat), or null off Linux. */
  started: number | null;
  host: string;
  command: string;
  since: string;
}

export interface DataFolderLock {
  release(): void;
}

/** Folders this process holds, so it neither opens one twice nor takes its own lock for a left-over. */
const heldHere = new Set<string>();

export function lockDataFolder(dataDir: string): DataFolderLock {
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    started: processStart(process.pid),
    host: os.hostname(),
    command: describeCommand(),
    since: new Date().toISOString(),
  };
  const text = JSON.stringify(me);
  // Two rounds: a left-over lock is removed in the first and taken in the second.
  for (let round = 0; round < 2; round++) {
    try {
      // Readable by this account only: it names a process and its command.
      fs.writeFileSync(file, text, { flag: "wx", mode: 0o600 });
      return holdLock(file, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const found = readLock(file);
    if (!found) continue; // released between our two calls
    if (isHeld(file, found.holder, found.touchedAt)) throw folderInUse(dataDir, found.holder);
    removeIfUnchanged(file, found.text);
  }
  throw folderInUse(dataDir, readLock(file)?.holder ?? null);
}

function holdLock(file: string, text: string): DataFolderLock {
  heldHere.add(file);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now, () => {}); // a missed beat is made up by the next
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // A process that ends without closing its database (an uncaught error, process.exit) lets go too.
  const releaseOnExit = () => removeIfUnchanged(file, text);
  process.once("exit", releaseOnExit);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      process.off("exit", releaseOnExit);
      removeIfUnchanged(file, text);
      heldHere.delete(file);
    },
  };
}

function readLock(file: string): { text: string; holder: Holder | null; touchedAt: number } | null {
  try {
    const touchedAt = fs.statSync(file).mtimeMs;
    const text = fs.readFileSync(file, "utf8");
    let holder: Holder | null = null;
    try {
      holder = JSON.parse(text) as Holder;
    } catch {
      // Written half (a crash while writing it) or being written right now: judged by its age alone.
    }
    return { text, holder, touchedAt };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isHeld(file: string, holder: Holder | null, touchedAt: number): boolean {
  const fresh = Date.now() - touchedAt < STALE_AFTER_MS;
  if (!holder || typeof holder.pid !== "number") return Date.now() - touchedAt < 5_000;
  if (holder.host !== os.hostname()) return fresh;
  // Our own id in a lock we did not take: left by an earlier life of this id (a container's process 1).
  if (holder.pid === process.pid) return heldHere.has(file);
  if (!isAlive(holder.pid) || hasEnded(holder.pid)) return false;
  const started = processStart(holder.pid);
  if (started !== null && typeof holder.started === "number") return started === holder.started;
  return fresh;
}

/**
 * When process `pid` started, in clock ticks since boot: field 22 of /proc/<pid>/stat (after the
 * command name in parentheses, which may itself hold spaces and parentheses). Null where there is no /proc.
 */
export function processStart(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const started = Number(fields[19]);
    return Number.isFinite(started) ? started : null;
  } catch {
    return null;
  }
}

/**
 * A process that has ended but not been waited for (a zombie, state Z): kill -9 of a server and its
 * supervisor at once leaves the server's entry until process 1 reaps it, which in a container may
 * be never. It holds no folder.
 */
function hasEnded(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, under another user
  }
}

/** Removes the lock only if it is still the one judged (or written), not one taken meanwhile. */
function removeIfUnchanged(file: string, text: string) {
  try {
    if (fs.readFileSync(file, "utf8") === text) fs.unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** The program and its command (`newsdesk.mjs start`), never its options: they may hold a password. */
export function describeCommand(argv = process.argv): string {
  const [, script = "node", command] = argv;
  return [path.basename(script), command && !command.startsWith("-") ? command : ""].join(" ").trim();
}

function folderInUse(dataDir: string, holder: Holder | null) {
  const who = holder
    ? `process ${holder.pid}${holder.host === os.hostname() ? "" : ` on ${holder.host}`} (${holder.command}, since ${holder.since.slice(0, 19).replace("T", " ")} UTC)`
    : "another process";
  return conflict(
    `The data folder ${path.resolve(dataDir)} is in use by ${who}: stop it first, then run this again (two programs on one embedded database lose each other's writes; with DATABASE_URL, PostgreSQL can be shared).`,
  );
}
