// The browser tests: finds a Chromium (see docs/decisions/003-chromium-for-browser-tests.md), builds the
// app, runs Playwright.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { build } from "./ensure-build.mjs";

/** CHROMIUM_PATH, else the system's Chromium, else the one inside @sparticuz/chromium (x86-64 only). */
async function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const system = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
  if (system) return system;
  if (process.platform === "linux" && process.arch === "x64") {
    const { default: packaged } = await import("@sparticuz/chromium");
    // Unpacks the compressed binary (and its libraries) into the temp folder once.
    return packaged.executablePath();
  }
  return undefined;
}

const chromium = await findChromium();
if (!chromium || !fs.existsSync(chromium)) {
  console.error(
    `No Chromium found${chromium ? ` at ${chromium}` : ""}.\n` +
      "Point CHROMIUM_PATH at a Chromium or Chrome binary, or install one\n" +
      "(Debian/Ubuntu: `apt-get update && apt-get install -y chromium`).",
  );
  process.exit(1);
}
console.log(`[e2e] Chromium: ${chromium}`);
// Each E2E_PORT builds into its own folder, so parallel runs never overwrite each other's build.
const buildDir =
  process.env.BUILD_DIR ?? (process.env.E2E_PORT ? `.e2e-build/${process.env.E2E_PORT}` : "build");
build(buildDir);
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, BUILD_DIR: buildDir },
});
process.exit(result.status ?? 1);
