// The Chromium every browser run uses (journeys, the bench's phone load, Lighthouse) and the flags that
// work on this kind of machine: docs/decisions/003-chromium-for-browser-tests.md.
import fs from "node:fs";
import path from "node:path";

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
  if (process.platform === "linux" && process.arch === "x64") return packagedChromium();
  return undefined;
}

/** Where the packaged Chromium is unpacked: kept between runs, and gone with node_modules. */
export const PACKAGED_CHROMIUM_DIR = path.resolve("node_modules/.cache/newsdesk-chromium");

/**
 * The package unpacks its binary, libraries and fonts (about 200 MB) into the temporary folder, and
 * unpacks again wherever that folder was cleaned or differs (each CI job, each TMPDIR). Pointed at a
 * folder of ours instead, it unpacks once per install and reuses it.
 */
export async function packagedChromium() {
  fs.mkdirSync(PACKAGED_CHROMIUM_DIR, { recursive: true });
  const { default: packaged } = await import("@sparticuz/chromium");
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = PACKAGED_CHROMIUM_DIR; // read by os.tmpdir(), which the package unpacks into
  try {
    return await packaged.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
}
