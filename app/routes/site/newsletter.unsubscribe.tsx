/**
 * /newsletter/unsubscribe?token=…: the link in every newsletter e-mail. The page asks, its button
 * unsubscribes. It works while the newsletter is switched off too: a reader must always be able to leave.
 */
import { data } from "react-router";
import { NewsletterLinkPage, type NewsletterLinkState } from "#app/components/site/newsletter-link-page";
import { linkToken, subscriberForLink, unsubscribe } from "#app/domain/newsletter/signup.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { SECRET_LINK_HEADERS } from "#app/lib/secret-link-pages";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/newsletter.unsubscribe";
import { pageEditionOf } from "./edition.server";
import { messagesFor } from "#app/i18n/messages.server";
import type { MessageKey } from "#app/i18n/use-messages";
import { EN_MESSAGES } from "#app/i18n/messages/en";

/** `pageTitle`: the page's `<title>`, in its language, from the loader. */
const done = (ok: boolean, title: MessageKey, message: MessageKey, status = 200, pageTitle?: string) =>
  data({ title: pageTitle, state: { kind: "done", ok, title, message } as NewsletterLinkState }, { status });

const invalidLink = (pageTitle?: string) =>
  done(false, "newsletter.invalidLinkTitle", "newsletter.invalidUnsubscribeLink", 404, pageTitle);

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const { tag } = await pageEditionOf(context.db, params);
  const title = messagesFor(tag).t("newsletter.unsubscribeTitle");
  const token = await linkToken(request);
  const subscriber = await subscriberForLink(context.db, "unsubscribe", token);
  if (!subscriber) return invalidLink(title);
  if (subscriber.status === "unsubscribed")
    return done(true, "newsletter.alreadyUnsubscribedTitle", "newsletter.alreadyUnsubscribed", 200, title);
  return data({
    state: {
      kind: "ask",
      title: "newsletter.unsubscribeTitle",
      question: "newsletter.unsubscribeQuestion",
      email: subscriber.email,
      button: "newsletter.unsubscribeButton",
      token,
    } as NewsletterLinkState,
    title,
  });
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await refuseReadersInMaintenance(request, context);
  const left = await unsubscribe(context.db, await linkToken(request));
  return left ? done(true, "newsletter.unsubscribedTitle", "newsletter.unsubscribed") : invalidLink();
});

/** The page names a reader's address and its link holds a secret (app/lib/secret-link-pages.ts). */
export const headers = () => SECRET_LINK_HEADERS;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  errorPageMeta(siteMetaFrom(matches), loaderData?.title ?? EN_MESSAGES["newsletter.unsubscribeTitle"]);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage state={actionData?.state ?? loaderData.state} />;
}
