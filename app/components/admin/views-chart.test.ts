import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { ViewsChart, viewsSummary } from "./views-chart";

const days = [
  { day: "2026-06-27", views: 1 },
  { day: "2026-06-28", views: 4 },
  { day: "2026-06-29", views: 0 },
  { day: "2026-06-30", views: 2 },
];

const render = () => renderToStaticMarkup(createElement(ViewsChart, { days, label: "Views per day" }));

test("the chart is an SVG drawn on the server: one bar per day, in proportion, none for a day without views", () => {
  const html = render();
  const bars = [...html.matchAll(/<rect [^>]*height="([\d.]+)"[^>]*><title>([^<]*)<\/title>/g)].map((m) => [
    m[2],
    Number(m[1]),
  ]);
  expect(bars).toEqual([
    ["Sat, Jun 27: 1 view", 25],
    ["Sun, Jun 28: 4 views", 100],
    ["Mon, Jun 29: 0 views", 0],
    ["Tue, Jun 30: 2 views", 50],
  ]);
  expect(html).not.toContain("<script");
});

test("screen readers get a summary and a table with every day, zeros included", () => {
  const html = render();
  expect(html).toContain(
    'role="img" aria-label="Views per day. 7 views from Sat, Jun 27 to Tue, Jun 30 (UTC); the busiest day was Sun, Jun 28 with 4 views."',
  );
  const rows = [...html.matchAll(/<time dateTime="([\d-]+)">[^<]*<\/time><\/th><td[^>]*>(\d+)<\/td>/g)].map(
    (m) => [m[1], Number(m[2])],
  );
  expect(rows).toEqual([
    ["2026-06-27", 1],
    ["2026-06-28", 4],
    ["2026-06-29", 0],
    ["2026-06-30", 2],
  ]);
  expect(html).toContain("<caption");
});

test("a month without views says so rather than drawing an empty chart without words", () => {
  expect(viewsSummary(days.map((d) => ({ ...d, views: 0 })))).toBe(
    "No views from Sat, Jun 27 to Tue, Jun 30 (UTC).",
  );
});
