/**
 * Throughput under load: `wrk` (threads, connections and duration from the bench's settings, gzip and
 * brotli accepted as a browser does) with a Lua script that rotates through a page's paths (or picks
 * one at random each request: the sweep over every article), prints the percentiles wrk's --latency
 * table lacks (p95), the bytes per answer, and on request counts the answers' X-Cache (and 304s). Extra
 * request headers (`If-None-Match` for a poll) go with every request. Without wrk, the bench's own client keeps the same
 * number of connections busy for the same time (it shares the CPU with the server, so it reads lower).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { CpuSplit } from "./cpu";
import { get, percentile } from "./http";

export interface LoadSettings {
  threads: number;
  connections: number;
  /** wrk's duration syntax: "10s", "1m". */
  duration: string;
  acceptEncoding: string;
  /** Where the Lua scripts are written. */
  workDir: string;
}

export interface LoadOptions {
  /** A random path of the list each request (a reader arriving from anywhere), not each in turn. */
  random?: boolean;
  /**
   * Count the X-Cache answers, and the 304s (costs wrk a header parse per answer, so only where it is
   * read).
   */
  countCache?: boolean;
  /** Sent with every request, beside Accept-Encoding: `{ "If-None-Match": etag }` for a poll. */
  headers?: Record<string, string>;
}

/** X-Cache answers seen under load: HIT, MISS, and anything else (BYPASS, or no header at all). */
export interface CacheCounts {
  hits: number;
  misses: number;
  other: number;
  /** Answers that were 304 Not Modified (whatever their X-Cache). */
  notModified: number;
}

export interface LoadResult {
  tool: "wrk" | "node";
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  requests: number;
  /** Answers that were not 2xx or 3xx, and socket errors (connect, read, write, timeout). */
  non2xx: number;
  socketErrors: number;
  /** Bytes received per answer, headers included (what a reader's data plan pays, near enough). */
  bytesPerAnswer: number;
  cache?: CacheCounts;
  /** Where the machine's CPU went meanwhile (the bench's server loads; cpu.ts). */
  cpu?: CpuSplit | null;
}

export const WRK_PATH = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => fs.existsSync(p)) ?? null;

export function durationSeconds(duration: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(duration.trim());
  if (!match) throw new Error(`[bench] BENCH_DURATION "${duration}" is not like 10s or 1m`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] ?? "s"] ?? 1;
  return Number(match[1]) * unit;
}

/**
 * The Lua script wrk runs. Each thread draws its paths from a seed of its own, picked here at random.
 * Before, every thread seeded with the clock plus a counter that is 0 in every thread's own Lua state
 * (setup() counts in the main state), so all threads drew the same sequence: each article of the
 * sweep was asked for by two connections at once and the page cache answered both from one render.
 * Half the sweep's misses were free, and two workers, each asked once, looked slower than one. In
 * turn, each thread starts at its own place in the list.
 */
export function wrkScript(
  paths: string[],
  { random = false, countCache = false }: Pick<LoadOptions, "random" | "countCache">,
  threads = 1,
): string {
  const seeds = Array.from({ length: threads }, () => crypto.randomInt(1, 2 ** 31));
  return `-- written by scripts/bench/load.ts
local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local seeds = { ${seeds.join(", ")} }
local random_pick = ${random}
local n = 0
local threads = {}
setup = function(thread)
  table.insert(threads, thread)
  thread:set("thread_number", #threads)
end
-- In a thread's own Lua state: thread_number is the global its setup() set there.
init = function(args)
  math.randomseed(seeds[thread_number])
  n = math.floor((thread_number - 1) * #paths / #seeds)
  hits, misses, other, not_modified = 0, 0, 0, 0
end
request = function()
  n = n + 1
  local i = random_pick and math.random(#paths) or (n % #paths) + 1
  return wrk.format("GET", paths[i])
end
${
  countCache
    ? `response = function(status, headers, body)
  local seen = headers["X-Cache"]
  if seen == "HIT" then hits = hits + 1 elseif seen == "MISS" then misses = misses + 1 else other = other + 1 end
  if status == 304 then not_modified = not_modified + 1 end
end`
    : ""
}
done = function(summary, latency, requests)
  local e = summary.errors
  local h, m, o, nm = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    h = h + (t:get("hits") or 0)
    m = m + (t:get("misses") or 0)
    o = o + (t:get("other") or 0)
    nm = nm + (t:get("not_modified") or 0)
  end
  io.write(string.format(
    "BENCH_RESULT %d %d %d %d %d %d %d %d %d %d %d\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    e.status, e.connect + e.read + e.write + e.timeout, summary.bytes, h, m, o, nm))
end
`;
}

