import { data } from "react-router";
import { pageEditionOf } from "./edition.server";
import { NOT_FOUND_TEXT, NotFoundContent } from "#app/components/site/not-found";
import { useSiteDates } from "#app/components/site/use-site";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { notFoundBody } from "./not-found.server";
import type { Route } from "./+types/not-found";
import { EN_MESSAGES } from "#app/i18n/messages/en";

/**
 * Any address no other route takes, inside the site layout: the not-found page with the site's header
 * and footer, answered with status 404 (so crawlers drop it; the page cache keeps 404s like pages).
 */
export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) =>
  data(await notFoundBody(context.db, (await pageEditionOf(context.db, params)).tag), { status: 404 }),
);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  errorPageMeta(siteMetaFrom(matches), loaderData?.title ?? EN_MESSAGES[NOT_FOUND_TEXT.title]);

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const dates = useSiteDates();
  return (
    <NotFoundContent
      title={loaderData.title}
      message={loaderData.message}
      latest={loaderData.latest}
      dateText={dates.format}
    />
  );
}
