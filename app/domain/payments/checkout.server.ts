/**
 * Selling passes and taking donations (decision record 021, point 5). `startCheckout` records a pending
 * payment under our own reference and asks the provider for its checkout page. `confirmPayment` grants
 * a payment exactly once, whoever confirms it (the webhook, the return address, twice, in any order, or
 * again after a `kill -9`): one transaction moves the row from `pending` to `paid` only while it is still
 * pending and the amount and currency are what was asked, and inserts its pass (unique per payment).
 * The receipt goes after the commit, claimed by `receipt_sent_at` so it is mailed once.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "#app/db/client.server";
import { members, passes, payments, type Pass, type Payment } from "#app/db/schema";
import { passNotEndedAt } from "#app/domain/access/pass-times.server";
import { logActivity } from "#app/domain/activity/activity.server";
import { getSettings } from "#app/domain/settings/settings.server";
import type { PassPlan } from "#app/lib/enums";
import { invalid, DomainError } from "#app/lib/errors";
import { logFor } from "#app/lib/log.server";
import type { Services } from "#app/services.server";
import {
  DONATION_MAX,
  DONATION_MESSAGE_MAX,
  DONATION_MIN,
  PASS_DAYS,
  PAYMENT_TEXT,
  pesewasOf,
} from "./payment-text";
import { PaymentProviderError, type VerifiedPayment } from "./provider.server";
import { sendReceipt } from "./receipt.server";

export const CHECKOUT_RETURN_PATH = "/account/checkout/return";
export const CURRENCY = "GHS";
const CHANNELS = ["mobile_money", "card"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in reader who pays (`context.currentMember()`). */
export interface Payer {
  id: string;
  email: string;
}

export type CheckoutChoice = { plan: PassPlan } | { donation: { amount: string; message: string } };

/** Ours, in Paystack's alphabet for references (letters, digits, `-`, `.`, `=`). */
export const newPaymentReference = () => `nd-${randomBytes(12).toString("hex")}`;

const notSetUp = () => new DomainError("unavailable", PAYMENT_TEXT.notSetUp);

async function priceOf(services: Pick<Services, "db">, choice: CheckoutChoice) {
  if ("plan" in choice) {
    const settings = await getSettings(services.db);
    const prices = {
      day: settings.passDayPrice,
      week: settings.passWeekPrice,
      month: settings.passMonthPrice,
    };
    const amount = prices[choice.plan];
    if (!amount || amount <= 0) throw invalid(PAYMENT_TEXT.notSold, { field: "plan" });
    return { kind: "pass" as const, plan: choice.plan, amount, message: "" };
  }
  const amount = pesewasOf(choice.donation.amount);
  if (amount === null || amount < DONATION_MIN || amount > DONATION_MAX)
    throw invalid(PAYMENT_TEXT.donationAmount, { field: "amount" });
  const message = choice.donation.message.trim();
  if (message.length > DONATION_MESSAGE_MAX)
    throw invalid(PAYMENT_TEXT.donationMessageTooLong, { field: "message" });
  return { kind: "donation" as const, plan: null, amount, message };
}

/**
 * Starts a checkout for a signed-in member: the pending payment, then the provider's page to send the
 * browser to. `returnTo` (a path on this site, already checked) rides in the callback address, so the
 * return page can send the reader back to the story they came from.
 */
export async function startCheckout(
  services: Pick<Services, "db" | "payments">,
  member: Payer,
  choice: CheckoutChoice,
  { origin, returnTo }: { origin: string; returnTo?: string | null },
): Promise<{ authorizationUrl: string; paymentId: string; reference: string }> {
  const provider = services.payments;
  if (!provider) throw notSetUp();
  const priced = await priceOf(services, choice);
  const reference = newPaymentReference();
  const [payment] = await services.db
    .insert(payments)
    .values({
      reference,
      memberId: member.id,
      email: member.email,
      currency: CURRENCY,
      provider: provider.name,
      ...priced,
    })
    .returning();
  if (!payment) throw new Error("The payment was not recorded");
  const callback = new URL(CHECKOUT_RETURN_PATH, origin);
  if (returnTo) callback.searchParams.set("returnTo", returnTo);
  try {
    const { authorizationUrl } = await provider.initialize({
      email: member.email,
      amount: priced.amount,
      currency: CURRENCY,
      reference,
      callbackUrl: callback.href,
      channels: CHANNELS,
      metadata: { paymentId: payment.id, plan: priced.plan ?? "donation", returnTo: returnTo ?? "/" },
    });
    return { authorizationUrl, paymentId: payment.id, reference };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await services.db.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    throw new DomainError("unavailable", PAYMENT_TEXT.providerDown, { retryAfter: 60 });
  }
}

export type Confirmation =
  | { outcome: "granted" | "already"; payment: Payment; pass: Pass | null }
  | { outcome: "mismatch" | "failed" | "pending"; payment: Payment; pass: null }
  | { outcome: "unknown"; payment: null; pass: null };

