// The browser tests: finds a Chromium (see docs/decisions/003-chromium-for-browser-tests.md), builds the
// app, runs Playwright.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { findChromium } from "./chromium.mjs";
import { build } from "./ensure-build.mjs";

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
