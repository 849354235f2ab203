/**
 * `npm run lighthouse`: Lighthouse's mobile performance and accessibility scores, and whether Chromium
 * would install the site as an app ("app": scripts/lighthouse-pwa/, Lighthouse 11's PWA checks), of the home page, an
 * article, a story running live coverage, and the Twi edition's home and a Twi story, on the production server with the bench's content (the
 * sample content, LIGHTHOUSE_ARTICLES generated articles, default 1,000, and the 445 KB lead photo).
 * Each page is run LIGHTHOUSE_RUNS times (default 2): Lighthouse's simulated throttling still moves a
 * few points from run to run.
 *
 * Chromium: CHROME_PATH, else the one the journeys use (scripts/chromium.mjs). Lighthouse 12 (the last line that
 * runs on Node 20) with its default mobile settings: Moto G Power, slow 4G and a 4x slower CPU,
 * simulated. Only 127.0.0.1 is contacted. LIGHTHOUSE_PAGES picks pages by name (e.g. "live" or
 * "article,live,twi-home,twi-article"); LIGHTHOUSE_REPORTS names a folder to keep the JSON reports in (to read the traces).
 */
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeClient } from "./bench/http";
import { CHROMIUM_FLAGS, findChromium } from "./chromium.mjs";
import { startServer } from "./bench/server";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3960);
const ARTICLES = Number(process.env.LIGHTHOUSE_ARTICLES ?? 1000);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const chrome = process.env.CHROME_PATH ?? (await findChromium());

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<
    string,
    { numericValue?: number; displayValue?: string; score?: number | null; explanation?: string }
  >;
}

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
  ["total-byte-weight", "bytes"],
] as const;

function runLighthouse(url: string, outFile: string): Promise<Report> {
  const bin = path.resolve("node_modules/.bin/lighthouse");
  const args = [
    url,
    // Lighthouse's defaults and an "Installable app" category of our own (Lighthouse 12 dropped PWA).
    `--config-path=${path.resolve("scripts/lighthouse-pwa/config.mjs")}`,
    "--only-categories=performance,accessibility,pwa",
    "--form-factor=mobile",
    "--output=json",
    `--output-path=${outFile}`,
    "--quiet",
    "--no-enable-error-reporting",
    `--chrome-flags=${[...CHROMIUM_FLAGS, "--headless=new"].join(" ")}`,
    "--max-wait-for-load=60000",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, CHROME_PATH: chrome ?? "" }, stdio: "inherit" });
    const guard = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(guard);
      if (code !== 0) return reject(new Error(`[lighthouse] ${url}: lighthouse exited with ${code}`));
      resolve(JSON.parse(fs.readFileSync(outFile, "utf8")) as Report);
    });
  });
}

function metric(report: Report, id: string): string {
  const value = report.audits[id]?.numericValue;
  if (value === undefined) return "-";
  if (id === "cumulative-layout-shift") return value.toFixed(3);
  if (id === "total-byte-weight") return `${(value / 1000).toFixed(0)} KB`;
  if (id === "total-blocking-time") return `${value.toFixed(0)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

async function main() {
  if (!chrome || !fs.existsSync(chrome)) {
    console.error(
      "[lighthouse] No Chromium: set CHROMIUM_PATH (or CHROME_PATH) to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-lighthouse-"));
  const dataDir = path.join(workDir, "data");
  fs.mkdirSync(dataDir);
  process.env.DATA_DIR = dataDir;
  process.env.ADMIN_PASSWORD ??= "bench-only-123";
  delete process.env.DATABASE_URL;
  const rows: string[][] = [];
  const failedAppChecks: string[] = [];
  try {
    console.log(`[lighthouse] Seeding ${ARTICLES} articles and the lead photo...`);
    const { seedBenchContent, BENCH_EDITION, generatedArticlePath } = await import("./bench/seed");
    const seeded = await seedBenchContent(dataDir, ARTICLES);
    const server = await startServer({
      port: PORT,
      dataDir,
      pageCache: true,
      logFile: path.join(workDir, "server.log"),
    });
    try {
      const pages = [
        ["home", `${server.origin}/`],
        ["article", `${server.origin}${seeded.leadArticlePath}`],
        // A story running live coverage (decision record 016): its stream, key points and alert button.
        ["live", `${server.origin}${seeded.live.articlePath}`],
        // An edition's pages (decision record 022): its texts from the Twi catalogue, `<html lang="tw">`.
        ["twi-home", `${server.origin}/${BENCH_EDITION}/`],
        ["twi-article", `${server.origin}${generatedArticlePath(5)}`],
      ] as const;
      for (const [name, url] of pages.filter(([name]) => !PAGES || PAGES.includes(name))) {
        for (let run = 1; run <= RUNS; run++) {
          console.log(`[lighthouse] ${name}, run ${run} of ${RUNS}...`);
          const outFile = path.join(REPORTS ?? workDir, `${name}-${run}.json`);
          if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
          // Lighthouse now and then loses the trace of a load (NO_NAVSTART) and asks to be run again.
          const report = await runLighthouse(url, outFile).catch((error: Error) => {
            console.log(`${error.message}; running it again`);
            return runLighthouse(url, outFile);
          });
          const score = (id: string) => {
            const s = report.categories[id]?.score;
            return s === null || s === undefined ? "-" : String(Math.round(s * 100));
          };
          // The "Installable app" category's audits, as scripts/lighthouse-pwa/config.mjs lists them.
          for (const { id } of report.categories.pwa?.auditRefs ?? []) {
            const audit = report.audits[id];
            if (audit?.score !== 1)
              failedAppChecks.push(`${name}, run ${run}: ${id}: ${audit?.explanation ?? "no result"}`);
          }
          rows.push([
            name,
            String(run),
            score("performance"),
            score("accessibility"),
            score("pwa"),
            ...METRICS.map(([id]) => metric(report, id)),
          ]);
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    closeClient();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const header = ["page", "run", "perf", "a11y", "app", ...METRICS.map(([, label]) => label)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)) + 2);
  console.log(`\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling), ${ARTICLES} articles`);
  for (const row of [header, ...rows])
    console.log(row.map((cell, i) => cell.padStart(widths[i] ?? 0)).join(""));
  for (const failure of failedAppChecks) console.log(`[lighthouse] app check failed: ${failure}`);
}

function lighthouseVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return "";
  }
}

await main();
