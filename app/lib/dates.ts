/**
 * Date display (dates.test.ts): PHP-style date and time formats from the settings, shown in
 * the settings' timezone; relative dates; the comment date form. Pure and isomorphic: the server and the
 * browser render the same text, so hydration never disagrees.
 */

const NO_DATE = "No date available";
const INVALID_DATE = "Invalid date";

type DateInput = Date | string | number | null | undefined;

/** A Date, or the reason there is none ('No date available' / 'Invalid date'). */
function toDate(value: DateInput): Date | typeof NO_DATE | typeof INVALID_DATE {
  if (value === null || value === undefined || value === "") return NO_DATE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? INVALID_DATE : date;
}

/**
 * Formatters are made once per (locale, options, timezone) and reused: building an Intl.DateTimeFormat
 * costs far more than formatting with one (a new one per date was 8% of an article page's CPU time).
 * The keys are few (the settings' timezone, the back office's, UTC), so the cache stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

const timeZoneChecks = new Map<string, string>();

/** An unknown timezone in the settings must not break every page: fall back to UTC. */
export function safeTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return "UTC";
  let checked = timeZoneChecks.get(timeZone);
  if (checked === undefined) {
    try {
      dateTimeFormat("en-US", { timeZone });
      checked = timeZone;
    } catch {
      checked = "UTC";
    }
    timeZoneChecks.set(timeZone, checked);
  }
  return checked;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The time units a relative date counts in. */
export type TimeUnit = "minute" | "hour" | "day" | "week" | "month" | "year";

/**
 * The words a date is shown with: an edition's month and weekday names and its "3 hours ago" come from
 * its message catalogue (decision record 022, point 6); English's are the default.
 */
export interface DateWords {
  /** January first. */
  months: readonly string[];
  /** Sunday first. */
  weekdays: readonly string[];
  /** "M": a language's own short names, not its long ones cut. */
  shortMonths: readonly string[];
  /** "D", Sunday first. */
  shortWeekdays: readonly string[];
  justNow: string;
  ago: (count: number, unit: TimeUnit) => string;
}

export const ENGLISH_DATE_WORDS: DateWords = {
  months: MONTHS,
  weekdays: WEEKDAYS,
  shortMonths: MONTHS.map((month) => month.slice(0, 3)),
  shortWeekdays: WEEKDAYS.map((weekday) => weekday.slice(0, 3)),
  justNow: "Just now",
  ago: (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"} ago`,
};

/**
 * Dates already taken apart, by instant and timezone: a page shows the same few dates again and again
 * (its stories', their cards'), and `formatToParts` is the costliest step of showing one. Bounded: the
 * map starts over when full.
 */
const knownParts = new Map<string, Parts>();
const KNOWN_PARTS_MAX = 5000;

function partsIn(date: Date, timeZone: string): Parts {
  const key = `${date.getTime()}|${timeZone}`;
  const known = knownParts.get(key);
  if (known) return known;
  const formatter = dateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    weekday: "long",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  });
  const found: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) found[part.type] = part.value;
  const parts: Parts = {
    year: Number(found.year),
    month: Number(found.month),
    day: Number(found.day),
    weekday: WEEKDAYS.indexOf(found.weekday ?? ""),
    hour: Number(found.hour) % 24,
    minute: Number(found.minute),
    second: Number(found.second),
  };
  if (knownParts.size >= KNOWN_PARTS_MAX) knownParts.clear();
  knownParts.set(key, parts);
  return parts;
}

const pad = (n: number) => String(n).padStart(2, "0");

const TOKENS: Record<string, (p: Parts, words: DateWords) => string> = {
  // Day
  d: (p) => pad(p.day),
  j: (p) => String(p.day),
  l: (p, w) => w.weekdays[p.weekday] ?? "",
  D: (p, w) => w.shortWeekdays[p.weekday] ?? "",
  // Month
  F: (p, w) => w.months[p.month - 1] ?? "",
  M: (p, w) => w.shortMonths[p.month - 1] ?? "",
  m: (p) => pad(p.month),
  n: (p) => String(p.month),
  // Year
  Y: (p) => String(p.year),
  y: (p) => pad(p.year % 100),
  // Time
  a: (p) => (p.hour < 12 ? "am" : "pm"),
  A: (p) => (p.hour < 12 ? "AM" : "PM"),
  g: (p) => String(p.hour % 12 || 12),
  h: (p) => pad(p.hour % 12 || 12),
  G: (p) => String(p.hour),
  H: (p) => pad(p.hour),
  i: (p) => pad(p.minute),
  s: (p) => pad(p.second),
};

