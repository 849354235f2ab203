/**
 * A send of the newsletter as a queue in the database (decision record 018): queueing an issue makes one
 * delivery row per confirmed subscriber, at once and in one transaction; one instance at a time holds
 * the issue's lease and works its rows (sender.server.ts); the rows say how far it got, so any instance
 * can finish a send another one started, after a crash or a restart. Pausing takes the issue out of
 * `sending`: the holder sees it when it renews the lease and stops.
 */
import { and, asc, count, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { rowsOf } from "#app/db/rows";
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  type NewsletterIssue,
} from "#app/db/schema";
import type { NewsletterDeliveryStatus } from "#app/lib/enums";

/**
 * Starts sending an issue (a draft sent now, or a scheduled one whose time has come): its status moves
 * to `sending` and every subscriber of its edition confirmed at this moment gets a queued delivery. Answers false when
 * the issue was not a draft or scheduled (already started, by this or another instance). Given a
 * transaction (a send from the back office, with its log entry), it is a savepoint of it.
 */
export async function queueIssue(db: DbOrTx, issueId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [started] = await tx
      .update(newsletterIssues)
      .set({ status: "sending", startedAt: now, updatedAt: now, scheduledAt: null })
      .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, ["draft", "scheduled"])))
      .returning({ id: newsletterIssues.id });
    if (!started) return false;
    // The confirmed subscribers of the issue's edition (decision record 022, point 11), in the order they
    // signed up; the primary key (issue, subscriber) makes a second copy impossible.
    await tx.execute(sql`
      insert into newsletter_deliveries (issue_id, subscriber_id, position)
      select ${issueId}, s.id, row_number() over (order by s.created_at, s.id)
      from newsletter_subscribers s
      join newsletter_subscriber_editions e on e.subscriber_id = s.id
        and e.edition = (select edition from newsletter_issues where id = ${issueId})
      where s.status = 'confirmed'
      on conflict do nothing`);
    return true;
  });
}

/** This instance's sender loop, woken when an issue is due now (it looks every interval anyway). */
const senderWakers = new WeakMap<Db, () => void>();

export function whenIssueDue(db: Db, wake: () => void) {
  senderWakers.set(db, wake);
}

/** An issue made or queued here is due now: the sender looks at once rather than at its next interval. */
export function issueDue(db: Db) {
  senderWakers.get(db)?.();
}

/** Scheduled issues whose time has come are queued (each by exactly one instance). */
export async function queueDueIssues(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.scheduledAt, now)))
    .orderBy(asc(newsletterIssues.scheduledAt));
  const queued: string[] = [];
  for (const { id } of due) if (await queueIssue(db, id, now)) queued.push(id);
  return queued;
}

/**
 * Takes (or keeps) the lease of a sending issue for `owner` until now + leaseMs: one whose lease is
 * free or has run out (its holder stopped or died), or one `owner` already holds; breaking news first,
 * then one with work due now. Null when no issue is sending or others hold them all.
 *
 * Its copies left `sending` are queued again, to go again with their Message-ID: a sender takes the lease
 * only between messages, so none of them is in flight here; they are the ones a holder that died (or
 * lost its database) left between the last "." and the record of the server's answer, which may or may
 * not have arrived (decision record 018).
 */
export async function takeIssueLease(
  db: Db,
  owner: string,
  leaseMs: number,
): Promise<NewsletterIssue | null> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`
    update newsletter_issues set lease_owner = ${owner},
      lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    where id = (
      select i.id from newsletter_issues i
      where i.status = 'sending' and (i.lease_until is null or i.lease_until < now() or i.lease_owner = ${owner})
      -- Breaking news first, then an issue with a delivery due now (not one waiting for retries), oldest first.
      order by (i.kind = 'breaking') desc,
        exists (select 1 from newsletter_deliveries d where d.issue_id = i.id and d.status = 'queued'
          and (d.next_attempt_at is null or d.next_attempt_at <= now())) desc,
        i.started_at, i.id
      limit 1 for update skip locked)
    returning id`,
  );
  if (!row) return null;
  await db
    .update(newsletterDeliveries)
    .set({ status: "queued" })
    .where(and(eq(newsletterDeliveries.issueId, row.id), eq(newsletterDeliveries.status, "sending")));
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, row.id));
  return issue ?? null;
}

