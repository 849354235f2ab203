/**
 * The bench's report: every figure it measured, then each budget as ok, FAIL or n/a. The budgets are
 * here, beside the figures they judge. Throughput is judged against nginx serving the same page as a
 * pre-compressed file on the same machine in the same run (or against the server's own other run), so
 * it means the same on a laptop and on a loaded 2-core box; weights, times and memory are absolute (a
 * reader's data plan does not scale with our server). Decimal units: 1 KB = 1,000 bytes, 1 MB = 1,000,000.
 */
import os from "node:os";
import { cpuRoom, describeSplit, serverMsPerRequest } from "./cpu";
import type { LiveFigures } from "./live";
import { WRK_PATH, type LoadResult, type LoadSettings, type ServerTime } from "./load";
import type { PhoneLoad } from "./phone";
import type { ScriptWeight } from "./weight";

export const BUDGETS = {
  /** Server requests per second as a share of nginx's for the same page, page cache on (the default). */
  cachedShareOfNginx: 0.1,
  /**
   * The sweep (a random article of all each request) with the page cache on, as a share of its rate
   * with the cache off: a miss may cost no more than no cache.
   */
  sweepCachedOverUncached: 1,
  /** The sweep with the cache on as a share of nginx's rate for one article (about 10x Ghost's sweep). */
  sweepShareOfNginx: 0.002,
  /** WEB_CONCURRENCY workers on PostgreSQL against one process in the same run, cached pages and sweep. */
  workersOverOne: 1.3,
  /** Cached pages with the workers, as a share of nginx. */
  workersCachedShareOfNginx: 0.25,
  /** Pages through Varnish with deploy/varnish.vcl (decision record 023), as a share of nginx's rate. */
  varnishShareOfNginx: 0.5,
  /**
   * Live coverage (decision record 016): an unchanged poll (If-None-Match, a 304 from the page cache) against
   * the fastest cached page of the same run: at least as fast, every answer a 304.
   */
  livePollOverFastestCached: 1,
  /** The live page and its poll, an update posted every 5 s under load: hits, more than this share. */
  liveHitShare: 0.9,
  /** Everything a phone downloads to show the home page, the lead photo included (empty cache). */
  phoneFirstLoadBytes: 200_000,
  /**
   * Everything a phone saving data downloads for the lead story (a lite page, decision record 019), empty
   * cache.
   */
  // 15 KB as the bench prints it (and DevTools counts it): 1,000 bytes a KB.
  liteArticleFirstLoadBytes: 15_000,
  /** Gzipped JavaScript a reader page loads at once, per page. */
  readerScriptBytes: 20_000,
  /** An article's HTML, gzipped as the server sends it. */
  articleHtmlBytes: 15_000,
  /** The resident-set high-water mark of each server process, with and without the page cache. */
  peakRssBytes: 400_000_000,
  /** p95 server time at BENCH_CONCURRENCY requests at a time, uncached, at LARGE_SITE_ARTICLES. */
  archiveP95Ms: 50,
  searchP95Ms: 60,
} as const;

/** The size the server-time budgets are set for; a smaller run prints them without judging them. */
export const LARGE_SITE_ARTICLES = 100_000;

/** Server times printed but not judged: home is a cached page for readers (and not in the budget). */
const UNJUDGED_TIMES = new Set(["home", "Twi home"]);

export const PAGE_NAMES = ["home", "article", "category", "search"] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface PageFacts {
  htmlGzipBytes: number;
  html: string;
  scripts: ScriptWeight;
}

export interface ServerRun {
  load: Partial<Record<PageName, LoadResult>>;
  /** X-Cache of the first and second request before the load, and of one request after it. */
  xCache: Partial<Record<PageName, string>>;
  /** The sweep by connections. */
  sweep: Record<number, LoadResult>;
  peakRss: number | null;
}

