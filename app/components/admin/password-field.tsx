/**
 * A password input in its labelled field: the one shape of the profile's change-password form, the
 * set-password page of an invitation or reset link and the user form. Its problem shows beside it and is
 * tied to it for screen readers; `autoComplete` tells password managers whether to fill or to suggest.
 */
import type { ReactNode } from "react";
import { PASSWORD_RULE_TEXT, type FieldProblem } from "#app/domain/users/user-form";
import { describedBy, FormField, inputClass } from "./form-field";

export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  problem,
  hint,
  className = inputClass,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  problem?: FieldProblem;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} problem={problem} hint={hint}>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        className={className}
        {...describedBy(id, problem)}
      />
    </FormField>
  );
}

/** A new password and its confirmation, as Profile and the set-password page ask for them. */
export function NewPasswordFields({
  errors,
}: {
  errors: { newPassword?: FieldProblem; confirmPassword?: FieldProblem };
}) {
  return (
    <>
      <PasswordField
        id="new-password"
        name="newPassword"
        label="New Password"
        autoComplete="new-password"
        problem={errors.newPassword}
        hint={PASSWORD_RULE_TEXT}
      />
      <PasswordField
        id="confirm-password"
        name="confirmPassword"
        label="Confirm New Password"
        autoComplete="new-password"
        problem={errors.confirmPassword}
      />
    </>
  );
}
