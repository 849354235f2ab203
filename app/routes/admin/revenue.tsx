import { formatGhs } from "#app/lib/money";
import { Download } from "lucide-react";
import { useState } from "react";
import { data, Form, useSubmit } from "react-router";
import { z } from "zod";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleResult } from "#app/components/admin/article-result";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import type { ArticleActionResult } from "#app/components/admin/article-result";
import { refundPayment } from "#app/domain/payments/refund.server";
import { EmptyList } from "#app/components/admin/list-kit/list-states";
import { RecentPaymentsTable, RevenueByDayTable, type PaymentRow } from "#app/components/admin/revenue-tables";
import { recentPayments, revenueByDay } from "#app/domain/revenue/revenue.server";
import { REVENUE_TEXT, revenueRange } from "#app/domain/revenue/revenue-text";
import { getSettings } from "#app/domain/settings/settings.server";
import { safeTimeZone } from "#app/lib/dates";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
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
  return { ...figures, recent, range, timeZone, canRefund: can(user.role, "revenue", "refund") };
});

const refundForm = z.object({
  intent: z.literal("refund"),
  id: z.string().min(1).max(100),
  confirmed: z.literal("yes").optional(),
});

const reply = (result: ArticleActionResult, status = 200) => data({ result }, { status });

/** A refund through the provider (decision record 021): admins, confirmed first, the pass ends now. */
export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "revenue", "refund");
  const parsed = refundForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return reply({ type: "error", title: REVENUE_TEXT.refundFailed }, 400);
  const { id, confirmed } = parsed.data;
  // Without the page's script the form arrives unconfirmed: the page asks first.
  if (!confirmed)
    return reply({
      type: "confirm",
      title: REVENUE_TEXT.refundConfirm("this payment", "the reader"),
      intent: "refund",
      id,
    });
  try {
    const refunded = await refundPayment(context.services, user, id);
    return reply({ type: "success", title: REVENUE_TEXT.refunded, message: refunded.reference });
  } catch (error) {
    const known = expectedError(error, "[payments] refund failed", id);
    return reply(
      { type: "error", title: REVENUE_TEXT.refundFailed, message: known?.message },
      known ? statusOf(known) : 500,
    );
  }
});

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_TEXT.title} - Admin` }];

const field = "rounded-md border border-gray-300 px-2 py-1.5 text-sm";

export default function Revenue({ loaderData, actionData }: Route.ComponentProps) {
  const { days, totals, recent, range, timeZone, canRefund } = loaderData;
  const [toRefund, setToRefund] = useState<PaymentRow | null>(null);
  const submit = useSubmit();
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
      <ArticleResult result={actionData?.result} />
      <ConfirmDialog
        open={toRefund !== null}
        title="Please confirm"
        message={
          toRefund
            ? REVENUE_TEXT.refundConfirm(
                formatGhs(toRefund.amount),
                toRefund.email || REVENUE_TEXT.deletedAccount,
              )
            : ""
        }
        confirmLabel={REVENUE_TEXT.refund}
        tone="danger"
        onCancel={() => setToRefund(null)}
        onConfirm={() => {
          if (toRefund) submit({ intent: "refund", id: toRefund.id, confirmed: "yes" }, { method: "post" });
          setToRefund(null);
        }}
      />
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
        <RecentPaymentsTable
          rows={recent}
          timeZone={timeZone}
          onRefund={canRefund ? setToRefund : undefined}
        />
      ) : (
        <EmptyList>{REVENUE_TEXT.noRecent}</EmptyList>
      )}
    </section>
  );
}
