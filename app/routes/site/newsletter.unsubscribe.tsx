/**
 * /newsletter/unsubscribe?token=…: the link in every newsletter e-mail. The page asks, its button
 * unsubscribes. It works while the newsletter is switched off too: a reader must always be able to leave.
 */
import { data } from "react-router";
import { NewsletterLinkPage, type NewsletterLinkState } from "#app/components/site/newsletter-link-page";
import { NEWSLETTER_TEXT } from "#app/domain/newsletter/newsletter-form";
import { linkToken, subscriberForLink, unsubscribe } from "#app/domain/newsletter/signup.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { SECRET_LINK_HEADERS } from "#app/lib/secret-link-pages";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/newsletter.unsubscribe";

const done = (ok: boolean, title: string, message: string, status = 200) =>
  data({ state: { kind: "done", ok, title, message } as NewsletterLinkState }, { status });

const invalidLink = () =>
  done(false, NEWSLETTER_TEXT.invalidLinkTitle, NEWSLETTER_TEXT.invalidUnsubscribeLink, 404);

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const token = await linkToken(request);
  const subscriber = await subscriberForLink(context.db, "unsubscribe", token);
  if (!subscriber) return invalidLink();
  if (subscriber.status === "unsubscribed")
    return done(true, NEWSLETTER_TEXT.alreadyUnsubscribedTitle, NEWSLETTER_TEXT.alreadyUnsubscribed);
  return data({
    state: {
      kind: "ask",
      title: NEWSLETTER_TEXT.unsubscribeTitle,
      question: NEWSLETTER_TEXT.unsubscribeQuestion,
      email: subscriber.email,
      button: NEWSLETTER_TEXT.unsubscribeButton,
      token,
    } as NewsletterLinkState,
  });
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await refuseReadersInMaintenance(request, context);
  const left = await unsubscribe(context.db, await linkToken(request));
  return left ? done(true, NEWSLETTER_TEXT.unsubscribedTitle, NEWSLETTER_TEXT.unsubscribed) : invalidLink();
});

/** The page names a reader's address and its link holds a secret (app/lib/secret-link-pages.ts). */
export const headers = () => SECRET_LINK_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  errorPageMeta(siteMetaFrom(matches), NEWSLETTER_TEXT.unsubscribeTitle);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage state={actionData?.state ?? loaderData.state} />;
}
