import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestPasswordReset } from "#app/auth/account-links.server";
import { ACCOUNT_LINK_TEXT } from "#app/auth/account-links-text";
import { AuthAlert, AuthCard } from "#app/components/admin/auth-card";
import { inputClass } from "#app/components/admin/form-field";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Reset password - Admin" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await context.currentUser();
  if (user && user.status === "active") throw redirect("/admin/dashboard");
  return {
    emailConfigured: context.services.mailer.isConfigured(),
    siteTitle: (await getSettings(context.db)).siteTitle,
  };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 300);
  const settings = await getSettings(context.db);
  try {
    await requestPasswordReset(context.db, email, {
      ip: context.clientIp,
      mailer: context.services.mailer,
      origin: siteOrigin(settings, request),
      siteTitle: settings.siteTitle,
    });
  } catch (error) {
    // E-mail off (404), a malformed address (400), too many requests (429): told on the form.
    if (isDomainError(error))
      return data({ sent: false, error: error.message, email }, { status: statusOf(error) });
    throw error;
  }
  return { sent: true, error: null, email };
});

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  const backToSignIn = (
    <p className="mt-6 text-center text-sm">
      <Link to="/admin/login" className="text-brand-700 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
  if (!loaderData.emailConfigured) {
    return (
      <AuthCard siteTitle={loaderData.siteTitle} title={ACCOUNT_LINK_TEXT.forgotHeading}>
        <AuthAlert tone="error">{ACCOUNT_LINK_TEXT.emailNotConfigured}</AuthAlert>
        {backToSignIn}
      </AuthCard>
    );
  }
  if (actionData?.sent) {
    return (
      <AuthCard siteTitle={loaderData.siteTitle} title={ACCOUNT_LINK_TEXT.sent}>
        <AuthAlert tone="success">{ACCOUNT_LINK_TEXT.sentMessage}</AuthAlert>
        {backToSignIn}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      siteTitle={loaderData.siteTitle}
      title={ACCOUNT_LINK_TEXT.forgotHeading}
      intro={ACCOUNT_LINK_TEXT.forgotIntro}
    >
      {actionData?.error ? <AuthAlert tone="error">{actionData.error}</AuthAlert> : null}
      <Form method="post" className="mt-6 space-y-4">
        <div>
          <label htmlFor="email" className="block text-sm font-medium text-gray-700">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ""}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={isSending}
          className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {isSending ? "Sending..." : "Send reset link"}
        </button>
      </Form>
      {backToSignIn}
    </AuthCard>
  );
}
