/**
 * The loop that sends the newsletter (decision record 018). Every instance runs it; the one that holds a
 * sending issue's lease works its queued deliveries in order over one SMTP connection, at most
 * `ratePerMinute` a minute, renewing the lease as it goes. A holder that stops or dies leaves the lease
 * to run out and another instance (or this one, restarted) carries on from the rows. It sends what is
 * queued; the daily digest is made by a job of its own, with or without SMTP (server/site-jobs.ts).
 *
 * Never lost, never shown twice (decision record 018): a delivery is marked `sending` after the whole
 * message has gone to the mail server and before the "." that commits it (only if it was still queued),
 * and `sent` once the server answered 250. A crash before the first mark leaves a message the mail
 * server discards (it never saw its end) and a row still queued; a crash between the two leaves a row
 * `sending` whose message may or may not have been committed: it is sent again, with the same
 * Message-ID, which a mailbox shows once. At most the one message in flight goes twice.
 */
import crypto from "node:crypto";
import type { Db } from "#app/db/client.server";
import type { NewsletterIssue, Settings } from "#app/db/schema";
import type { DkimSettings } from "#app/config.server";
import { dkimOptions, senderAddress } from "#app/domain/email/mailer.server";
import { openSmtpSession, type SmtpSendError, type SmtpSession } from "#app/domain/email/smtp-session.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { configuredOrigin } from "#app/domain/settings/site-origin.server";
import { mailReadersOf, NO_ACCESS, type MailReader } from "./mail-readers.server";
import { issueMailFor } from "./issues.server";
import {
  dueDeliveries,
  finishIssue,
  failDelivery,
  markBounced,
  markSending,
  markSent,
  nextRetryAt,
  queueDueIssues,
  releaseIssueLease,
  renewIssueLease,
  retryDelivery,
  skipIfGone,
  takeIssueLease,
  whenIssueDue,
  type DueDelivery,
} from "./sending.server";
import { oneClickUnsubscribeLink } from "./signup.server";
import { logFailure } from "#app/lib/log.server";

/**
 * One Message-ID per issue and reader, the same for every copy: a copy sent again after a crash is the
 * same message to a mailbox that honours it. Its domain is the signing or the sending one.
 */
export function messageIdOf(
  issueId: string,
  subscriberId: string,
  options: Pick<SenderOptions, "dkim" | "smtpFrom" | "smtpUrl">,
) {
  const from = senderAddress(options);
  const domain = options.dkim?.domainName ?? /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "newsdesk.invalid";
  return `<newsletter.${issueId}.${subscriberId}@${domain}>`;
}

/** Deliveries read at a time: small, so a pause or a lost lease is seen within a batch. */
const BATCH = 50;
/** Waits before the 1st, 2nd... retry of a 4xx refusal of the reader or the message; then it fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export interface SenderOptions {
  smtpUrl: string;
  smtpFrom?: string;
  /** Signs every issue (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): one-click unsubscribe needs it. */
  dkim?: DkimSettings;
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

/**
 * The sender's pause between looks for work, cut short by `wake()`. A wake while the sender is busy (an
 * issue queued while it looks or sends) is kept for its next sleep, which then returns at once: lost,
 * the issue waited a whole interval (15 s) for the next look.
 */
export function wakeableSleep() {
  let wakeSleeper: (() => void) | null = null;
  let isWoken = false;
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (isWoken) {
          isWoken = false;
          return resolve();
        }
        const timer = setTimeout(done, ms);
        timer.unref?.();
        function done() {
          clearTimeout(timer);
          wakeSleeper = null;
          resolve();
        }
        wakeSleeper = done;
      }),
    wake() {
      if (wakeSleeper) wakeSleeper();
      else isWoken = true;
    },
  };
}

/**
 * A refusal of the reader's mailbox itself (unknown user, no such domain), not of this sender or this
 * message: a relay that refuses everyone ("5.7.1 relay access denied") must not bounce the whole list.
 */
const isMailboxRefusal = (error: SmtpSendError) =>
  error.stage === "recipient" &&
  [550, 551, 553].includes(error.code ?? 0) &&
  !/\b5\.7\.\d/.test(error.message);

/** A running sender's state, shared by its loop and the steps of a batch. */
interface Sending {
  db: Db;
  options: SenderOptions;
  owner: string;
  leaseMs: number;
  intervalMs: number;
  spacingMs: number;
  waiting: ReturnType<typeof wakeableSleep>;
  isStopping: boolean;
  session: SmtpSession | null;
  /** The earliest moment the next message may go: the rate holds across batches and issues. */
  nextSendAt: number;
}

export function startNewsletterSender(db: Db, options: SenderOptions): NewsletterSender {
  const sending: Sending = {
    db,
    options,
    owner: options.owner ?? `${process.pid}-${crypto.randomBytes(4).toString("hex")}`,
    leaseMs: options.leaseMs ?? 30_000,
    intervalMs: options.intervalMs ?? 15_000,
    spacingMs: 60_000 / options.ratePerMinute,
    waiting: wakeableSleep(),
    isStopping: false,
    session: null,
    nextSendAt: Date.now(),
  };
  whenIssueDue(db, () => sending.waiting.wake());
  const running = sendUntilStopped(sending);
  return {
    wake: () => sending.waiting.wake(),
    async stop() {
      sending.isStopping = true;
      sending.waiting.wake();
      await running;
    },
  };
}

