/**
 * /account/support: the passes and the donation form (decision record 021). The same for every reader
 * (the checkout asks who they are), so it is a page like any other; stories' offers link here with
 * `?returnTo=` to come back to.
 */
import { SupportPage } from "#app/components/site/support-page";
import { PAYMENT_TEXT } from "#app/domain/payments/payment-text";
import { supportPageData } from "#app/domain/payments/support.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { SUPPORT_PATH } from "#app/lib/paths";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/account.support";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) =>
  supportPageData(context.services, new URL(request.url).searchParams.get("returnTo")),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: siteMetaFrom(matches), title: PAYMENT_TEXT.supportTitle, path: SUPPORT_PATH });

export default function Support({ loaderData }: Route.ComponentProps) {
  return <SupportPage data={loaderData} />;
}
