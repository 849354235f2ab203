/**
 * The Revenue screen's two tables (decision record 021): the figures per day with their totals, and the
 * recent payments. Props in; amounts are pesewas, shown as "GHS 1,234.50".
 */
import { formatGhs } from "#app/lib/money";
import { Form } from "react-router";
import { passEndTime } from "#app/domain/members/members-admin-text";
import {
  channelLabel,
  PAYMENT_STATUS_LABELS,
  paymentWhat,
  REVENUE_TEXT,
} from "#app/domain/revenue/revenue-text";
import type { PassPlan, PaymentKind, PaymentStatus } from "#app/lib/enums";

const T = REVENUE_TEXT.columns;
const th = "px-3 py-2 font-medium";
const num = "px-3 py-2 text-right tabular-nums whitespace-nowrap";
const td = "px-3 py-2 align-top";
const wrapper = "overflow-x-auto rounded border border-gray-200 bg-white";
const head = "bg-gray-50 text-xs text-gray-600 uppercase";

export interface DayFigures {
  day: string;
  passes: number;
  passesAmount: number;
  donations: number;
  donationsAmount: number;
  mobileMoney: number;
  card: number;
  other: number;
  total: number;
  refunded: number;
  refundedAmount: number;
}

function FigureCells({ d }: { d: DayFigures }) {
  return (
    <>
      <td className={num}>
        {d.passes} · {formatGhs(d.passesAmount)}
      </td>
      <td className={num}>
        {d.donations} · {formatGhs(d.donationsAmount)}
      </td>
      <td className={num}>{formatGhs(d.mobileMoney)}</td>
      <td className={num}>{formatGhs(d.card)}</td>
      <td className={num}>{formatGhs(d.other)}</td>
      <td className={`${num} font-semibold`}>{formatGhs(d.total)}</td>
      <td className={`${num} text-gray-600`}>
        {d.refunded} · {formatGhs(d.refundedAmount)}
      </td>
    </>
  );
}

export function RevenueByDayTable({ days, totals }: { days: DayFigures[]; totals: DayFigures }) {
  return (
    <div className={wrapper}>
      <table className="min-w-full text-left text-sm" aria-label={REVENUE_TEXT.byDay}>
        <thead className={head}>
          <tr>
            <th className={th}>{T.day}</th>
            <th className={`${th} text-right`}>{T.passes}</th>
            <th className={`${th} text-right`}>{T.donations}</th>
            <th className={`${th} text-right`}>{T.mobileMoney}</th>
            <th className={`${th} text-right`}>{T.card}</th>
            <th className={`${th} text-right`}>{T.other}</th>
            <th className={`${th} text-right`}>{T.total}</th>
            <th className={`${th} text-right`}>{T.refunded}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} className="border-t border-gray-100">
              <td className={`${td} whitespace-nowrap`}>{d.day}</td>
              <FigureCells d={d} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-gray-300 font-semibold">
          <tr>
            <th scope="row" className={th}>
              {REVENUE_TEXT.totals}
            </th>
            <FigureCells d={totals} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export interface PaymentRow {
  id: string;
  reference: string;
  email: string;
  kind: PaymentKind;
  plan: PassPlan | null;
  amount: number;
  channel: string;
  status: PaymentStatus;
  createdAt: Date | string;
  paidAt: Date | string | null;
}

const STATUS_STYLE: Record<PaymentStatus, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  paid: "border-green-300 bg-green-50 text-green-900",
  failed: "border-red-300 bg-red-50 text-red-900",
  mismatch: "border-red-300 bg-red-50 text-red-900",
  refunded: "border-gray-300 bg-gray-50 text-gray-700",
};

export function RecentPaymentsTable({
  rows,
  timeZone,
  onRefund,
}: {
  rows: PaymentRow[];
  timeZone: string;
  /** Given to admins who may refund: a paid payment's row offers it. */
  onRefund?: (payment: PaymentRow) => void;
}) {
  return (
    <div className={wrapper}>
      <table className="min-w-full text-left text-sm" aria-label={REVENUE_TEXT.recent}>
        <thead className={head}>
          <tr>
            <th className={th}>{T.reference}</th>
            <th className={th}>{T.email}</th>
            <th className={th}>{T.what}</th>
            <th className={`${th} text-right`}>{T.amount}</th>
            <th className={th}>{T.channel}</th>
            <th className={th}>{T.status}</th>
            <th className={th}>{T.date}</th>
            {onRefund ? <th className={th}>{REVENUE_TEXT.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="border-t border-gray-100">
              <td className={`${td} font-mono text-xs break-all`}>{p.reference}</td>
              <td className={`${td} break-all`}>{p.email || REVENUE_TEXT.deletedAccount}</td>
              <td className={td}>{paymentWhat(p.kind, p.plan)}</td>
              <td className={num}>{formatGhs(p.amount)}</td>
              <td className={td}>{channelLabel(p.channel)}</td>
              <td className={td}>
                <span className={`rounded border px-1.5 text-xs font-medium ${STATUS_STYLE[p.status]}`}>
                  {PAYMENT_STATUS_LABELS[p.status]}
                </span>
              </td>
              <td className={`${td} whitespace-nowrap text-gray-600`}>
                {passEndTime(p.paidAt ?? p.createdAt, timeZone)}
              </td>
              {onRefund ? (
                <td className={td}>
                  {p.status === "paid" ? <RefundForm payment={p} onRefund={onRefund} /> : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A real form post: with the page's script it asks first in a dialog; without it the server asks. */
function RefundForm({ payment, onRefund }: { payment: PaymentRow; onRefund: (p: PaymentRow) => void }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onRefund(payment);
      }}
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="id" value={payment.id} />
      <button
        type="submit"
        className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50"
      >
        {REVENUE_TEXT.refund}
      </button>
    </Form>
  );
}
