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
 * Anything else is left over (a recycled process id included), and is taken over: by exactly one of the
 * processes that find it at the same instant (takeOver).
 */
import { createHash } from "node:crypto";
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
  // Three rounds: a lock released between our looks is taken in the next, and a takeover lost to a
  // process that finished it first ends in a round that finds the winner's lock and refuses.
  for (let round = 0; round < 3; round++) {
    if (createFile(file, text)) return holdLock(file, text);
    const found = readLock(file);
    if (!found) continue; // released between our two calls
    if (isHeld(file, found.holder, found.touchedAt)) throw folderInUse(dataDir, found.holder);
    const takeover = takeOver(file, found, text);
    if (takeover === "taken") return holdLock(file, text);
    if (takeover !== "changed") throw folderInUse(dataDir, takeover.rival);
  }
  throw folderInUse(dataDir, readLock(file)?.holder ?? null);
}

/**
 * Puts `text` at `file` only if nothing is there, with its whole text from the first instant: written
 * under a name of this process's own, then hard-linked, and link(2) fails with EEXIST when the name is
 * taken, atomically, as an exclusive create does. An exclusive create would show the file empty for a
 * moment, and no lock may ever look like another one (see takeOver). Readable by this account only: it
 * names a process and its command.
 */
function createFile(file: string, text: string): boolean {
  const draft = writeDraft(file, text);
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** Puts `text` at `file` in place of whatever is there: rename(2) replaces a name atomically. */
function replaceFile(file: string, text: string) {
  const draft = writeDraft(file, text);
  try {
    fs.renameSync(draft, file);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
}

/** One name per process: a draft left by a process killed while writing it is overwritten by the next. */
function writeDraft(file: string, text: string): string {
  const draft = `${file}.${process.pid}.tmp`;
  fs.rmSync(draft, { force: true }); // a new file, so that the mode below applies
  fs.writeFileSync(draft, text, { mode: 0o600 });
  return draft;
}

/**
 * Replaces the left-over lock `stale` with ours unless another process does: of any number of processes
 * that found the same left-over, exactly one takes it over. Reading the lock, comparing and then removing
 * it is not enough: two takers both read the left-over, one replaces it, and the other, which compared
 * before that, removes the winner's lock and takes the folder too.
 *
 * The atomic step is an exclusive create (link(2), createFile) of a claim named after that very
 * left-over: its inode and a digest of its text. Only the process that creates the claim may replace the
 * lock, and it first reads the lock again: still the left-over, it renames its own lock over it (so the
 * folder is never without a lock for a newcomer to take); anything else ("changed"), it has lost. The
 * claim's name never comes back for another lock, since no two locks have the same text (each names a
 * process alive while it holds it, and none is ever seen half written, see createFile): a taker that
 * comes after the winner and creates the claim anew re-reads a lock that is no longer the left-over, and
 * loses. So a slow taker never replaces the winner's lock, however late it comes.
 *
 * A claimant killed between its claim and its rename would leave the left-over locked for good, so claims
 * are numbered: a claim whose process is gone (judged as a lock is, isHeld) sends the next taker to the
 * next number; one whose process is alive means that process (the rival) is taking over, and we lose.
 * Claims are removed once the lock is no longer the left-over, when all of them serve nobody; before
 * that, only our own: a live claimant's claim is never removed under it.
 */
function takeOver(
  file: string,
  stale: FoundLock,
  text: string,
): "taken" | "changed" | { rival: Holder | null } {
  const digest = createHash("sha256").update(stale.text).digest("hex").slice(0, 16);
  const claimName = (n: number) => `${file}.takeover-${stale.inode}-${digest}-${n}`;
  let ours = 0;
  while (!createFile(claimName(ours), text)) {
    const claimant = readLock(claimName(ours));
    if (!claimant) continue; // removed between our two calls: try that number again
    if (isHeld(claimName(ours), claimant.holder, claimant.touchedAt)) return { rival: claimant.holder };
    ours++;
  }
  let outcome: "taken" | "changed" | null = null;
  try {
    const current = readLock(file);
    if (current && current.inode === stale.inode && current.text === stale.text) {
      replaceFile(file, text);
      outcome = "taken";
    } else {
      outcome = "changed";
    }
    return outcome;
  } finally {
    // With an outcome the lock is no longer the left-over, for good; without one (an error), only ours.
    for (let n = outcome ? 0 : ours; n <= ours; n++) fs.rmSync(claimName(n), { force: true });
  }
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

interface FoundLock {
  text: string;
  holder: Holder | null;
  touchedAt: number;
  /** Which file it is: its text and times may be the same as another's, its inode not while it exists. */
  inode: number;
}

function readLock(file: string): FoundLock | null {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    // Through one descriptor: the times, the inode and the text are all the same file's.
    const { mtimeMs: touchedAt, ino: inode } = fs.fstatSync(fd);
    const text = fs.readFileSync(fd, "utf8");
    let holder: Holder | null = null;
    try {
      holder = JSON.parse(text) as Holder;
    } catch {
      // Written half (a crash while writing it) or being written right now: judged by its age alone.
    }
    return { text, holder, touchedAt, inode };
  } finally {
    fs.closeSync(fd);
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