/**
 * Formats with PHP `date()` tokens (F M n m j d Y y l D, and g G h H i s a A for times). A backslash
 * escapes the next character, as in PHP; any other character is copied.
 */
export function formatDate(
  value: DateInput,
  format = "F j, Y",
  timeZone = "UTC",
  words: DateWords = ENGLISH_DATE_WORDS,
): string {
  const date = toDate(value);
  if (typeof date === "string") return date;
  const parts = partsIn(date, safeTimeZone(timeZone));
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const char = format.charAt(i);
    if (char === "\\" && i + 1 < format.length) {
      out += format.charAt(++i);
      continue;
    }
    const token = TOKENS[char];
    out += token ? token(parts, words) : char;
  }
  return out;
}

/** The settings' time format ('g:i a' by default). */
export function formatTime(value: DateInput, timeFormat = "g:i a", timeZone = "UTC"): string {
  return formatDate(value, timeFormat, timeZone);
}

/** What a page needs from the settings to show dates. */
export interface DateSettings {
  dateFormat: string;
  timeFormat: string;
  timezone: string;
}

/** A date in the site's own date format and timezone, in the page's words. */
export function siteDate(value: DateInput, settings: DateSettings, words?: DateWords): string {
  return formatDate(value, settings.dateFormat || "F j, Y", settings.timezone, words);
}

/** Long form: 'November 22, 2026'. */
export function longDate(value: DateInput, timeZone = "UTC"): string {
  return formatDate(value, "F j, Y", timeZone);
}

/** Short form for result lists: 'Nov 22, 2026'. */
export function shortDate(value: DateInput, timeZone = "UTC", words?: DateWords): string {
  return formatDate(value, "M j, Y", timeZone, words);
}

/**
 * Comments: the en-US short form with hour and minute, e.g. 'Nov 22, 2026, 09:05 PM'; with the 24-hour
 * time format of Settings → Content ('H:i'), 'Nov 22, 2026, 21:05'. Built from tokens rather than
 * `Intl`'s en-US so an edition's page names the month in its own words (decision record 022, point 6).
 */
export function commentDate(
  value: DateInput,
  timeZone = "UTC",
  timeFormat = "g:i a",
  words: DateWords = ENGLISH_DATE_WORDS,
): string {
  return formatDate(value, timeFormat === "H:i" ? "M j, Y, H:i" : "M j, Y, h:i A", timeZone, words);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface RelativeDateOptions {
  now?: Date;
  /**
   * Where the text shows. The two spec documents agree up to a day and part after it: the reader site
   * counts on in days, weeks, months and years (the reader site); the back office counts days
   * under 30 and then gives the date itself (dates.test.ts).
   */
  style?: "site" | "back-office";
  /** For the back office's plain date. */
  timeZone?: string;
  /** The page's words (an edition's); English by default. */
  words?: DateWords;
}

/**
 * Relative dates: 'Just now' under a minute, minutes under an hour, hours under a day; then, on the
 * site, days under 7, weeks under 30 days, months under 365 days and years; in the back office, days
 * under 30 and then the date ('Nov 22, 2026'). A date in the future (clock skew) reads 'Just now'.
 */
export function relativeDate(
  value: DateInput,
  {
    now = new Date(),
    style = "site",
    timeZone = "UTC",
    words = ENGLISH_DATE_WORDS,
  }: RelativeDateOptions = {},
): string {
  const date = toDate(value);
  if (typeof date === "string") return date;
  const elapsed = now.getTime() - date.getTime();
  const { ago } = words;
  if (elapsed < MINUTE) return words.justNow;
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  const days = Math.floor(elapsed / DAY);
  if (style === "back-office") return days < 30 ? ago(days, "day") : shortDate(date, timeZone);
  if (days < 7) return ago(days, "day");
  if (days < 30) return ago(Math.floor(days / 7), "week");
  if (days < 365) return ago(Math.floor(days / 30), "month");
  return ago(Math.floor(days / 365), "year");
}

/** The machine-readable value for a <time dateTime> attribute, or undefined when there is no valid date. */
export function isoDate(value: DateInput): string | undefined {
  const date = toDate(value);
  return typeof date === "string" ? undefined : date.toISOString();
}
