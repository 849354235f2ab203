// The browser tests: finds Chromium, builds the app, runs Playwright.
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      "Install it with `apt-get update && apt-get install -y chromium` (Debian/Ubuntu),\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}
// Each E2E_PORT builds into its own folder, so parallel runs never overwrite each other's build.
const buildDir =
  process.env.BUILD_DIR ?? (process.env.E2E_PORT ? `.e2e-build/${process.env.E2E_PORT}` : "build");
execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, BUILD_DIR: buildDir },
});
process.exit(result.status ?? 1);
