/**
 * The back office's Revenue screen (decision record 021): its texts, how an amount in pesewas reads
 * ("GHS 1,234.50"), how a provider's channel is grouped, and the range of days it covers. Isomorphic and
 * pure: the loader, the CSV and the page use the same functions.
 */
import type { PassPlan, PaymentKind, PaymentStatus } from "#app/lib/enums";
import { localDayAndHour } from "#app/lib/zoned-time";

export const REVENUE_TEXT = {
  title: "Revenue",
  rangeLegend: "Days",
  from: "From",
  to: "To",
  show: "Show",
  export: "Export CSV",
  note: "Amounts in GHS, by the day paid in the site's time zone. Refunded payments are counted apart, not in the totals.",
  byDay: "By day",
  recent: "Recent payments",
  noPayments: "No payments in these days yet.",
  noRecent: "No payments in these days.",
  deletedAccount: "(account deleted)",
  columns: {
    day: "Day",
    passes: "Passes sold",
    donations: "Donations",
    mobileMoney: "Mobile money",
    card: "Card",
    other: "Other",
    total: "Total",
    refunded: "Refunded",
    reference: "Reference",
    email: "E-mail",
    what: "What",
    amount: "Amount",
    channel: "Channel",
    status: "Status",
    date: "Date",
  },
  totals: "Totals",
  actions: "Actions",
  refund: "Refund",
  refundConfirm: (amount: string, who: string) =>
    `Refund ${amount} to ${who} through Paystack? A pass it bought ends now. This cannot be undone.`,
  refunded: "Payment refunded",
  refundFailed: "The payment could not be refunded",
} as const;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  mismatch: "Amount mismatch",
  refunded: "Refunded",
};

const PLAN_LABELS: Record<PassPlan, string> = { day: "Day pass", week: "Week pass", month: "Month pass" };

/** What a payment bought: its pass, or a donation. */
export const paymentWhat = (kind: PaymentKind, plan: PassPlan | null) =>
  kind === "donation" ? "Donation" : plan ? PLAN_LABELS[plan] : "Pass";

/** The screen's three channel groups: the provider's own names fall into one of them. */
export type ChannelGroup = "mobileMoney" | "card" | "other";
export const channelGroup = (channel: string): ChannelGroup =>
  channel === "mobile_money" ? "mobileMoney" : channel === "card" ? "card" : "other";

export const CHANNEL_LABELS: Record<ChannelGroup, string> = {
  mobileMoney: "Mobile money",
  card: "Card",
  other: "Other",
};

/** A provider's channel as the list shows it ("mobile_money" → "Mobile money"; empty until confirmed). */
export const channelLabel = (channel: string) =>
  channel === ""
    ? "—"
    : channelGroup(channel) === "other"
      ? channel.replace(/_/g, " ")
      : CHANNEL_LABELS[channelGroup(channel)];

export const DEFAULT_RANGE_DAYS = 30;
/** At most a year and a day at once: the per-day table stays a page, the query a bounded scan. */
export const MAX_RANGE_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a real day, or null. */
function validDay(value: string | null | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** The calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

export interface RevenueRange {
  from: string;
  to: string;
}

/**
 * The days asked for in `?from=&to=` (the site's calendar): by default the last 30 days to today; a
 * missing or malformed end falls back to that, a reversed range is put right, a longer one cut to its
 * last 366 days.
 */
export function revenueRange(
  params: { from?: string | null; to?: string | null },
  timeZone: string,
  now = new Date(),
): RevenueRange {
  const today = localDayAndHour(now, timeZone).day;
  let to = validDay(params.to) ?? today;
  let from = validDay(params.from) ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) [from, to] = [to, from];
  if (from < addDays(to, -(MAX_RANGE_DAYS - 1))) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { from, to };
}

/** Every day of the range, newest first. */
export function daysOf(range: RevenueRange): string[] {
  const days: string[] = [];
  for (let day = range.to; day >= range.from; day = addDays(day, -1)) days.push(day);
  return days;
}