export interface BenchFigures {
  articles: number;
  engine: string;
  load: LoadSettings;
  fewConnections: number;
  requests: number;
  concurrency: number;
  facts: Partial<Record<PageName, PageFacts>>;
  /** An edition's home and story (decision record 022), against the main edition's budgets. */
  editionFacts: Record<string, PageFacts>;
  phone: PhoneLoad | null;
  /** The lead story with `Save-Data: on` (a lite page). */
  litePhone: PhoneLoad | null;
  cached: ServerRun | null;
  workers: { count: number; run: ServerRun } | null;
  uncached: ServerRun | null;
  /** The sweep alone, PAGE_CACHE=off, WEB_CONCURRENCY workers on PostgreSQL. */
  uncachedWorkers: { count: number; run: ServerRun } | null;
  nginxLoad: Partial<Record<PageName, LoadResult>>;
  nginxGzip: Partial<Record<PageName, number>>;
  /** The same pages through Varnish (deploy/varnish.vcl) in front of the server. */
  varnishLoad: Partial<Record<PageName, LoadResult>>;
  /** Live coverage with the page cache on, one process (decision record 016). */
  live: LiveFigures | null;
  times: Record<string, ServerTime>;
  deepPage?: number;
  /** "Found N results" against the database's own count. */
  searchTotals: Array<{ label: string; query: string; expected: number; shown: number | null }>;
  notes: string[];
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const pct = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 2 : 1)}%`;
const times = (ratio: number) => `${ratio.toFixed(2)}x`;
const ms = (n: number | undefined) => (n === undefined || n === 0 ? "-" : n.toFixed(1)).padStart(8);
const rps = (r: LoadResult | undefined, width: number) =>
  (r ? int(r.requestsPerSecond) : "-").padStart(width);
const share = (r: LoadResult | undefined, n: LoadResult | undefined) =>
  r && n ? pct(r.requestsPerSecond / n.requestsPerSecond) : "-";
const ratioOf = (a: LoadResult | undefined, b: LoadResult | undefined) =>
  a && b && b.requestsPerSecond > 0 ? a.requestsPerSecond / b.requestsPerSecond : null;

/** "62% hit, 38% miss" from the counted X-Cache answers. */
/** Where the CPU went with one process and with the workers, and what that leaves room for. */
function printCpu(one: LoadResult | undefined, many: LoadResult | undefined) {
  const room = one?.cpu ? cpuRoom(one.cpu) : null;
  const perRequest = (r: LoadResult | undefined) => {
    const ms = r?.cpu ? serverMsPerRequest(r.cpu, r.requestsPerSecond) : null;
    return ms === null ? "" : `; server ${ms.toFixed(3)} ms CPU a request`;
  };
  if (one?.cpu)
    console.log(
      `      one:     ${describeSplit(one.cpu)}${perRequest(one)}; room ${room === null ? "-" : times(room)}`,
    );
  if (many?.cpu) console.log(`      workers: ${describeSplit(many.cpu)}${perRequest(many)}`);
}

/** " (CPU room 1.21x)" for a verdict: how far more workers could go with the same CPU per request. */
function roomNote(one: LoadResult | undefined): string {
  const room = one?.cpu ? cpuRoom(one.cpu) : null;
  return room === null ? "" : ` (CPU room ${times(room)})`;
}

function hitRate(r: LoadResult | undefined): string {
  const c = r?.cache;
  if (!c) return "-";
  const all = c.hits + c.misses + c.other;
  if (all === 0) return "-";
  if (c.hits + c.misses === 0) return "no cache";
  return `${pct(c.hits / all)} hit, ${pct(c.misses / all)} miss`;
}

/** The fastest of the pages of a run (search's terms count as one page). */
function fastestOf(
  loads: Partial<Record<PageName, LoadResult>>,
): { name: PageName; load: LoadResult } | null {
  let best: { name: PageName; load: LoadResult } | null = null;
  for (const name of PAGE_NAMES) {
    const one = loads[name];
    if (one && (!best || one.requestsPerSecond > best.load.requestsPerSecond)) best = { name, load: one };
  }
  return best;
}

/** Hits among all counted answers, or null when nothing was counted. */
function hitShare(r: LoadResult | null | undefined): number | null {
  const c = r?.cache;
  const all = c ? c.hits + c.misses + c.other : 0;
  return c && all > 0 ? c.hits / all : null;
}

function noteTroubles(notes: string[], label: string, r: LoadResult | undefined, duration: string) {
  if (r && (r.non2xx > 0 || r.socketErrors > 0))
    notes.push(
      `${label}: ${r.non2xx} answers not 2xx/3xx, ${r.socketErrors} socket errors (wrk counts a request over 10 s as one)`,
    );
  if (r && r.requests === 0)
    notes.push(`${label}: no request finished within ${duration}; a longer BENCH_DURATION measures it`);
}

interface Verdict {
  name: string;
  isMet: boolean | null;
  measured: string;
  budget: string;
}

/** Prints the figures and the budgets; returns how many budgets were missed. */
export function printReport(f: BenchFigures): { failed: number } {
  const notes = [...f.notes];
  printHeader(f);
  printThroughput(f, notes);
  printVarnish(f, notes);
  printSweep(f, notes);
  printLive(f, notes);
  printWorkers(f, notes);
  printWeights(f);
  printMemory(f);
  printTimes(f);
  const verdicts = [
    ...throughputVerdicts(f),
    ...liveVerdicts(f),
    ...workersVerdicts(f),
    ...weightVerdicts(f),
    ...memoryVerdicts(f),
    ...timeVerdicts(f),
  ];
  return printVerdicts(verdicts, notes);
}

const connectionCountsOf = (f: BenchFigures) => [f.load.connections, f.fewConnections];

function printHeader(f: BenchFigures) {
  const tool = WRK_PATH
    ? `wrk -t${f.load.threads} -c${f.load.connections} -d${f.load.duration} -H 'Accept-Encoding: ${f.load.acceptEncoding}'`
    : `the bench's own client, ${f.load.connections} connections for ${f.load.duration} (no wrk: figures read low)`;
  console.log("");
  console.log(`Newsdesk bench: ${int(f.articles)} generated articles on ${f.engine}`);
  console.log(`load: ${tool}`);
  console.log(
    `machine: ${os.cpus().length} cores, Node ${process.version}; a shared machine gives noisy figures`,
  );
}

