/**
 * One of the processes data-folder-lock.server.test.ts races against each other: run with
 * `node --import tsx` as a forked child. For each round the test sends a data folder and a moment on the
 * machine's monotonic clock (shared by every process on Linux); this process waits for that moment, tries
 * to take the folder, says whether it did, and keeps what it took until the next round or the end, so
 * that a second winner cannot hide behind an early release.
 *
 * Two processes started at the same instant still run the lock's few system calls microseconds apart, in
 * nearly the same order every time, and a thousand rounds would hardly ever reach the interleavings
 * that matter (one racer paused between two calls while the other does three). So each file-system call
 * the lock makes waits a random few microseconds first, as if the scheduler had paused the process
 * there: a wait changes when a call happens, never what it does.
 */
import fs from "node:fs";
import { isDomainError } from "#app/lib/errors";
import { lockDataFolder, type DataFolderLock } from "#app/db/data-folder-lock.server";

export interface RaceRound {
  dataDir: string;
  /** process.hrtime.bigint() as a string: IPC carries no bigint. */
  startAt: string;
}
export interface RaceAnswer {
  won: boolean;
  /** Anything other than the folder refused as in use. */
  error?: string;
}

const MAX_PAUSE_NS = 100_000;
const fileSystem = fs as unknown as Record<string, unknown>;
for (const name of Object.keys(fileSystem).filter((key) => key.endsWith("Sync"))) {
  const call = fileSystem[name] as (...args: unknown[]) => unknown;
  fileSystem[name] = (...args: unknown[]) => {
    pause(Math.random() * MAX_PAUSE_NS);
    return call(...args);
  };
}

function pause(ns: number) {
  const until = process.hrtime.bigint() + BigInt(Math.round(ns));
  while (process.hrtime.bigint() < until) {
    // A busy wait: timers cannot wait microseconds.
  }
}

let held: DataFolderLock | null = null;

process.on("message", (round: RaceRound | "stop") => {
  held?.release();
  held = null;
  if (round === "stop") {
    process.disconnect();
    return;
  }
  // Spinning, not sleeping: a timer would start the two racers a millisecond apart.
  pause(Number(BigInt(round.startAt) - process.hrtime.bigint()));
  let answer: RaceAnswer;
  try {
    held = lockDataFolder(round.dataDir);
    answer = { won: true };
  } catch (error) {
    answer = isDomainError(error, "conflict") ? { won: false } : { won: false, error: String(error) };
  }
  process.send!(answer);
});
process.send!("ready");
