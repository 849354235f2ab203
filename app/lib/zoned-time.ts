/**
 * Wall-clock times in the site's timezone (Settings → timezone) and the instants they name: the
 * schedule's `datetime-local` input has no zone, so "14:00" means 14:00 where the newsroom is, not on
 * the server or in the editor's browser; and the zone's day and hour at an instant (the daily digest's
 * "has its hour come today"). Pure and isomorphic (Intl only). The one reading of the zone's clock: an
 * unknown zone means UTC everywhere, and `zoned-time.test.ts` checks it against Intl across clock changes.
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An unknown zone (a stale setting) is read as UTC rather than breaking the form. */
function knownZone(timeZone: string | undefined): string {
  if (!timeZone) return "UTC";
  try {
    wallClockFormat(timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}

function wallClock(instant: Date, timeZone: string) {
  const found: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instant)) found[part.type] = Number(part.value);
  return {
    year: found.year ?? 1970,
    month: found.month ?? 1,
    day: found.day ?? 1,
    hour: (found.hour ?? 0) % 24,
    minute: found.minute ?? 0,
    second: found.second ?? 0,
  };
}

/** How far the zone's clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant.getTime() - instant.getMilliseconds());
}

/**
 * The instant a `YYYY-MM-DDTHH:mm` wall-clock time in `timeZone` names, or null when it is not such a
 * time. In a daylight-saving gap (a time the clock skips) the later offset is used.
 */
export function zonedTimeToInstant(local: string, timeZone: string | undefined): Date | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null; // 31 February
  const zone = knownZone(timeZone);
  // The offset at the guess, then at the corrected instant: they differ only next to a clock change,
  // where the one whose wall clock reads the typed time wins (in a gap neither does: take the later).
  const first = asUtc - offsetAt(new Date(asUtc), zone);
  const second = asUtc - offsetAt(new Date(first), zone);
  const candidates = [second, first].map((t) => new Date(t));
  return (
    candidates.find((c) => instantToZonedTime(c, zone) === local.trim()) ?? new Date(Math.max(first, second))
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The `YYYY-MM-DDTHH:mm` a `datetime-local` input shows for that instant in `timeZone`. */
export function instantToZonedTime(instant: Date, timeZone: string | undefined): string {
  const p = wallClock(instant, knownZone(timeZone));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The day (`YYYY-MM-DD`) and hour (0-23) of `instant` on the wall clock of `timeZone`. */
export function localDayAndHour(instant: Date, timeZone: string | undefined): { day: string; hour: number } {
  const p = wallClock(instant, knownZone(timeZone));
  return { day: `${p.year}-${pad(p.month)}-${pad(p.day)}`, hour: p.hour };
}
