/**
 * The embedded data folder's lock (data-folder-lock.server.ts): a second opener is refused with who holds
 * the folder, and a lock its holder left behind (killed, crashed) is taken over at once.
 */
import { type ChildProcess, fork, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { isDomainError } from "#app/lib/errors";
import { openDatabase } from "./client.server";
import type { RaceAnswer, RaceRound } from "../../tests/support/data-folder-lock-racer";
import {
  LOCK_FILE,
  STALE_AFTER_MS,
  describeCommand,
  lockDataFolder,
  processStart,
} from "./data-folder-lock.server";

let dataDir: string;
const lockFile = () => path.join(dataDir, LOCK_FILE);

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-lock-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}

function writeLock(holder: Record<string, unknown>, ageMs = 0) {
  fs.writeFileSync(lockFile(), JSON.stringify(holder));
  const touched = new Date(Date.now() - ageMs);
  fs.utimesSync(lockFile(), touched, touched);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isDomainError(error, "conflict"), String(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("the folder was not refused");
}

describe("a data folder in use", () => {
  test("is refused to a second opener, who is told which process holds it and what to do", () => {
    const lock = lockDataFolder(dataDir);
    const message = refusal(() => lockDataFolder(dataDir));
    expect(message).toContain(`The data folder ${dataDir} is in use by process ${process.pid}`);
    expect(message).toMatch(/stop it first, then run this again/);
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
    lockDataFolder(dataDir).release();
  });

  test("by a live process on this machine: refused however long it has not touched the lock (suspended, asleep)", () => {
    const parent = process.ppid; // alive for as long as this test runs
    const holder = {
      pid: parent,
      started: processStart(parent),
      host: os.hostname(),
      command: "newsdesk.mjs start",
    };
    writeLock({ ...holder, since: new Date().toISOString() });
    expect(refusal(() => lockDataFolder(dataDir))).toContain(`process ${parent} (newsdesk.mjs start, since`);
    writeLock({ ...holder, since: new Date().toISOString() }, STALE_AFTER_MS * 10);
    expect(refusal(() => lockDataFolder(dataDir))).toContain(`process ${parent}`);
  });

  test("by a process id that now belongs to another process (another start time): taken over", () => {
    const parent = process.ppid;
    const started = processStart(parent);
    expect(started).not.toBeNull(); // Linux: /proc tells when a process started
    writeLock({
      pid: parent,
      started: started! - 1,
      host: os.hostname(),
      command: "newsdesk.mjs start",
      since: "",
    });
    lockDataFolder(dataDir).release();
  });

  test("where start times are unknown, a live id holds it while the lock is fresh", () => {
    const parent = process.ppid;
    writeLock({
      pid: parent,
      host: os.hostname(),
      command: "newsdesk.mjs start",
      since: new Date().toISOString(),
    });
    expect(refusal(() => lockDataFolder(dataDir))).toContain(`process ${parent}`);
    writeLock(
      { pid: parent, host: os.hostname(), command: "newsdesk.mjs start", since: "" },
      STALE_AFTER_MS + 1_000,
    );
    lockDataFolder(dataDir).release();
  });

  test("the lock is readable by this account only and names the command, never its options", () => {
    const lock = lockDataFolder(dataDir);
    expect(fs.statSync(lockFile()).mode & 0o777).toBe(0o600);
    lock.release();
    const argv = [
      "node",
      "/srv/newsdesk/bin/newsdesk.mjs",
      "user:create",
      "--email",
      "a@b.c",
      "--password",
      "Secret123",
    ];
    expect(describeCommand(argv)).toBe("newsdesk.mjs user:create");
    expect(describeCommand(["node", "server/dev.ts"])).toBe("dev.ts");
  });

  test("by a process on another machine sharing the folder: refused while it touches its lock", () => {
    writeLock({ pid: 1, host: "newsroom-2", command: "newsdesk.mjs start", since: new Date().toISOString() });
    expect(refusal(() => lockDataFolder(dataDir))).toContain("process 1 on newsroom-2");
    writeLock(
      { pid: 1, host: "newsroom-2", command: "newsdesk.mjs start", since: "" },
      STALE_AFTER_MS + 1_000,
    );
    lockDataFolder(dataDir).release();
  });
});

describe("a lock left behind", () => {
  test("by a process that was killed is taken over at once", () => {
    writeLock({
      pid: deadPid(),
      host: os.hostname(),
      command: "newsdesk.mjs start",
      since: new Date().toISOString(),
    });
    const lock = lockDataFolder(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  test("by an earlier process with this process's id (a container's process 1) is taken over", () => {
    writeLock({ pid: process.pid, host: os.hostname(), command: "newsdesk.mjs start", since: "" });
    lockDataFolder(dataDir).release();
  });

  /** The claim a taker of the lock now in the folder makes (the name data-folder-lock.server.ts gives it). */
  function claimOnLock(n: number): string {
    const inode = fs.statSync(lockFile()).ino;
    const digest = createHash("sha256").update(fs.readFileSync(lockFile())).digest("hex").slice(0, 16);
    return `${lockFile()}.takeover-${inode}-${digest}-${n}`;
  }

  test("whose taker was killed between its claim and its takeover is taken over all the same, claims and all", () => {
    const dead = deadPid();
    writeLock({ pid: dead, host: os.hostname(), command: "newsdesk.mjs start", since: "" });
    const claim = { pid: dead, host: os.hostname(), command: "newsdesk.mjs user:create", since: "" };
    fs.writeFileSync(claimOnLock(0), JSON.stringify(claim));
    fs.writeFileSync(claimOnLock(1), JSON.stringify(claim));
    const lock = lockDataFolder(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
    expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE]);
    lock.release();
  });

  test("being taken over by a live process is refused, naming that process, and its claim is left alone", () => {
    writeLock({ pid: deadPid(), host: os.hostname(), command: "newsdesk.mjs start", since: "" });
    const left = fs.readFileSync(lockFile(), "utf8");
    const parent = process.ppid;
    const claim = claimOnLock(0);
    fs.writeFileSync(
      claim,
      JSON.stringify({
        pid: parent,
        started: processStart(parent),
        host: os.hostname(),
        command: "newsdesk.mjs start",
        since: new Date().toISOString(),
      }),
    );
    expect(refusal(() => lockDataFolder(dataDir))).toContain(`process ${parent} (newsdesk.mjs start, since`);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(left);
    expect(fs.existsSync(claim)).toBe(true);
  });

  test("half written by a crash is taken over once it is a few seconds old", () => {
    writeLock({}, 0);
    fs.writeFileSync(lockFile(), '{"pid":');
    const old = new Date(Date.now() - 10_000);
    fs.utimesSync(lockFile(), old, old);
    lockDataFolder(dataDir).release();
  });
});

describe("two processes taking over a left-over lock at the same instant", () => {
  const ROUNDS = 1_000;

  function startRacer(): Promise<ChildProcess> {
    const racer = fork(path.join(import.meta.dirname, "../../tests/support/data-folder-lock-racer.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new Promise((resolve, reject) => {
      racer.once("message", () => resolve(racer));
      racer.once("exit", (code) => reject(new Error(`a racer ended before it was ready (${code})`)));
    });
  }

  function race(racer: ChildProcess, round: RaceRound): Promise<RaceAnswer> {
    return new Promise((resolve, reject) => {
      const ended = (code: number | null) => reject(new Error(`racer ${racer.pid} ended (${code})`));
      racer.once("exit", ended);
      racer.once("message", (answer) => {
        racer.off("exit", ended);
        resolve(answer as RaceAnswer);
      });
      racer.send(round);
    });
  }

  test(`leave exactly one of them holding it, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const racers = await Promise.all([startRacer(), startRacer()]);
    const dead = deadPid();
    const outcomes: string[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const folder = path.join(dataDir, String(round));
        fs.mkdirSync(folder);
        // A dead holder: its id has ended (and a recycled one would not have started at tick 1).
        fs.writeFileSync(
          path.join(folder, LOCK_FILE),
          JSON.stringify({
            pid: dead,
            started: 1,
            host: os.hostname(),
            command: "newsdesk.mjs start",
            since: "",
          }),
        );
        // Both wait for the same instant, a little ahead, so that neither has finished before the other starts.
        const startAt = String(process.hrtime.bigint() + 2_000_000n);
        const answers = await Promise.all(racers.map((racer) => race(racer, { dataDir: folder, startAt })));
        const holder = JSON.parse(fs.readFileSync(path.join(folder, LOCK_FILE), "utf8")).pid;
        const winners = racers.filter((_, i) => answers[i]?.won).map((racer) => racer.pid);
        const errors = answers.flatMap((answer) => answer.error ?? []);
        const left = fs.readdirSync(folder).filter((name) => name !== LOCK_FILE); // claims, drafts
        if (winners.length !== 1 || winners[0] !== holder || errors.length > 0 || left.length > 0)
          outcomes.push(
            `round ${round}: winners ${winners.join(", ") || "none"}, lock names ${holder}, left ${left} ${errors}`,
          );
      }
    } finally {
      for (const racer of racers) racer.send("stop");
    }
    expect(outcomes).toEqual([]);
  }, 60_000);
});

test("the embedded database holds its folder from open to close", async () => {
  const database = await openDatabase({ dataDir });
  try {
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
  } finally {
    await database.close();
  }
  expect(fs.existsSync(lockFile())).toBe(false);
  const again = await openDatabase({ dataDir });
  await again.close();
}, 60_000);
