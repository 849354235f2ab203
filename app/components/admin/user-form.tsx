/**
 * The add-user and edit-user form. The same zod schema as the server checks it before sending, so the
 * problems show beside each field at once; the server checks again and answers with the same shape.
 * Inputs are uncontrolled with the values the server sent back, so what was typed is kept either way.
 */
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { ROLE_LABELS } from "#app/auth/permissions";
import { USER_ROLES, USER_STATUSES } from "#app/lib/enums";
import {
  checkForm,
  PASSWORD_RULE_TEXT,
  USER_TEXT_LIMITS,
  type FieldErrors,
  type FieldProblem,
} from "#app/domain/users/user-form";
import { describedBy, FormField, inputClass } from "./form-field";
import { PasswordField } from "./password-field";
import { USER_STATUS_LABELS } from "#app/lib/status-labels";

interface UserFormValues {
  name?: string;
  email?: string;
  role?: string;
  status?: string;
  bio?: string;
  avatarUrl?: string;
}

export function UserForm({
  mode,
  schema,
  values,
  serverErrors,
  formError,
  inviteSchema,
}: {
  mode: "add" | "edit";
  schema: z.ZodType;
  /** Adding with e-mail configured: an empty password means "e-mail an invitation", checked by this schema. */
  inviteSchema?: z.ZodType;
  values: UserFormValues;
  serverErrors?: FieldErrors;
  formError?: FieldProblem;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const field = (name: keyof UserFormValues | "password") => ({ id: `user-${name}`, problem: errors[name] });

  return (
    <Form
      method="post"
      noValidate
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 md:p-6"
      onSubmit={(event) => {
        const entered = Object.fromEntries(new FormData(event.currentTarget));
        const result = checkForm(inviteSchema && !entered.password ? inviteSchema : schema, entered);
        if (!result.ok) {
          event.preventDefault();
          setClientErrors(result.errors);
          const first = Object.keys(result.errors)[0];
          document.getElementById(`user-${first}`)?.focus();
        } else {
          setClientErrors(null);
        }
      }}
    >
      {formError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="font-semibold">{formError.title}</p>
          {formError.message ? <p>{formError.message}</p> : null}
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <FormField {...field("name")} label="Name">
          <input
            id="user-name"
            name="name"
            defaultValue={values.name}
            maxLength={USER_TEXT_LIMITS.nameMax + 20}
            autoComplete="off"
            className={inputClass}
            {...describedBy("user-name", errors.name)}
          />
        </FormField>
        <FormField {...field("email")} label="Email">
          <input
            id="user-email"
            name="email"
            type="email"
            defaultValue={values.email}
            autoComplete="off"
            className={inputClass}
            {...describedBy("user-email", errors.email)}
          />
        </FormField>
        <PasswordField
          {...field("password")}
          name="password"
          label={mode === "add" ? "Password" : "New Password"}
          autoComplete="new-password"
          hint={
            mode === "edit"
              ? "Leave empty to keep the current password."
              : inviteSchema
                ? `Leave empty to e-mail them an invitation to choose their own. Otherwise: ${PASSWORD_RULE_TEXT}`
                : PASSWORD_RULE_TEXT
          }
        />
        <FormField {...field("avatarUrl")} label="Avatar URL">
          <input
            id="user-avatarUrl"
            name="avatarUrl"
            // Text, not url: a photo of ours is kept by its path (/media/…), which a url field refuses.
            type="text"
            inputMode="url"
            defaultValue={values.avatarUrl}
            placeholder="https://"
            className={inputClass}
            {...describedBy("user-avatarUrl", errors.avatarUrl)}
          />
        </FormField>
        <FormField {...field("role")} label="Role">
          <select
            id="user-role"
            name="role"
            defaultValue={values.role ?? "writer"}
            className={inputClass}
            {...describedBy("user-role", errors.role)}
          >
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField {...field("status")} label="Status">
          <select
            id="user-status"
            name="status"
            defaultValue={values.status ?? "active"}
            className={inputClass}
            {...describedBy("user-status", errors.status)}
          >
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {USER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField {...field("bio")} label="Bio" hint={`Up to ${USER_TEXT_LIMITS.bioMax} characters.`}>
        <textarea
          id="user-bio"
          name="bio"
          rows={4}
          defaultValue={values.bio}
          className={inputClass}
          {...describedBy("user-bio", errors.bio)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-4">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={isSaving}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {isSaving ? "Saving..." : mode === "add" ? "Create User" : "Update User"}
        </button>
        <Link
          to="/admin/users"
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}
