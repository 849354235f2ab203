/**
 * `npm run bench`: the speed budgets of the reader site, measured against the built production server
 * and, as a yardstick, against nginx serving the same pages as pre-compressed static files.
 *
 * What it does (docs/performance.md has the settings and the latest figures):
 * 1. builds if needed; creates a database (PGlite under a temporary DATA_DIR, or a database of its own
 *    on the DATABASE_URL server) with the sample content, BENCH_ARTICLES generated articles (default
 *    5,000) and a 445 KB photo uploaded through the media library as the lead story's image;
 * 2. starts the server with the page cache on (the default) on 127.0.0.1:BENCH_PORT: reads each page
 *    once (X-Cache, gzipped HTML, reader script), loads the home page in Chromium as a phone, then
 *    loads home, article, category and search with wrk (or the bench's own client) and reads the
 *    server's peak memory;
 * 3. serves the same four pages from nginx (gzip_static) and loads them the same way;
 * 4. starts the server again with PAGE_CACHE=off, loads the pages the same way, then measures the
 *    server time of the listings and search at BENCH_CONCURRENCY requests at a time;
 * 5. prints every figure and each budget as ok or FAIL. Exits non-zero on a missed budget only with
 *    BENCH_STRICT=1. Only 127.0.0.1 is ever contacted; every loop and wait is bounded.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeClient, get, percentile } from "./bench/http";
import { durationSeconds, load, WRK_PATH, type LoadResult, type LoadSettings } from "./bench/load";
import { NGINX_PATH, startStaticCopy } from "./bench/nginx";
import { phoneFirstLoad, type PhoneLoad } from "./bench/phone";
import { findChromium } from "./chromium.mjs";
import { createBenchDatabase, describeUrl, type BenchDatabase } from "./bench/postgres";
import { startServer, type BenchServer } from "./bench/server";
import { scriptWeight, type ScriptWeight } from "./bench/weight";

/**
 * The budgets. Throughput is judged against nginx serving the same page as a pre-compressed file on the
 * same machine in the same run, so it means the same on a laptop and on a loaded 2-core box; weights
 * and memory are absolute (a reader's data plan does not scale with our server). Decimal units:
 * 1 KB = 1,000 bytes, 1 MB = 1,000,000 bytes.
 */
const BUDGETS = {
  /** Server requests per second as a share of nginx's for the same page, page cache on (the default). */
  cachedShareOfNginx: 0.1,
  /** The same with PAGE_CACHE=off: every request renders the page from the database. */
  uncachedShareOfNginx: 0.0045,
  /** Everything a phone downloads to show the home page, the lead photo included (empty cache). */
  phoneFirstLoadBytes: 200_000,
  /** Gzipped JavaScript a reader page loads at once, per page. */
  readerScriptBytes: 20_000,
  /** An article's HTML, gzipped as the server sends it. */
  articleHtmlBytes: 15_000,
  /** The server's resident-set high-water mark, with and without the page cache. */
  peakRssBytes: 400_000_000,
  /** p95 server time at BENCH_CONCURRENCY requests at a time, uncached, at LARGE_SITE_ARTICLES. */
  searchP95Ms: 20,
  listingP95Ms: 30,
} as const;

/** The size the server-time budgets are set for; a smaller run prints them without judging them. */
const LARGE_SITE_ARTICLES = 100_000;

const env = process.env;
const ARTICLES = Number(env.BENCH_ARTICLES ?? 5000);
const PORT = Number(env.BENCH_PORT ?? 3950);
const NGINX_PORT = Number(env.BENCH_NGINX_PORT ?? PORT + 1);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 4);
const IS_STRICT = env.BENCH_STRICT === "1";
const SERVER_URL = env.DATABASE_URL?.trim() || undefined;
const REUSED_DATA_DIR = env.BENCH_DATA_DIR?.trim() || undefined;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-bench-"));
const LOAD: LoadSettings = {
  threads: Number(env.BENCH_THREADS ?? 2),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  duration: env.BENCH_DURATION ?? "10s",
  acceptEncoding: "gzip, br",
  workDir,
};
durationSeconds(LOAD.duration); // refuses a malformed BENCH_DURATION before the long part starts

