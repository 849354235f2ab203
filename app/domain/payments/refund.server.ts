/**
 * Refunds (decision record 021): an admin's, through the provider first; once it has accepted, one
 * transaction marks the payment refunded, ends its pass now and records the activity.
 */
import { formatGhs } from "#app/lib/money";
import { and, eq, gt } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { passes, payments, type Payment } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { conflict, DomainError, notFound } from "#app/lib/errors";
import type { Services } from "#app/services.server";
import { PAYMENT_TEXT } from "./payment-text";
import { PaymentProviderError } from "./provider.server";

export async function refundPayment(
  services: Pick<Services, "db" | "payments" | "clock">,
  actor: CurrentUser,
  paymentId: string,
): Promise<Payment> {
  if (!can(actor.role, "revenue", "refund")) accessDenied();
  const [payment] = await services.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound(PAYMENT_TEXT.unknown);
  if (payment.status !== "paid") throw conflict(PAYMENT_TEXT.refundNotPaid);
  const provider = services.payments;
  if (!provider || provider.name !== payment.provider)
    throw new DomainError("unavailable", PAYMENT_TEXT.notSetUp);
  try {
    await provider.refund(payment.providerTransactionId || payment.reference);
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new DomainError("unavailable", PAYMENT_TEXT.providerDown);
    throw error;
  }
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ status: "refunded", refundedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "paid")))
      .returning();
    if (!refunded) throw conflict(PAYMENT_TEXT.refundNotPaid);
    // A refunded pass ends at once (decision record 021, point 3); one not started yet never starts.
    await tx
      .update(passes)
      .set({ endsAt: now })
      .where(and(eq(passes.paymentId, payment.id), gt(passes.endsAt, now)));
    await tx
      .update(passes)
      .set({ startsAt: now })
      .where(and(eq(passes.paymentId, payment.id), gt(passes.startsAt, now)));
    await logActivity(tx, {
      type: "payment",
      actor,
      action: "Refunded a payment",
      title: payment.reference,
      description: `${formatGhs(payment.amount)} ${payment.kind === "pass" ? `${payment.plan} pass` : "donation"} of ${payment.email || "a deleted account"}.`,
    });
    return refunded;
  });
}
