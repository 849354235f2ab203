/**
 * The back office's Members list (decision record 021): reader accounts, newest first, searched by
 * address or name, filtered by access (free, or a pass running now), in pages. Reads only: nothing here
 * writes, so nothing goes to the activity log. Admins and editors (`members.view`).
 */
import { and, count, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { DbOrTx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import { firstRow } from "#app/db/rows";
import { members, passes } from "#app/db/schema";
import { passNotEndedAt, passRunningAt } from "#app/domain/access/pass-times.server";
import type { PassPlan } from "#app/lib/enums";
import { totalPagesFor } from "#app/lib/pagination";
import { MEMBERS_PAGE_SIZE, type MemberAccessFilter } from "./members-admin-text";

export interface MemberQuery {
  q: string;
  access: MemberAccessFilter | "";
  page: number;
  pageSize?: number;
}

/** The subqueries' own alias of passes (its columns render as "ps"."…"). */
const ps = alias(passes, "ps");

/**
 * The member's passes that give access at `now`, or from `now` on: bought by a payment still `paid`, so a
 * refunded pass ends at once whatever its end time says (decision record 021, "Access per story").
 * Written with its own aliases: in a one-table select Drizzle leaves column names unqualified, and an
 * unqualified "id" inside the subquery would name the pass, not the member.
 */
const paidPasses = (now: Date) =>
  sql`from passes ps inner join payments py on py.id = ps.payment_id
    where ps.member_id = "members"."id" and py.status = 'paid' and ${passNotEndedAt(now, ps)}`;

/** Whether the member holds a pass running now. */
const hasRunningPass = (now: Date) => sql`exists (select 1 ${paidPasses(now)} and ${passRunningAt(now, ps)})`;

function whereFor(query: Pick<MemberQuery, "q" | "access">, now: Date): SQL | undefined {
  const pattern = `%${escapeLike(query.q)}%`;
  return and(
    query.q ? or(ilike(members.email, pattern), ilike(members.name, pattern)) : undefined,
    query.access === "paying" ? hasRunningPass(now) : undefined,
    query.access === "free" ? sql`not ${hasRunningPass(now)}` : undefined,
  );
}

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  lastSeenAt: Date;
  passCount: number;
  /** The plan of the pass running now, or null (a free member). */
  plan: PassPlan | null;
  /** When the member's paid access ends: the last of their passes, since a pass bought while another runs follows it. */
  until: Date | null;
}

export async function listMembers(db: DbOrTx, actor: CurrentUser, query: MemberQuery, now = new Date()) {
  if (!can(actor.role, "members", "view")) accessDenied();
  const pageSize = query.pageSize ?? MEMBERS_PAGE_SIZE;
  const where = whereFor(query, now);
  const { total } = firstRow(await db.select({ total: count() }).from(members).where(where));
  const pageCount = totalPagesFor(total, pageSize);
  const page = Math.min(Math.max(1, query.page), pageCount);
  const found = await db
    .select({
      id: members.id,
      email: members.email,
      name: members.name,
      createdAt: members.createdAt,
      lastSeenAt: members.lastSeenAt,
      passCount: sql<number>`(select count(*) from passes ps where ps.member_id = "members"."id")`.mapWith(
        Number,
      ),
      plan: sql<PassPlan | null>`(select ps.plan ${paidPasses(now)} and ${passRunningAt(now, ps)}
        order by ps.starts_at desc limit 1)`,
      lastEnd: sql<Date | null>`(select max(ps.ends_at) ${paidPasses(now)})`.mapWith(passes.endsAt),
    })
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows: MemberRow[] = found.map(({ lastEnd, ...row }) => ({
    ...row,
    until: row.plan ? lastEnd : null,
  }));
  const [counts] = await db
    .select({
      all: count(),
      paying: sql<number>`count(*) filter (where ${hasRunningPass(now)})`.mapWith(Number),
    })
    .from(members);
  const all = counts?.all ?? 0;
  const paying = counts?.paying ?? 0;
  return { rows, total, page, pageCount, pageSize, counts: { all, paying, free: all - paying } };
}
