/**
 * The loop that sends the newsletter (issue 29, item 2). Every instance runs it; the one that holds a
 * sending issue's lease works its queued deliveries in order over one SMTP connection, at most
 * `ratePerMinute` a minute, renewing the lease as it goes. A holder that stops or dies leaves the lease
 * to run out and another instance (or this one, restarted) carries on from the rows.
 *
 * Never twice (decision record 018): a delivery is marked `sent` after the whole message has gone to the
 * mail server and before the "." that commits it, and only if it was still queued. A crash before the
 * mark leaves a message the mail server discards (it never saw its end) and a row still queued; a crash
 * after it, a message that was, or in the instant between, was about to be, committed.
 */
import crypto from "node:crypto";
import type { Db } from "#app/db/client.server";
import type { NewsletterIssue, Settings } from "#app/db/schema";
import { senderAddress } from "#app/domain/email/mailer.server";
import { openSmtpSession, type SmtpSendError, type SmtpSession } from "#app/domain/email/smtp-session.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { configuredOrigin } from "#app/domain/settings/site-origin.server";
import { issueMailFor } from "./issues.server";
import {
  dueDeliveries,
  finishIssue,
  markBounced,
  markSent,
  nextRetryAt,
  queueDueIssues,
  releaseIssueLease,
  renewIssueLease,
  retryDelivery,
  settleDelivery,
  takeIssueLease,
  whenIssueDue,
  type DueDelivery,
} from "./sending.server";
import { makeDailyDigest } from "./automatic-issues.server";
import { oneClickUnsubscribeLink } from "./signup.server";

/** Deliveries read at a time: small, so a pause or a lost lease is seen within a batch. */
const BATCH = 50;
/** Waits before the 1st, 2nd... retry of a temporary failure (a 4xx, a connection lost); then it fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export interface SenderOptions {
  smtpUrl: string;
  smtpFrom?: string;
  ratePerMinute: number;
  /** How long a lease lasts unrenewed: how soon another instance takes over from a dead one. */
  leaseMs?: number;
  /** The longest sleep between two looks for work. */
  intervalMs?: number;
  retryDelaysMs?: readonly number[];
  /** Names this instance in the lease (tests: two senders in one process). */
  owner?: string;
}

export interface NewsletterSender {
  /** An issue was queued here: look now rather than at the next interval. */
  wake(): void;
  /** Stops after the message in hand; the lease is given up. */
  stop(): Promise<void>;
}

