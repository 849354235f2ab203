/**
 * Profile's Change Password form. The profile route checks it (passwordChangeSchema) and, once changed,
 * ends every other session: the text above the fields says so.
 */
import { Form } from "react-router";
import type { FieldErrors } from "#app/domain/users/user-form";
import { NewPasswordFields, PasswordField } from "./password-field";

export function PasswordChangeForm({ errors, isBusy }: { errors: FieldErrors; isBusy: boolean }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6">
      <h2 className="text-lg font-semibold">Change Password</h2>
      <p className="text-sm text-gray-600">Changing your password signs you out on every other device.</p>
      <Form method="post" noValidate className="mt-3 grid gap-4 md:grid-cols-3">
        <PasswordField
          id="current-password"
          name="currentPassword"
          label="Current Password"
          autoComplete="current-password"
          problem={errors.currentPassword}
        />
        <NewPasswordFields errors={errors} />
        <div className="md:col-span-3">
          <button
            type="submit"
            name="intent"
            value="password"
            disabled={isBusy}
            className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
          >
            Change Password
          </button>
        </div>
      </Form>
    </section>
  );
}
