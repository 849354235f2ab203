/**
 * /newsletter/confirm?token=…: the double opt-in link of the confirmation e-mail. The page asks, its
 * button confirms (a scanner opening the link confirms nothing). Private: the page shows an address.
 */
import { data } from "react-router";
import { NewsletterLinkPage, type NewsletterLinkState } from "#app/components/site/newsletter-link-page";
import { NewsletterSignup } from "#app/components/site/newsletter-signup";
import {
  confirmSubscription,
  linkToken,
  requireNewsletterOn,
  subscriberForLink,
} from "#app/domain/newsletter/signup.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { SECRET_LINK_HEADERS } from "#app/lib/secret-link-pages";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/newsletter.confirm";
import { pageEditionOf } from "./edition.server";
import { messagesFor } from "#app/i18n/messages.server";
import { EN_MESSAGES } from "#app/i18n/messages/en";

/** `title`: the page's `<title>`, in its language, from the loader. */
const invalidLink = (title?: string) =>
  data(
    {
      title,
      state: {
        kind: "done",
        ok: false,
        title: "newsletter.invalidLinkTitle",
        message: "newsletter.invalidLink",
      } as NewsletterLinkState,
    },
    { status: 404 },
  );

const confirmed = (title?: string) =>
  data({
    title,
    state: {
      kind: "done",
      ok: true,
      title: "newsletter.confirmedTitle",
      message: "newsletter.confirmed",
    } as NewsletterLinkState,
  });

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  await requireNewsletterOn(context.db);
  const { tag } = await pageEditionOf(context.db, params);
  const title = messagesFor(tag).t("newsletter.confirmTitle");
  const token = await linkToken(request);
  const subscriber = await subscriberForLink(context.db, "confirm", token);
  if (!subscriber || subscriber.status === "unsubscribed") return invalidLink(title);
  if (subscriber.status === "confirmed") return confirmed(title);
  return data({
    state: {
      kind: "ask",
      title: "newsletter.confirmTitle",
      question: "newsletter.confirmQuestion",
      email: subscriber.email,
      button: "newsletter.confirmButton",
      token,
    } as NewsletterLinkState,
    title,
  });
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await refuseReadersInMaintenance(request, context);
  const confirmedNow = await confirmSubscription(context.db, await linkToken(request));
  return confirmedNow ? confirmed() : invalidLink();
});

/** The page names a reader's address and its link holds a secret (app/lib/secret-link-pages.ts). */
export const headers = () => SECRET_LINK_HEADERS;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  errorPageMeta(siteMetaFrom(matches), loaderData?.title ?? EN_MESSAGES["newsletter.confirmTitle"]);

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const linkIsDead = state.kind === "done" && !state.ok;
  return (
    <NewsletterLinkPage state={state}>
      {linkIsDead ? (
        <div className="mt-6">
          <NewsletterSignup idPrefix="newsletter" tone="light" />
        </div>
      ) : null}
    </NewsletterLinkPage>
  );
}
