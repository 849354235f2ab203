// The Chromium every browser run uses (journeys, the bench's phone load, Lighthouse) and the flags that
// work on this kind of machine: docs/decisions/003-chromium-for-browser-tests.md.
import fs from "node:fs";

/**
 * Without the background-networking flags Chromium keeps calling Google's hosts, which a closed network
 * refuses. Headless mode is left to the caller (Playwright sets its own; Lighthouse wants `--headless=new`).
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** CHROMIUM_PATH, else the system's Chromium, else the one inside @sparticuz/chromium (x86-64 only). */
export async function findChromium() {
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
