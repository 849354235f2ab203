import { data, Form, Link, useNavigation } from "react-router";
import { findAccountLink, setPasswordWithLink } from "#app/auth/account-links.server";
import { ACCOUNT_LINK_TEXT } from "#app/auth/account-links-text";
import { AuthAlert, AuthCard } from "#app/components/admin/auth-card";
import { getSettings } from "#app/domain/settings/settings.server";
import { NewPasswordFields } from "#app/components/admin/password-field";
import { checkForm, newPasswordSchema, problem, type FieldErrors } from "#app/domain/users/user-form";
import { redirectWithToast } from "#app/lib/flash.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { SECRET_LINK_HEADERS } from "#app/lib/secret-link-pages";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a password - Admin" },
  { name: "robots", content: "noindex" },
];

/** The address carries the link's secret (app/lib/secret-link-pages.ts): no cache, no other site told. */
export const headers = () => SECRET_LINK_HEADERS;

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const link = await findAccountLink(context.db, tokenOf(request));
  const { siteTitle } = await getSettings(context.db);
  if (!link) return data({ link: null, siteTitle }, { status: 410 });
  return { link: { purpose: link.purpose, name: link.user.name, email: link.user.email }, siteTitle };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const token = tokenOf(request);
  const checked = checkForm(newPasswordSchema, Object.fromEntries(form));
  if (!checked.ok) return data({ errors: checked.errors as FieldErrors }, { status: 400 });
  const used = await setPasswordWithLink(context.db, token, checked.data.newPassword);
  if (!used)
    return data({ errors: { form: problem(ACCOUNT_LINK_TEXT.linkInvalid) } as FieldErrors }, { status: 410 });
  return redirectWithToast("/admin/login", {
    type: "success",
    title: ACCOUNT_LINK_TEXT.passwordSet,
    message: ACCOUNT_LINK_TEXT.passwordSetMessage,
  });
});

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const isSaving = useNavigation().state === "submitting";
  const { link } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  if (!link || errors.form) {
    return (
      <AuthCard siteTitle={loaderData.siteTitle} title={ACCOUNT_LINK_TEXT.linkInvalid}>
        <AuthAlert tone="error">{ACCOUNT_LINK_TEXT.linkInvalidHint}</AuthAlert>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/forgot-password" className="text-brand-700 hover:underline">
            Ask for a new link
          </Link>
          {" · "}
          <Link to="/admin/login" className="text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      siteTitle={loaderData.siteTitle}
      title={link.purpose === "invite" ? ACCOUNT_LINK_TEXT.inviteHeading : ACCOUNT_LINK_TEXT.resetHeading}
      intro={`For ${link.name} (${link.email})`}
    >
      <Form method="post" noValidate className="mt-6 space-y-4">
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <NewPasswordFields errors={errors} />
        <button
          type="submit"
          disabled={isSaving}
          className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {isSaving ? "Saving..." : "Set password"}
        </button>
      </Form>
    </AuthCard>
  );
}
