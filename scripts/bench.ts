/**
 * `npm run bench`: the speed budgets of the reader site, measured against the built production server
 * and, as a yardstick, against nginx serving the same pages as pre-compressed static files.
 *
 * What it does (docs/performance.md has the settings and the latest figures):
 * 1. builds if needed; creates a database (PGlite under a temporary DATA_DIR, or a database of its own
 *    on the DATABASE_URL server) with the sample content, BENCH_ARTICLES generated articles (default
 *    5,000) by 20 writers with two tags each, and a 445 KB photo uploaded through the media library as
 *    the lead story's image;
 * 2. starts the server with the page cache on (the default; one process) on 127.0.0.1:BENCH_PORT: reads
 *    each page once (X-Cache, gzipped HTML, reader script), loads the home page in Chromium as a phone,
 *    then loads home, article, category and search with wrk (or the bench's own client), then the sweep
 *    (a random article out of all of them each request, at BENCH_CONNECTIONS and at 4 connections, the
 *    X-Cache answers counted) and reads the server's peak memory; live coverage (decision record 016):
 *    between the page loads and the sweep, the unchanged poll of a live story (If-None-Match, a 304 from
 *    the cache); at the end, the story's page and poll while the admin posts an update every 5 s;
 * 3. on PostgreSQL, the same with WEB_CONCURRENCY workers (the machine's cores);
 * 4. serves the same four pages from nginx (gzip_static) and loads them the same way;
 * 5. starts the server again with PAGE_CACHE=off, loads the pages and the sweep the same way, then
 *    measures the server time of what a reader does in the archive (an article, home, a category,
 *    all articles deep in the pages, an author, a tag, a common and a rare word searched, whose shown
 *    totals are checked against the database's count) at BENCH_CONCURRENCY requests at a time; on
 *    PostgreSQL, then the sweep alone with PAGE_CACHE=off and WEB_CONCURRENCY workers;
 * 6. prints every figure and each budget as ok or FAIL. Exits non-zero on a missed budget only with
 *    BENCH_STRICT=1. Only 127.0.0.1 is ever contacted; every loop and wait is bounded.
 * 7. with BENCH_AGAINST=<git ref>, then (or, with BENCH_ONLY=against, instead of 2-6) runs this build
 *    and that ref's side by side on a copy each of the same data, alternating rounds, and prints each
 *    figure's ratio (scripts/bench/against.ts; the other build is made by against-build.ts before the
 *    seeding, so a wrong ref or a failed build stops the run at once).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compareBuilds, copyBuildData, printComparison, roundsOf, type Comparison } from "./bench/against";
import { prepareOtherBuild, removeOtherBuild, type OtherBuild } from "./bench/against-build";
import { cpuSnapshot, cpuSplit } from "./bench/cpu";
import { closeClient, get, waitFor200 } from "./bench/http";
import { measurePoll, measureUpdates } from "./bench/live";
import {
  durationSeconds,
  load,
  serverTime,
  warmArticleRendering,
  type LoadResult,
  type LoadSettings,
} from "./bench/load";
import { NGINX_PATH, startStaticCopy } from "./bench/nginx";
import { phoneFirstLoad } from "./bench/phone";
import { createBenchDatabase, describeUrl, type BenchDatabase } from "./bench/postgres";
import {
  printReport,
  type BenchFigures,
  type PageFacts,
  type ServerRun,
  PAGE_NAMES,
  type PageName,
} from "./bench/report";
import type { SeedResult } from "./bench/seed";
import { startServer, type BenchServer, type ServerOptions } from "./bench/server";
import { scriptWeight } from "./bench/weight";
import { findChromium } from "./chromium.mjs";
import { deployedVcl, hasVarnish, startVarnish } from "./varnish";

const env = process.env;
const ARTICLES = Number(env.BENCH_ARTICLES ?? 5000);
const PORT = Number(env.BENCH_PORT ?? 3950);
const NGINX_PORT = Number(env.BENCH_NGINX_PORT ?? PORT + 1);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 4);
const IS_STRICT = env.BENCH_STRICT === "1";
const SERVER_URL = env.DATABASE_URL?.trim() || undefined;
const REUSED_DATA_DIR = env.BENCH_DATA_DIR?.trim() || undefined;
/** Workers for the PostgreSQL run: the machine's cores, as the server's own default. */
const WORKERS = Number(env.BENCH_WORKERS ?? os.availableParallelism());
/** Connections of the light sweep: a few readers at a time, where a miss's own cost shows. */
const FEW_CONNECTIONS = 4;
/** BENCH_AGAINST: a git ref whose build is measured beside this one (scripts/bench/against.ts). */
const AGAINST = env.BENCH_AGAINST?.trim() || undefined;
const AGAINST_ROUNDS = roundsOf(env.BENCH_AGAINST_ROUNDS);
const AGAINST_PORT = Number(env.BENCH_AGAINST_PORT ?? PORT + 2);
/** BENCH_AGAINST_WORKERS=N: on PostgreSQL both builds of the comparison run N workers (default one process). */
const AGAINST_WORKERS = env.BENCH_AGAINST_WORKERS ? Number(env.BENCH_AGAINST_WORKERS) : undefined;
if (AGAINST_WORKERS !== undefined && !(Number.isInteger(AGAINST_WORKERS) && AGAINST_WORKERS >= 1))
  throw new Error(
    `[bench] BENCH_AGAINST_WORKERS "${env.BENCH_AGAINST_WORKERS}": a whole number of workers, 1 or more`,
  );
