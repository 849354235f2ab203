import { Download } from "lucide-react";
import { Form } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { EmptyList } from "#app/components/admin/list-kit/list-states";
import { RecentPaymentsTable, RevenueByDayTable } from "#app/components/admin/revenue-tables";
import { recentPayments, revenueByDay } from "#app/domain/revenue/revenue.server";
import { REVENUE_TEXT, revenueRange } from "#app/domain/revenue/revenue-text";
import { getSettings } from "#app/domain/settings/settings.server";
import { safeTimeZone } from "#app/lib/dates";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/revenue";

/**
 * Reader revenue (decision record 021), admins only: the chosen days' figures (the last 30 by default)
 * on the site's calendar, the recent payments, and the CSV of the same days. Reads only.
 */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "revenue", "view");
  const params = new URL(request.url).searchParams;
  const timeZone = safeTimeZone((await getSettings(context.db)).timezone);
  const range = revenueRange({ from: params.get("from"), to: params.get("to") }, timeZone);
  const [figures, recent] = await Promise.all([
    revenueByDay(context.db, user, range, timeZone),
    recentPayments(context.db, user, range, timeZone),
  ]);
  return { ...figures, recent, range, timeZone };
});

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_TEXT.title} - Admin` }];

const field = "rounded-md border border-gray-300 px-2 py-1.5 text-sm";

export default function Revenue({ loaderData }: Route.ComponentProps) {
  const { days, totals, recent, range, timeZone } = loaderData;
  const csvHref = `/admin/revenue.csv?${new URLSearchParams(range).toString()}`;
  const anyCounted = totals.passes + totals.donations + totals.refunded > 0;
  return (
    <section className="max-w-6xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{REVENUE_TEXT.title}</h1>
        <a
          href={csvHref}
          download
          className="flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
        >
          <Download className="h-4 w-4" aria-hidden /> {REVENUE_TEXT.export}
        </a>
      </div>
      <Form
        method="get"
        className="mb-3 flex flex-wrap items-end gap-3"
        aria-label={REVENUE_TEXT.rangeLegend}
      >
        <label className="text-sm">
          <span className="mb-1 block text-xs font-medium text-gray-600">{REVENUE_TEXT.from}</span>
          <input type="date" name="from" defaultValue={range.from} className={field} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-xs font-medium text-gray-600">{REVENUE_TEXT.to}</span>
          <input type="date" name="to" defaultValue={range.to} className={field} />
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800"
        >
          {REVENUE_TEXT.show}
        </button>
      </Form>
      <p className="mb-4 text-sm text-gray-600">
        {REVENUE_TEXT.note} ({timeZone})
      </p>
      <h2 className="mb-2 text-lg font-semibold">{REVENUE_TEXT.byDay}</h2>
      {anyCounted ? (
        <RevenueByDayTable days={days} totals={totals} />
      ) : (
        <EmptyList>{REVENUE_TEXT.noPayments}</EmptyList>
      )}
      <h2 className="mt-6 mb-2 text-lg font-semibold">{REVENUE_TEXT.recent}</h2>
      {recent.length > 0 ? (
        <RecentPaymentsTable rows={recent} timeZone={timeZone} />
      ) : (
        <EmptyList>{REVENUE_TEXT.noRecent}</EmptyList>
      )}
    </section>
  );
}
