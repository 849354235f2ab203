/**
 * /newsletter: the signup page, and where every signup form posts (the footer's too). While the
 * newsletter is switched off in Settings the address is not there (404) and signups are refused.
 */
import { data } from "react-router";
import { FormVerdict } from "#app/components/site/form-verdict";
import { answerWords } from "#app/components/site/form-answer-words";
import { NewsletterSignup } from "#app/components/site/newsletter-signup";
import { NEWSLETTER_TEXT, tickedEditions } from "#app/domain/newsletter/newsletter-form";
import { requireNewsletterOn, subscribe } from "#app/domain/newsletter/signup.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { pageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/newsletter";
import { logFailure } from "#app/lib/log.server";
import { pageEditionOf } from "./edition.server";
import { signupEditions, signupEditionsOffered } from "#app/domain/newsletter/subscriber-editions.server";
import { messagesFor } from "#app/i18n/messages.server";
import { useMessages } from "#app/i18n/use-messages";

export interface NewsletterActionData {
  ok: boolean;
  title: string;
  message: string;
  values?: { email: string; consent: boolean; editions?: string[] };
}

export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  const settings = await requireNewsletterOn(context.db);
  const { tag } = await pageEditionOf(context.db, params);
  const { t } = messagesFor(tag);
  return {
    siteTitle: settings.siteTitle,
    signupEditions: await signupEditionsOffered(context.db, tag),
    countsOpens: settings.newsletterOpenCounts,
    title: t("newsletter.heading"),
    description: t("newsletter.intro"),
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  // In maintenance nothing a reader sends is stored: refused before the form is even read.
  const settings = await refuseReadersInMaintenance(request, context);
  const { tag } = await pageEditionOf(context.db, params);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  const ticked = tickedEditions(formData);
  const values = {
    email: typeof form.email === "string" ? form.email : "",
    consent: typeof form.consent === "string" && form.consent !== "",
    ...(ticked ? { editions: ticked } : {}),
  };
  try {
    const result = await subscribe(context.db, form, {
      mailer: context.services.mailer,
      origin: siteOrigin(settings, request),
      ip: context.clientIp,
      // The page's edition, or those its form lists and the reader ticked (decision record 022, point 11),
      // checked after the address and consent.
      editions: () => signupEditions(context.db, tag, formData),
      edition: tag,
    });
    return { ok: true, title: result.title, message: result.message } satisfies NewsletterActionData;
  } catch (error) {
    // A bad address, no consent or too many signups: told beside the form, which keeps what was typed.
    if (isDomainError(error, "invalid", "rate_limited"))
      return data(
        {
          ok: false,
          title: error.title ?? NEWSLETTER_TEXT.failedTitle,
          message: error.message,
          values,
        } satisfies NewsletterActionData,
        { status: statusOf(error) },
      );
    // Switched off: the 404 of a page that is not there.
    if (isDomainError(error)) throw error;
    logFailure("[newsletter] storing a signup failed", error);
    return data(
      {
        ok: false,
        title: NEWSLETTER_TEXT.failedTitle,
        message: NEWSLETTER_TEXT.failed,
        values,
      } satisfies NewsletterActionData,
      { status: 500 },
    );
  }
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    site: siteMetaFrom(matches),
    title: loaderData?.title ?? "",
    description: loaderData?.description ?? "",
    path: "/newsletter",
  });

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useMessages();
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">
        {loaderData.siteTitle} {t("newsletter.heading")}
      </h1>
      <p className="mt-3 text-lg text-gray-700">{t("newsletter.intro")}</p>
      <div className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        {/* Only a form sent without the reader script comes back as the route's action data. */}
        <NewsletterSignup
          idPrefix="newsletter"
          tone="light"
          typed={actionData && !actionData.ok ? actionData.values : undefined}
          countsOpens={loaderData.countsOpens}
          editions={loaderData.signupEditions}
        >
          {actionData ? <FormVerdict result={answerWords(t, "newsletter", actionData)} /> : null}
        </NewsletterSignup>
      </div>
    </main>
  );
}