/**
 * Confirms what the provider verified (or its signed webhook said) for one of our references. `source`
 * names who confirmed it, for the log.
 */
export async function confirmPayment(
  services: Pick<Services, "db" | "mailer" | "clock">,
  reference: string,
  verified: VerifiedPayment,
  source: "webhook" | "return",
): Promise<Confirmation> {
  const now = services.clock.now();
  if (verified.status !== "success") return settleUnpaid(services, reference, verified);
  const result = await services.db.transaction(async (tx): Promise<Confirmation> => {
    const [paid] = await tx
      .update(payments)
      .set({
        status: "paid",
        paidAt: now,
        channel: verified.channel.slice(0, 40),
        providerTransactionId: verified.transactionId,
      })
      .where(
        and(
          eq(payments.reference, reference),
          eq(payments.status, "pending"),
          eq(payments.amount, verified.amount),
          eq(payments.currency, verified.currency),
        ),
      )
      .returning();
    if (paid) return { outcome: "granted", payment: paid, pass: await grantPass(tx, paid, now) };
    const [row] = await tx.select().from(payments).where(eq(payments.reference, reference)).for("update");
    if (!row) return { outcome: "unknown", payment: null, pass: null };
    return row.status === "pending" ? recordMismatch(tx, row, verified, source) : settled(tx, row);
  });
  if (result.outcome === "granted" || result.outcome === "already")
    await sendReceipt(services, result.payment, result.pass);
  return result;
}

/**
 * A pass starts now, or when the member's last pass not ended yet ends: passes stack end to end, so the
 * last end counts whether that pass runs now or is itself stacked to start later (`passNotEndedAt`, not
 * `passRunningAt`). The member's row is locked meanwhile (a refund moving passes up locks it too).
 */
async function grantPass(tx: Tx, payment: Payment, now: Date): Promise<Pass | null> {
  if (payment.kind !== "pass" || !payment.plan || !payment.memberId) return null;
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, payment.memberId))
    .for("update");
  if (!member) return null;
  const [last] = await tx
    .select({ endsAt: passes.endsAt })
    .from(passes)
    .where(and(eq(passes.memberId, member.id), passNotEndedAt(now)))
    .orderBy(desc(passes.endsAt))
    .limit(1);
  const startsAt = last ? last.endsAt : now;
  const endsAt = new Date(startsAt.getTime() + PASS_DAYS[payment.plan] * DAY_MS);
  const [pass] = await tx
    .insert(passes)
    .values({ memberId: member.id, paymentId: payment.id, plan: payment.plan, startsAt, endsAt })
    .returning();
  return pass ?? null;
}

/** The pass a payment granted, if any (one per payment: unique). */
export const passOf = async (db: DbOrTx, paymentId: string) =>
  (await db.select().from(passes).where(eq(passes.paymentId, paymentId)).limit(1))[0] ?? null;

async function recordMismatch(
  tx: Tx,
  row: Payment,
  verified: VerifiedPayment,
  source: string,
): Promise<Confirmation> {
  const [payment] = await tx
    .update(payments)
    .set({
      status: "mismatch",
      channel: verified.channel.slice(0, 40),
      providerTransactionId: verified.transactionId,
    })
    .where(and(eq(payments.id, row.id), eq(payments.status, "pending")))
    .returning();
  const asked = `${row.amount} ${row.currency}`;
  const confirmed = `${verified.amount} ${verified.currency}`;
  logFor("payments").warn(
    { reference: row.reference, asked, confirmed, source },
    "A payment was confirmed for another amount or currency than asked: nothing granted",
  );
  await logActivity(tx, {
    type: "payment",
    actor: null,
    action: "Payment mismatch: nothing granted",
    title: row.reference,
    description: `Asked ${asked}, the provider confirmed ${confirmed} (${row.email || "no address"}).`,
  });
  return { outcome: "mismatch", payment: payment ?? row, pass: null };
}

/** Not paid: a failure the provider reports ends a pending payment; anything else leaves it pending. */
async function settleUnpaid(
  services: Pick<Services, "db">,
  reference: string,
  verified: VerifiedPayment,
): Promise<Confirmation> {
  if (verified.status === "failed") {
    await services.db
      .update(payments)
      .set({ status: "failed" })
      .where(and(eq(payments.reference, reference), eq(payments.status, "pending")));
  }
  const [row] = await services.db.select().from(payments).where(eq(payments.reference, reference));
  return row ? settled(services.db, row) : { outcome: "unknown", payment: null, pass: null };
}

/** What a payment already came to, for a confirmation that did not move it. */
async function settled(db: DbOrTx, row: Payment): Promise<Confirmation> {
  if (row.status === "paid" || row.status === "refunded")
    return { outcome: "already", payment: row, pass: await passOf(db, row.id) };
  if (row.status === "mismatch") return { outcome: "mismatch", payment: row, pass: null };
  return { outcome: row.status === "failed" ? "failed" : "pending", payment: row, pass: null };
}