const PAGE_NAMES = ["home", "article", "category", "search"] as const;
type PageName = (typeof PAGE_NAMES)[number];
const SEARCH_TERMS = ["cocoa", "market traders", "black stars", "festival", "gold mining", "accra"];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const pct = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 2 : 1)}%`;
const log = (line: string) => console.log(`[bench] ${line}`);

interface PageFacts {
  htmlGzipBytes: number;
  html: string;
  scripts: ScriptWeight;
}

interface ServerRun {
  load: Partial<Record<PageName, LoadResult>>;
  /** X-Cache of the first and second request before the load, and of one request after it. */
  xCache: Partial<Record<PageName, string>>;
  peakRss: number | null;
}

/**
 * The X-Cache header of one GET. Given up to 10 minutes: after a load that outran the server, the
 * request waits behind every render still queued, which also lets the next measurement start on an
 * idle server.
 */
const xCacheOf = async (url: string) =>
  String((await get(url, { timeoutMs: 600_000 })).headers["x-cache"] ?? "-");

/** Loads each page and notes the X-Cache answers before and after. */
async function loadServer(server: BenchServer, paths: Record<PageName, string[]>): Promise<ServerRun> {
  const run: ServerRun = { load: {}, xCache: {}, peakRss: null };
  for (const name of PAGE_NAMES) {
    const url = `${server.origin}${paths[name][0]}`;
    const before = `${await xCacheOf(url)},${await xCacheOf(url)}`;
    log(`  ${name}: ${LOAD.duration} of load...`);
    run.load[name] = await load(server.origin, paths[name], LOAD);
    const seen = `${before}→${await xCacheOf(url)}`;
    run.xCache[name] = seen === "-,-→-" ? "none" : seen;
  }
  run.peakRss = server.peakRss();
  return run;
}

/** The old mode: BENCH_REQUESTS requests per page, BENCH_CONCURRENCY at a time, p50/p95 round trip. */
async function serverTime(origin: string, pathFor: (i: number) => string) {
  for (let i = 0; i < 10; i++) await get(`${origin}${pathFor(i)}`);
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const answer = await get(`${origin}${pathFor(i)}`);
      if (answer.status !== 200) throw new Error(`[bench] ${pathFor(i)} answered ${answer.status}`);
      times.push(answer.ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function prepareData(): Promise<{
  dataDir: string;
  database?: BenchDatabase;
  leadArticlePath: string;
}> {
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
    return { dataDir, database, leadArticlePath: reused.leadArticlePath };
  }
  if (REUSED_DATA_DIR && !SERVER_URL && fs.readdirSync(dataDir).length > 0) {
    throw new Error(
      `[bench] BENCH_DATA_DIR ${dataDir} holds something other than a bench database of ${ARTICLES} articles: give an empty or new folder`,
    );
  }
  const started = Date.now();
  log(`Seeding ${int(ARTICLES)} articles and the lead photo into ${SERVER_URL ? "PostgreSQL" : dataDir}...`);
  const seeded = await seedBenchContent(dataDir, ARTICLES);
  log(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; lead photo ${kb(seeded.leadImageBytes)} at ${seeded.leadImageUrl}`,
  );
  return { dataDir, database, leadArticlePath: seeded.leadArticlePath };
}