function printThroughput(f: BenchFigures, notes: string[]) {
  console.log(
    "\nThroughput under load, one server process (req/s; latency p50/p95 in ms; X-Cache: 2 requests before → 1 after)",
  );
  console.log(
    `${"page".padEnd(9)}${"cached".padStart(9)}${"p50".padStart(8)}${"p95".padStart(8)}  ${"X-Cache".padEnd(15)}` +
      `${"uncached".padStart(9)}${"p50".padStart(8)}${"p95".padStart(8)}  ${"X-Cache".padEnd(15)}` +
      `${"nginx".padStart(8)}${"p50".padStart(8)}${"p95".padStart(8)}${"cached/nginx".padStart(14)}${"uncached/nginx".padStart(16)}`,
  );
  for (const name of PAGE_NAMES) {
    const c = f.cached?.load[name];
    const u = f.uncached?.load[name];
    const n = f.nginxLoad[name];
    console.log(
      `${name.padEnd(9)}${rps(c, 9)}${ms(c?.p50Ms)}${ms(c?.p95Ms)}  ${(f.cached?.xCache[name] ?? "-").padEnd(15)}` +
        `${rps(u, 9)}${ms(u?.p50Ms)}${ms(u?.p95Ms)}  ${(f.uncached?.xCache[name] ?? "-").padEnd(15)}` +
        `${rps(n, 8)}${ms(n?.p50Ms)}${ms(n?.p95Ms)}${share(c, n).padStart(14)}${share(u, n).padStart(16)}`,
    );
    noteTroubles(notes, `${name}, cached`, c, f.load.duration);
    noteTroubles(notes, `${name}, uncached`, u, f.load.duration);
    noteTroubles(notes, `${name}, nginx`, n, f.load.duration);
  }
}

function printVarnish(f: BenchFigures, notes: string[]) {
  if (Object.keys(f.varnishLoad).length === 0) return;
  console.log("\nThrough Varnish (deploy/varnish.vcl) in front of the server, page cache on (req/s; p50/p95 ms)");
  for (const name of PAGE_NAMES) {
    const v = f.varnishLoad[name];
    console.log(
      `  ${name.padEnd(9)}${rps(v, 9)}${ms(v?.p50Ms)}${ms(v?.p95Ms)}   vs nginx ${share(v, f.nginxLoad[name])}, vs the server alone ${share(v, f.cached?.load[name])}`,
    );
    noteTroubles(notes, `${name}, through Varnish`, v, f.load.duration);
  }
}

