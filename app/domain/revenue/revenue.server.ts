/**
 * Reader revenue for the back office (decision record 021): per day of the site's calendar, passes sold
 * and donations with their channels; the recent payments; the CSV for the books. Only `paid` payments
 * count in the figures, `refunded` ones are counted apart; pending, failed and mismatched ones appear
 * only in the recent list. A payment belongs to the day it was paid. Reads only: nothing goes to the
 * activity log. Admins only (`revenue.view`).
 */
import { ghsNumber } from "#app/lib/money";
import { and, desc, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { DbOrTx } from "#app/db/client.server";
import { payments } from "#app/db/schema";
import { toCsv } from "#app/lib/csv";
import { instantToZonedTime, zonedTimeToInstant } from "#app/lib/zoned-time";
import { addDays, daysOf, paymentWhat, type RevenueRange } from "./revenue-text";

export const RECENT_PAYMENTS = 50;

function requireRevenue(actor: Pick<CurrentUser, "role">) {
  if (!can(actor.role, "revenue", "view")) accessDenied();
}

/** The instants that bound the range's days on the site's clock: from its first midnight to the one after it. */
function bounds(range: RevenueRange, timeZone: string) {
  const start = zonedTimeToInstant(`${range.from}T00:00`, timeZone);
  const end = zonedTimeToInstant(`${addDays(range.to, 1)}T00:00`, timeZone);
  if (!start || !end) throw new Error(`Not a range of days: ${range.from} to ${range.to}`);
  return { start, end };
}

const countedIn = (start: Date, end: Date): SQL | undefined =>
  and(
    inArray(payments.status, ["paid", "refunded"]),
    gte(payments.paidAt, start),
    lt(payments.paidAt, end),
    sql`${payments.currency} = 'GHS'`,
  );

export interface RevenueDay {
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

const FIGURES = [
  "passes",
  "passesAmount",
  "donations",
  "donationsAmount",
  "mobileMoney",
  "card",
  "other",
  "total",
  "refunded",
  "refundedAmount",
] as const satisfies ReadonlyArray<keyof RevenueDay>;

const paid = sql`${payments.status} = 'paid'`;
const figure = (aggregate: "count" | "sum", where: SQL) =>
  (aggregate === "count"
    ? sql<number>`count(*) filter (where ${where})`
    : sql<number>`coalesce(sum(${payments.amount}) filter (where ${where}), 0)`
  ).mapWith(Number);

/** The range's figures per day (every day, newest first; a day without payments is all zeros) and their totals. */
export async function revenueByDay(db: DbOrTx, actor: CurrentUser, range: RevenueRange, timeZone: string) {
  requireRevenue(actor);
  const { start, end } = bounds(range, timeZone);
  const day = sql<string>`to_char(${payments.paidAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const channel = payments.channel;
  const found = await db
    .select({
      day,
      passes: figure("count", sql`${paid} and ${payments.kind} = 'pass'`),
      passesAmount: figure("sum", sql`${paid} and ${payments.kind} = 'pass'`),
      donations: figure("count", sql`${paid} and ${payments.kind} = 'donation'`),
      donationsAmount: figure("sum", sql`${paid} and ${payments.kind} = 'donation'`),
      mobileMoney: figure("sum", sql`${paid} and ${channel} = 'mobile_money'`),
      card: figure("sum", sql`${paid} and ${channel} = 'card'`),
      other: figure("sum", sql`${paid} and ${channel} not in ('mobile_money', 'card')`),
      total: figure("sum", paid),
      refunded: figure("count", sql`${payments.status} = 'refunded'`),
      refundedAmount: figure("sum", sql`${payments.status} = 'refunded'`),
    })
    .from(payments)
    .where(countedIn(start, end))
    // By position: the day's expression carries the zone as a parameter, and the same expression with
    // a second parameter would not count as the selected one.
    .groupBy(sql`1`);
  const byDay = new Map(found.map((row) => [row.day, row]));
  const days: RevenueDay[] = daysOf(range).map((d) => byDay.get(d) ?? { ...emptyDay(), day: d });
  const totals = emptyDay();
  for (const d of days) for (const key of FIGURES) totals[key] += d[key];
  return { days, totals };
}

function emptyDay(): RevenueDay {
  return Object.fromEntries([["day", ""], ...FIGURES.map((k) => [k, 0])]) as unknown as RevenueDay;
}

/**
 * The range's payments of every status, newest first (by when paid, else when asked), for the screen's
 * list: what a reader who says "I paid" is looked up in.
 */
export async function recentPayments(db: DbOrTx, actor: CurrentUser, range: RevenueRange, timeZone: string) {
  requireRevenue(actor);
  const { start, end } = bounds(range, timeZone);
  const when = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
  return db
    .select({
      id: payments.id,
      reference: payments.reference,
      email: payments.email,
      kind: payments.kind,
      plan: payments.plan,
      amount: payments.amount,
      currency: payments.currency,
      channel: payments.channel,
      status: payments.status,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .where(
      or(
        and(gte(payments.paidAt, start), lt(payments.paidAt, end)),
        and(sql`${payments.paidAt} is null`, gte(payments.createdAt, start), lt(payments.createdAt, end)),
      ),
    )
    .orderBy(desc(when), desc(payments.id))
    .limit(RECENT_PAYMENTS);
}

/**
 * The range's counted payments for the books, one line each, oldest first: the time paid on the site's
 * clock, reference, address, what, amount in GHS as a plain decimal, channel, status and when refunded.
 */
export async function revenueCsv(
  db: DbOrTx,
  actor: CurrentUser,
  range: RevenueRange,
  timeZone: string,
): Promise<string> {
  requireRevenue(actor);
  const { start, end } = bounds(range, timeZone);
  const rows = await db
    .select()
    .from(payments)
    .where(countedIn(start, end))
    .orderBy(payments.paidAt, payments.id);
  const local = (at: Date | null) => (at ? instantToZonedTime(at, timeZone).replace("T", " ") : "");
  return toCsv([
    ["paid_at", "reference", "email", "what", "amount_ghs", "channel", "status", "refunded_at"],
    ...rows.map((p) => [
      local(p.paidAt),
      p.reference,
      p.email,
      paymentWhat(p.kind, p.plan),
      ghsNumber(p.amount),
      p.channel,
      p.status,
      local(p.refundedAt),
    ]),
  ]);
}
