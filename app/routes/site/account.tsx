/**
 * /account: a signed-in reader's own page (decision record 021): their address and name, passes and
 * receipts, newsletter, signing out here or everywhere, their data, and deleting the account. Personal:
 * never cached (account-http.server.ts). Signed out, it sends the reader to sign in and back here.
 * Every button is a plain form that posts here with its `intent`.
 */
import { data } from "react-router";
import {
  clearMemberCookieHeaders,
  endAllMemberSessions,
  endMemberSession,
} from "#app/auth/member-session.server";
import { AccountFrame } from "#app/components/site/account-page";
import { FormVerdict } from "#app/components/site/form-verdict";
import { AccountSections } from "#app/components/site/account-sections";
import {
  accountOverview,
  deleteMemberAccount,
  renameMember,
  setMemberNewsletter,
} from "#app/domain/members/account.server";
import { formatAmount, MEMBER_TEXT, PLAN_LABELS } from "#app/domain/members/member-text";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteDate } from "#app/lib/dates";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { errorPageMeta, siteMetaFrom } from "#app/lib/seo";
import type { Route } from "./+types/account";
import { PERSONAL_HEADERS, personalRedirect, requireMember } from "./account-http.server";

export interface AccountActionData {
  ok: boolean;
  title: string;
  message: string;
  /** The section the verdict belongs to, so it shows beside its form. */
  intent: string;
  typed?: string;
}

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const member = await requireMember(context, "/account");
  const now = context.services.clock.now();
  const [view, settings] = await Promise.all([
    accountOverview(context.db, member, now),
    getSettings(context.db),
  ]);
  const day = (at: Date) => siteDate(at, settings);
  return data(
    {
      email: view.email,
      name: view.name,
      passes: view.passes.map((pass) => ({
        id: pass.id,
        plan: PLAN_LABELS[pass.plan],
        from: day(pass.startsAt),
        until: day(pass.endsAt),
        state: MEMBER_TEXT[pass.state],
      })),
      receipts: view.receipts.map((r) => ({
        id: r.id,
        date: day(r.at),
        what: r.kind === "pass" && r.plan ? PLAN_LABELS[r.plan] : "Donation",
        amount: formatAmount(r.amount, r.currency),
        channel: r.channel.replace(/_/g, " "),
        status: r.status,
      })),
      newsletter: view.newsletter,
    },
    { headers: PERSONAL_HEADERS },
  );
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await refuseReadersInMaintenance(request, context);
  const member = await requireMember(context, "/account");
  const form = Object.fromEntries(await request.formData());
  const intent = typeof form.intent === "string" ? form.intent : "";
  const answer = (result: Omit<AccountActionData, "intent">, status = 200) =>
    data({ ...result, intent } satisfies AccountActionData, { status, headers: PERSONAL_HEADERS });
  // Signing out also asks the browser to drop its HTTP cache (bfcache included): on a shared phone the
  // next reader must not get a paid page back from it (decision record 021, point 4).
  const signedOut = (to: string) => {
    const response = personalRedirect(to, clearMemberCookieHeaders(request));
    response.headers.set("Clear-Site-Data", '"cache"');
    return response;
  };
  try {
    switch (intent) {
      case "name":
        await renameMember(context.db, member, { name: form.name });
        return answer({ ok: true, title: MEMBER_TEXT.nameSaved, message: "" });
      case "subscribe":
      case "unsubscribe": {
        const subscribe = intent === "subscribe";
        await setMemberNewsletter(context.db, member, {
          subscribe,
          ip: context.clientIp,
          now: context.services.clock.now(),
        });
        const said = subscribe ? MEMBER_TEXT.subscribed : MEMBER_TEXT.unsubscribed;
        return answer({ ok: true, title: said, message: "" });
      }
      case "sign-out":
        await endMemberSession(context.db, member.sessionId);
        return signedOut("/");
      case "sign-out-everywhere":
        await endAllMemberSessions(context.db, member.id);
        return signedOut("/account/sign-in?done=signed-out");
      case "delete":
        await deleteMemberAccount(context.db, member, { confirmation: form.confirmation });
        return signedOut("/account/sign-in?done=deleted");
      default:
        return answer({ ok: false, title: MEMBER_TEXT.failedTitle, message: MEMBER_TEXT.failed }, 400);
    }
  } catch (error) {
    // A name too long, a deletion not confirmed: said beside its form, which keeps what was typed.
    if (isDomainError(error, "invalid"))
      return answer(
        {
          ok: false,
          title: error.title ?? MEMBER_TEXT.invalidTitle,
          message: error.message,
          typed: typeof form.name === "string" ? form.name : undefined,
        },
        statusOf(error),
      );
    throw error;
  }
});

export const headers = () => PERSONAL_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  errorPageMeta(siteMetaFrom(matches), MEMBER_TEXT.accountTitle);

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountFrame title={MEMBER_TEXT.accountTitle}>
      <AccountSections
        account={loaderData}
        verdictFor={(intent) => (actionData?.intent === intent ? <FormVerdict result={actionData} /> : null)}
        typedName={actionData?.intent === "name" && !actionData.ok ? actionData.typed : undefined}
      />
    </AccountFrame>
  );
}
