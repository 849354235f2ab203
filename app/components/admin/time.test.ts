import { expect, test } from "vitest";
import { relativeTime } from "./time";

const now = new Date("2026-06-30T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

test.each([
  [ago(59_000), "Just now"],
  [ago(60_000), "1 minute ago"],
  [ago(59 * 60_000), "59 minutes ago"],
  [ago(2 * 3600_000), "2 hours ago"],
  [ago(24 * 3600_000), "1 day ago"],
  [ago(29 * 86400_000), "29 days ago"],
  [ago(30 * 86400_000), "May 31, 2026"],
])("%s is %s", (date, expected) => expect(relativeTime(date, now)).toBe(expected));
