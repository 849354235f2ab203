/** Helpers for tests that start real server processes (supervisor, workers). */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createServer, type AddressInfo } from "node:net";

/** A port free on 127.0.0.1 right now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether any process of group `pgid` still runs (Linux's /proc): a zombie does not count (kill -9 of
 * a supervisor leaves its server for process 1 to reap, in a container maybe never), while one still
 * dying (a SIGKILL waits for the disk write it is in) does, and may still hold its data folder.
 */
export function groupRuns(pgid: number): boolean {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}

/**
 * Checks every 100 ms until `check` holds (a throw counts as not yet); fails after `timeoutMs`, saying
 * `what` (a function is asked at the deadline: a count or a log as it stands then).
 */
export async function waitFor(
  what: string | (() => string),
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${typeof what === "function" ? what() : what}: not within ${timeoutMs} ms`);
}

export interface ServingNewsdesk {
  port: number;
  origin: string;
  /** Everything it printed so far (its log lines, JSON). */
  log: () => string;
  /** SIGTERM to its process group (supervisor, server, workers), SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
}

/**
 * `node bin/newsdesk.mjs start` on the built app (scripts/ensure-build.mjs first) in a process group of
 * its own, on 127.0.0.1 at `env.PORT` or a free port, with `env` added; resolves once /healthz answers 200.
 */
export async function startServing(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServingNewsdesk> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1", PORT: String(port) };
  for (const name of ["NODE_OPTIONS", "NEWSDESK_SUPERVISED", "DATABASE_URL", "PUBLIC_URL", "WEB_CONCURRENCY"])
    delete base[name];
  const child = spawn(process.execPath, ["bin/newsdesk.mjs", "start"], {
    env: { ...base, ...env },
    stdio: "pipe",
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async (graceMs = 15_000) => {
    const group = child.pid!;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-group, name);
      } catch {
        // gone already
      }
    };
    signal("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
    if (groupRuns(group)) signal("SIGKILL");
  };
  try {
    await waitFor(
      () => `Newsdesk answering on ${port}; it said:\n${output}`,
      async () => (await fetch(`${origin}/healthz`)).ok,
      timeoutMs,
    );
  } catch (error) {
    await stop(1_000);
    throw error;
  }
  return { port, origin, log: () => output, stop };
}