/** BENCH_ONLY=against: the comparison alone, without the budgets' run. */
const IS_AGAINST_ONLY = env.BENCH_ONLY?.trim() === "against";
if (env.BENCH_ONLY?.trim() && !IS_AGAINST_ONLY)
  throw new Error(`[bench] BENCH_ONLY "${env.BENCH_ONLY}": the only choice is "against"`);
if (IS_AGAINST_ONLY && !AGAINST) throw new Error("[bench] BENCH_ONLY=against needs BENCH_AGAINST=<git ref>");

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-bench-"));
const LOAD: LoadSettings = {
  threads: Number(env.BENCH_THREADS ?? 2),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  duration: env.BENCH_DURATION ?? "10s",
  acceptEncoding: "gzip, br",
  workDir,
};
durationSeconds(LOAD.duration); // refuses a malformed BENCH_DURATION before the long part starts

const SEARCH_TERMS = ["cocoa", "market traders", "black stars", "festival", "gold mining", "accra"];
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const log = (line: string) => console.log(`[bench] ${line}`);

/**
 * The X-Cache header of one GET. Given up to 10 minutes: after a load that outran the server, the
 * request waits behind every render still queued, which also lets the next measurement start on an
 * idle server.
 */
const xCacheOf = async (url: string) =>
  String((await get(url, { timeoutMs: 600_000 })).headers["x-cache"] ?? "-");

/** Loads each page and the sweep, and notes the X-Cache answers before and after each page's load. */
async function loadServer(
  server: BenchServer,
  paths: Record<PageName, string[]>,
  sweepPaths: string[],
  { afterPages, processes = 1 }: { afterPages?: () => Promise<void>; processes?: number } = {},
  pages: readonly PageName[] = PAGE_NAMES,
): Promise<ServerRun> {
  const run: ServerRun = { load: {}, xCache: {}, sweep: {}, peakRss: null };
  for (const name of pages) {
    const url = `${server.origin}${paths[name][0]}`;
    const before = `${await xCacheOf(url)},${await xCacheOf(url)}`;
    log(`  ${name}: ${LOAD.duration} of load...`);
    run.load[name] = await withCpuSplit(server, () => load(server.origin, paths[name], LOAD));
    const seen = `${before}→${await xCacheOf(url)}`;
    run.xCache[name] = seen === "-,-→-" ? "none" : seen;
    server.peakRss();
  }
  if (afterPages) {
    await afterPages();
    server.peakRss();
  }
  await warmArticleRendering(server.origin, sweepPaths, FEW_CONNECTIONS, processes);
  for (const connections of [LOAD.connections, FEW_CONNECTIONS]) {
    log(`  sweep over ${int(sweepPaths.length)} articles, ${connections} connections: ${LOAD.duration}...`);
    await xCacheOf(`${server.origin}/healthz`); // waits out renders still queued from before
    run.sweep[connections] = await withCpuSplit(server, () =>
      load(
        server.origin,
        sweepPaths,
        { ...LOAD, connections, threads: Math.min(LOAD.threads, connections) },
        { random: true, countCache: true },
      ),
    );
    server.peakRss();
  }
  run.peakRss = server.peakRss();
  return run;
}

