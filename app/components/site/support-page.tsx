/**
 * The support page (decision record 021): the three passes at their prices and a donation form, each a
 * plain POST to /account/checkout that works without JavaScript; when payments are not set up it says
 * so in place of the buttons. A form refused by the server comes back here with its problem and what
 * was typed.
 */
import { formatGhs } from "#app/lib/money";
import { PAYMENT_TEXT, PLAN_NAMES } from "#app/domain/payments/payment-text";
import type { PassPlan } from "#app/lib/enums";
import { CHECKOUT_PATH } from "#app/lib/paths";
import { FormVerdict } from "./form-verdict";

export interface SupportPageData {
  prices: Record<PassPlan, number>;
  paymentsReady: boolean;
  returnTo: string;
}

export interface SupportProblem {
  message: string;
  field?: string;
  values?: { amount: string; message: string };
}

const PLANS: PassPlan[] = ["day", "week", "month"];
const button =
  "inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900";
const input = "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2";

export function SupportPage({ data, problem }: { data: SupportPageData; problem?: SupportProblem | null }) {
  const onSale = PLANS.filter((plan) => data.prices[plan] > 0);
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{PAYMENT_TEXT.supportTitle}</h1>
      <p className="mt-3 text-lg text-gray-700">{PAYMENT_TEXT.supportIntro}</p>
      {problem ? (
        <div className="mt-6">
          <FormVerdict result={{ ok: false, title: PAYMENT_TEXT.paymentTitle, message: problem.message }} />
        </div>
      ) : null}
      {!data.paymentsReady ? (
        <p className="mt-6 rounded-md border border-gray-200 bg-gray-50 p-4" data-payments="off">
          {PAYMENT_TEXT.notSetUp}
        </p>
      ) : (
        <>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {onSale.map((plan) => (
              <li key={plan} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
                <h2 className="text-lg font-semibold capitalize">{PLAN_NAMES[plan]}</h2>
                <p className="mt-1 text-2xl font-bold" data-price={plan}>
                  {formatGhs(data.prices[plan])}
                </p>
                <form method="post" action={CHECKOUT_PATH} className="mt-4">
                  <input type="hidden" name="plan" value={plan} />
                  <input type="hidden" name="returnTo" value={data.returnTo} />
                  <button type="submit" className={button}>
                    {PAYMENT_TEXT.buy(plan)}
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <section className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 className="text-xl font-semibold">{PAYMENT_TEXT.donationTitle}</h2>
            <form method="post" action={CHECKOUT_PATH} className="mt-4 space-y-4">
              <input type="hidden" name="plan" value="donation" />
              <input type="hidden" name="returnTo" value={data.returnTo} />
              <label className="block">
                {PAYMENT_TEXT.donationAmountLabel}
                <input
                  name="amount"
                  inputMode="decimal"
                  required
                  defaultValue={problem?.values?.amount ?? ""}
                  aria-invalid={problem?.field === "amount" || undefined}
                  className={input}
                />
              </label>
              <label className="block">
                {PAYMENT_TEXT.donationMessageLabel}
                <textarea
                  name="message"
                  maxLength={500}
                  rows={3}
                  defaultValue={problem?.values?.message ?? ""}
                  className={input}
                />
              </label>
              <button type="submit" className={button}>
                {PAYMENT_TEXT.donate}
              </button>
            </form>
          </section>
        </>
      )}
    </main>
  );
}
