/**
 * A password input in its labelled field: the one shape of the profile's change-password form, the
 * set-password page of an invitation or reset link and the user form. Its problem shows beside it and is
 * tied to it for screen readers; `autoComplete` tells password managers whether to fill or to suggest.
 */
import type { ReactNode } from "react";
import type { FieldProblem } from "#app/domain/users/user-form";
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