function printSweep(f: BenchFigures, notes: string[]) {
  const connectionCounts = connectionCountsOf(f);
  const nginxArticle = f.nginxLoad.article;
  console.log(
    `\nSweep: a random article of all ${int(f.articles)} each request (req/s; p95 ms; X-Cache counted; bytes per answer; share of nginx's one article)`,
  );
  for (const connections of connectionCounts) {
    const c = f.cached?.sweep[connections];
    const u = f.uncached?.sweep[connections];
    const ratio = ratioOf(c, u);
    console.log(
      `  ${String(connections).padStart(2)} connections: cache on ${rps(c, 6)} req/s, p95 ${ms(c?.p95Ms).trim()} (${hitRate(c)}, ${c ? kb(c.bytesPerAnswer) : "-"})` +
        ` · cache off ${rps(u, 6)} req/s, p95 ${ms(u?.p95Ms).trim()}` +
        ` · on/off ${ratio === null ? "-" : times(ratio)} · on/nginx ${share(c, nginxArticle)}`,
    );
    noteTroubles(notes, `sweep at ${connections}, cached`, c, f.load.duration);
    noteTroubles(notes, `sweep at ${connections}, uncached`, u, f.load.duration);
  }
}

/** The live poll and the live page's hits, against the fastest cached page and nginx's. */
function liveFigures(f: BenchFigures) {
  const fastestCached = fastestOf(f.cached?.load ?? {});
  const fastestNginx = fastestOf(f.nginxLoad);
  const poll = f.live?.poll ?? undefined;
  return {
    fastestCached,
    fastestNginx,
    poll,
    pollOverCached: ratioOf(poll, fastestCached?.load),
    pollOverNginx: ratioOf(poll, fastestNginx?.load),
    liveHits: hitShare(f.live?.underUpdates),
  };
}

function printLive(f: BenchFigures, notes: string[]) {
  const live = f.live;
  const { fastestCached, fastestNginx, poll, pollOverCached, pollOverNginx } = liveFigures(f);
  if (live) {
    const counted = live.pollCounted ?? undefined;
    const all304 =
      counted && counted.requests > 0 ? (counted.cache?.notModified ?? 0) / counted.requests : null;
    const posted = live.posts.filter((p) => p.ok).length;
    const u = live.underUpdates ?? undefined;
    console.log(
      `\nLive coverage, page cache on, one process (req/s; p50/p95 ms; bytes per answer; X-Cache counted)`,
    );
    console.log(
      `  story ${live.pagePath}, poll ${live.pollPath} (${kb(live.pollGzipBytes)} gzipped when it changed)`,
    );
    const label = (text: string) => `  ${text.padEnd(36)}`;
    console.log(
      `${label("cached pages (above)")}${PAGE_NAMES.map((n) => `${n} ${rps(f.cached?.load[n], 0).trim()}`).join(" · ")}`,
    );
    console.log(
      `${label("poll, unchanged (If-None-Match)")}${rps(poll, 8)}${ms(poll?.p50Ms)}${ms(poll?.p95Ms)}  ${(poll ? `${int(poll.bytesPerAnswer)} B` : "-").padStart(8)}` +
        `   counted again: ${all304 === null ? "-" : `${pct(all304)} 304`}, ${hitRate(counted)}, ${rps(counted, 0).trim()} req/s with the count   (before the load: ${live.pollBefore})`,
    );
    console.log(
      `${label("live page + poll, an update every 5 s")}${rps(u, 8)}${ms(u?.p50Ms)}${ms(u?.p95Ms)}  ${(u ? kb(u.bytesPerAnswer) : "-").padStart(8)}` +
        `   ${hitRate(u)}${u?.cache ? ` (${int(u.cache.misses)} misses of ${int(u.requests)})` : ""}`,
    );
    console.log(
      `  updates posted: ${posted} of at most ${live.maxPosts}` +
        (live.posts.length > 0
          ? ` (${live.posts.map((p) => `${p.at.toFixed(1)} s ${p.status}${p.ok ? "" : " FAILED"}`).join(", ")})`
          : "") +
        (live.peakRss
          ? `; server peak memory after them ${mb(live.peakRss)} (the admin's sign-in included)`
          : ""),
    );
    console.log(
      `  fastest cached page: ${fastestCached ? `${fastestCached.name} ${int(fastestCached.load.requestsPerSecond)} req/s` : "-"}` +
        ` · poll/fastest cached ${pollOverCached === null ? "-" : times(pollOverCached)}` +
        ` · poll/nginx's fastest page ${pollOverNginx === null ? "- (no nginx)" : `${pct(pollOverNginx)} (${fastestNginx?.name} ${int(fastestNginx?.load.requestsPerSecond ?? 0)} req/s)`}`,
    );
    noteTroubles(notes, "live poll, unchanged", poll, f.load.duration);
    noteTroubles(notes, "live poll, unchanged, counted", live.pollCounted ?? undefined, f.load.duration);
    noteTroubles(notes, "live page under updates", u, f.load.duration);
    for (const problem of [...live.problems.poll, ...live.problems.underUpdates])
      notes.push(`live coverage: ${problem}`);
  }
}