/** Extends the lease; false when `owner` no longer holds it or the issue is no longer sending (paused). */
export async function renewIssueLease(db: Db, issueId: string, owner: string, leaseMs: number) {
  const renewed = await rowsOf(
    db,
    sql`
    update newsletter_issues set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    where id = ${issueId} and lease_owner = ${owner} and status = 'sending'
    returning id`,
  );
  return renewed.length > 0;
}

/** Frees every lease: only where no other process can hold one (an embedded data folder at start). */
export async function releaseAllIssueLeases(db: Db) {
  await db.update(newsletterIssues).set({ leaseOwner: null, leaseUntil: null });
}

/** Gives the lease up (a clean stop), so another instance need not wait for it to run out. */
export async function releaseIssueLease(db: Db, issueId: string, owner: string) {
  await db
    .update(newsletterIssues)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.leaseOwner, owner)));
}

export interface DueDelivery {
  subscriberId: string;
  email: string;
  /** The unsubscribe token (the footer's link, List-Unsubscribe) and the open image's and counted links'. */
  token: string;
  countsToken: string;
  subscriberStatus: string;
  attempts: number;
}

/** The next queued deliveries whose time has come, in order, with their subscriber as they are now. */
export async function dueDeliveries(db: DbOrTx, issueId: string, limit: number, now = new Date()) {
  return db
    .select({
      subscriberId: newsletterDeliveries.subscriberId,
      email: newsletterSubscribers.email,
      token: newsletterSubscribers.token,
      countsToken: newsletterSubscribers.countsToken,
      subscriberStatus: newsletterSubscribers.status,
      attempts: newsletterDeliveries.attempts,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        eq(newsletterDeliveries.status, "queued"),
        or(isNull(newsletterDeliveries.nextAttemptAt), lte(newsletterDeliveries.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(newsletterDeliveries.position))
    .limit(limit);
}

/** When the next queued delivery that waits for a retry may go, or null when none is left at all. */
export async function nextRetryAt(db: DbOrTx, issueId: string): Promise<Date | null | "now"> {
  const [row] = await db
    .select({ waiting: count(), at: sql<string | null>`min(${newsletterDeliveries.nextAttemptAt})` })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.status, "queued")));
  if (!row || row.waiting === 0) return null;
  return row.at ? new Date(row.at) : "now";
}

const deliveryOf = (issueId: string, subscriberId: string) =>
  and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, subscriberId));

/**
 * Only while `owner` holds the issue's lease: a sender that lost it (a reply that came after another
 * instance took over) must not undo what the new holder did with the row.
 */
const whileHeldBy = (issueId: string, owner: string) =>
  sql`exists (select 1 from ${newsletterIssues} where ${newsletterIssues.id} = ${issueId} and ${newsletterIssues.leaseOwner} = ${owner})`;

/**
 * Records a delivery as `sending`, just before its last line goes out; false when it is no longer queued
 * (another sender has it) or its reader is no longer confirmed (unsubscribed meanwhile): then the
 * message must not be ended.
 */
export async function markSending(db: DbOrTx, issueId: string, subscriberId: string) {
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: "sending" })
    .where(
      and(
        deliveryOf(issueId, subscriberId),
        eq(newsletterDeliveries.status, "queued"),
        sql`exists (select 1 from ${newsletterSubscribers} where ${newsletterSubscribers.id} = ${subscriberId} and ${newsletterSubscribers.status} = 'confirmed')`,
      ),
    )
    .returning({ id: newsletterDeliveries.subscriberId });
  return rows.length > 0;
}

/** The mail server answered 250 to the message's last line: the delivery is `sent`. */
export async function markSent(db: DbOrTx, issueId: string, subscriberId: string, now = new Date()) {
  await db
    .update(newsletterDeliveries)
    .set({ status: "sent", sentAt: now })
    .where(
      and(deliveryOf(issueId, subscriberId), inArray(newsletterDeliveries.status, ["sending", "queued"])),
    );
}

