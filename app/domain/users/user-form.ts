/**
 * The user forms' rules (add user, edit user, own profile, own password), shared by the browser (checked
 * before sending) and the server (checked again, always). Each problem carries the spec's alert title and,
 * where the spec gives one, its message.
 */
import { z } from "zod";
import { LOGIN_EMAIL_PATTERN } from "#app/auth/login-form";
import { USER_ROLES, USER_STATUSES } from "#app/lib/enums";
import { formText, parseForm } from "#app/lib/form";
import { formTextField } from "#app/lib/form-fields";

export const USER_TEXT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  bioMax: 500,
  avatarMax: 2048,
  websiteMax: 2048,
  locationMax: 100,
  searchMax: 100,
} as const;

/** Alert titles of the user screens, verbatim. */
export const USER_FORM_TEXT = {
  missingName: "Missing Name",
  nameTooShort: "Name Too Short",
  nameTooLong: "Name Too Long",
  missingEmail: "Missing Email",
  invalidEmail: "Invalid Email",
  missingPassword: "Missing Password",
  weakPassword: "Weak Password",
  bioTooLong: "Bio Too Long",
  invalidUrl: "Invalid URL",
  invalidRole: "Invalid Role",
  invalidStatus: "Invalid Status",
  emailExists: "Email Already Exists",
  userCreated: "User Created!",
  creationFailed: "Creation Failed",
  userUpdated: "User updated successfully!",
  updateFailed: "Error updating user. Please try again.",
  userNotFound: "User not found!",
  userDeleted: "User deleted successfully!",
  deleteFailed: "Error deleting user. Please try again.",
  activateFailed: "Error activating user. Please try again.",
  deactivateFailed: "Error deactivating user. Please try again.",
  bulkFailed: "Error performing bulk action. Please try again.",
  deleteConfirm: "Are you sure you want to delete this user? This action cannot be undone.",
  profileUpdated: "Profile updated successfully!",
  emailReadOnly: "Email cannot be changed",
  invalidWebsite: "Invalid Website",
  locationTooLong: "Location Too Long",
  missingCurrentPassword: "Missing Current Password",
  wrongCurrentPassword: "Current password is incorrect.",
  passwordsDiffer: "Passwords Do Not Match",
  passwordChanged: "Password changed successfully!",
} as const;

/**
 * The password rule in words : the message the screens have always shown names the length,
 * the letter and the number but not the allowed characters, so `Passw0rd-Long-123` was refused with nothing
 * saying why. Every password field shows the whole rule, and the refusal repeats it.
 */
export const PASSWORD_RULE_TEXT =
  "At least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used (no spaces, hyphens or other symbols).";

/** The longer message shown under a title, where the spec gives one. */
const USER_FORM_DETAIL: Partial<Record<string, string>> = {
  [USER_FORM_TEXT.nameTooShort]: "Name must be at least 2 characters long.",
  [USER_FORM_TEXT.invalidEmail]: "Please enter a valid email address.",
  [USER_FORM_TEXT.weakPassword]:
    "Password must be at least 6 characters with at least one letter and one number. Only letters, numbers and @ $ ! % * ? & may be used.",
  [USER_FORM_TEXT.invalidUrl]: "Please enter a valid avatar URL.",
  [USER_FORM_TEXT.emailExists]: "This email address is already registered. Please use a different email.",
  [USER_FORM_TEXT.creationFailed]: "Error creating user account. Please try again.",
  [USER_FORM_TEXT.invalidWebsite]: "Please enter a valid website URL.",
  [USER_FORM_TEXT.passwordsDiffer]: "The new password and its confirmation must be the same.",
};

export interface FieldProblem {
  title: string;
  message?: string;
}

export const problem = (title: string): FieldProblem => {
  const message = USER_FORM_DETAIL[title];
  return message ? { title, message } : { title };
};

/** Inputs are sanitised by removing < and > (and trimmed). */
export const cleanText = (value: string) => value.replace(/[<>]/g, "").trim();

/** Form values arrive as strings, or not at all when a field is missing from the post. */
const cleaned = formTextField.transform(cleanText);

/** A path on this site (`/media/…`), never a protocol-relative `//host` one. */
const isSitePath = (value: string) => /^\/(?![/\\])\S*$/.test(value);

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