/**
 * Parses the line our Lua `done` hook prints (microseconds), with wrk's own "Requests/sec" as a check.
 * The 304 count is the line's eleventh number (lines of scripts before it have ten).
 */
export function parseWrk(output: string, countCache = false): Omit<LoadResult, "tool"> {
  const line = /^BENCH_RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)(?: (\d+))?$/m.exec(
    output,
  );
  if (!line) throw new Error(`[bench] could not read wrk's output:\n${output}`);
  const [requests, durationUs, p50Us, p95Us, non2xx, socketErrors, bytes, hits, misses, other, notModified] =
    line.slice(1).map((n) => Number(n ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
  const reported = /^Requests\/sec:\s+([\d.]+)/m.exec(output)?.[1];
  return {
    requestsPerSecond: reported ? Number(reported) : requests / (durationUs / 1e6),
    p50Ms: p50Us / 1000,
    p95Ms: p95Us / 1000,
    requests,
    non2xx,
    socketErrors,
    bytesPerAnswer: requests > 0 ? bytes / requests : 0,
    ...(countCache ? { cache: { hits, misses, other, notModified } } : {}),
  };
}

/**
 * wrk's command line: the settings, Accept-Encoding and each of `options.headers` as a `-H` (wrk adds
 * its -H headers to every request the script's wrk.format makes).
 */
export function wrkArgs(
  origin: string,
  paths: string[],
  settings: Omit<LoadSettings, "workDir">,
  options: LoadOptions,
  script: string,
): string[] {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => {
    if (/[\r\n]/.test(name + value) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new Error(`[bench] not a request header: ${JSON.stringify(`${name}: ${value}`)}`);
    if (name.toLowerCase() === "accept-encoding")
      throw new Error("[bench] Accept-Encoding comes from the load settings (acceptEncoding)");
    return ["-H", `${name}: ${value}`];
  });
  return [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${settings.duration}`,
    "--latency",
    "--timeout",
    "10s",
    "-H",
    `Accept-Encoding: ${settings.acceptEncoding}`,
    ...headers,
    "-s",
    script,
    `${origin}${paths[0] ?? "/"}`,
  ];
}

async function runWrk(
  wrk: string,
  origin: string,
  paths: string[],
  settings: LoadSettings,
  options: LoadOptions,
) {
  const script = path.join(settings.workDir, `wrk-${Date.now()}-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(script, wrkScript(paths, options, settings.threads));
  const args = wrkArgs(origin, paths, settings, options, script);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    // wrk stops itself after the duration; this is only a guard against a hang.
    const guard = setTimeout(() => child.kill("SIGKILL"), (durationSeconds(settings.duration) + 30) * 1000);
    child.on("error", reject);
    child.on("exit", () => {
      clearTimeout(guard);
      resolve(text);
    });
  });
  fs.rmSync(script, { force: true });
  return parseWrk(output, options.countCache);
}

