/**
 * Views per day as a bar chart: inline SVG drawn on the server, no chart library and no script, so it
 * shows before (and without) hydration. The same figures are a table for screen readers and for anyone
 * who wants the numbers; the SVG carries a one-sentence summary. Days are the UTC days the views were
 * recorded under (app/domain/articles/view-stats.server.ts says why).
 */
import type { DayViews } from "#app/domain/articles/view-stats.server";
import { formatDate } from "#app/lib/dates";

const numberFormat = new Intl.NumberFormat("en-US");
const dayLabel = (day: string) => formatDate(day, "D, M j", "UTC");
export const viewCount = (n: number) => `${numberFormat.format(n)} view${n === 1 ? "" : "s"}`;

/** The accessible summary of a series: total, busiest day, and the span it covers. */
export function viewsSummary(days: readonly DayViews[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return "No days to show.";
  const total = days.reduce((sum, d) => sum + d.views, 0);
  const span = `${dayLabel(first.day)} to ${dayLabel(last.day)} (UTC)`;
  if (total === 0) return `No views from ${span}.`;
  const busiest = days.reduce((top, d) => (d.views > top.views ? d : top), first);
  return `${viewCount(total)} from ${span}; the busiest day was ${dayLabel(busiest.day)} with ${viewCount(busiest.views)}.`;
}

const BAR = 10;
const HEIGHT = 100;

export function ViewsChart({
  days,
  label,
  size = "large",
}: {
  days: readonly DayViews[];
  /** What the figures are, e.g. "Views per day, last 30 days": the table's caption and the chart's name. */
  label: string;
  size?: "large" | "small";
}) {
  const max = Math.max(0, ...days.map((d) => d.views));
  const total = days.reduce((sum, d) => sum + d.views, 0);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className="m-0" data-testid="views-chart">
      <p className="mb-1 text-xs text-gray-600">
        <span className="font-semibold text-gray-900">{numberFormat.format(total)}</span>{" "}
        {total === 1 ? "view" : "views"} in {days.length} days · most in a day: {numberFormat.format(max)}
      </p>
      <svg
        role="img"
        aria-label={`${label}. ${viewsSummary(days)}`}
        viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={`block w-full border-b border-gray-300 ${size === "large" ? "h-40" : "h-20"}`}
      >
        {days.map((d, i) => {
          // A day with views keeps at least a visible sliver; a day with none has no bar (0, as the table says).
          const height = max === 0 || d.views === 0 ? 0 : Math.max(2, (d.views / max) * HEIGHT);
          return (
            <rect
              key={d.day}
              x={i * BAR + 1}
              y={HEIGHT - height}
              width={BAR - 2}
              height={height}
              className={i === days.length - 1 ? "fill-brand-700" : "fill-brand-600/70"}
            >
              <title>{`${dayLabel(d.day)}: ${viewCount(d.views)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-[11px] text-gray-500">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)} (UTC)</span>
        </div>
      ) : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-xs text-brand-700 hover:underline">Show the figures</summary>
        <table className="mt-2 w-full text-xs">
          <caption className="mb-1 text-left text-gray-600">{label} (UTC days)</caption>
          <thead>
            <tr className="text-left text-gray-500">
              <th scope="col" className="py-0.5 font-medium">
                Day
              </th>
              <th scope="col" className="py-0.5 text-right font-medium">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-gray-100">
                <th scope="row" className="py-0.5 text-left font-normal">
                  <time dateTime={d.day}>{dayLabel(d.day)}</time>
                </th>
                <td className="py-0.5 text-right tabular-nums">{numberFormat.format(d.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