function printWorkers(f: BenchFigures, notes: string[]) {
  const connectionCounts = connectionCountsOf(f);
  const w = f.workers;
  if (w) {
    console.log(`\nWorkers: WEB_CONCURRENCY=${w.count} against one process, page cache on (req/s)`);
    console.log(
      "  (under each, where the CPU went, in cores, with one process and with the workers; the room is what\n" +
        "  more workers could add if each request cost the same CPU: cores / busy cores)",
    );
    for (const name of PAGE_NAMES) {
      const one = f.cached?.load[name];
      const many = w.run.load[name];
      const ratio = ratioOf(many, one);
      console.log(
        `  ${name.padEnd(9)} one ${rps(one, 8)}   ${w.count} workers ${rps(many, 8)}   ${ratio === null ? "-" : times(ratio)}   workers/nginx ${share(many, f.nginxLoad[name])}`,
      );
      printCpu(one, many);
      noteTroubles(notes, `${name}, ${w.count} workers`, many, f.load.duration);
    }
    for (const connections of connectionCounts) {
      const one = f.cached?.sweep[connections];
      const many = w.run.sweep[connections];
      const ratio = ratioOf(many, one);
      console.log(
        `  sweep ${String(connections).padStart(2)}  one ${rps(one, 8)}   ${w.count} workers ${rps(many, 8)}   ${ratio === null ? "-" : times(ratio)}   (${hitRate(many)})`,
      );
      printCpu(one, many);
      noteTroubles(notes, `sweep at ${connections}, ${w.count} workers`, many, f.load.duration);
    }
  }
  const uw = f.uncachedWorkers;
  if (uw) {
    console.log(`\nWorkers: WEB_CONCURRENCY=${uw.count} against one process, PAGE_CACHE=off (req/s)`);
    for (const connections of connectionCounts) {
      const one = f.uncached?.sweep[connections];
      const many = uw.run.sweep[connections];
      const ratio = ratioOf(many, one);
      console.log(
        `  sweep ${String(connections).padStart(2)}  one ${rps(one, 8)}   ${uw.count} workers ${rps(many, 8)}   ${ratio === null ? "-" : times(ratio)}`,
      );
      printCpu(one, many);
      noteTroubles(notes, `sweep at ${connections}, ${uw.count} workers, uncached`, many, f.load.duration);
    }
  }
}

function printWeights(f: BenchFigures) {
  console.log("\nPage weight (gzip)");
  console.log(
    `${"page".padEnd(9)}${"HTML (server)".padStart(15)}${"HTML (gzip -9)".padStart(16)}${"reader JS".padStart(12)}${"JS files".padStart(10)}`,
  );
  for (const name of PAGE_NAMES) {
    const facts = f.facts[name];
    const nginxBytes = f.nginxGzip[name];
    console.log(
      `${name.padEnd(9)}${(facts ? kb(facts.htmlGzipBytes) : "-").padStart(15)}${(nginxBytes ? kb(nginxBytes) : "-").padStart(16)}` +
        `${(facts ? kb(facts.scripts.gzipBytes) : "-").padStart(12)}${String(facts?.scripts.files ?? "-").padStart(10)}`,
    );
  }
  for (const [name, facts] of Object.entries(f.editionFacts))
    console.log(
      `${name.padEnd(12)}${kb(facts.htmlGzipBytes).padStart(12)}${"-".padStart(16)}` +
        `${kb(facts.scripts.gzipBytes).padStart(12)}${String(facts.scripts.files).padStart(10)}`,
    );

  const printPhone = (title: string, load: PhoneLoad | null) => {
    console.log(`\n${title}`);
    if (!load) return console.log("  not measured");
    console.log(`  ${int(load.bytes)} bytes (${kb(load.bytes)}) in ${load.requests} requests`);
    const types = Object.entries(load.byType).sort((a, b) => b[1].bytes - a[1].bytes);
    console.log(`  ${types.map(([t, v]) => `${t} ${kb(v.bytes)} (${v.requests})`).join(" · ")}`);
    for (const big of load.largest)
      console.log(`  ${kb(big.bytes).padStart(10)}  ${new URL(big.url).pathname}`);
  };
  printPhone(
    "Phone first load of the home page (Chromium as a Moto G Power, 412x823 @1.75, empty cache)",
    f.phone,
  );
  printPhone("Phone first load of the lead story, saving data (Save-Data: on: a lite page)", f.litePhone);
}