async function main() {
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  const servers: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const s of servers.splice(0)) await s.stop().catch(() => undefined);
  };
  const made: { database?: BenchDatabase } = {};
  // Ctrl-C stops the servers and drops the PostgreSQL database too (PGlite's folder goes with workDir).
  const onSignal = () =>
    void stopAll()
      .then(() => made.database?.drop())
      .catch(() => undefined)
      .finally(() => {
        fs.rmSync(workDir, { recursive: true, force: true });
        process.exit(130);
      });
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const prepared = await prepareData();
  const { dataDir, database, leadArticlePath } = prepared;
  made.database = database;
  const paths: Record<PageName, string[]> = {
    home: ["/"],
    article: [leadArticlePath],
    category: ["/category/business"],
    search: SEARCH_TERMS.map((t) => `/search?q=${encodeURIComponent(t)}`),
  };
  const facts: Partial<Record<PageName, PageFacts>> = {};
  const notes: string[] = [];
  let phone: PhoneLoad | null = null;
  let cached: ServerRun | null = null;
  let uncached: ServerRun | null = null;
  const nginxLoad: Partial<Record<PageName, LoadResult>> = {};
  const nginxGzip: Partial<Record<PageName, number>> = {};
  const times: Record<string, { p50: number; p95: number }> = {};
  try {
    log(`Server, page cache on (default), on 127.0.0.1:${PORT}`);
    const first = await startServer({
      port: PORT,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      pageCache: true,
      logFile: path.join(workDir, "server-cached.log"),
    });
    servers.push(first);
    for (const name of PAGE_NAMES) {
      const answer = await get(`${first.origin}${paths[name][0]}`);
      if (answer.status !== 200) throw new Error(`[bench] ${paths[name][0]} answered ${answer.status}`);
      facts[name] = {
        html: answer.body,
        htmlGzipBytes: answer.wireBytes,
        scripts: await scriptWeight(first.origin, answer.body),
      };
    }
    const chromiumPath = await findChromium();
    if (chromiumPath) {
      log("  home page as a phone in Chromium...");
      phone = await phoneFirstLoad(chromiumPath, `${first.origin}/`);
    } else {
      notes.push(
        "No Chromium (CHROMIUM_PATH, the system's, or the packaged one): the phone first load was not measured.",
      );
    }
    cached = await loadServer(first, paths);
    await first.stop();

    if (NGINX_PATH) {
      log(`nginx (gzip_static) on 127.0.0.1:${NGINX_PORT}`);
      const pages = Object.fromEntries(PAGE_NAMES.map((n) => [n, facts[n]?.html ?? ""]));
      const copy = await startStaticCopy(NGINX_PATH, path.join(workDir, "nginx"), NGINX_PORT, pages);
      servers.push(copy);
      for (const name of PAGE_NAMES) {
        log(`  ${name}: ${LOAD.duration} of load...`);
        nginxLoad[name] = await load(copy.origin, [copy.pathOf[name] ?? "/"], LOAD);
        nginxGzip[name] = copy.gzipBytes[name];
      }
      await copy.stop();
    } else {
      notes.push(
        "No nginx (/usr/sbin/nginx, BENCH_NGINX): the static-copy column and its ratios are missing.",
      );
    }

    log(`Server, PAGE_CACHE=off, on 127.0.0.1:${PORT}`);
    const second = await startServer({
      port: PORT,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      pageCache: false,
      logFile: path.join(workDir, "server-uncached.log"),
    });
    servers.push(second);
    uncached = await loadServer(second, paths);
    log(`  server time, ${REQUESTS} requests per page, ${CONCURRENCY} at a time...`);
    const timed: Array<[string, (i: number) => string]> = [
      ["home", () => "/"],
      ["category", () => "/category/business"],
      ["all-articles", (i) => `/all-articles?page=${(i % 40) + 2}`],
      ["search", (i) => paths.search[i % paths.search.length] ?? "/search?q=cocoa"],
    ];
    for (const [name, pathFor] of timed) times[name] = await serverTime(second.origin, pathFor);
    uncached.peakRss = second.peakRss();
    await second.stop();
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
    if (database) {
      await database.drop();
      log(`PostgreSQL: dropped ${describeUrl(database.url)}`);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  // ---- the report ----
  const engine = SERVER_URL ? `PostgreSQL (${describeUrl(SERVER_URL)})` : "PGlite (embedded)";
  const tool = WRK_PATH
    ? `wrk -t${LOAD.threads} -c${LOAD.connections} -d${LOAD.duration} -H 'Accept-Encoding: ${LOAD.acceptEncoding}'`
    : `the bench's own client, ${LOAD.connections} connections for ${LOAD.duration} (no wrk: figures read low)`;
  console.log("");
  console.log(`Newsdesk bench: ${int(ARTICLES)} generated articles on ${engine}`);
  console.log(`load: ${tool}`);
  console.log(
    `machine: ${os.cpus().length} cores, Node ${process.version}; a shared machine gives noisy figures`,
  );

  console.log("\nThroughput under load (req/s; latency p50/p95 in ms; X-Cache: 2 requests before → 1 after)");
  console.log(
    `${"page".padEnd(9)}${"cached".padStart(9)}${"p50".padStart(8)}${"p95".padStart(8)}  ${"X-Cache".padEnd(15)}` +
      `${"uncached".padStart(9)}${"p50".padStart(8)}${"p95".padStart(8)}  ${"X-Cache".padEnd(15)}` +
      `${"nginx".padStart(8)}${"p50".padStart(8)}${"p95".padStart(8)}${"cached/nginx".padStart(14)}${"uncached/nginx".padStart(16)}`,
  );
  const ms = (n: number | undefined) => (n === undefined || n === 0 ? "-" : n.toFixed(1)).padStart(8);
  const rps = (r: LoadResult | undefined, width: number) =>
    (r ? int(r.requestsPerSecond) : "-").padStart(width);
  const share = (r: LoadResult | undefined, n: LoadResult | undefined) =>
    r && n ? pct(r.requestsPerSecond / n.requestsPerSecond) : "-";
  for (const name of PAGE_NAMES) {
    const c = cached?.load[name];
    const u = uncached?.load[name];
    const n = nginxLoad[name];
    console.log(
      `${name.padEnd(9)}${rps(c, 9)}${ms(c?.p50Ms)}${ms(c?.p95Ms)}  ${(cached?.xCache[name] ?? "-").padEnd(15)}` +
        `${rps(u, 9)}${ms(u?.p50Ms)}${ms(u?.p95Ms)}  ${(uncached?.xCache[name] ?? "-").padEnd(15)}` +
        `${rps(n, 8)}${ms(n?.p50Ms)}${ms(n?.p95Ms)}${share(c, n).padStart(14)}${share(u, n).padStart(16)}`,
    );
    for (const [label, r] of [
      ["cached", c],
      ["uncached", u],
      ["nginx", n],
    ] as const) {
      if (r && (r.non2xx > 0 || r.socketErrors > 0))
        notes.push(
          `${name}, ${label}: ${r.non2xx} answers not 2xx/3xx, ${r.socketErrors} socket errors (wrk counts a request over 10 s as one)`,
        );
      if (r && r.requests === 0)
        notes.push(
          `${name}, ${label}: no request finished within ${LOAD.duration}; a longer BENCH_DURATION measures it`,
        );
    }
  }

  console.log("\nPage weight (gzip)");
  console.log(
    `${"page".padEnd(9)}${"HTML (server)".padStart(15)}${"HTML (gzip -9)".padStart(16)}${"reader JS".padStart(12)}${"JS files".padStart(10)}`,
  );
  for (const name of PAGE_NAMES) {
    const f = facts[name];
    const nginxBytes = nginxGzip[name];
    console.log(
      `${name.padEnd(9)}${(f ? kb(f.htmlGzipBytes) : "-").padStart(15)}${(nginxBytes ? kb(nginxBytes) : "-").padStart(16)}` +
        `${(f ? kb(f.scripts.gzipBytes) : "-").padStart(12)}${String(f?.scripts.files ?? "-").padStart(10)}`,
    );
  }

  console.log("\nPhone first load of the home page (Chromium as a Moto G Power, 412x823 @1.75, empty cache)");
  if (phone) {
    console.log(`  ${int(phone.bytes)} bytes (${kb(phone.bytes)}) in ${phone.requests} requests`);
    const types = Object.entries(phone.byType).sort((a, b) => b[1].bytes - a[1].bytes);
    console.log(`  ${types.map(([t, v]) => `${t} ${kb(v.bytes)} (${v.requests})`).join(" · ")}`);
    for (const big of phone.largest)
      console.log(`  ${kb(big.bytes).padStart(10)}  ${new URL(big.url).pathname}`);
  } else console.log("  not measured");

  console.log("\nServer peak memory (VmHWM of the server process)");
  console.log(`  page cache on: ${cached?.peakRss ? mb(cached.peakRss) : "-"}`);
  console.log(`  PAGE_CACHE=off: ${uncached?.peakRss ? mb(uncached.peakRss) : "-"}`);

  console.log(
    `\nServer time, PAGE_CACHE=off, ${REQUESTS} requests per page, ${CONCURRENCY} at a time (ms, round trip on 127.0.0.1)`,
  );
  for (const [name, t] of Object.entries(times))
    console.log(
      `  ${name.padEnd(13)} p50 ${t.p50.toFixed(1).padStart(7)}   p95 ${t.p95.toFixed(1).padStart(7)}`,
    );

  // ---- the budgets ----
  const verdicts: Array<{ name: string; isMet: boolean | null; measured: string; budget: string }> = [];
  for (const name of PAGE_NAMES) {
    const n = nginxLoad[name];
    for (const [label, run, floor] of [
      ["cached", cached, BUDGETS.cachedShareOfNginx],
      ["uncached", uncached, BUDGETS.uncachedShareOfNginx],
    ] as const) {
      const r = run?.load[name];
      const ratio = r && n ? r.requestsPerSecond / n.requestsPerSecond : null;
      verdicts.push({
        name: `${name} ${label} req/s vs nginx`,
        isMet: ratio === null ? null : ratio >= floor,
        measured: ratio === null ? "no nginx" : pct(ratio),
        budget: `≥ ${pct(floor)}`,
      });
    }
  }
  verdicts.push({
    name: "phone first load, home",
    isMet: phone ? phone.bytes <= BUDGETS.phoneFirstLoadBytes : null,
    measured: phone ? kb(phone.bytes) : "not measured",
    budget: `≤ ${kb(BUDGETS.phoneFirstLoadBytes)}`,
  });
  for (const name of PAGE_NAMES) {
    const f = facts[name];
    verdicts.push({
      name: `reader JS gzip, ${name}`,
      isMet: f ? f.scripts.gzipBytes <= BUDGETS.readerScriptBytes : null,
      measured: f ? kb(f.scripts.gzipBytes) : "-",
      budget: `≤ ${kb(BUDGETS.readerScriptBytes)}`,
    });
  }
  const article = facts.article;
  verdicts.push({
    name: "article HTML gzip",
    isMet: article ? article.htmlGzipBytes <= BUDGETS.articleHtmlBytes : null,
    measured: article ? kb(article.htmlGzipBytes) : "-",
    budget: `≤ ${kb(BUDGETS.articleHtmlBytes)}`,
  });
  for (const [label, run] of [
    ["page cache on", cached],
    ["PAGE_CACHE=off", uncached],
  ] as const) {
    verdicts.push({
      name: `peak memory, ${label}`,
      isMet: run?.peakRss ? run.peakRss <= BUDGETS.peakRssBytes : null,
      measured: run?.peakRss ? mb(run.peakRss) : "no /proc",
      budget: `≤ ${mb(BUDGETS.peakRssBytes)}`,
    });
  }
  const isLarge = ARTICLES >= LARGE_SITE_ARTICLES;
  for (const [name, t] of Object.entries(times)) {
    const limit = name === "search" ? BUDGETS.searchP95Ms : BUDGETS.listingP95Ms;
    verdicts.push({
      name: `${name} p95 at ${int(LARGE_SITE_ARTICLES)} articles`,
      isMet: isLarge ? t.p95 <= limit : null,
      measured: `${t.p95.toFixed(1)} ms`,
      budget: `≤ ${limit} ms${isLarge ? "" : ` (judged at BENCH_ARTICLES=${LARGE_SITE_ARTICLES})`}`,
    });
  }
  console.log("\nBudgets");
  for (const v of verdicts) {
    const mark = v.isMet === null ? "n/a " : v.isMet ? "ok  " : "FAIL";
    console.log(`  ${mark}  ${v.name.padEnd(40)}${v.measured.padStart(13)}   ${v.budget}`);
  }
  if (notes.length > 0) {
    console.log("\nNotes");
    for (const note of notes) console.log(`  ${note}`);
  }
  const failed = verdicts.filter((v) => v.isMet === false).length;
  const judged = verdicts.filter((v) => v.isMet !== null).length;
  console.log(
    `\n[bench] ${judged - failed} of ${judged} budgets met${failed > 0 ? `, ${failed} missed` : ""}.`,
  );
  if (failed > 0 && IS_STRICT) process.exit(1);
}

await main();
