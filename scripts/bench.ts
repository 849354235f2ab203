/**
 * `npm run bench`: the speed budgets of the reader site, measured against the built server on a
 * newsroom-sized embedded database. Exits non-zero when a budget is missed.
 *
 * What it does: builds if needed, creates a fresh database under a temporary DATA_DIR with the sample
 * content plus BENCH_ARTICLES generated published articles (default 5,000), starts the production
 * server on 127.0.0.1:BENCH_PORT (default 3950), then for each reader page sends a bounded number of
 * requests (BENCH_REQUESTS, default 200, BENCH_CONCURRENCY at a time, default 4) and reports the
 * latency percentiles and the compressed page weight. Only 127.0.0.1 is ever contacted.
 */
import { spawn, execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const BASE = `http://127.0.0.1:${PORT}`;

/** Budgets for a 2-core machine; p95 in milliseconds, weights in compressed bytes. */
const BUDGETS = {
  p95Ms: { home: 150, article: 150, category: 150, allArticles: 150, search: 200 },
  htmlBytes: 40_000,
  homeScriptBytes: 200_000,
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-bench-"));
process.env.DATA_DIR = dataDir;
process.env.ADMIN_PASSWORD ??= "bench-only-123";

const WORDS =
  "Accra Kumasi Tamale cocoa harvest market traders assembly minister parliament budget cedi inflation football Black Stars coach league festival Cape Coast chiefs council school teachers health clinic road project rainfall farmers fishermen port exports gold mining youth jobs technology startup bank loans transport fares election district".split(
    " ",
  );

/**
 * A sentence on one of four topics (a quarter of the vocabulary each), so a search word matches about a
 * quarter of the articles, as a common word does on a real news site, rather than every one.
 */
function sentence(topic: number, seed: number, length: number): string {
  const size = Math.floor(WORDS.length / 4);
  const base = (topic % 4) * size;
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(WORDS[base + ((seed * 7 + i * 3) % size)] ?? "");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}

async function populate() {
  const { prepareDatabase } = await import("../server/start");
  const { articles, categories } = await import("#app/db/schema");
  const database = await prepareDatabase();
  const cats = await database.db.select({ id: categories.id }).from(categories);
  const now = Date.now();
  for (let start = 0; start < ARTICLES; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(start + 500, ARTICLES); i++) {
      const paragraphs = Array.from({ length: 8 }, (_, p) => `<p>${sentence(i, i + p, 40)}</p>`).join("");
      const publishedAt = new Date(now - (i + 10) * 3_600_000);
      rows.push({
        title: `${sentence(i, i, 7).slice(0, -1)} (${i})`,
        excerpt: sentence(i, i + 1, 25),
        content: paragraphs,
        categoryId: cats[i % cats.length]?.id ?? null,
        authorName: "Bench Writer",
        status: "published" as const,
        views: (i * 37) % 900,
        readTime: "2 min read",
        publishedAt,
        createdAt: publishedAt,
      });
    }
    await database.db.insert(articles).values(rows);
  }
  const [sample] = await database.db.select({ id: articles.id }).from(articles).limit(1);
  await database.close();
  if (!sample) throw new Error("[bench] the database has no article to open");
  return sample.id;
}

interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET with gzip accepted; `bytes` is what travelled over the wire. */
function get(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(`${BASE}${pathname}`, { agent, headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const body =
          res.headers["content-encoding"] === "gzip"
            ? gunzipSync(raw).toString("utf8")
            : raw.toString("utf8");
        resolve({ status: res.statusCode ?? 0, ms, bytes: raw.length, body });
      });
    });
    req.on("error", reject);
  });
}

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await get("/healthz")).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error("the server did not answer /healthz within 60 s");
}

function percentile(sorted: number[], p: number) {
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  if (value === undefined) throw new Error("[bench] a percentile of no timings");
  return value;
}

async function measure(pathFor: (i: number) => string) {
  for (let i = 0; i < 10; i++) await get(pathFor(i)); // warm-up
  const times: number[] = [];
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const answer = await get(pathFor(i));
      if (answer.status !== 200) throw new Error(`${pathFor(i)} answered ${answer.status}`);
      times.push(answer.ms);
      bytes = answer.bytes;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** Compressed size of every script the home page loads (module preloads and module scripts). */
async function homeScriptBytes(html: string) {
  const sources = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].flatMap((m) => (m[1] ? [m[1]] : [])),
  );
  let total = 0;
  for (const src of sources) total += (await get(src)).bytes;
  return { total, files: sources.size };
}

const SEARCH_TERMS = ["cocoa", "market traders", "black stars", "festival", "gold mining", "accra"];

async function main() {
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  console.log(`[bench] Preparing a database with ${ARTICLES} extra published articles in ${dataDir}...`);
  const articleId = await populate();
  const server = spawn(process.execPath, ["bin/newsdesk.mjs", "start"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let failed = false;
  try {
    await waitForServer();
    const pages: Array<[keyof typeof BUDGETS.p95Ms, (i: number) => string]> = [
      ["home", () => "/"],
      ["article", () => `/article/${articleId}`],
      ["category", () => "/category/business"],
      ["allArticles", (i) => `/all-articles?page=${(i % 40) + 2}`],
      ["search", (i) => `/search?q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length] ?? "")}`],
    ];
    console.log(`[bench] ${REQUESTS} requests per page, ${CONCURRENCY} at a time\n`);
    console.log("page          p50 ms   p95 ms   budget   html gz bytes");
    for (const [name, pathFor] of pages) {
      const result = await measure(pathFor);
      const budget = BUDGETS.p95Ms[name];
      const ok = result.p95 <= budget && result.bytes <= BUDGETS.htmlBytes;
      if (!ok) failed = true;
      console.log(
        `${name.padEnd(12)} ${result.p50.toFixed(1).padStart(7)} ${result.p95.toFixed(1).padStart(8)} ${String(budget).padStart(8)}   ${String(result.bytes).padStart(8)}  ${ok ? "ok" : "OVER BUDGET"}`,
      );
    }
    const home = await get("/");
    const scripts = await homeScriptBytes(home.body);
    const scriptsOk = scripts.total <= BUDGETS.homeScriptBytes;
    if (!scriptsOk) failed = true;
    console.log(
      `\nhome scripts: ${scripts.files} files, ${scripts.total} bytes gzip (budget ${BUDGETS.homeScriptBytes}) ${scriptsOk ? "ok" : "OVER BUDGET"}`,
    );
    console.log(`html budget: ${BUDGETS.htmlBytes} bytes gzip per page`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error("\n[bench] A budget was missed.");
    process.exit(1);
  }
  console.log("\n[bench] All budgets met.");
}

await main();