/** A queued delivery whose reader left (unsubscribed, bounced, deleted) before their turn: `skipped`. */
export async function skipIfGone(db: DbOrTx, issueId: string, subscriberId: string) {
  await db
    .update(newsletterDeliveries)
    .set({ status: "skipped" })
    .where(
      and(
        deliveryOf(issueId, subscriberId),
        eq(newsletterDeliveries.status, "queued"),
        sql`not exists (select 1 from ${newsletterSubscribers} where ${newsletterSubscribers.id} = ${subscriberId} and ${newsletterSubscribers.status} = 'confirmed')`,
      ),
    );
}

/** A delivery the mail server refused for good: `failed`, while `owner` holds the send. */
export async function failDelivery(
  db: DbOrTx,
  { issueId, subscriberId, owner }: { issueId: string; subscriberId: string; owner: string },
  error: string,
) {
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: "failed", lastError: error.slice(0, 500) })
    .where(and(deliveryOf(issueId, subscriberId), whileHeldBy(issueId, owner)))
    .returning({ id: newsletterDeliveries.subscriberId });
  return rows.length > 0;
}

/**
 * Queued again, to be tried at `at`, while `owner` holds the send: a temporary refusal (counted as an
 * attempt), or a message that never reached its end (`isAttempt` false: nothing about the reader).
 */
export async function retryDelivery(
  db: DbOrTx,
  { issueId, subscriberId, owner }: { issueId: string; subscriberId: string; owner: string },
  { at, error, isAttempt = true }: { at: Date; error: string; isAttempt?: boolean },
) {
  await db
    .update(newsletterDeliveries)
    .set({
      status: "queued",
      sentAt: null,
      nextAttemptAt: at,
      lastError: error.slice(0, 500),
      attempts: isAttempt ? sql`${newsletterDeliveries.attempts} + 1` : newsletterDeliveries.attempts,
    })
    .where(and(deliveryOf(issueId, subscriberId), whileHeldBy(issueId, owner)));
}

/** The mail server refused the address for good: nothing more is sent to it (status `bounced`). */
export async function markBounced(db: DbOrTx, subscriberId: string, reason: string, now = new Date()) {
  await db
    .update(newsletterSubscribers)
    .set({ status: "bounced", bouncedAt: now, bounceReason: reason.slice(0, 500) })
    .where(eq(newsletterSubscribers.id, subscriberId));
}

/** Every delivery worked: the issue is sent. Only the lease's holder closes it. */
export async function finishIssue(db: Db, issueId: string, owner: string, now = new Date()) {
  await db
    .update(newsletterIssues)
    .set({ status: "sent", finishedAt: now, updatedAt: now, leaseOwner: null, leaseUntil: null })
    .where(
      and(
        eq(newsletterIssues.id, issueId),
        eq(newsletterIssues.leaseOwner, owner),
        eq(newsletterIssues.status, "sending"),
      ),
    );
}

export interface SendProgress {
  sent: number;
  failed: number;
  skipped: number;
  left: number;
}

/** Sent, failed, skipped and left of an issue's deliveries: the back office's live figures. */
export async function sendProgress(db: DbOrTx, issueId: string): Promise<SendProgress> {
  const rows = await db
    .select({ status: newsletterDeliveries.status, n: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issueId))
    .groupBy(newsletterDeliveries.status);
  const of = (status: NewsletterDeliveryStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return {
    sent: of("sent"),
    failed: of("failed"),
    skipped: of("skipped"),
    left: of("queued") + of("sending"),
  };
}

/** Pauses a send (the holder stops at its next renewal) or resumes it; false when it was not in that state. */
export async function setIssuePaused(db: DbOrTx, issueId: string, isPaused: boolean, now = new Date()) {
  const [row] = await db
    .update(newsletterIssues)
    .set({ status: isPaused ? "paused" : "sending", updatedAt: now })
    .where(
      and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, isPaused ? "sending" : "paused")),
    )
    .returning({ id: newsletterIssues.id });
  return Boolean(row);
}
