/**
 * The e-mail site's clock (playwright.config.ts passes this file as its UNSAFE_TEST_CLOCK_FILE): the site
 * reads the time as the system's plus the milliseconds written here, on every read
 * (app/services.server.ts, testClockFromFile), so a journey can see a day pass 24 h later. Only the
 * e-mail site has it, and its project runs one journey at a time (playwright.config.ts): a moved clock
 * meets no other journey. A journey that moves it puts it back before it ends.
 */
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3100);

export const SITE_CLOCK_FILE = path.join(os.tmpdir(), `newsdesk-e2e-mail-${port}-clock`);

/** The e-mail site's clock runs `ms` ahead of this machine's from its next request on. */
export const moveSiteClock = (ms: number) => writeFile(SITE_CLOCK_FILE, String(Math.round(ms)));

/** The e-mail site's clock is this machine's again. */
export const resetSiteClock = () => rm(SITE_CLOCK_FILE, { force: true });