/** Each run's peak memory, labelled. */
function peakRuns(f: BenchFigures) {
  const w = f.workers;
  const uw = f.uncachedWorkers;
  return [
    ["page cache on", f.cached],
    ...(w ? ([[`${w.count} workers, page cache on`, w.run]] as const) : []),
    ["PAGE_CACHE=off", f.uncached],
    ...(uw ? ([[`${uw.count} workers, PAGE_CACHE=off`, uw.run]] as const) : []),
  ] as const;
}

function printMemory(f: BenchFigures) {
  const runs = peakRuns(f);
  console.log("\nServer peak memory (VmHWM of the server process, or of the largest worker)");
  for (const [label, run] of runs) console.log(`  ${label}: ${run?.peakRss ? mb(run.peakRss) : "-"}`);
}

function printTimes(f: BenchFigures) {
  console.log(
    `\nServer time, PAGE_CACHE=off, ${f.requests} requests per page, ${f.concurrency} at a time (ms, round trip on 127.0.0.1)`,
  );
  for (const [name, t] of Object.entries(f.times))
    console.log(
      `  ${name.padEnd(24)} p50 ${t.p50.toFixed(1).padStart(7)}   p95 ${t.p95.toFixed(1).padStart(7)}   max ${t.max.toFixed(1).padStart(7)}`,
    );
  for (const total of f.searchTotals)
    console.log(
      `  search "${total.query}" (${total.label}): shows ${total.shown === null ? "no total" : int(total.shown)}, the database counts ${int(total.expected)}`,
    );
}

function throughputVerdicts(f: BenchFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  const nginxArticle = f.nginxLoad.article;
  for (const name of PAGE_NAMES) {
    const ratio = ratioOf(f.cached?.load[name], f.nginxLoad[name]);
    verdicts.push({
      name: `${name} cached req/s vs nginx`,
      isMet: ratio === null ? null : ratio >= BUDGETS.cachedShareOfNginx,
      measured: ratio === null ? "no nginx" : pct(ratio),
      budget: `≥ ${pct(BUDGETS.cachedShareOfNginx)}`,
    });
  }
  for (const connections of connectionCountsOf(f)) {
    const c = f.cached?.sweep[connections];
    const ratio = ratioOf(c, f.uncached?.sweep[connections]);
    verdicts.push({
      name: `sweep at ${connections}, cache on vs off`,
      isMet: ratio === null ? null : ratio >= BUDGETS.sweepCachedOverUncached && (c?.socketErrors ?? 0) === 0,
      measured:
        ratio === null ? "-" : `${times(ratio)}${c?.socketErrors ? `, ${c.socketErrors} errors` : ""}`,
      budget: `≥ ${times(BUDGETS.sweepCachedOverUncached)}, no timeouts`,
    });
  }
  for (const name of PAGE_NAMES) {
    const ratio = ratioOf(f.varnishLoad[name], f.nginxLoad[name]);
    if (!f.varnishLoad[name]) continue;
    verdicts.push({
      name: `${name} through Varnish vs nginx`,
      isMet: ratio === null ? null : ratio >= BUDGETS.varnishShareOfNginx,
      measured: ratio === null ? "no nginx" : pct(ratio),
      budget: `≥ ${pct(BUDGETS.varnishShareOfNginx)}`,
    });
  }
  const sweepShare = ratioOf(f.cached?.sweep[f.load.connections], nginxArticle);
  verdicts.push({
    name: `sweep at ${f.load.connections}, cache on vs nginx`,
    isMet: sweepShare === null ? null : sweepShare >= BUDGETS.sweepShareOfNginx,
    measured: sweepShare === null ? "no nginx" : pct(sweepShare),
    budget: `≥ ${pct(BUDGETS.sweepShareOfNginx)}`,
  });
  return verdicts;
}

