/**
 * POST /account/checkout: a signed-in reader buys a pass or gives (decision record 021); the answer is a
 * 303 to the provider's page. Signed out: to the sign-in page, which brings them back to the support
 * page. Payments not set up: back to the support page, which says so. A refused form is shown again with
 * its problem and what was typed. A GET shows the support page.
 */
import { data, redirect } from "react-router";
import { SupportPage, type SupportProblem } from "#app/components/site/support-page";
import { startCheckout, type CheckoutChoice } from "#app/domain/payments/checkout.server";
import { PAYMENT_TEXT } from "#app/domain/payments/payment-text";
import { supportPageData } from "#app/domain/payments/support.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { formText } from "#app/lib/form";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { MEMBER_SIGN_IN_PATH, SUPPORT_PATH } from "#app/lib/paths";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/account.checkout";

const PLANS = new Set(["day", "week", "month"]);

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) =>
  supportPageData(context.services, new URL(request.url).searchParams.get("returnTo")),
);

function choiceOf(form: FormData): CheckoutChoice | null {
  const plan = formText(form.get("plan"));
  if (PLANS.has(plan)) return { plan: plan as "day" | "week" | "month" };
  if (plan === "donation")
    return { donation: { amount: formText(form.get("amount")), message: formText(form.get("message")) } };
  return null;
}

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await refuseReadersInMaintenance(request, context);
  const form = await request.formData();
  const page = await supportPageData(context.services, formText(form.get("returnTo")));
  const supportPath = `${SUPPORT_PATH}?returnTo=${encodeURIComponent(page.returnTo)}`;
  const member = await context.currentMember();
  if (!member) return redirect(`${MEMBER_SIGN_IN_PATH}?returnTo=${encodeURIComponent(supportPath)}`, 303);
  if (!context.services.payments)
    return redirectWithToast(
      supportPath,
      { type: "warning", title: PAYMENT_TEXT.paymentTitle, message: PAYMENT_TEXT.notSetUp },
      { status: 303 },
    );
  const values = { amount: formText(form.get("amount")), message: formText(form.get("message")) };
  const choice = choiceOf(form);
  if (!choice)
    return data({ problem: { message: PAYMENT_TEXT.badPlan, field: "plan", values } as SupportProblem }, 400);
  try {
    const origin = siteOrigin(await getSettings(context.db), request);
    const { authorizationUrl } = await startCheckout(context.services, member, choice, {
      origin,
      returnTo: page.returnTo,
    });
    return redirect(authorizationUrl, 303);
  } catch (error) {
    if (!isDomainError(error, "invalid", "unavailable")) throw error;
    const problem: SupportProblem = { message: error.message, field: error.details.field, values };
    return data({ problem }, error.code === "invalid" ? 400 : 503);
  }
});

export const meta: Route.MetaFunction = ({ matches }) =>
  errorPageMeta(siteMetaFrom(matches), PAYMENT_TEXT.supportTitle);

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <SupportPage data={loaderData} problem={actionData?.problem} />;
}
