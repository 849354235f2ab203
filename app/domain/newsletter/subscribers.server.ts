/**
 * The back office's subscriber list (decision record 007): newest first, search, status filter, pages and
 * counts; delete; CSV export. Every function takes the actor and refuses a role without the
 * `subscribers` permission (admins and editors).
 */
import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can, type Action } from "#app/auth/permissions";
import type { DbOrTx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import { firstRow } from "#app/db/rows";
import { newsletterSubscribers } from "#app/db/schema";
import { toCsv } from "#app/lib/csv";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "#app/lib/enums";
import { notFound } from "#app/lib/errors";
import { totalPagesFor } from "#app/lib/pagination";
import { SUBSCRIBERS_PAGE_SIZE } from "./newsletter-form";

function requireSubscribers(actor: Pick<CurrentUser, "role">, action: Action<"subscribers">) {
  if (!can(actor.role, "subscribers", action)) accessDenied();
}

export interface SubscriberQuery {
  q: string;
  status: SubscriberStatus | "";
  page: number;
  pageSize?: number;
}

export const parseStatusFilter = (value: string | null): SubscriberStatus | "" =>
  (SUBSCRIBER_STATUSES as readonly string[]).includes(value ?? "") ? (value as SubscriberStatus) : "";

function whereFor(query: Pick<SubscriberQuery, "q" | "status">): SQL | undefined {
  return and(
    query.q ? ilike(newsletterSubscribers.email, `%${escapeLike(query.q)}%`) : undefined,
    query.status ? eq(newsletterSubscribers.status, query.status) : undefined,
  );
}

export async function listSubscribers(db: DbOrTx, actor: CurrentUser, query: SubscriberQuery) {
  requireSubscribers(actor, "view");
  const pageSize = query.pageSize ?? SUBSCRIBERS_PAGE_SIZE;
  const where = whereFor(query);
  const { total } = firstRow(await db.select({ total: count() }).from(newsletterSubscribers).where(where));
  const pageCount = totalPagesFor(total, pageSize);
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      consentAt: newsletterSubscribers.consentAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      createdAt: newsletterSubscribers.createdAt,
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const byStatus = await db
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, 0])) as Record<
    SubscriberStatus,
    number
  >;
  for (const { status, n } of byStatus) counts[status] = n;
  return { rows, total, page, pageCount, pageSize, counts };
}

export async function deleteSubscriber(db: DbOrTx, actor: CurrentUser, id: string) {
  requireSubscribers(actor, "manage");
  // Not a uuid cannot be a row; the database would refuse the comparison with an error instead.
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] = isUuid
    ? await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .returning({ email: newsletterSubscribers.email })
    : [];
  if (!row) throw notFound("This subscriber does not exist or has been deleted.", { title: "Not found" });
  return row.email;
}

/** Every subscriber matching the filters, newest first, as CSV: email, status, consent and confirmation times. */
export async function exportSubscribersCsv(
  db: DbOrTx,
  actor: CurrentUser,
  query: Pick<SubscriberQuery, "q" | "status">,
): Promise<string> {
  requireSubscribers(actor, "view");
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      consentAt: newsletterSubscribers.consentAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(whereFor(query))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return toCsv([
    ["email", "status", "consent_at", "confirmed_at"],
    ...rows.map((r) => [r.email, r.status, r.consentAt, r.confirmedAt]),
  ]);
}

export interface SubscriberGrowth {
  /** Confirmed subscribers now: who the next issue goes to. */
  confirmed: number;
  /** Confirmed in the last 30 days, and in the 30 before. */
  joined: number;
  joinedBefore: number;
  /** Unsubscribed or bounced in the last 30 days. */
  left: number;
}

const GROWTH_PERIOD_MS = 30 * 24 * 3600_000;

/** The dashboard's newsletter figures (decision record 018), for those who may see subscribers. */
export async function subscriberGrowth(
  db: DbOrTx,
  actor: Pick<CurrentUser, "role">,
  now = new Date(),
): Promise<SubscriberGrowth> {
  requireSubscribers(actor, "view");
  const since = new Date(now.getTime() - GROWTH_PERIOD_MS);
  const before = new Date(since.getTime() - GROWTH_PERIOD_MS);
  const s = newsletterSubscribers;
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) filter (where ${s.status} = 'confirmed')`.mapWith(Number),
      joined: sql<number>`count(*) filter (where ${s.confirmedAt} >= ${since})`.mapWith(Number),
      joinedBefore:
        sql<number>`count(*) filter (where ${s.confirmedAt} >= ${before} and ${s.confirmedAt} < ${since})`.mapWith(
          Number,
        ),
      left: sql<number>`count(*) filter (where ${s.unsubscribedAt} >= ${since} or ${s.bouncedAt} >= ${since})`.mapWith(
        Number,
      ),
    })
    .from(s);
  return row ?? { confirmed: 0, joined: 0, joinedBefore: 0, left: 0 };
}
