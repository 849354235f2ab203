import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { UserForm } from "#app/components/admin/user-form";
import { sendInvitation } from "#app/auth/account-links.server";
import { ACCOUNT_LINK_TEXT } from "#app/auth/account-links-text";
import { getSettings } from "#app/domain/settings/settings.server";
import { siteOrigin } from "#app/domain/settings/site-origin.server";
import {
  checkForm,
  invitedUserSchema,
  newUserSchema,
  problem,
  typedValues,
  USER_FORM_TEXT,
} from "#app/domain/users/user-form";
import { createUser } from "#app/domain/users/users.server";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/users.add";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  await requirePermission(context, "users", "manage");
  return { canInvite: context.services.mailer.isConfigured() };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "users", "manage");
  const form = await request.formData();
  const values = typedValues(form);
  // With e-mail configured, an empty password means: e-mail them an invitation to choose their own.
  const invite = context.services.mailer.isConfigured() && !form.get("password");
  const checked = invite
    ? checkForm(invitedUserSchema, Object.fromEntries(form))
    : checkForm(newUserSchema, Object.fromEntries(form));
  if (!checked.ok) return data({ errors: checked.errors, values, formError: undefined }, { status: 400 });
  let user;
  try {
    user = await createUser(context.services, { password: "", ...checked.data }, actor);
  } catch (error) {
    if (expectedError(error, "[users] creating a user failed")?.details.field === "email") {
      return data(
        { errors: { email: problem(USER_FORM_TEXT.emailExists) }, values, formError: undefined },
        { status: 400 },
      );
    }
    return data({ errors: {}, values, formError: problem(USER_FORM_TEXT.creationFailed) }, { status: 500 });
  }
  if (!invite) {
    return redirectWithToast("/admin/users", {
      type: "success",
      title: USER_FORM_TEXT.userCreated,
      message: `${user.name} (${user.email}) can now sign in.`,
    });
  }
  const settings = await getSettings(context.db);
  const sent = await sendInvitation(context.db, user, actor.name, {
    mailer: context.services.mailer,
    origin: siteOrigin(settings, request),
    siteTitle: settings.siteTitle,
  });
  return sent
    ? redirectWithToast("/admin/users", {
        type: "success",
        title: USER_FORM_TEXT.userCreated,
        message: ACCOUNT_LINK_TEXT.inviteSent(user.name, user.email),
      })
    : redirectWithToast(`/admin/users/edit/${user.id}`, {
        type: "error",
        title: USER_FORM_TEXT.userCreated,
        message: ACCOUNT_LINK_TEXT.inviteFailed,
      });
});

export const meta: Route.MetaFunction = () => [{ title: "Add User - Admin" }];

export default function AddUser({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="max-w-3xl">
      <Link
        to="/admin/users"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Users
      </Link>
      <h1 className="mt-2 mb-4 text-2xl font-bold">Add User</h1>
      <UserForm
        mode="add"
        schema={newUserSchema}
        inviteSchema={loaderData.canInvite ? invitedUserSchema : undefined}
        values={actionData?.values ?? {}}
        serverErrors={actionData?.errors}
        formError={actionData?.formError}
      />
    </section>
  );
}
