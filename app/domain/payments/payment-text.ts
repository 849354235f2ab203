/**
 * Reader payments' texts and money rules (decision record 021), isomorphic: the support page, the
 * checkout's answers and the receipt say the same. Amounts are integers in pesewas; a form's GHS amount
 * becomes pesewas by its digits, never through a float.
 */
import { formatGhs } from "#app/lib/money";
import type { PassPlan } from "#app/lib/enums";

/** A donation, in pesewas: GHS 1 to GHS 10,000. */
export const DONATION_MIN = 100;
export const DONATION_MAX = 1_000_000;
export const DONATION_MESSAGE_MAX = 500;
/** How long each pass runs, in days (a day pass: 24 hours). */
export const PASS_DAYS: Record<PassPlan, number> = { day: 1, week: 7, month: 30 };

export const PLAN_NAMES: Record<PassPlan, string> = {
  day: "day pass",
  week: "week pass",
  month: "month pass",
};

/**
 * A GHS amount as typed ("5", "5.5", "1,000.25", "GHS 20") in pesewas, or null when it is not one:
 * digits before and at most two after the point, read as integers.
 */
export function pesewasOf(typed: string): number | null {
  const match = /^(?:GHS|GH₵|₵)?\s*(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/i.exec(typed.trim());
  if (!match) return null;
  const cedis = Number((match[1] ?? "").replaceAll(",", ""));
  const pesewas = Number((match[2] ?? "").padEnd(2, "0"));
  return cedis * 100 + pesewas;
}

/** Form amounts in Settings: pesewas shown as GHS with two decimals ("2.00"). */
export const ghsField = (pesewas: number) => (pesewas / 100).toFixed(2);

export const PAYMENT_TEXT = {
  notSetUp: "Payments are not set up on this site yet.",
  notSold: "This pass is not on sale.",
  badPlan: "Choose a day, week or month pass, or a donation.",
  donationAmount: `Enter an amount from ${formatGhs(DONATION_MIN)} to ${formatGhs(DONATION_MAX)}.`,
  donationMessageTooLong: `Your message may be at most ${DONATION_MESSAGE_MAX} characters.`,
  providerDown: "We could not reach the payment service. Please try again in a few minutes.",
  supportTitle: "Support our journalism",
  supportIntro: "Buy a pass to read every story, or give what you can. Pay with Mobile Money or a card.",
  donationTitle: "Give what you can",
  donationAmountLabel: "Amount (GHS)",
  donationMessageLabel: "A message for the newsroom (optional)",
  donate: "Give",
  buy: (plan: PassPlan) => `Buy a ${PLAN_NAMES[plan]}`,
  passActive: (plan: PassPlan, until: string) => `Your ${PLAN_NAMES[plan]} is active until ${until}.`,
  donationThanks: "Thank you for your donation. Your support keeps our journalism going.",
  pending: "Your payment has not been confirmed yet. If you paid, it will be confirmed in a few minutes.",
  failed: "Your payment did not go through. Nothing was taken.",
  mismatch:
    "Your payment could not be matched to what you chose. The newsroom has been told and will contact you.",
  refunded: "This payment was refunded.",
  unknown: "We could not find this payment.",
  backToStory: "Back to the story",
  backToSite: "Back to the front page",
  paymentTitle: "Your payment",
  receiptSubject: (site: string) => `Your receipt from ${site}`,
  refundNotPaid: "Only a paid payment can be refunded.",
} as const;
