import { data, Form, useNavigation } from "react-router";
import { readDeviceToken } from "#app/auth/known-devices.server";
import { completeSignIn } from "#app/auth/login.server";
import {
  clearChallengeCookie,
  readChallengeToken,
  signedInRedirect,
} from "#app/auth/sign-in-response.server";
import { TWO_FACTOR_TEXT as T } from "#app/auth/two-factor-text";
import { checkSecondFactor, endChallenge, failChallenge, findChallenge } from "#app/auth/two-factor.server";
import { AuthAlert, AuthCard } from "#app/components/admin/auth-card";
import { getSettings } from "#app/domain/settings/settings.server";
import { inputClass } from "#app/components/admin/form-field";
import { getUserById } from "#app/domain/users/users.server";
import { redirectWithToast } from "#app/lib/flash.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor sign-in - Admin" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** Back to the sign-in page: the half-done sign-in is over (timed out, too many wrong codes, or unknown). */
const signInAgain = (request: Request) =>
  redirectWithToast(
    "/admin/login",
    { type: "error", title: T.challengeOver, message: T.challengeOverMessage },
    { headers: { "Set-Cookie": clearChallengeCookie(request) } },
  );

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const challenge = await findChallenge(context.db, readChallengeToken(request.headers.get("Cookie")) ?? "");
  if (!challenge) throw await signInAgain(request);
  return { siteTitle: (await getSettings(context.db)).siteTitle };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const db = context.db;
  const form = await request.formData();
  const code = String(form.get("code") ?? "").slice(0, 40);
  const challenge = await findChallenge(db, readChallengeToken(request.headers.get("Cookie")) ?? "");
  const user = challenge ? await getUserById(db, challenge.userId) : null;
  if (!challenge || !user || user.status !== "active") return signInAgain(request);

  const result = await checkSecondFactor(db, user.id, code);
  if (result === "too-many") return data({ error: T.tooManyCodes }, { status: 429 });
  if (result !== "ok") {
    if (!(await failChallenge(db, challenge.id))) {
      await endChallenge(db, challenge.id);
      return signInAgain(request);
    }
    return data({ error: result === "reused" ? T.reusedCode : T.wrongCode }, { status: 400 });
  }
  await endChallenge(db, challenge.id);
  const signedIn = await completeSignIn(db, user, {
    ipAddress: context.clientIp,
    userAgent: request.headers.get("User-Agent") ?? "",
    deviceToken: readDeviceToken(request.headers.get("Cookie")),
  });
  const headers = new Headers();
  headers.append("Set-Cookie", clearChallengeCookie(request));
  return signedInRedirect(request, db, signedIn, headers);
});

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const isChecking = useNavigation().state === "submitting";
  return (
    <AuthCard siteTitle={loaderData.siteTitle} title={T.codeHeading} intro={T.codeIntro}>
      {actionData?.error ? <AuthAlert tone="error">{actionData.error}</AuthAlert> : null}
      <Form method="post" className="mt-6 space-y-4">
        <div>
          <label htmlFor="code" className="block text-sm font-medium text-gray-700">
            {T.codeLabel}
          </label>
          <input
            id="code"
            name="code"
            required
            autoFocus
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            aria-describedby="code-hint"
            className={inputClass}
          />
          <p id="code-hint" className="mt-1 text-xs text-gray-500">
            {T.codeHint}
          </p>
        </div>
        <button
          type="submit"
          disabled={isChecking}
          className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {isChecking ? "Checking..." : T.verify}
        </button>
      </Form>
    </AuthCard>
  );
}
