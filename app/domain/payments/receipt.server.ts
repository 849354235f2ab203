/**
 * A payment's receipt, mailed once after the commit that granted it (decision record 021): claimed by
 * setting `receipt_sent_at` while it is empty, so of the confirmations that race only one mails it. A
 * receipt the mail server refuses is logged for the operator; the payment stands.
 */
import { formatGhs } from "#app/lib/money";
import { and, eq, isNull } from "drizzle-orm";
import { payments, type Pass, type Payment } from "#app/db/schema";
import { getSettings } from "#app/domain/settings/settings.server";
import { formatDate, type DateSettings } from "#app/lib/dates";
import type { Services } from "#app/services.server";
import { PAYMENT_TEXT, PLAN_NAMES } from "./payment-text";

const CHANNEL_NAMES: Record<string, string> = { mobile_money: "Mobile Money", card: "card" };

export async function sendReceipt(
  services: Pick<Services, "db" | "mailer" | "clock">,
  payment: Payment,
  pass: Pass | null,
): Promise<void> {
  if (payment.status !== "paid" || payment.receiptSentAt || !payment.email || !services.mailer.isConfigured())
    return;
  const [claimed] = await services.db
    .update(payments)
    .set({ receiptSentAt: services.clock.now() })
    .where(and(eq(payments.id, payment.id), isNull(payments.receiptSentAt)))
    .returning({ id: payments.id });
  if (!claimed) return;
  const settings = await getSettings(services.db);
  const until = (at: Date) => siteDateTime(at, settings);
  const lines = [
    payment.kind === "pass" && payment.plan
      ? `Thank you for buying a ${PLAN_NAMES[payment.plan]}.`
      : PAYMENT_TEXT.donationThanks,
    payment.kind === "donation" && payment.message
      ? `Your message to the newsroom: "${payment.message}"`
      : "",
    "",
    `Amount: ${formatGhs(payment.amount)}`,
    `Paid with: ${CHANNEL_NAMES[payment.channel] ?? (payment.channel || "—")}`,
    `Reference: ${payment.reference}`,
    payment.paidAt ? `Date: ${until(payment.paidAt)}` : "",
    pass
      ? `Your ${PLAN_NAMES[pass.plan]} runs from ${until(pass.startsAt)} until ${until(pass.endsAt)}.`
      : "",
    "",
    settings.siteTitle,
  ];
  services.mailer.sendInBackground(
    {
      to: payment.email,
      subject: PAYMENT_TEXT.receiptSubject(settings.siteTitle),
      text: lines.filter((line, index) => line !== "" || lines[index - 1] !== "").join("\n"),
    },
    "[payments] A receipt could not be mailed",
  );
}

/** A moment as the site writes it: its date and time formats, in its time zone ("November 21, 2026, 10:00 am"). */
export const siteDateTime = (at: Date, settings: DateSettings) =>
  formatDate(at, `${settings.dateFormat || "F j, Y"}, ${settings.timeFormat || "g:i a"}`, settings.timezone);
