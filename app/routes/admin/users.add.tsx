import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { UserForm } from "#app/components/admin/user-form";
import { checkForm, newUserSchema, problem, typedValues, USER_FORM_TEXT } from "#app/domain/users/user-form";
import { createUser } from "#app/domain/users/users.server";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/users.add";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  await requirePermission(context, "users", "manage");
  return null;
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "users", "manage");
  const form = await request.formData();
  const values = typedValues(form);
  const checked = checkForm(newUserSchema, Object.fromEntries(form));
  if (!checked.ok) return data({ errors: checked.errors, values, formError: undefined }, { status: 400 });
  try {
    const user = await createUser(context.db, checked.data, actor);
    return redirectWithToast("/admin/users", {
      type: "success",
      title: USER_FORM_TEXT.userCreated,
      message: `${user.name} (${user.email}) can now sign in.`,
    });
  } catch (error) {
    if (expectedError(error, "[users] creating a user failed")?.details.field === "email") {
      return data(
        { errors: { email: problem(USER_FORM_TEXT.emailExists) }, values, formError: undefined },
        { status: 400 },
      );
    }
    return data({ errors: {}, values, formError: problem(USER_FORM_TEXT.creationFailed) }, { status: 500 });
  }
});

export const meta: Route.MetaFunction = () => [{ title: "Add User - Admin" }];

export default function AddUser({ actionData }: Route.ComponentProps) {
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
        values={actionData?.values ?? {}}
        serverErrors={actionData?.errors}
        formError={actionData?.formError}
      />
    </section>
  );
}
