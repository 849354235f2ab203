import { expect, test } from "vitest";
import { monthGrid, parseIsoDay, toIsoDay } from "./date-picker";

test("weeks start on the site's day: Sunday or Monday", () => {
  // November 2026 starts on a Sunday.
  const sunday = monthGrid(2026, 10, 0);
  expect(toIsoDay(sunday[0]![0]!)).toBe("2026-11-01");
  const monday = monthGrid(2026, 10, 1);
  expect(toIsoDay(monday[0]![0]!)).toBe("2026-10-26");
  expect(monday[0]![0]!.getUTCDay()).toBe(1);
  for (const week of [...sunday, ...monday]) expect(week).toHaveLength(7);
  // Every day of the month is in the grid once.
  const days = monday.flat().filter((d) => d.getUTCMonth() === 10);
  expect(days).toHaveLength(30);
});

test("the field's value format (YYYY-MM-DD) goes in and out unchanged", () => {
  expect(toIsoDay(parseIsoDay("2026-02-28")!)).toBe("2026-02-28");
  expect(parseIsoDay("28/02/2026")).toBeNull();
});
