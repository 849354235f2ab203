/**
 * BENCH_AGAINST: this build against another (against-build.ts makes it), side by side on the same
 * machine in the same minutes, so that "3x faster" is a ratio measured rather than two runs' figures
 * from different days compared.
 *
 * Each build gets its own copy of the same seeded data: the data folder copied (the embedded database
 * and the media), and on PostgreSQL a copy of the database (`CREATE DATABASE ... TEMPLATE`). Both
 * servers run at once, one process each, but only one is under load at a time; the rounds alternate
 * (this build, the other, this build, the other, ...), so the machine's drift over the minutes (another
 * job, the CPU's temperature) falls on both alike, and each round's ratio compares neighbours in time.
 */
import fs from "node:fs";
import path from "node:path";
import { get } from "./http";
import { load, serverTime, warmArticleRendering, type LoadResult, type LoadSettings } from "./load";
import { createBenchDatabase, type BenchDatabase } from "./postgres";
import type { BenchServer, ServerOptions } from "./server";

/** The data of one build: its folder, and on PostgreSQL its database. */
export interface BuildData {
  dataDir: string;
  database?: BenchDatabase;
}

/** BENCH_AGAINST_ROUNDS: rounds per build, at least 2 (one round would let drift fall on one side). */
export function roundsOf(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return 2;
  const rounds = Number(text);
  if (!Number.isInteger(rounds) || rounds < 2)
    throw new Error(`[bench] BENCH_AGAINST_ROUNDS "${text}" is not a whole number of 2 or more`);
  return rounds;
}

/**
 * A copy of `ours` for the other build, made while no server has it open. The lock and the control
 * socket of the embedded folder are a process's, not data, and are left behind.
 */
export async function copyBuildData(
  ours: BuildData,
  dataDir: string,
  serverUrl?: string,
): Promise<BuildData> {
  fs.cpSync(ours.dataDir, dataDir, {
    recursive: true,
    filter: (source) => !["newsdesk.lock", "newsdesk.sock"].includes(path.basename(source)),
  });
  if (!serverUrl || !ours.database) return { dataDir };
  return { dataDir, database: await createBenchDatabase(serverUrl, { template: ours.database.name }) };
}

/** One figure of both builds, round by round. */
export interface PairedFigure {
  label: string;
  unit: "req/s" | "ms";
  ours: number[];
  theirs: number[];
}

export interface Comparison {
  otherLabel: string;
  rounds: number;
  figures: PairedFigure[];
  notes: string[];
}

interface CompareSettings {
  otherLabel: string;
  rounds: number;
  ours: BuildData & { port: number };
  theirs: BuildData & { port: number; root: string };
  /** Starts a server (bench.ts's, which also stops it on Ctrl-C); `name` names its log. */
  start(name: string, options: Omit<ServerOptions, "logFile">): Promise<BenchServer>;
  /** One process each, also on PostgreSQL (as the main bench's uncached run). */
  workers?: number;
  sweepPaths: string[];
  load: LoadSettings;
  fewConnections: number;
  requests: number;
  concurrency: number;
  log(line: string): void;
}

/**
 * Waits until `server` is idle: an uncached article page goes through the render gate in arrival order,
 * so it is answered once every render still queued from a load that outran the server is done.
 */
async function settle(server: BenchServer, sweepPaths: string[]) {
  await get(`${server.origin}${sweepPaths[0] ?? "/"}?settle=${Date.now()}`, { timeoutMs: 600_000 });
}

/**
 * The sweep (a random article out of all, at `fewConnections` and at the load's connections) with the
 * page cache off and then on, and with it off the p95 server time of an article at `concurrency` at a
 * time; each build warmed as the main bench warms its servers before their sweep.
 */