function liveVerdicts(f: BenchFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  const live = f.live;
  const { poll, pollOverCached, liveHits } = liveFigures(f);
  if (live) {
    // A measurement that went wrong (see the notes) fails its budget: it is not a figure to pass on.
    const pollIsSound =
      live.problems.poll.length === 0 &&
      [poll, live.pollCounted].every((run) => run && run.socketErrors === 0 && run.non2xx === 0);
    verdicts.push({
      name: "live poll (304) req/s vs fastest cached page",
      isMet:
        pollOverCached === null
          ? poll
            ? null
            : false
          : pollOverCached >= BUDGETS.livePollOverFastestCached && pollIsSound,
      measured: poll
        ? `${pollOverCached === null ? "-" : times(pollOverCached)}${pollIsSound ? "" : ", see notes"}`
        : "not measured",
      budget: `≥ ${times(BUDGETS.livePollOverFastestCached)}, all 304`,
    });
    const updatesAreSound =
      live.problems.underUpdates.length === 0 &&
      live.posts.length > 0 &&
      live.posts.every((p) => p.ok) &&
      (live.underUpdates?.socketErrors ?? 0) === 0 &&
      (live.underUpdates?.non2xx ?? 0) === 0;
    verdicts.push({
      name: `live page hits, an update every 5 s`,
      isMet: liveHits === null ? false : liveHits > BUDGETS.liveHitShare && updatesAreSound,
      measured:
        liveHits === null ? "not measured" : `${pct(liveHits)}${updatesAreSound ? "" : ", see notes"}`,
      budget: `> ${pct(BUDGETS.liveHitShare)}, every post ok`,
    });
  }
  return verdicts;
}

function workersVerdicts(f: BenchFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  const w = f.workers;
  const uw = f.uncachedWorkers;
  if (w) {
    for (const name of PAGE_NAMES) {
      const many = w.run.load[name];
      const overOne = ratioOf(many, f.cached?.load[name]);
      const overNginx = ratioOf(many, f.nginxLoad[name]);
      verdicts.push({
        name: `${name} cached, ${w.count} workers vs one`,
        isMet: overOne === null ? null : overOne >= BUDGETS.workersOverOne,
        measured: overOne === null ? "-" : `${times(overOne)}${roomNote(f.cached?.load[name])}`,
        budget: `≥ ${times(BUDGETS.workersOverOne)}`,
      });
      verdicts.push({
        name: `${name} cached, ${w.count} workers vs nginx`,
        isMet: overNginx === null ? null : overNginx >= BUDGETS.workersCachedShareOfNginx,
        measured: overNginx === null ? "no nginx" : pct(overNginx),
        budget: `≥ ${pct(BUDGETS.workersCachedShareOfNginx)}`,
      });
    }
    const sweepOverOne = ratioOf(w.run.sweep[f.load.connections], f.cached?.sweep[f.load.connections]);
    verdicts.push({
      name: `sweep at ${f.load.connections}, ${w.count} workers vs one`,
      isMet: sweepOverOne === null ? null : sweepOverOne >= BUDGETS.workersOverOne,
      measured:
        sweepOverOne === null
          ? "-"
          : `${times(sweepOverOne)}${roomNote(f.cached?.sweep[f.load.connections])}`,
      budget: `≥ ${times(BUDGETS.workersOverOne)}`,
    });
  }
  if (uw)
    for (const connections of connectionCountsOf(f)) {
      const overOne = ratioOf(uw.run.sweep[connections], f.uncached?.sweep[connections]);
      verdicts.push({
        name: `uncached sweep at ${connections}, ${uw.count} workers vs one`,
        isMet: overOne === null ? null : overOne >= BUDGETS.workersOverOne,
        measured: overOne === null ? "-" : `${times(overOne)}${roomNote(f.uncached?.sweep[connections])}`,
        budget: `≥ ${times(BUDGETS.workersOverOne)}`,
      });
    }
  return verdicts;
}