async function runNode(origin: string, paths: string[], settings: LoadSettings, options: LoadOptions) {
  const until = Date.now() + durationSeconds(settings.duration) * 1000;
  const times: number[] = [];
  const cache: CacheCounts = { hits: 0, misses: 0, other: 0, notModified: 0 };
  let non2xx = 0;
  let socketErrors = 0;
  let bytes = 0;
  let n = 0;
  const started = Date.now();
  const worker = async () => {
    while (Date.now() < until) {
      const i = options.random ? Math.floor(Math.random() * paths.length) : n++ % paths.length;
      try {
        const answer = await get(`${origin}${paths[i] ?? "/"}`, {
          acceptEncoding: settings.acceptEncoding,
          headers: options.headers,
        });
        if (answer.status >= 400) non2xx++;
        if (answer.status === 304) cache.notModified++;
        times.push(answer.ms);
        bytes += answer.wireBytes;
        const seen = answer.headers["x-cache"];
        if (seen === "HIT") cache.hits++;
        else if (seen === "MISS") cache.misses++;
        else cache.other++;
      } catch {
        socketErrors++;
      }
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, worker));
  const seconds = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: times.length / seconds,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    requests: times.length,
    non2xx,
    socketErrors,
    bytesPerAnswer: times.length > 0 ? bytes / times.length : 0,
    ...(options.countCache ? { cache } : {}),
  };
}

/** Loads `origin` with `paths` (in turn, or at random) for the configured duration. */
export async function load(
  origin: string,
  paths: string[],
  settings: LoadSettings,
  options: LoadOptions = {},
): Promise<LoadResult> {
  if (!origin.startsWith("http://127.0.0.1:")) throw new Error(`[bench] refusing to load ${origin}`);
  // A few requests first, so a cold start (the first render) is not in the figures. Not for a sweep:
  // its pages are each asked about once, and warming five of them would only flatter its hits.
  if (!options.random)
    for (const pathname of paths.slice(0, 5))
      await get(`${origin}${pathname}`, {
        acceptEncoding: settings.acceptEncoding,
        headers: options.headers,
      });
  if (WRK_PATH) return { tool: "wrk", ...(await runWrk(WRK_PATH, origin, paths, settings, options)) };
  return { tool: "node", ...(await runNode(origin, paths, settings, options)) };
}

/**
 * Renders WARM_RENDERS articles before a sweep, so that every server meets it with article rendering
 * compiled: the cached server's page loads were all hits and rendered nothing, which left its sweep
 * alone paying the JIT's warm-up. A query string makes each a page of its own: nothing the sweep asks
 * for is kept by them. 300 were too few: a fresh server's render rate still rose for about 1,000 renders
 * (52, 61, 65, 64 req/s in four 10-second sweeps), while the uncached server had already rendered some
 * 1,600 pages in its page loads, so the cached server met the sweep colder (on/off 0.85x). Workers
 * each compile their own: two that got 750 renders each paid 45% more CPU a page in the sweep than one.
 */
const WARM_RENDERS = 1500;
export async function warmArticleRendering(
  origin: string,
  sweepPaths: string[],
  connections: number,
  /** Server processes sharing the requests (workers take them in turn): each needs its own warming. */
  processes = 1,
) {
  let next = 0;
  const renders = WARM_RENDERS * processes;
  const worker = async () => {
    while (next < renders) {
      const i = next++;
      await get(`${origin}${sweepPaths[(i * 7919) % sweepPaths.length]}?warm=${i}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

export interface ServerTime {
  p50: number;
  p95: number;
  max: number;
}

/** `requests` requests, `concurrency` at a time: p50/p95/max round trip of the pages `pathFor` names. */
export async function serverTime(
  origin: string,
  pathFor: (i: number) => string,
  { requests, concurrency }: { requests: number; concurrency: number },
): Promise<ServerTime> {
  for (let i = 0; i < 10; i++) await get(`${origin}${pathFor(requests + i)}`);
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const answer = await get(`${origin}${pathFor(i)}`);
      if (answer.status !== 200) throw new Error(`[bench] ${pathFor(i)} answered ${answer.status}`);
      times.push(answer.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}
