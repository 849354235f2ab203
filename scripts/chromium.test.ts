/**
 * The packaged Chromium (scripts/chromium.mjs, decision 003) is unpacked once into node_modules/.cache and
 * reused, not into the temporary folder on every run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { PACKAGED_CHROMIUM_DIR, packagedChromium } from "./chromium.mjs";

test.runIf(process.platform === "linux" && process.arch === "x64")(
  "unpacks into node_modules/.cache/newsdesk-chromium, leaves the temporary folder alone, and is reused",
  async () => {
    const tmpdir = process.env.TMPDIR;
    const inTemp = () =>
      ["chromium", "fonts", "libGLESv2.so"].filter((name) => fs.existsSync(path.join(os.tmpdir(), name)));
    const before = inTemp();
    const binary = await packagedChromium();
    expect(binary).toBe(path.join(PACKAGED_CHROMIUM_DIR, "chromium"));
    expect(fs.statSync(binary).mode & 0o100).toBeTruthy();
    expect(inTemp()).toEqual(before);
    expect(process.env.TMPDIR).toBe(tmpdir);
    const unpackedAt = fs.statSync(binary).mtimeMs;
    expect(await packagedChromium()).toBe(binary);
    expect(fs.statSync(binary).mtimeMs).toBe(unpackedAt);
  },
  60_000,
);