function weightVerdicts(f: BenchFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  verdicts.push({
    name: "phone first load, home",
    isMet: f.phone ? f.phone.bytes <= BUDGETS.phoneFirstLoadBytes : null,
    measured: f.phone ? kb(f.phone.bytes) : "not measured",
    budget: `≤ ${kb(BUDGETS.phoneFirstLoadBytes)}`,
  });
  verdicts.push({
    name: "phone first load, lite article (Save-Data)",
    isMet: f.litePhone ? f.litePhone.bytes <= BUDGETS.liteArticleFirstLoadBytes : null,
    measured: f.litePhone ? kb(f.litePhone.bytes) : "not measured",
    budget: `≤ ${kb(BUDGETS.liteArticleFirstLoadBytes)}`,
  });
  for (const name of PAGE_NAMES) {
    const facts = f.facts[name];
    verdicts.push({
      name: `reader JS gzip, ${name}`,
      isMet: facts ? facts.scripts.gzipBytes <= BUDGETS.readerScriptBytes : null,
      measured: facts ? kb(facts.scripts.gzipBytes) : "-",
      budget: `≤ ${kb(BUDGETS.readerScriptBytes)}`,
    });
  }
  for (const [name, facts] of Object.entries(f.editionFacts))
    verdicts.push({
      name: `reader JS gzip, ${name}`,
      isMet: facts.scripts.gzipBytes <= BUDGETS.readerScriptBytes,
      measured: kb(facts.scripts.gzipBytes),
      budget: `≤ ${kb(BUDGETS.readerScriptBytes)}`,
    });
  for (const [name, article] of [
    ["article", f.facts.article],
    ["Twi article", f.editionFacts["Twi article"]],
  ] as const)
    verdicts.push({
      name: `${name} HTML gzip`,
      isMet: article ? article.htmlGzipBytes <= BUDGETS.articleHtmlBytes : null,
      measured: article ? kb(article.htmlGzipBytes) : "-",
      budget: `≤ ${kb(BUDGETS.articleHtmlBytes)}`,
    });
  return verdicts;
}

function memoryVerdicts(f: BenchFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const [label, run] of peakRuns(f)) {
    verdicts.push({
      name: `peak memory per process, ${label}`,
      isMet: run?.peakRss ? run.peakRss <= BUDGETS.peakRssBytes : null,
      measured: run?.peakRss ? mb(run.peakRss) : "no /proc",
      budget: `≤ ${mb(BUDGETS.peakRssBytes)}`,
    });
  }
  return verdicts;
}

function timeVerdicts(f: BenchFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  const isLarge = f.articles >= LARGE_SITE_ARTICLES;
  for (const [name, t] of Object.entries(f.times)) {
    if (UNJUDGED_TIMES.has(name)) continue;
    const limit = /\bsearch\b/.test(name) ? BUDGETS.searchP95Ms : BUDGETS.archiveP95Ms;
    verdicts.push({
      name: `${name} p95`,
      isMet: isLarge ? t.p95 <= limit : null,
      measured: `${t.p95.toFixed(1)} ms`,
      budget: `≤ ${limit} ms${isLarge ? "" : ` (judged at ${int(LARGE_SITE_ARTICLES)} articles)`}`,
    });
  }
  for (const total of f.searchTotals)
    verdicts.push({
      name: `search total shown, ${total.label} word`,
      isMet: total.shown === total.expected,
      measured: total.shown === null ? "none" : int(total.shown),
      budget: `= ${int(total.expected)}`,
    });

  return verdicts;
}

/** The budgets as ok, FAIL or n/a, then the notes; returns how many were missed. */
function printVerdicts(verdicts: Verdict[], notes: string[]): { failed: number } {
  console.log("\nBudgets");
  for (const v of verdicts) {
    const mark = v.isMet === null ? "n/a " : v.isMet ? "ok  " : "FAIL";
    console.log(`  ${mark}  ${v.name.padEnd(44)}${v.measured.padStart(13)}   ${v.budget}`);
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
  return { failed };
}
