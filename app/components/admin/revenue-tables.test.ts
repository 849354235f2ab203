import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { RecentPaymentsTable, RevenueByDayTable, type DayFigures } from "./revenue-tables";

const day = (d: string, total: number): DayFigures => ({
  day: d,
  passes: 1,
  passesAmount: 200,
  donations: 1,
  donationsAmount: total - 200,
  mobileMoney: 200,
  card: 0,
  other: total - 200,
  total,
  refunded: 1,
  refundedAmount: 1000,
});

const cells = (html: string) => [...html.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => m[1]);

test("per day and the totals row: counts with amounts, money as GHS with thousands", () => {
  const html = renderToStaticMarkup(
    createElement(RevenueByDayTable, { days: [day("2026-11-29", 123650)], totals: day("", 123650) }),
  );
  expect(cells(html).slice(8, 16)).toEqual([
    "2026-11-29",
    "1 · GHS 2.00",
    "1 · GHS 1,234.50",
    "GHS 2.00",
    "GHS 0.00",
    "GHS 1,234.50",
    "GHS 1,236.50",
    "1 · GHS 10.00",
  ]);
  expect(html).toContain("<tfoot");
  expect(cells(html)[16]).toBe("Totals");
});

test("a recent payment: what, amount, channel, status and the time on the site's clock", () => {
  const html = renderToStaticMarkup(
    createElement(RecentPaymentsTable, {
      timeZone: "Africa/Accra",
      rows: [
        {
          id: "p1",
          reference: "nd_abc",
          email: "",
          kind: "pass",
          plan: "week",
          amount: 1000,
          channel: "mobile_money",
          status: "refunded",
          createdAt: new Date("2026-11-29T13:00:00Z"),
          paidAt: new Date("2026-11-29T14:00:00Z"),
        },
      ],
    }),
  );
  const row = cells(html)
    .slice(7)
    .map((c) => c?.replace(/<[^>]+>/g, ""));
  expect(row).toEqual([
    "nd_abc",
    "(account deleted)",
    "Week pass",
    "GHS 10.00",
    "Mobile money",
    "Refunded",
    "29 Nov 2026, 14:00",
  ]);
});