/** The sender's loop: one batch after another while there is work, a sleep when there is none. */
async function sendUntilStopped(sending: Sending): Promise<void> {
  const { db, owner } = sending;
  while (!sending.isStopping) {
    let issue: NewsletterIssue | null = null;
    let hasMore = false;
    try {
      await queueDueIssues(db);
      issue = await takeIssueLease(db, owner, sending.leaseMs);
      if (issue) hasMore = await workBatch(sending, issue);
    } catch (error) {
      logFailure("[newsletter] sending failed; trying again shortly", error);
      sending.session?.close();
      sending.session = null;
      hasMore = false;
    }
    if (issue && sending.isStopping) await releaseIssueLease(db, issue.id, owner).catch(() => {});
    // Nothing to send now, or a failure (the database or the mail server down): wait, then look again.
    if (!hasMore && !sending.isStopping) await sending.waiting.sleep(sending.intervalMs);
  }
  sending.session?.close();
}

/**
 * Works one batch of an issue's due deliveries; answers whether there may be more to do at once. An
 * issue whose last deliveries wait for a retry gives its lease up meanwhile, so that other issues
 * (a breaking-news e-mail, the digest) and other instances are not held behind it.
 */
async function workBatch(sending: Sending, issue: NewsletterIssue): Promise<boolean> {
  const { db, owner, options } = sending;
  const settings = await getSettings(db);
  const batch = await dueDeliveries(db, issue.id, BATCH);
  if (batch.length === 0) {
    if ((await nextRetryAt(db, issue.id)) === null) {
      await finishIssue(db, issue.id, owner);
      return true;
    }
    await releaseIssueLease(db, issue.id, owner);
    return false;
  }
  sending.session ??= openSmtpSession(options.smtpUrl, dkimOptions(options.dkim));
  // Who may read a gated story whole, looked up when the batch goes (a pass may have begun or ended).
  const readers = issue.stories.some((story) => story.body && story.body.access !== "public")
    ? await mailReadersOf(
        db,
        batch.map((delivery) => delivery.email),
        new Date(),
      )
    : new Map<string, MailReader>();
  for (const delivery of batch) {
    if (sending.isStopping) return false;
    const delayMs = sending.nextSendAt - Date.now();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    sending.nextSendAt = Math.max(Date.now(), sending.nextSendAt) + sending.spacingMs;
    // Renewed just before each message (after the wait): a pause or a takeover is seen before sending.
    if (!(await renewIssueLease(db, issue.id, owner, sending.leaseMs))) return true;
    await deliver(sending, issue, settings, delivery, readers.get(delivery.email) ?? NO_ACCESS);
  }
  return true;
}

async function deliver(
  sending: Sending,
  issue: NewsletterIssue,
  settings: Settings,
  delivery: DueDelivery,
  reader: MailReader,
) {
  const { db, options } = sending;
  const row = { issueId: issue.id, subscriberId: delivery.subscriberId, owner: sending.owner };
  if (delivery.subscriberStatus !== "confirmed") return skipIfGone(db, issue.id, delivery.subscriberId);
  const mail = issueMailFor(issue, settings, {
    email: delivery.email,
    token: delivery.token,
    countsToken: delivery.countsToken,
    // Only while an admin has open counts on (off by default): no image, no counted links otherwise.
    isCounted: settings.newsletterOpenCounts,
    reader,
  });
  // Whether the row was marked sending before the last line, or could not be (another sender has it,
  // or the reader left since the batch was read).
  let mark = "none" as "none" | "sending" | "refused";
  try {
    await sending.session!.send(
      {
        from: senderAddress(options),
        to: delivery.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(issue.id, delivery.subscriberId, options),
        headers: {
          "List-Unsubscribe": `<${oneClickUnsubscribeLink(configuredOrigin(settings), delivery.token, issue.edition)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
      async () => {
        mark = (await markSending(db, issue.id, delivery.subscriberId)) ? "sending" : "refused";
        if (mark === "refused") throw new Error("the delivery is no longer this sender's to send");
      },
    );
  } catch (error) {
    if (mark === "refused") return skipIfGone(db, issue.id, delivery.subscriberId);
    return settleFailure(sending, row, delivery, error as SmtpSendError, mark === "sending");
  }
  // The server's 250: committed. A failure to record it leaves the row `sending`, sent again later.
  await markSent(db, issue.id, delivery.subscriberId);
}

/**
 * A message the mail server did not take. Refused for this reader: a 5xx fails the delivery (and a
 * refusal of their mailbox bounces the address), a 4xx is tried again later, up to the retries.
 * Nothing said about this reader (no connection, the sender refused, the line lost): the delivery
 * is left queued and the send waits (the loop logs it and looks again). One marked `sending` is queued
 * again, even when its "." went out unanswered (the server may have taken it): it goes again with the
 * same Message-ID.
 */
async function settleFailure(
  { db, options }: Sending,
  row: { issueId: string; subscriberId: string; owner: string },
  delivery: DueDelivery,
  error: SmtpSendError,
  isMarked: boolean,
) {
  const reason = error.message.slice(0, 500);
  if (error.stage === "server") {
    if (isMarked) await retryDelivery(db, row, { at: new Date(), error: reason, isAttempt: false });
    throw error;
  }
  const delay = (options.retryDelaysMs ?? RETRY_DELAYS_MS)[delivery.attempts];
  if (error.isPermanent || delay === undefined) {
    const hasFailed = await failDelivery(db, row, reason);
    if (hasFailed && error.isPermanent && isMailboxRefusal(error))
      await markBounced(db, delivery.subscriberId, reason);
    return;
  }
  await retryDelivery(db, row, { at: new Date(Date.now() + delay), error: reason });
}