const T = USER_FORM_TEXT;
const L = USER_TEXT_LIMITS;

const nameField = cleaned.pipe(
  z.string().min(1, T.missingName).min(L.nameMin, T.nameTooShort).max(L.nameMax, T.nameTooLong),
);
const emailField = cleaned
  .pipe(
    z
      .string()
      .min(1, T.missingEmail)
      .max(L.emailMax, T.invalidEmail)
      .regex(LOGIN_EMAIL_PATTERN, T.invalidEmail),
  )
  .transform((v) => v.toLowerCase());
/** Passwords are not cleaned: a character outside the allowed set is refused, never silently dropped. */
const passwordRule = z
  .string()
  .min(L.passwordMin, T.weakPassword)
  .max(L.passwordMax, T.weakPassword)
  .regex(/[A-Za-z]/, T.weakPassword)
  .regex(/\d/, T.weakPassword)
  .regex(/^[A-Za-z\d@$!%*?&]*$/, T.weakPassword);
const passwordField = formTextField.pipe(z.string().min(1, T.missingPassword)).pipe(passwordRule);
const optionalPasswordField = formTextField.pipe(z.union([z.literal(""), passwordRule]));
const bioField = cleaned.pipe(z.string().max(L.bioMax, T.bioTooLong));
const avatarField = cleaned.pipe(
  z
    .string()
    .max(L.avatarMax, T.invalidUrl)
    // A site path too: our own photos are stored by their path (app/domain/media/stored-urls.server.ts).
    .refine((v) => v === "" || isHttpUrl(v) || isSitePath(v), T.invalidUrl),
);
const withDefault = (fallback: string) => z.preprocess((v) => formText(v) || fallback, z.string());
const roleField = withDefault("writer").pipe(z.enum(USER_ROLES, { message: T.invalidRole }));
const statusField = withDefault("active").pipe(z.enum(USER_STATUSES, { message: T.invalidStatus }));

/** Add user: the spec's whole validation table. */
export const newUserSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  role: roleField,
  status: statusField,
  bio: bioField,
  avatarUrl: avatarField,
});

/** Add user by invitation: the same fields but the password, which the new member chooses themselves. */
export const invitedUserSchema = newUserSchema.omit({ password: true });

/**
 * Edit user: the spec asks only for name and email; the other fields keep the database's limits, and a
 * new password (optional, e.g. for an imported account without one) follows the add-user rule.
 */
export const editUserSchema = z.object({
  name: nameField,
  email: emailField,
  password: optionalPasswordField,
  role: roleField,
  status: statusField,
  bio: bioField,
  avatarUrl: avatarField,
});

export const profileSchema = z.object({
  name: nameField,
  bio: bioField,
  /** The photo on the author page and bylines. */
  avatarUrl: avatarField,
  website: cleaned.pipe(
    z
      .string()
      .max(L.websiteMax, T.invalidWebsite)
      .refine((v) => v === "" || isHttpUrl(v), T.invalidWebsite),
  ),
  location: cleaned.pipe(z.string().max(L.locationMax, T.locationTooLong)),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: formTextField.pipe(z.string().min(1, T.missingCurrentPassword)),
    newPassword: passwordField,
    confirmPassword: formTextField,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: T.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** A password chosen through an e-mailed link (reset or invitation): the add-user rule, typed twice. */
export const newPasswordSchema = z
  .object({ newPassword: passwordField, confirmPassword: formTextField })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: T.passwordsDiffer,
    path: ["confirmPassword"],
  });

export type EditUserInput = z.infer<typeof editUserSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;

export type FieldErrors = Record<string, FieldProblem>;

/**
 * Runs a schema over form values (parseForm): the data, or each field's problem as these screens show
 * it beside the field, a title with its detail (problem()).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const parsed = parseForm(schema, values);
  if (parsed.ok) return parsed;
  const errors: FieldErrors = {};
  for (const [field, title] of Object.entries(parsed.fieldErrors)) errors[field] = problem(title);
  return { ok: false, errors };
}

/** Admin list search: < and > stripped, trimmed, at most 100 characters. */
export const cleanSearch = (value: string | null | undefined) => cleanText(value ?? "").slice(0, L.searchMax);

/** What the user typed, sent back with the problems so the form keeps it (passwords are never echoed). */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !/password/i.test(key)) values[key] = value;
  }
  return values;
}
