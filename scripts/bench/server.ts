/**
 * Starts and stops the production server for the bench (`node bin/newsdesk.mjs start`: the child is the
 * supervisor, the server is its child, and WEB_CONCURRENCY workers are the server's children) and reads
 * the memory and CPU of all of them from /proc.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { serverHeapFlags } from "../../bin/heap-limit.mjs";
import { waitFor200 } from "./http";

export interface BenchServer {
  origin: string;
  pid: number;
  /**
   * The highest resident-set high-water mark (VmHWM) so far of the server's processes (the server, or
   * each worker and their primary), in bytes; null where /proc is not there.
   */
  peakRss(): number | null;
  /** The server's processes now: `bin/newsdesk.mjs`, the server it runs, and that one's workers. */
  pids(): number[];
  stop(): Promise<void>;
}

export interface ServerOptions {
  port: number;
  /**
   * The checkout whose `bin/newsdesk.mjs` and build are started (BENCH_AGAINST's worktree); unset: this
   * one.
   */
  root?: string;
  /** The server's output goes here; its end is shown when the server fails to start. */
  logFile: string;
  dataDir: string;
  databaseUrl?: string;
  /** false starts it with PAGE_CACHE=off. */
  pageCache: boolean;
  /** WEB_CONCURRENCY (workers on PostgreSQL); unset: the server's default. */
  workers?: number;
  /** Settings added to the server's environment (VARNISH_URLS for the run through Varnish). */
  env?: Record<string, string>;
}

function procStatusBytes(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  if (options.pageCache) delete env.PAGE_CACHE;
  else env.PAGE_CACHE = "off";
  if (options.workers) env.WEB_CONCURRENCY = String(options.workers);
  else delete env.WEB_CONCURRENCY;
  // Another checkout is started on its own build (its `build/`), whatever BUILD_DIR says for ours.
  if (options.root) delete env.BUILD_DIR;
  const out = fs.openSync(options.logFile, "a");
  // With the heap limits on the command line, the supervisor passes them on to the server it starts.
  const heapFlags = serverHeapFlags([], env.NODE_OPTIONS ?? "");
  const child: ChildProcess = spawn(process.execPath, [...heapFlags, "bin/newsdesk.mjs", "start"], {
    env,
    cwd: options.root,
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (hasExited) return;
    child.kill("SIGTERM");
    // The server finishes in-flight requests and exits within 10 s; after 15 s it is killed.
    const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
    if (timedOut) {
      child.kill("SIGKILL");
      await exited;
    }
  };
  try {
    await waitFor200(`${origin}/healthz`, 180, () => hasExited);
  } catch (error) {
    await stop();
    const tail = fs.readFileSync(options.logFile, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${(error as Error).message}\n--- server output (${options.logFile}) ---\n${tail}`);
  }
  const pid = child.pid ?? 0;
  // Workers are read while they run (a process's high-water mark goes with it): after each load.
  const peaks = new Map<number, number>();
  const peakRss = () => {
    for (const one of withDescendants(pid)) {
      const bytes = procStatusBytes(one, "VmHWM");
      if (bytes !== null) peaks.set(one, Math.max(bytes, peaks.get(one) ?? 0));
    }
    return peaks.size > 0 ? Math.max(...peaks.values()) : null;
  };
  return { origin, pid, peakRss, pids: () => withDescendants(pid), stop };
}

function withDescendants(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(withDescendants)];
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
