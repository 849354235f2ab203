/**
 * Refunds (decision record 021): an admin's, through the provider first; once it has accepted, one
 * transaction marks the payment refunded, ends its pass now, moves the member's passes stacked after it
 * up by the time it gave back, and records the activity.
 */
import { formatGhs } from "#app/lib/money";
import { and, eq, gte, ne, sql } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Tx } from "#app/db/client.server";
import { members, passes, payments, type Payment } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { conflict, DomainError, notFound } from "#app/lib/errors";
import type { Services } from "#app/services.server";
import { PAYMENT_TEXT } from "./payment-text";
import { passOf } from "./checkout.server";
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
    await endRefundedPass(tx, payment.id, now);
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

/**
 * A refunded pass ends at once (decision record 021, point 3); one not started yet never starts. The
 * passes stacked after it (a pass bought while another runs starts at its end) move up by the time the
 * refund took away, so a reader who paid for a later pass is not left without one until it was due,
 * and a pass they buy next stacks where it should (decision record 021, point 5). The member's row is
 * locked, as a grant locks it, so a pass granted or refunded meanwhile sees the passes moved or not.
 */
async function endRefundedPass(tx: Tx, paymentId: string, now: Date) {
  const owner = await passOf(tx, paymentId);
  if (!owner) return;
  await tx.select({ id: members.id }).from(members).where(eq(members.id, owner.memberId)).for("update");
  // Read again under the lock: another refund of this member may have moved this pass meanwhile.
  const pass = await passOf(tx, paymentId);
  if (!pass || pass.endsAt <= now) return;
  const startsAt = pass.startsAt < now ? pass.startsAt : now;
  const givenBack = pass.endsAt.getTime() - Math.max(pass.startsAt.getTime(), now.getTime());
  await tx.update(passes).set({ startsAt, endsAt: now }).where(eq(passes.id, pass.id));
  const moveUp = (column: typeof passes.startsAt | typeof passes.endsAt) =>
    sql`${column} - ${givenBack}::double precision * interval '1 millisecond'`;
  await tx
    .update(passes)
    .set({ startsAt: moveUp(passes.startsAt), endsAt: moveUp(passes.endsAt) })
    .where(
      and(eq(passes.memberId, pass.memberId), ne(passes.id, pass.id), gte(passes.startsAt, pass.endsAt)),
    );
}
