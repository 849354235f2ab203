/**
 * GET /account/checkout/return?reference=…: where the provider sends the reader back (decision record
 * 021). The provider is asked what the payment came to and it is confirmed (exactly once, with the
 * webhook); the page says where the reader stands and links back to the story they came from. Personal:
 * never stored by any cache.
 */
import { data } from "react-router";
import { FormVerdict } from "#app/components/site/form-verdict";
import { PAYMENT_TEXT } from "#app/domain/payments/payment-text";
import { returnFromCheckout } from "#app/domain/payments/return.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/account.checkout-return";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const reference = url.searchParams.get("reference") ?? url.searchParams.get("trxref") ?? "";
  const outcome = await returnFromCheckout(context.services, reference);
  const returnTo = safeRedirectPath(url.searchParams.get("returnTo")) ?? "/";
  return data({ outcome, returnTo }, { status: outcome.status });
});

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  errorPageMeta(siteMetaFrom(matches), PAYMENT_TEXT.paymentTitle);

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { outcome, returnTo } = loaderData;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{outcome.title}</h1>
      <div className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        <FormVerdict result={{ ok: outcome.ok, title: outcome.title, message: outcome.message }} />
        <p className="mt-6">
          <a href={returnTo} className="font-semibold text-brand-700 underline">
            {returnTo === "/" ? PAYMENT_TEXT.backToSite : PAYMENT_TEXT.backToStory}
          </a>
        </p>
      </div>
    </main>
  );
}
