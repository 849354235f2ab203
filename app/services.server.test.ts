/**
 * The services' clock: the system's on every real site, and, for browser tests only, one a file moves
 * (`UNSAFE_TEST_CLOCK_FILE`, docs/operations.md).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { parseConfig } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { closeServices, openServices, systemClock, testClockFromFile } from "./services.server";

const SYSTEM_TIME = new Date("2026-11-29T10:00:00.000Z");
const DAY_AND_A_MINUTE = 24 * 3600_000 + 60_000;

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-clock-"));
  file = path.join(dir, "clock");
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  await rm(file, { force: true });
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(SYSTEM_TIME);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("testClockFromFile", () => {
  test("adds the file's offset to the system time, and follows the file as it is rewritten", async () => {
    const clock = testClockFromFile(file);
    await writeFile(file, `${DAY_AND_A_MINUTE}\n`);
    expect(clock.now().toISOString()).toBe("2026-11-30T10:01:00.000Z");
    await writeFile(file, "-60000");
    expect(clock.now().toISOString()).toBe("2026-11-29T09:59:00.000Z");
    await writeFile(file, "0");
    expect(clock.now()).toEqual(SYSTEM_TIME);
  });

  test("a missing or blank file is the system time", async () => {
    const clock = testClockFromFile(file);
    expect(clock.now()).toEqual(SYSTEM_TIME);
    await writeFile(file, " \n");
    expect(clock.now()).toEqual(SYSTEM_TIME);
    await writeFile(file, String(DAY_AND_A_MINUTE));
    await rm(file);
    expect(clock.now()).toEqual(SYSTEM_TIME);
  });

  test("anything but a whole number of milliseconds is refused, naming the file", async () => {
    await writeFile(file, "24h");
    expect(() => testClockFromFile(file).now()).toThrow(`${file} (UNSAFE_TEST_CLOCK_FILE)`);
  });
});

describe("openServices' clock", () => {
  const servicesFor = (env: Record<string, string>) =>
    // The clock reads no database; a local media store under the test's folder.
    openServices(parseConfig({ DATA_DIR: dir, ...env }), {} as Db);

  test("without UNSAFE_TEST_CLOCK_FILE it is the system clock itself", async () => {
    await writeFile(file, String(DAY_AND_A_MINUTE));
    const services = await servicesFor({});
    expect(services.clock).toBe(systemClock);
    expect(services.clock.now()).toEqual(SYSTEM_TIME);
    await closeServices(services);
  });

  test("with UNSAFE_TEST_CLOCK_FILE it runs ahead by the file's offset", async () => {
    const services = await servicesFor({ UNSAFE_TEST_CLOCK_FILE: file });
    expect(services.clock.now()).toEqual(SYSTEM_TIME);
    await writeFile(file, String(DAY_AND_A_MINUTE));
    expect(services.clock.now().toISOString()).toBe("2026-11-30T10:01:00.000Z");
    await closeServices(services);
  });
});
