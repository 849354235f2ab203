import { describe, expect, test } from "vitest";
import { instantToZonedTime, zonedTimeToInstant } from "./zoned-time";

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
