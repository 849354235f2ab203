/**
 * /account/verify?token=…: the mailed sign-in link (decision record 021, point 2). Opening it only shows
 * one button; link previews (WhatsApp) and mail scanners fetch the address and must not use the link.
 * The button's POST uses it once and signs this browser in. The address holds a secret: no page code,
 * no cache, and only this site sees it as a referrer (app/lib/secret-link-pages.ts).
 */
import { data } from "react-router";
import { AccountFrame, buttonClass, SignInForm } from "#app/components/site/account-page";
import { FormVerdict } from "#app/components/site/form-verdict";
import { endMemberSession, memberCookieHeaders } from "#app/auth/member-session.server";
import { ACCOUNT_PATH, MEMBER_TEXT } from "#app/domain/members/member-text";
import { redeemSignInLink, signInLinkFor } from "#app/domain/members/sign-in.server";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { isDomainError } from "#app/lib/errors";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { SECRET_LINK_HEADERS } from "#app/lib/secret-link-pages";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/account.verify";
import { personalRedirect } from "./account-http.server";

type VerifyState = { kind: "ask"; email: string; token: string } | { kind: "expired" };

const expired = () =>
  data({ state: { kind: "expired" } as VerifyState }, { status: 404, headers: SECRET_LINK_HEADERS });

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await signInLinkFor(context.db, token, context.services.clock.now());
  if (!link) return expired();
  return data(
    { state: { kind: "ask", email: link.email, token } as VerifyState },
    { headers: SECRET_LINK_HEADERS },
  );
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await refuseReadersInMaintenance(request, context);
  const token = (await request.formData()).get("token");
  // Whoever was signed in on this browser before is signed out of it: one reader per browser.
  const before = await context.currentMember();
  try {
    const used = await redeemSignInLink(
      context.db,
      typeof token === "string" ? token : "",
      context.services.clock.now(),
    );
    if (before) await endMemberSession(context.db, before.sessionId);
    return personalRedirect(
      used.returnTo || ACCOUNT_PATH,
      memberCookieHeaders(request, used.session.token, used.session.expiresAt),
    );
  } catch (error) {
    if (isDomainError(error, "not_found")) return expired();
    throw error;
  }
});

export const headers = () => SECRET_LINK_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  errorPageMeta(siteMetaFrom(matches), MEMBER_TEXT.verifyTitle);

export default function AccountVerify({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state.kind === "expired")
    return (
      <AccountFrame title={MEMBER_TEXT.expiredTitle}>
        <FormVerdict result={{ ok: false, title: MEMBER_TEXT.expiredTitle, message: MEMBER_TEXT.expired }} />
        <SignInForm returnTo={ACCOUNT_PATH} />
      </AccountFrame>
    );
  return (
    <AccountFrame title={MEMBER_TEXT.verifyTitle}>
      <form method="post" className="space-y-5">
        <p className="text-lg text-gray-800">{MEMBER_TEXT.verifyQuestion}</p>
        <input type="hidden" name="token" value={state.token} />
        <button type="submit" className={`${buttonClass} break-all`}>
          {MEMBER_TEXT.verifyButton(state.email)}
        </button>
      </form>
    </AccountFrame>
  );
}
