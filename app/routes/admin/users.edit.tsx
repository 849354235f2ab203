import { ArrowLeft } from "lucide-react";
import { data, Form, Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { UserForm } from "#app/components/admin/user-form";
import { checkForm, editUserSchema, problem, typedValues, USER_FORM_TEXT } from "#app/domain/users/user-form";
import { getUserById, updateUser } from "#app/domain/users/users.server";
import { TWO_FACTOR_TEXT } from "#app/auth/two-factor-text";
import { isTwoFactorEnabled, turnOffTwoFactor } from "#app/auth/two-factor.server";
import { logActivity } from "#app/domain/activity/activity.server";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/users.edit";
import { logFailure } from "#app/lib/log.server";

export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  await requirePermission(context, "users", "manage");
  let user;
  try {
    user = await getUserById(context.db, params.id);
  } catch (error) {
    logFailure("[users] loading a user failed", error);
    throw await redirectWithToast("/admin/users", {
      type: "error",
      title: "Error loading user data. Please try again.",
    });
  }
  if (!user)
    throw await redirectWithToast("/admin/users", { type: "error", title: USER_FORM_TEXT.userNotFound });
  const { id, name, email, role, status, bio, avatarUrl, passwordHash } = user;
  return {
    user: { id, name, email, role, status, bio, avatarUrl },
    hasPassword: passwordHash !== null,
    twoFactorOn: await isTwoFactorEnabled(context.db, id),
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "users", "manage");
  const form = await request.formData();
  if (form.get("intent") === "reset-two-factor") {
    // A member who lost their phone and their recovery codes: they sign in with the password again and
    // set it up anew (if the site requires it, they are sent to do so at once).
    const target = await getUserById(context.db, params.id);
    if (!target)
      throw await redirectWithToast("/admin/users", { type: "error", title: USER_FORM_TEXT.userNotFound });
    // It weakens the member's sign-in: only on the confirmed post, which the question below sends.
    if (form.get("confirmed") !== "yes") return data({ confirmResetTwoFactor: true as const });
    await turnOffTwoFactor(context.db, target.id);
    await logActivity(context.db, {
      type: "user",
      actor,
      action: "turned off two-factor sign-in",
      title: target.name,
    });
    return redirectWithToast(`/admin/users/edit/${target.id}`, {
      type: "success",
      title: TWO_FACTOR_TEXT.resetByAdmin(target.name),
    });
  }
  const values = typedValues(form);
  const checked = checkForm(editUserSchema, Object.fromEntries(form));
  if (!checked.ok) return data({ errors: checked.errors, values, formError: undefined }, { status: 400 });
  try {
    await updateUser(context.services, actor, params.id, checked.data);
    return redirectWithToast("/admin/users", { type: "success", title: USER_FORM_TEXT.userUpdated });
  } catch (error) {
    const known = expectedError(error, "[users] updating a user failed");
    if (known?.details.field === "email") {
      return data(
        { errors: { email: problem(USER_FORM_TEXT.emailExists) }, values, formError: undefined },
        { status: 400 },
      );
    }
    if (known?.code === "not_found")
      throw await redirectWithToast("/admin/users", { type: "error", title: USER_FORM_TEXT.userNotFound });
    if (known) {
      return data(
        { errors: {}, values, formError: { title: USER_FORM_TEXT.updateFailed, message: known.message } },
        { status: 400 },
      );
    }
    return data({ errors: {}, values, formError: { title: USER_FORM_TEXT.updateFailed } }, { status: 500 });
  }
});

export const meta: Route.MetaFunction = () => [{ title: "Edit User - Admin" }];

export default function EditUser({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { user, hasPassword } = loaderData;
  const actionData = answer && "values" in answer ? answer : undefined;
  const isConfirmingReset = Boolean(answer && "confirmResetTwoFactor" in answer);
  return (
    <section className="max-w-3xl">
      <Link
        to="/admin/users"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Users
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Edit User</h1>
      <p className="mb-4 text-sm text-gray-600">
        {user.email}
        {hasPassword ? "" : " · no password yet (invited or imported): set one below"}
      </p>
      <UserForm
        mode="edit"
        schema={editUserSchema}
        values={actionData?.values ?? user}
        serverErrors={actionData?.errors}
        formError={actionData?.formError}
      />
      {loaderData.twoFactorOn && isConfirmingReset ? (
        <Form
          method="post"
          role="alertdialog"
          aria-labelledby="reset-two-factor-title"
          className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 md:p-6"
        >
          <p id="reset-two-factor-title" className="text-sm font-semibold">
            {TWO_FACTOR_TEXT.resetConfirm(user.name)}
          </p>
          <input type="hidden" name="intent" value="reset-two-factor" />
          <input type="hidden" name="confirmed" value="yes" />
          <div className="mt-3 flex gap-2">
            <button
              type="submit"
              autoFocus
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
            >
              {TWO_FACTOR_TEXT.turnOff}
            </button>
            <Link
              to={`/admin/users/edit/${user.id}`}
              className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm"
            >
              Cancel
            </Link>
          </div>
        </Form>
      ) : loaderData.twoFactorOn ? (
        <Form
          method="post"
          className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-4 md:p-6"
        >
          <p className="text-sm">
            <span className="font-semibold">{TWO_FACTOR_TEXT.sectionHeading}: on.</span>{" "}
            {TWO_FACTOR_TEXT.resetHint}
          </p>
          <button
            type="submit"
            name="intent"
            value="reset-two-factor"
            className="rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            {TWO_FACTOR_TEXT.turnOff}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