export async function compareBuilds(s: CompareSettings): Promise<Comparison> {
  const figures = new Map<string, PairedFigure>();
  const notes: string[] = [];
  const record = (label: string, unit: PairedFigure["unit"], side: "ours" | "theirs", value: number) => {
    const figure = figures.get(label) ?? { label, unit, ours: [], theirs: [] };
    figure[side].push(value);
    figures.set(label, figure);
  };
  const noteTroubles = (label: string, result: LoadResult) => {
    if (result.non2xx > 0 || result.socketErrors > 0)
      notes.push(`${label}: ${result.non2xx} answers not 2xx/3xx, ${result.socketErrors} socket errors`);
  };
  for (const pageCache of [false, true]) {
    const cache = pageCache ? "cache on" : "cache off";
    s.log(
      `BENCH_AGAINST: this build on ${s.ours.port} and ${s.otherLabel} on ${s.theirs.port}, page ${cache}`,
    );
    const startOne = (name: string, build: BuildData & { port: number; root?: string }) =>
      s.start(name, {
        port: build.port,
        root: build.root,
        dataDir: build.dataDir,
        databaseUrl: build.database?.url,
        pageCache,
        workers: s.workers,
      });
    const ours = await startOne(`ours-${pageCache ? "cached" : "uncached"}`, s.ours);
    const theirs = await startOne(`theirs-${pageCache ? "cached" : "uncached"}`, s.theirs);
    const sides = [
      ["ours", "this build", ours],
      ["theirs", s.otherLabel, theirs],
    ] as const;
    for (const [, name, server] of sides) {
      s.log(`  warming ${name}: rendering 1,500 articles...`);
      await warmArticleRendering(server.origin, s.sweepPaths, s.fewConnections);
      await settle(server, s.sweepPaths);
    }
    for (let round = 1; round <= s.rounds; round++) {
      for (const [side, name, server] of sides) {
        for (const connections of [s.fewConnections, s.load.connections]) {
          const label = `sweep, ${cache}, ${connections} conn.`;
          s.log(`  round ${round}, ${name}: ${label}, ${s.load.duration}...`);
          // Addresses of this sweep's own (a query string is a page of its own to the page cache): with
          // the cache on, each sweep starts from nothing kept, as the main bench's first does, instead
          // of a later round finding most of the archive kept by the earlier ones (1,000 articles: 86
          // req/s in round 1, 7,989 in round 2). Both builds get the same addresses in a round.
          const paths = s.sweepPaths.map((p) => `${p}?sweep=${round}-${connections}`);
          const result = await load(
            server.origin,
            paths,
            { ...s.load, connections, threads: Math.min(s.load.threads, connections) },
            { random: true, countCache: true },
          );
          record(label, "req/s", side, result.requestsPerSecond);
          noteTroubles(`${label}, ${name}, round ${round}`, result);
          await settle(server, s.sweepPaths);
        }
        if (pageCache) continue;
        // A different stretch of the archive each round (a prime stride), the same for both builds.
        const n = s.sweepPaths.length;
        const anyArticle = (i: number) => s.sweepPaths[((i + round * s.requests) * 7919) % n] ?? "/";
        const label = `article p95, ${cache}, ${s.concurrency} at a time`;
        s.log(`  round ${round}, ${name}: ${label}, ${s.requests} requests...`);
        const time = await serverTime(server.origin, anyArticle, {
          requests: s.requests,
          concurrency: s.concurrency,
        });
        record(label, "ms", side, time.p95);
      }
    }
    await ours.stop();
    await theirs.stop();
  }
  return { otherLabel: s.otherLabel, rounds: s.rounds, figures: [...figures.values()], notes };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * How many times faster this build is than the other in one round: req/s ours/theirs, a time
 * theirs/ours, so that above 1 always means this build is faster. Null when the divisor is 0.
 */
export function speedRatio(unit: PairedFigure["unit"], ours: number, theirs: number): number | null {
  const [faster, slower] = unit === "req/s" ? [ours, theirs] : [theirs, ours];
  return slower > 0 ? faster / slower : null;
}

/** The medians of each build's rounds, each round's ratio, and their median (rounds paired in time). */
export function summarize(f: PairedFigure) {
  const rounds = f.ours.map((ours, i) => speedRatio(f.unit, ours, f.theirs[i] ?? 0));
  const measured = rounds.filter((r): r is number => r !== null);
  return { ours: median(f.ours), theirs: median(f.theirs), ratio: median(measured), rounds };
}

const times = (ratio: number | null) => (ratio === null ? "-" : `${ratio.toFixed(2)}x`);
const valueOf = (unit: PairedFigure["unit"], value: number | null | undefined) =>
  value === null || value === undefined
    ? "-"
    : unit === "req/s"
      ? `${Math.round(value).toLocaleString("en-US")} req/s`
      : `${value.toFixed(1)} ms`;

/** "sweep, cache off, 4 conn.: this build 210 req/s, c21b67c 70 req/s: 3.00x (rounds: 2.90x, 3.10x)" */
export function comparisonLine(f: PairedFigure, otherLabel: string): string {
  const s = summarize(f);
  return (
    `${f.label}: this build ${valueOf(f.unit, s.ours)}, ${otherLabel} ${valueOf(f.unit, s.theirs)}: ${times(s.ratio)}` +
    ` (rounds: ${s.rounds.map(times).join(", ")})`
  );
}

export function printComparison(c: Comparison) {
  console.log(`\nThis build against ${c.otherLabel}, side by side, ${c.rounds} alternating rounds each`);
  console.log(
    "(medians of the rounds; the ratio is how many times faster this build is, the median of each round's: " +
      "req/s this/other, times other/this)",
  );
  for (const figure of c.figures) {
    console.log(`  ${comparisonLine(figure, c.otherLabel)}`);
    const perRound = figure.ours.map(
      (ours, i) => `${valueOf(figure.unit, ours)} / ${valueOf(figure.unit, figure.theirs[i])}`,
    );
    console.log(`      each round, this / other: ${perRound.join(" · ")}`);
  }
  for (const note of c.notes) console.log(`  note: ${note}`);
}
