/**
 * Who may read a gated story in full (decision record 021, point 3). A request's access class comes
 * from its reader alone (`readerStanding`): anonymous, a free member with meter left, a free member
 * metered out, or paying (a pass running now; a refund ends its pass at once, so an ended pass is all
 * it takes). A story's answer (`storyAccess`) adds the story: public stories are everyone's, members'
 * stories any member's, paid stories a paying reader's, or a free member's on the meter (a story read
 * in full this month stays free; the first full read of a month takes one of the meter's stories).
 * Signed-in staff read everything: they edit and preview these stories, and their pages are never
 * cached (a staff session is a personal cookie, decision record 006).
 */
import { and, count, eq, max, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { meteredReads, passes } from "#app/db/schema";
import type { ArticleAccess } from "#app/lib/enums";
import { localDayAndHour } from "#app/lib/zoned-time";
import { passNotEndedAt, passRunningAt } from "./pass-times.server";

/**
 * The access class a gated page was rendered for: the page cache keeps it only under that class's
 * key (server/page-cache.ts), never another's, and never the anonymous one when it is full.
 */
export const ACCESS_CLASS_HEADER = "X-Access-Class";

export const ACCESS_CLASSES = ["anonymous", "member", "member-metered-out", "paying"] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

export interface ReaderStanding {
  accessClass: AccessClass;
  memberId: string | null;
  /** Paid stories the meter still gives this month (0 for anonymous and paying readers). */
  meterLeft: number;
  /** When the reader's passes run out (a pass bought during another starts at its end), or null. */
  passUntil: Date | null;
}

export interface MeterSettings {
  meterPaidStories: number;
  timezone: string;
}

export const ANONYMOUS: ReaderStanding = {
  accessClass: "anonymous",
  memberId: null,
  meterLeft: 0,
  passUntil: null,
};

/** The meter's month, its first day in the site's time zone ("2026-11-01"). */
export const meterMonth = (now: Date, timezone: string) =>
  `${localDayAndHour(now, timezone).day.slice(0, 7)}-01`;

/** The reader's access class and what the personal JSON tells them: two small queries for a member. */
export async function readerStanding(
  db: DbOrTx,
  member: { id: string } | null,
  { now, settings }: { now: Date; settings: MeterSettings },
): Promise<ReaderStanding> {
  if (!member) return ANONYMOUS;
  const [[pass], [meter]] = await Promise.all([
    db
      .select({
        // Over the passes not ended: the last end is when the paid time ends (passes stack end to
        // end), and one of them must be running now for access.
        until: max(passes.endsAt),
        running: sql<boolean>`coalesce(bool_or(${passRunningAt(now)}), false)`,
      })
      .from(passes)
      .where(and(eq(passes.memberId, member.id), passNotEndedAt(now))),
    db
      .select({ read: count() })
      .from(meteredReads)
      .where(
        and(eq(meteredReads.memberId, member.id), eq(meteredReads.month, meterMonth(now, settings.timezone))),
      ),
  ]);
  const passUntil = pass?.until ? new Date(pass.until) : null;
  if (passUntil && pass?.running)
    return { accessClass: "paying", memberId: member.id, meterLeft: 0, passUntil };
  const meterLeft = Math.max(0, settings.meterPaidStories - Number(meter?.read ?? 0));
  return {
    accessClass: meterLeft > 0 ? "member" : "member-metered-out",
    memberId: member.id,
    meterLeft,
    passUntil,
  };
}

export interface StoryAccess {
  full: boolean;
  /** What a reader without access is offered: signing in, a pass, or both. */
  offer: { signIn: boolean; pass: boolean } | null;
  /**
   * This answer is this reader's own (the meter read, or a story they read this month): never kept
   * under their access class, which other readers share.
   */
  personal: boolean;
  /** The meter's stories left after this read. */
  meterLeft: number;
}

const full = (standing: ReaderStanding, personal = false): StoryAccess => ({
  full: true,
  offer: null,
  personal,
  meterLeft: standing.meterLeft,
});

/**
 * Full story or preview for this reader. Reading a paid story in full on the meter stores its row
 * for this month, only while the meter has stories left (one statement: two tabs at once cannot
 * both take the last one).
 */
export async function storyAccess(
  db: DbOrTx,
  reader: { standing: ReaderStanding; staff: boolean },
  story: { id: string; access: ArticleAccess },
  { now, settings }: { now: Date; settings: MeterSettings },
): Promise<StoryAccess> {
  const { standing, staff } = reader;
  if (story.access === "public") return full(standing);
  if (staff) return full(standing, true);
  if (standing.accessClass === "anonymous")
    return {
      full: false,
      offer: { signIn: true, pass: story.access === "paid" },
      personal: false,
      meterLeft: 0,
    };
  if (story.access === "members" || standing.accessClass === "paying") return full(standing);
  const month = meterMonth(now, settings.timezone);
  if (await readThisMonth(db, standing.memberId!, story.id, month)) return full(standing, true);
  if (standing.meterLeft > 0 && (await takeFromMeter(db, standing.memberId!, story.id, month, settings, now)))
    return { ...full(standing, true), meterLeft: standing.meterLeft - 1 };
  return { full: false, offer: { signIn: false, pass: true }, personal: true, meterLeft: 0 };
}

async function readThisMonth(db: DbOrTx, memberId: string, articleId: string, month: string) {
  const [row] = await db
    .select({ month: meteredReads.month })
    .from(meteredReads)
    .where(
      and(
        eq(meteredReads.memberId, memberId),
        eq(meteredReads.articleId, articleId),
        eq(meteredReads.month, month),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function takeFromMeter(
  db: DbOrTx,
  memberId: string,
  articleId: string,
  month: string,
  settings: MeterSettings,
  now: Date,
): Promise<boolean> {
  const taken = await db.execute(sql`
    INSERT INTO ${meteredReads} (member_id, article_id, month, read_at)
    SELECT ${memberId}, ${articleId}, ${month}::date, ${now.toISOString()}::timestamptz
    WHERE (SELECT count(*) FROM ${meteredReads}
           WHERE member_id = ${memberId} AND month = ${month}::date) < ${settings.meterPaidStories}
    ON CONFLICT DO NOTHING
    RETURNING member_id`);
  // Both drivers (node-postgres, PGlite) answer with their rows under `rows`.
  return (taken as unknown as { rows: unknown[] }).rows.length > 0;
}