/** A load with where the CPU went meanwhile: the server's, PostgreSQL's and the rest (wrk's). */
async function withCpuSplit(server: BenchServer, run: () => Promise<LoadResult>): Promise<LoadResult> {
  const before = cpuSnapshot(server.pids());
  const result = await run();
  return { ...result, cpu: cpuSplit(before, cpuSnapshot(server.pids())) };
}

/** The "Found N results" a search page shows, or null. */
async function shownTotal(origin: string, query: string): Promise<number | null> {
  const answer = await get(`${origin}/search?q=${encodeURIComponent(query)}`);
  const found = /Found ([\d,]+) results?/.exec(answer.body)?.[1];
  return found ? Number(found.replace(/,/g, "")) : null;
}

async function prepareData(): Promise<{ dataDir: string; database?: BenchDatabase; seeded: SeedResult }> {
  let database: BenchDatabase | undefined;
  if (SERVER_URL) {
    database = await createBenchDatabase(SERVER_URL);
    env.DATABASE_URL = database.url;
    log(`PostgreSQL: created the database ${describeUrl(database.url)}`);
  }
  const dataDir = REUSED_DATA_DIR && !SERVER_URL ? path.resolve(REUSED_DATA_DIR) : path.join(workDir, "data");
  fs.mkdirSync(dataDir, { recursive: true });
  env.DATA_DIR = dataDir;
  env.ADMIN_PASSWORD ??= "bench-only-123";
  // Imported only now: the app reads DATA_DIR and DATABASE_URL once, when first asked.
  const { readSeedMarker, seedBenchContent } = await import("./bench/seed");
  const reused = REUSED_DATA_DIR && !SERVER_URL ? readSeedMarker(dataDir, ARTICLES) : null;
  if (reused) {
    log(`Reusing ${dataDir} (seeded with ${int(ARTICLES)} articles)`);
    return { dataDir, database, seeded: reused };
  }
  if (REUSED_DATA_DIR && !SERVER_URL && fs.readdirSync(dataDir).length > 0) {
    throw new Error(
      `[bench] BENCH_DATA_DIR ${dataDir} holds something other than this bench's database of ${ARTICLES} articles: give an empty or new folder`,
    );
  }
  const started = Date.now();
  log(`Seeding ${int(ARTICLES)} articles and the lead photo into ${SERVER_URL ? "PostgreSQL" : dataDir}...`);
  const seeded = await seedBenchContent(dataDir, ARTICLES);
  log(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; lead photo ${kb(seeded.leadImageBytes)} at ${seeded.leadImageUrl}`,
  );
  return { dataDir, database, seeded };
}

/** What every phase of a run shares: the figures it fills, how it starts a server, what it loads. */
interface Run {
  figures: BenchFigures;
  start: (name: string, options: Partial<ServerOptions> & { pageCache: boolean }) => Promise<BenchServer>;
  paths: Record<PageName, string[]>;
  sweepPaths: string[];
  seeded: SeedResult;
  seed: typeof import("./bench/seed");
  /** Stopped at the end of the run, or on Ctrl-C, whatever happened. */
  servers: Array<{ stop(): Promise<void> }>;
}

/** One process first, also on PostgreSQL (whose default is a worker per core): the reference. */
/**
 * An edition's pages weigh what the main edition's do (decision record 022): the Twi home and a Twi
 * story, their HTML and reader script, against the same budgets.
 */
async function measureEditionWeights(origin: string, figures: BenchFigures, seed: Run["seed"]) {
  const pages = { "Twi home": `/${seed.BENCH_EDITION}/`, "Twi article": twiArticlePath(seed) };
  for (const [name, pagePath] of Object.entries(pages)) {
    const answer = await get(`${origin}${pagePath}`);
    if (answer.status !== 200) throw new Error(`[bench] ${pagePath} answered ${answer.status}`);
    figures.editionFacts[name] = {
      html: answer.body,
      htmlGzipBytes: answer.wireBytes,
      scripts: await scriptWeight(origin, answer.body),
    };
  }
}

/** The first generated Twi story's address. */
function twiArticlePath(seed: Run["seed"]): string {
  let i = 0;
  while (!seed.isEditionStory(i)) i += 1;
  return seed.generatedArticlePath(i);
}

async function measureOneProcess({ figures, start, paths, sweepPaths, seeded, seed }: Run) {
  log(`Server, page cache on (default), one process, on 127.0.0.1:${PORT}`);
  const first = await start("cached", { pageCache: true, workers: SERVER_URL ? 1 : undefined });
  for (const name of PAGE_NAMES) {
    const answer = await get(`${first.origin}${paths[name][0]}`);
    if (answer.status !== 200) throw new Error(`[bench] ${paths[name][0]} answered ${answer.status}`);
    const facts: PageFacts = {
      html: answer.body,
      htmlGzipBytes: answer.wireBytes,
      scripts: await scriptWeight(first.origin, answer.body),
    };
    figures.facts[name] = facts;
  }
  await measureEditionWeights(first.origin, figures, seed);
  const chromiumPath = await findChromium();
  if (chromiumPath) {
    log("  home page as a phone in Chromium...");
    figures.phone = await phoneFirstLoad(chromiumPath, `${first.origin}/`);
    // The lead story as a reader who saves data gets it (a lite article, at most 15 KB: decision
    // record 019).
    figures.litePhone = await phoneFirstLoad(chromiumPath, `${first.origin}${seeded.leadArticlePath}`, {
      "Save-Data": "on",
    });
  } else {
    figures.notes.push(
      "No Chromium (CHROMIUM_PATH, the system's, or the packaged one): the phone first load was not measured.",
    );
  }
  figures.cached = await loadServer(first, paths, sweepPaths, {
    // The live poll right after the page loads, on the same warm server they were measured on.
    afterPages: async () => {
      figures.live = await measurePoll(first.origin, seeded.live, LOAD, log);
    },
  });
  // The live page under updates after the sweep and its memory reading: the purges stay out of the
  // sweep, and the admin's sign-in (scrypt, 32 MB for a moment) out of the readers' peak memory.
  if (figures.live) {
    const admin = { email: seeded.adminEmail, password: env.ADMIN_PASSWORD ?? "" };
    await measureUpdates(first.origin, seeded.live, figures.live, LOAD, admin, log);
    figures.live.peakRss = first.peakRss();
  }
  await first.stop();
}

/**
 * WEB_CONCURRENCY workers on PostgreSQL: with the page cache, the pages and the sweep; without it, the
 * sweep alone, against the one process's uncached sweep: what the workers add to the render itself, apart
 * from their page caches (each worker keeps its own, so each hits less often than one process's).
 */
async function measureWorkers(
  { figures, start, paths, sweepPaths }: Run,
  { pageCache }: { pageCache: boolean },
) {
  if (pageCache) {
    log(`Server, page cache on, WEB_CONCURRENCY=${WORKERS}, on 127.0.0.1:${PORT}`);
    const many = await start("workers", { pageCache: true, workers: WORKERS });
    figures.workers = {
      count: WORKERS,
      run: await loadServer(many, paths, sweepPaths, { processes: WORKERS }),
    };
    await many.stop();
    return;
  }
  log(`Server, PAGE_CACHE=off, WEB_CONCURRENCY=${WORKERS}, on 127.0.0.1:${PORT}`);
  const manyUncached = await start("uncached-workers", { pageCache: false, workers: WORKERS });
  figures.uncachedWorkers = {
    count: WORKERS,
    run: await loadServer(manyUncached, paths, sweepPaths, { processes: WORKERS }, []),
  };
  await manyUncached.stop();
}

/**
 * The shared cache in front (decision record 023): a real varnishd with deploy/varnish.vcl, both its
 * backends at the server (page cache on, its purges sent to this Varnish), the same four pages loaded
 * through it as through nginx.
 */
async function measureVarnish({ figures, start, paths, servers }: Run) {
  if (!hasVarnish()) {
    figures.notes.push("No varnishd with the xkey vmod (apt-get install varnish varnish-modules): the Varnish run is missing.");
    return;
  }
  const varnish = await startVarnish(await deployedVcl([PORT, PORT]));
  servers.push(varnish);
  log(`Varnish (deploy/varnish.vcl) on ${varnish.url}, in front of the server, page cache on`);
  const app = await start("varnish", {
    pageCache: true,
    workers: SERVER_URL ? 1 : undefined,
    env: { VARNISH_URLS: varnish.url },
  });
  // Its probes call the backend healthy within a few seconds; pages are stored once fetched.
  for (const name of PAGE_NAMES)
    for (const pagePath of paths[name]) await waitFor200(`${varnish.url}${pagePath}`, 30, () => false);
  for (const name of PAGE_NAMES) {
    log(`  ${name}: ${LOAD.duration} of load...`);
    figures.varnishLoad[name] = await load(varnish.url, paths[name], LOAD);
  }
  await varnish.stop();
  await app.stop();
}

async function measureNginx({ figures, servers }: Run) {
  if (NGINX_PATH) {
    log(`nginx (gzip_static) on 127.0.0.1:${NGINX_PORT}`);
    const pages = Object.fromEntries(PAGE_NAMES.map((n) => [n, figures.facts[n]?.html ?? ""]));
    const copy = await startStaticCopy(NGINX_PATH, path.join(workDir, "nginx"), NGINX_PORT, pages);
    servers.push(copy);
    for (const name of PAGE_NAMES) {
      log(`  ${name}: ${LOAD.duration} of load...`);
      figures.nginxLoad[name] = await load(copy.origin, [copy.pathOf[name] ?? "/"], LOAD);
      figures.nginxGzip[name] = copy.gzipBytes[name];
    }
    await copy.stop();
  } else {
    figures.notes.push(
      "No nginx (/usr/sbin/nginx, BENCH_NGINX): the static-copy column and its ratios are missing.",
    );
  }
}

/** PAGE_CACHE=off, one process: the pages, the sweep, the search totals and the archive's server time. */
async function measureUncached({ figures, start, paths, sweepPaths, seeded, seed }: Run) {
  log(`Server, PAGE_CACHE=off, one process, on 127.0.0.1:${PORT}`);
  const second = await start("uncached", { pageCache: false, workers: SERVER_URL ? 1 : undefined });
  figures.uncached = await loadServer(second, paths, sweepPaths);

  for (const [label, query, expected] of [
    ["common", seed.COMMON_WORD, seeded.matches.common],
    ["rare", seed.RARE_WORD, seeded.matches.rare],
  ] as const)
    figures.searchTotals.push({ label, query, expected, shown: await shownTotal(second.origin, query) });

  log(`  server time, ${REQUESTS} requests per page, ${CONCURRENCY} at a time...`);
  // All articles this deep: page 5,000 of 100,000 stories, the same share of the way at other sizes.
  const deepPage = Math.max(2, Math.round((5000 * ARTICLES) / 100_000));
  // Each request a different story, spread over the whole archive (a prime stride).
  const anyArticle = (i: number) => sweepPaths[(i * 7919) % sweepPaths.length] ?? "/";
  const twiPaths = sweepPaths.filter((p) => p.startsWith(`/${seed.BENCH_EDITION}/`));
  const anyTwiArticle = (i: number) => twiPaths[(i * 7919) % twiPaths.length] ?? "/";
  const commonWords = ["cocoa", "market", "football", "festival", "gold", "accra", "budget", "school"];
  const timed: Array<[string, (i: number) => string]> = [
    ["article", anyArticle],
    ["home", () => "/"],
    ["Twi article", anyTwiArticle],
    ["Twi home", () => `/${seed.BENCH_EDITION}/`],
    ["category", () => "/category/business"],
    ["Twi category", () => `/${seed.BENCH_EDITION}/category/business`],
    [`all-articles ?page=${deepPage}`, () => `/all-articles?page=${deepPage}`],
    ["author", () => `/author/${seed.BENCH_AUTHOR_SLUG}`],
    ["tag", () => `/tag/${seed.BENCH_TAG_SLUG}`],
    ["search, a common word", (i) => `/search?q=${commonWords[i % commonWords.length]}`],
    ["search, a rare word", () => `/search?q=${seed.RARE_WORD}`],
    // An edition's search reads its own documents, folded where PostgreSQL has no stemmer (decision record 022).
    [
      "Twi search, a common word",
      (i) => `/${seed.BENCH_EDITION}/search?q=${commonWords[i % commonWords.length]}`,
    ],
    ["Twi search, Twi letters", () => `/${seed.BENCH_EDITION}/search?q=${encodeURIComponent("kɔkɔɔ nsɛm")}`],
  ];
  for (const [name, pathFor] of timed)
    figures.times[name] = await serverTime(second.origin, pathFor, {
      requests: REQUESTS,
      concurrency: CONCURRENCY,
    });
  figures.deepPage = deepPage;
  figures.uncached.peakRss = second.peakRss();
  await second.stop();
}

/** The figures of a run before anything is measured. */
function emptyFigures(): BenchFigures {
  return {
    articles: ARTICLES,
    engine: SERVER_URL ? `PostgreSQL (${describeUrl(SERVER_URL)})` : "PGlite (embedded)",
    load: LOAD,
    fewConnections: FEW_CONNECTIONS,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    facts: {},
    editionFacts: {},
    phone: null,
    litePhone: null,
    cached: null,
    workers: null,
    uncached: null,
    uncachedWorkers: null,
    nginxLoad: {},
    nginxGzip: {},
    varnishLoad: {},
    live: null,
    times: {},
    searchTotals: [],
    notes: [],
  };
}

/** This build against BENCH_AGAINST's, side by side on a copy each of the same data. */
async function compareWithOther(
  other: OtherBuild,
  {
    dataDir,
    database,
    made,
    start,
    sweepPaths,
  }: {
    dataDir: string;
    database?: BenchDatabase;
    made: { theirDatabase?: BenchDatabase };
    start: Run["start"];
    sweepPaths: string[];
  },
): Promise<Comparison> {
  // Copied now, after the runs above: both builds start from the same data, whatever they wrote.
  const theirs = await copyBuildData({ dataDir, database }, path.join(workDir, "data-against"), SERVER_URL);
  made.theirDatabase = theirs.database;
  return compareBuilds({
    otherLabel: other.label,
    rounds: AGAINST_ROUNDS,
    ours: { dataDir, database, port: PORT },
    theirs: { ...theirs, port: AGAINST_PORT, root: other.root },
    start,
    workers: SERVER_URL ? (AGAINST_WORKERS ?? 1) : undefined,
    sweepPaths,
    load: LOAD,
    fewConnections: FEW_CONNECTIONS,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    log,
  });
}

/**
 * Ctrl-C stops the servers and drops the PostgreSQL databases too (PGlite's folder goes with workDir)
 * and removes BENCH_AGAINST's worktree.
 */
function cleanUpOnSignal(
  stopAll: () => Promise<void>,
  made: { database?: BenchDatabase; theirDatabase?: BenchDatabase },
  otherRoot: string,
) {
  const onSignal = () =>
    void stopAll()
      .then(() => made.database?.drop())
      .then(() => made.theirDatabase?.drop())
      .catch(() => undefined)
      .finally(() => {
        if (AGAINST) removeOtherBuild(otherRoot);
        fs.rmSync(workDir, { recursive: true, force: true });
        process.exit(130);
      });
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
}

/** Starts this build's server on the run's data, each with a log of its own, kept for stopping. */
function serverStarter(dataDir: string, servers: Run["servers"]): Run["start"] {
  return (name, options) => {
    const server = startServer({
      port: PORT,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      logFile: path.join(workDir, `server-${name}.log`),
      ...options,
    });
    void server.then(
      (s) => servers.push(s),
      () => undefined,
    );
    return server;
  };
}

async function main() {
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  const servers: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const s of servers.splice(0)) await s.stop().catch(() => undefined);
  };
  const made: { database?: BenchDatabase; theirDatabase?: BenchDatabase } = {};
  const otherRoot = path.join(workDir, "against");
  cleanUpOnSignal(stopAll, made, otherRoot);

  // Before the seeding: a wrong ref or a failed build stops the run at once, leaving nothing behind.
  let other: OtherBuild | undefined;
  try {
    if (AGAINST) other = prepareOtherBuild(AGAINST, otherRoot, log);
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  const { dataDir, database, seeded } = await prepareData().catch((error: unknown) => {
    if (other) removeOtherBuild(other.root);
    throw error;
  });
  made.database = database;
  const seed = await import("./bench/seed");
  const paths: Record<PageName, string[]> = {
    home: ["/"],
    article: [seeded.leadArticlePath],
    category: ["/category/business"],
    search: SEARCH_TERMS.map((t) => `/search?q=${encodeURIComponent(t)}`),
  };
  const sweepPaths = Array.from({ length: ARTICLES }, (_, i) => seed.generatedArticlePath(i));
  const figures = emptyFigures();
  const start = serverStarter(dataDir, servers);
  let comparison: Comparison | undefined;
  try {
    if (!IS_AGAINST_ONLY) {
      const run: Run = { figures, start, paths, sweepPaths, seeded, seed, servers };
      await measureOneProcess(run);
      if (SERVER_URL && WORKERS > 1) await measureWorkers(run, { pageCache: true });
      await measureNginx(run);
      await measureVarnish(run);
      await measureUncached(run);
      if (SERVER_URL && WORKERS > 1) await measureWorkers(run, { pageCache: false });
    }
    if (other) comparison = await compareWithOther(other, { dataDir, database, made, start, sweepPaths });
  } catch (error) {
    // The servers' own words are the best clue to a failed run; their logs go with the temp folder.
    for (const file of fs.readdirSync(workDir).filter((f) => f.endsWith(".log"))) {
      const tail = fs.readFileSync(path.join(workDir, file), "utf8").split("\n").slice(-20).join("\n");
      console.error(`--- the end of ${file} ---\n${tail}`);
    }
    throw error;
  } finally {
    await stopAll();
    closeClient();
    for (const one of [database, made.theirDatabase]) {
      if (!one) continue;
      await one.drop();
      log(`PostgreSQL: dropped ${describeUrl(one.url)}`);
    }
    if (other) removeOtherBuild(other.root);
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  const failed = IS_AGAINST_ONLY ? 0 : printReport(figures).failed;
  if (comparison) printComparison(comparison);
  if (failed > 0 && IS_STRICT) process.exit(1);
}

await main();
