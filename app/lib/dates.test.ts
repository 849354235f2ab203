import { describe, expect, test } from "vitest";
import {
  commentDate,
  ENGLISH_DATE_WORDS,
  formatDate,
  formatTime,
  longDate,
  relativeDate,
  shortDate,
  siteDate,
} from "./dates";

// 2026-03-05 14:07:09 UTC, a Thursday.
const moment = new Date(Date.UTC(2026, 2, 5, 14, 7, 9));

describe("formatDate with PHP tokens", () => {
  test.each([
    ["F j, Y", "March 5, 2026"],
    ["M j, Y", "Mar 5, 2026"],
    ["d/m/Y", "05/03/2026"],
    ["n/j/y", "3/5/26"],
    ["l, F j", "Thursday, March 5"],
    ["D d M Y", "Thu 05 Mar 2026"],
    ["Y-m-d", "2026-03-05"],
  ])("%s", (format, expected) => {
    expect(formatDate(moment, format, "UTC")).toBe(expected);
  });

  test("time tokens", () => {
    expect(formatTime(moment, "g:i a", "UTC")).toBe("2:07 pm");
    expect(formatTime(moment, "H:i", "UTC")).toBe("14:07");
    expect(formatTime(moment, "h:i:s A", "UTC")).toBe("02:07:09 PM");
    expect(formatTime(new Date(Date.UTC(2026, 0, 1, 0, 5)), "g:i a G", "UTC")).toBe("12:05 am 0");
  });

  test("a backslash escapes a token letter", () => {
    expect(formatDate(moment, "\\D\\a\\y j", "UTC")).toBe("Day 5");
  });

  test("follows the timezone of the settings", () => {
    // 14:07 UTC is 23:07 in Tokyo and 09:07 in New York (EST).
    expect(formatDate(moment, "F j, Y H:i", "Asia/Tokyo")).toBe("March 5, 2026 23:07");
    expect(formatDate(moment, "H:i", "America/New_York")).toBe("09:07");
    expect(formatDate(new Date(Date.UTC(2026, 2, 5, 20)), "F j", "Asia/Tokyo")).toBe("March 6");
  });

  test("an unknown timezone falls back to UTC", () => {
    expect(formatDate(moment, "H:i", "Mars/Olympus")).toBe("14:07");
  });

  test("missing and invalid dates", () => {
    expect(formatDate(null)).toBe("No date available");
    expect(formatDate(undefined)).toBe("No date available");
    expect(formatDate("")).toBe("No date available");
    expect(formatDate("not a date")).toBe("Invalid date");
    expect(longDate(null)).toBe("No date available");
    expect(shortDate("nope")).toBe("Invalid date");
    expect(commentDate(undefined)).toBe("No date available");
  });

  test("accepts strings (serialised dates)", () => {
    expect(longDate(moment.toISOString())).toBe("March 5, 2026");
    expect(siteDate(moment.toISOString(), { dateFormat: "d.m.Y", timeFormat: "H:i", timezone: "UTC" })).toBe(
      "05.03.2026",
    );
  });
});

test("comment dates use the en-US short form with hour and minute", () => {
  expect(commentDate(moment, "UTC")).toBe("Mar 5, 2026, 02:07 PM");
});

describe("relativeDate", () => {
  const now = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
  const before = (ms: number) => new Date(now.getTime() - ms);
  const SEC = 1000;
  const MIN = 60 * SEC;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  // The reader site: relative dates count on in days, weeks, months and years.
  test.each([
    [0, "Just now"],
    [59 * SEC, "Just now"],
    [MIN, "1 minute ago"],
    [59 * MIN, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR + 59 * MIN, "23 hours ago"],
    [DAY, "1 day ago"],
    [6 * DAY, "6 days ago"],
    [7 * DAY, "1 week ago"],
    [29 * DAY, "4 weeks ago"],
    [30 * DAY, "1 month ago"],
    [364 * DAY, "12 months ago"],
    [365 * DAY, "1 year ago"],
    [800 * DAY, "2 years ago"],
  ])("on the site, %d ms ago reads '%s'", (ms, expected) => {
    expect(relativeDate(before(ms), { now })).toBe(expected);
    expect(relativeDate(before(ms).toISOString(), { now, style: "site" })).toBe(expected);
  });

  // The back office: days under 30, then the date itself.
  test.each([
    [0, "Just now"],
    [59 * SEC, "Just now"],
    [MIN, "1 minute ago"],
    [59 * MIN, "59 minutes ago"],
    [2 * HOUR, "2 hours ago"],
    [23 * HOUR + 59 * MIN, "23 hours ago"],
    [DAY, "1 day ago"],
    [7 * DAY, "7 days ago"],
    [29 * DAY + 23 * HOUR, "29 days ago"],
    [30 * DAY, "May 2, 2026"],
    [800 * DAY, "Mar 23, 2024"],
  ])("in the back office, %d ms ago reads '%s'", (ms, expected) => {
    expect(relativeDate(before(ms), { now, style: "back-office" })).toBe(expected);
  });

  test("the back office's plain date follows the timezone it is given", () => {
    const lateEvening = new Date(Date.UTC(2026, 3, 1, 22, 0, 0));
    expect(relativeDate(lateEvening, { now, style: "back-office" })).toBe("Apr 1, 2026");
    expect(relativeDate(lateEvening, { now, style: "back-office", timeZone: "Asia/Tokyo" })).toBe(
      "Apr 2, 2026",
    );
  });

  test("a date in the future (clock skew) reads 'Just now'", () => {
    expect(relativeDate(new Date(now.getTime() + 5 * MIN), { now })).toBe("Just now");
    expect(relativeDate(new Date(now.getTime() + 5 * MIN), { now, style: "back-office" })).toBe("Just now");
  });

  test("missing and invalid", () => {
    for (const style of ["site", "back-office"] as const) {
      expect(relativeDate(null, { now, style })).toBe("No date available");
      expect(relativeDate("garbage", { now, style })).toBe("Invalid date");
    }
  });
});

test("comment times follow the site's time format (Settings → Content)", () => {
  const at = new Date(Date.UTC(2026, 10, 22, 21, 5));
  expect(commentDate(at, "UTC")).toBe("Nov 22, 2026, 09:05 PM");
  expect(commentDate(at, "UTC", "H:i")).toBe("Nov 22, 2026, 21:05");
});

test("comment dates say what Intl's en-US short form says, at midnight and noon too", () => {
  const intl = (date: Date, h23: boolean) =>
    new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(h23 ? { hourCycle: "h23" as const } : {}),
      timeZone: "Africa/Accra",
    }).format(date);
  for (let month = 0; month < 12; month++)
    for (const hour of [0, 12, 23]) {
      const at = new Date(Date.UTC(2026, month, 9, hour, 4));
      expect(commentDate(at, "Africa/Accra")).toBe(intl(at, false));
      expect(commentDate(at, "Africa/Accra", "H:i")).toBe(intl(at, true));
    }
});

test("a comment's date names the month in the page's words", () => {
  const words = { ...ENGLISH_DATE_WORDS, shortMonths: ENGLISH_DATE_WORDS.months.map((m) => `Ɔ${m}`) };
  expect(commentDate(new Date(Date.UTC(2026, 10, 22, 21, 5)), "UTC", "g:i a", words)).toBe(
    "ƆNovember 22, 2026, 09:05 PM",
  );
});
