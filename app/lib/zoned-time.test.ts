import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { instantToZonedTime, localDayAndHour, zonedTimeToInstant } from "./zoned-time";

describe("the schedule's wall-clock time in the site's timezone", () => {
  test("UTC and Accra (no offset) read the time as it is", () => {
    expect(zonedTimeToInstant("2026-03-01T14:00", "UTC")?.toISOString()).toBe("2026-03-01T14:00:00.000Z");
    expect(zonedTimeToInstant("2026-03-01T14:00", "Africa/Accra")?.toISOString()).toBe(
      "2026-03-01T14:00:00.000Z",
    );
  });

  test("a zone ahead of UTC and one behind it", () => {
    expect(zonedTimeToInstant("2026-03-01T14:00", "Africa/Lagos")?.toISOString()).toBe(
      "2026-03-01T13:00:00.000Z",
    );
    expect(zonedTimeToInstant("2026-01-15T09:30", "America/New_York")?.toISOString()).toBe(
      "2026-01-15T14:30:00.000Z",
    );
    expect(zonedTimeToInstant("2026-07-15T09:30", "America/New_York")?.toISOString()).toBe(
      "2026-07-15T13:30:00.000Z",
    );
    expect(zonedTimeToInstant("2026-01-01T00:15", "Asia/Kolkata")?.toISOString()).toBe(
      "2025-12-31T18:45:00.000Z",
    );
  });

  test("the clock change: a skipped time takes the later offset, the rest round-trip", () => {
    // New York skips 02:00-03:00 on 8 March 2026.
    expect(zonedTimeToInstant("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    for (const local of ["2026-03-08T01:59", "2026-03-08T03:00", "2026-11-01T00:30", "2026-12-31T23:59"]) {
      const instant = zonedTimeToInstant(local, "America/New_York");
      expect(instant && instantToZonedTime(instant, "America/New_York")).toBe(local);
    }
  });

  test("shows an instant as the zone's wall clock", () => {
    expect(instantToZonedTime(new Date("2026-03-01T13:00:00Z"), "Africa/Lagos")).toBe("2026-03-01T14:00");
    expect(instantToZonedTime(new Date("2026-03-01T13:00:00Z"), "Nowhere/Else")).toBe("2026-03-01T13:00");
  });

  test("anything but a date and time is refused", () => {
    for (const bad of [
      "",
      "2026-03-01",
      "2026-02-31T10:00",
      "2026-13-01T10:00",
      "2026-03-01T24:00",
      "soon",
    ]) {
      expect(zonedTimeToInstant(bad, "UTC")).toBeNull();
    }
  });
});

describe("the site's day and hour", () => {
  test("are read in its time zone", () => {
    const now = new Date("2026-11-27T22:05:00Z");
    expect(localDayAndHour(now, "Africa/Accra")).toEqual({ day: "2026-11-27", hour: 22 });
    expect(localDayAndHour(now, "Asia/Tokyo")).toEqual({ day: "2026-11-28", hour: 7 });
    expect(localDayAndHour(new Date("2026-11-27T00:30:00Z"), "America/New_York")).toEqual({
      day: "2026-11-26",
      hour: 19,
    });
  });
});

/**
 * The oracle: the zone's offset as Intl names it ("GMT-04:00"), a different reading of Intl from the
 * module's (which compares the formatted wall clock with UTC), so the two must agree rather than share a
 * mistake.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetMs(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0; // "GMT": no offset
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -minutes : minutes) * 60_000;
}
const wallClockOf = (instant: number, timeZone: string) =>
  new Date(instant + offsetMs(instant, timeZone)).toISOString().slice(0, 16);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2040;

/** Every instant the zone's offset changes in the years checked, to the minute, with the offsets around it. */
function clockChanges(timeZone: string) {
  const changes: Array<{ at: number; before: number; after: number }> = [];
  const end = Date.UTC(LAST_YEAR + 1, 0, 1);
  for (let from = Date.UTC(FIRST_YEAR, 0, 1); from < end; from += 7 * 24 * HOUR) {
    let [lo, hi] = [from, from + 7 * 24 * HOUR];
    if (offsetMs(lo, timeZone) === offsetMs(hi, timeZone)) continue;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetMs(mid, timeZone) === offsetMs(lo, timeZone)) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, before: offsetMs(lo, timeZone), after: offsetMs(hi, timeZone) });
  }
  return changes;
}

const ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Africa/Accra"] as const;
const CHANGES = new Map(ZONES.map((zone) => [zone, clockChanges(zone)]));
const changesIn = (zone: string) => CHANGES.get(zone as (typeof ZONES)[number]) ?? [];

/** A zone and a minute: anywhere in the years checked, or within three hours of one of its clock changes. */
const zonedInstant = fc.oneof(
  fc
    .record({
      zone: fc.constantFrom(...ZONES),
      instant: fc.integer({
        min: Date.UTC(FIRST_YEAR, 0, 1) / MINUTE,
        max: Date.UTC(LAST_YEAR, 11, 31) / MINUTE,
      }),
    })
    .map(({ zone, instant }) => ({ zone, instant: instant * MINUTE })),
  fc
    .record({
      zone: fc.constantFrom("America/New_York", "Europe/London", "Australia/Sydney"),
      change: fc.nat(),
      minutes: fc.integer({ min: -180, max: 180 }),
    })
    .map(({ zone, change, minutes }) => {
      const changes = changesIn(zone);
      return { zone, instant: changes[change % changes.length]!.at + minutes * MINUTE };
    }),
);

describe("the zone's clock, checked against Intl across clock changes", () => {
  test("the years checked hold the clock changes of the zones that have them, and none in Accra", () => {
    for (const zone of ["America/New_York", "Europe/London", "Australia/Sydney"])
      expect(changesIn(zone).length).toBe(2 * (LAST_YEAR - FIRST_YEAR + 1));
    expect(changesIn("Africa/Accra")).toEqual([]);
  });

  test("an instant reads as the zone's wall clock, day and hour", () => {
    fc.assert(
      fc.property(zonedInstant, ({ zone, instant }) => {
        const wall = wallClockOf(instant, zone);
        expect(instantToZonedTime(new Date(instant), zone)).toBe(wall);
        expect(localDayAndHour(new Date(instant), zone)).toEqual({
          day: wall.slice(0, 10),
          hour: Number(wall.slice(11, 13)),
        });
      }),
      { numRuns: 2000 },
    );
  });

  test("a wall-clock time the zone shows names an instant at which it shows it", () => {
    fc.assert(
      fc.property(zonedInstant, ({ zone, instant }) => {
        const wall = wallClockOf(instant, zone);
        const named = zonedTimeToInstant(wall, zone);
        expect(named && wallClockOf(named.getTime(), zone)).toBe(wall);
        // Only a time shown twice (the hour the clock goes back) may name the other of its two instants.
        const repeats = changesIn(zone).flatMap((c) => [c.before - c.after, c.after - c.before]);
        expect([0, ...repeats]).toContain(named!.getTime() - instant);
      }),
      { numRuns: 2000 },
    );
  });

  test("a time the clock skips is read with the offset before the change: the clock moved on by the change", () => {
    const skips = fc
      .record({
        zone: fc.constantFrom("America/New_York", "Europe/London", "Australia/Sydney"),
        change: fc.nat(),
        minute: fc.nat(),
      })
      .map(({ zone, change, minute }) => {
        const forward = changesIn(zone).filter((c) => c.after > c.before);
        const { at, before, after } = forward[change % forward.length]!;
        const skipped = at + before + (minute % ((after - before) / MINUTE)) * MINUTE;
        return { zone, wall: new Date(skipped).toISOString().slice(0, 16), before, after };
      });
    fc.assert(
      fc.property(skips, ({ zone, wall, before, after }) => {
        const named = zonedTimeToInstant(wall, zone);
        expect(named?.getTime()).toBe(Date.parse(`${wall}Z`) - before);
        expect(wallClockOf(named!.getTime(), zone)).toBe(
          new Date(Date.parse(`${wall}Z`) + after - before).toISOString().slice(0, 16),
        );
      }),
      { numRuns: 500 },
    );
  });

  test("an unknown zone is UTC for every reading of the clock", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(FIRST_YEAR, 0, 1) / MINUTE, max: Date.UTC(LAST_YEAR, 11, 31) / MINUTE }),
        fc.constantFrom("Nowhere/Else", "Mars/Olympus_Mons", "", undefined),
        (minutes, zone) => {
          const instant = new Date(minutes * MINUTE);
          const utc = instant.toISOString().slice(0, 16);
          expect(instantToZonedTime(instant, zone)).toBe(utc);
          expect(localDayAndHour(instant, zone)).toEqual({
            day: utc.slice(0, 10),
            hour: instant.getUTCHours(),
          });
          expect(zonedTimeToInstant(utc, zone)?.getTime()).toBe(instant.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});
