// Builds the app when there is no build yet or the sources are newer than it, printing one line
// (the build's own output, some 130 lines, only when it fails).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The bundle holds React Router and its adapters too, so a dependency change (package files) counts.
const SOURCES = [
  "app",
  "server",
  "scripts",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "package-lock.json",
];

/** The newest change below a path; a folder's own time counts, as it changes when a file is deleted. */
function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

function isBuildStale(buildDir) {
  const built = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(built)) return true;
  const sources = SOURCES.filter((source) => fs.existsSync(source));
  return Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
}

const BUILDER = "node_modules/@react-router/dev/bin.js";

export function build(buildDir) {
  if (!fs.existsSync(BUILDER)) {
    console.error(
      "[newsdesk] The build is missing or older than the sources, and the build tools are not installed\n" +
        "(npm ci --omit=dev?). Run `npm ci && npm run build` where the development dependencies are.",
    );
    process.exit(1);
  }
  const startedAt = Date.now();
  process.stdout.write("[newsdesk] Building the app... ");
  const result = spawnSync(process.execPath, [BUILDER, "build"], {
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.log("failed:");
    console.error(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
}

export function ensureBuild(buildDir) {
  if (isBuildStale(buildDir)) build(buildDir);
}

// `node scripts/ensure-build.mjs`: the same check from the command line (the benchmark uses it).
if (import.meta.url === `file://${process.argv[1]}`) ensureBuild(process.env.BUILD_DIR ?? "build");
