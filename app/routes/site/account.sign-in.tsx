/**
 * /account/sign-in: a reader asks for a sign-in link by e-mail (decision record 021, point 2). The answer
 * is the same whether the address has an account or not. Without e-mail (no SMTP_URL) the page says
 * sign-in is not available. `?returnTo=` (a path of this site only) is where the link takes them back.
 */
import { data } from "react-router";
import { AccountFrame, SignInForm } from "#app/components/site/account-page";
import { FormVerdict } from "#app/components/site/form-verdict";
import { MEMBER_TEXT } from "#app/domain/members/member-text";
import { requestSignInLink, signInReturnPath } from "#app/domain/members/sign-in.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { logFailure } from "#app/lib/log.server";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/account.sign-in";
import { PERSONAL_HEADERS, personalRedirect } from "./account-http.server";

/** What a finished account action left to say (the account is gone, or signed out everywhere). */
const DONE = {
  deleted: { title: MEMBER_TEXT.deletedTitle, message: MEMBER_TEXT.deleted },
  "signed-out": { title: MEMBER_TEXT.signOutEverywhere, message: MEMBER_TEXT.signedOutEverywhere },
} as const;

export interface SignInActionData {
  ok: boolean;
  title: string;
  message: string;
  email: string;
}

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const returnTo = signInReturnPath(url.searchParams.get("returnTo"));
  if (await context.currentMember()) throw personalRedirect(returnTo);
  const done = url.searchParams.get("done");
  return data(
    {
      returnTo,
      available: context.services.mailer.isConfigured(),
      done: done === "deleted" || done === "signed-out" ? DONE[done] : null,
    },
    { headers: PERSONAL_HEADERS },
  );
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const settings = await refuseReadersInMaintenance(request, context);
  const form = Object.fromEntries(await request.formData());
  const email = typeof form.email === "string" ? form.email : "";
  const answer = (result: Omit<SignInActionData, "email">, status = 200) =>
    data({ ...result, email } satisfies SignInActionData, { status, headers: PERSONAL_HEADERS });
  try {
    await requestSignInLink(context.services, {
      email,
      returnTo: form.returnTo,
      ip: context.clientIp,
      origin: siteOrigin(settings, request),
    });
    return answer({ ok: true, title: MEMBER_TEXT.checkEmailTitle, message: MEMBER_TEXT.checkEmail });
  } catch (error) {
    // A bad address, too many links, no e-mail: said beside the form, which keeps what was typed.
    if (isDomainError(error, "invalid", "rate_limited", "unavailable"))
      return answer(
        { ok: false, title: error.title ?? MEMBER_TEXT.failedTitle, message: error.message },
        statusOf(error),
      );
    if (isDomainError(error)) throw error;
    logFailure("[members] storing a sign-in link failed", error);
    return answer({ ok: false, title: MEMBER_TEXT.failedTitle, message: MEMBER_TEXT.failed }, 500);
  }
});

export const headers = () => PERSONAL_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  errorPageMeta(siteMetaFrom(matches), MEMBER_TEXT.signInTitle);

export default function AccountSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, available, done } = loaderData;
  const title = actionData?.ok ? MEMBER_TEXT.checkEmailTitle : MEMBER_TEXT.signInTitle;
  return (
    <AccountFrame title={title}>
      {done ? <FormVerdict result={{ ok: true, ...done }} /> : null}
      {actionData ? <FormVerdict result={actionData} /> : null}
      {!available && !actionData ? (
        <FormVerdict result={{ ok: false, title: MEMBER_TEXT.noEmailTitle, message: MEMBER_TEXT.noEmail }} />
      ) : null}
      {!available || actionData?.ok ? null : (
        <>
          <p className="text-gray-700">{MEMBER_TEXT.signInIntro}</p>
          <SignInForm returnTo={returnTo} email={actionData?.email} />
        </>
      )}
    </AccountFrame>
  );
}
