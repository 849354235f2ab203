/**
 * The clock the domain decides by (`services.clock`, app/services.server.ts): the system's, or in
 * browser tests one a journey can move.
 */
import { readFileSync } from "node:fs";

/** Where the domain takes the time from when it decides by it (the scheduler, newsletters, live coverage). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Browser tests only (`UNSAFE_TEST_CLOCK_FILE`, docs/operations.md): the system's time plus the offset in
 * milliseconds the file holds, so a journey can move a built server's clock (a day pass seen 24 h later,
 * tests/e2e/clock.ts). The file is read on every call: it is a few bytes, and a moved clock must show on
 * the very next request. Missing or blank: no offset. Anything but a whole number is the test's mistake,
 * and says so rather than run on the wrong time.
 */
export function testClockFromFile(file: string): Clock {
  return {
    now() {
      let text: string;
      try {
        text = readFileSync(file, "utf8").trim();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Date();
        throw error;
      }
      if (text === "") return new Date();
      if (!/^-?\d+$/.test(text))
        throw new Error(
          `${file} (UNSAFE_TEST_CLOCK_FILE) must hold an offset in milliseconds, not "${text}"`,
        );
      return new Date(Date.now() + Number(text));
    },
  };
}