const sleep = (ms: number, signal: { wake?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    signal.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

export function startNewsletterSender(db: Db, options: SenderOptions): NewsletterSender {
  const owner = options.owner ?? `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const intervalMs = options.intervalMs ?? 15_000;
  const spacingMs = 60_000 / options.ratePerMinute;
  const waiting: { wake?: () => void } = {};
  let isStopping = false;
  let session = null as SmtpSession | null;

  async function workIssue(issue: NewsletterIssue) {
    const settings = await getSettings(db);
    session ??= openSmtpSession(options.smtpUrl);
    let nextSendAt = Date.now();
    let renewedAt = Date.now();
    while (!isStopping) {
      if (!(await renewIssueLease(db, issue.id, owner, leaseMs))) return; // paused, or taken over
      renewedAt = Date.now();
      const batch = await dueDeliveries(db, issue.id, BATCH);
      if (batch.length === 0) {
        const retry = await nextRetryAt(db, issue.id);
        if (retry === null) return finishIssue(db, issue.id, owner);
        const waitMs = retry === "now" ? 0 : retry.getTime() - Date.now();
        // Keep the lease while the last ones wait for their retry.
        await sleep(Math.max(10, Math.min(waitMs, leaseMs / 3, intervalMs)), waiting);
        continue;
      }
      for (const delivery of batch) {
        if (isStopping) return;
        if (Date.now() - renewedAt > leaseMs / 3) {
          if (!(await renewIssueLease(db, issue.id, owner, leaseMs))) return;
          renewedAt = Date.now();
        }
        const delayMs = nextSendAt - Date.now();
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        nextSendAt = Math.max(Date.now(), nextSendAt) + spacingMs;
        await deliver(issue, settings, delivery);
      }
    }
  }

  async function deliver(issue: NewsletterIssue, settings: Settings, delivery: DueDelivery) {
    if (delivery.subscriberStatus !== "confirmed")
      return settleDelivery(
        db,
        issue.id,
        delivery.subscriberId,
        "skipped",
        `subscriber ${delivery.subscriberStatus}`,
      );
    const origin = configuredOrigin(settings);
    const mail = issueMailFor(issue, settings, {
      email: delivery.email,
      token: delivery.token,
      // Only while an admin has open counts on (off by default): no image, no counted links otherwise.
      isCounted: settings.newsletterOpenCounts,
    });
    // Whether the row was marked sent before the last line, or found taken by another sender.
    let mark = "none" as "none" | "sent" | "taken";
    try {
      await session!.send(
        {
          from: senderAddress(options),
          to: delivery.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: {
            "List-Unsubscribe": `<${oneClickUnsubscribeLink(origin, delivery.token)}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        },
        async () => {
          mark = (await markSent(db, issue.id, delivery.subscriberId)) ? "sent" : "taken";
          if (mark === "taken") throw new Error("the delivery is no longer queued: another sender has it");
        },
      );
    } catch (error) {
      if (mark !== "taken") await settleFailure(issue.id, delivery, error as SmtpSendError, mark === "sent");
    }
  }

  /**
   * A message the mail server did not take. Refused for this reader: a 5xx for their address fails the
   * delivery and bounces the address, a 5xx for the message fails it, a 4xx is tried again later (up
   * to the retries). Nothing said about this reader (no connection, the sender refused, the line
   * lost): the delivery is left as it was and the send waits (the loop logs it and looks again), unless
   * its "." went out unanswered: then it stays sent, as marked.
   */
  async function settleFailure(
    issueId: string,
    delivery: DueDelivery,
    error: SmtpSendError,
    isMarked: boolean,
  ) {
    const reason = error.message.slice(0, 500);
    if (error.stage === "server") {
      if (isMarked && error.isAfterLastLine) return;
      if (isMarked) await retryDelivery(db, issueId, delivery.subscriberId, new Date(), reason, false);
      throw error;
    }
    if (error.isPermanent) {
      await settleDelivery(db, issueId, delivery.subscriberId, "failed", reason);
      if (error.stage === "recipient") await markBounced(db, delivery.subscriberId, reason);
      return;
    }
    const delay = (options.retryDelaysMs ?? RETRY_DELAYS_MS)[delivery.attempts];
    if (delay === undefined) return settleDelivery(db, issueId, delivery.subscriberId, "failed", reason);
    await retryDelivery(db, issueId, delivery.subscriberId, new Date(Date.now() + delay), reason);
  }

  whenIssueDue(db, () => waiting.wake?.());
  const running = (async () => {
    while (!isStopping) {
      let issue: NewsletterIssue | null = null;
      let hasFailed = false;
      try {
        await makeDailyDigest(db);
        await queueDueIssues(db);
        issue = await takeIssueLease(db, owner, leaseMs);
        if (issue) await workIssue(issue);
      } catch (error) {
        hasFailed = true;
        console.error("[newsletter] sending failed; trying again shortly", error);
        session?.close();
        session = null;
      }
      if (issue && isStopping) await releaseIssueLease(db, issue.id, owner).catch(() => {});
      // Nothing to send, or a failure (the database or the mail server down): wait before looking again.
      if ((!issue || hasFailed) && !isStopping) await sleep(intervalMs, waiting);
    }
    session?.close();
  })();

  return {
    wake: () => waiting.wake?.(),
    async stop() {
      isStopping = true;
      waiting.wake?.();
      await running;
    },
  };
}
