import { ArrowLeft, Pencil } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireUser } from "#app/auth/guard.server";
import { AUTH_TEXT } from "#app/auth/messages";
import { commitSessionCookie, createSession } from "#app/auth/session.server";
import { ActiveSessions } from "#app/components/admin/active-sessions";
import { describedBy, FormField, inputClass } from "#app/components/admin/form-field";
import { PasswordChangeForm } from "#app/components/admin/password-change-form";
import { ProfileDetails } from "#app/components/admin/profile-details";
import {
  checkForm,
  passwordChangeSchema,
  problem,
  profileSchema,
  typedValues,
  USER_FORM_TEXT,
  USER_TEXT_LIMITS,
  type FieldErrors,
} from "#app/domain/users/user-form";
import { changeOwnPassword, getUserById, updateProfile } from "#app/domain/users/users.server";
import { TWO_FACTOR_TEXT } from "#app/auth/two-factor-text";
import { twoFactorState } from "#app/auth/two-factor.server";
import { TwoFactorSummary } from "#app/components/admin/two-factor-summary";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { authorPath } from "#app/lib/paths";
import { sessionsShown } from "./profile-sessions.server";
import type { Route } from "./+types/profile";

/** Own profile: only a signed-in, enabled account is needed, whatever the role. */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const me = await requireUser(context);
  const user = await getUserById(context.db, me.id);
  if (!user) throw data({ title: "Page not found", message: USER_FORM_TEXT.userNotFound }, { status: 404 });
  const isEditing = new URL(request.url).searchParams.get("edit") === "1";
  const { name, email, role, bio, avatarUrl, slug, website, location, createdAt, lastLoginAt } = user;
  return {
    profile: { name, email, role, bio, avatarUrl, website, location, createdAt, lastLoginAt },
    authorPage: slug ? authorPath(slug) : null,
    isEditing,
    sessions: await sessionsShown(request, context.db, me.id),
    twoFactorOn: (await twoFactorState(context.db, me.id)).enabled,
  };
});

interface ActionResult {
  form: "profile" | "password";
  errors: FieldErrors;
  values: Record<string, string>;
}

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const me = await requireUser(context);
  const db = context.db;
  const form = await request.formData();
  const values = typedValues(form);
  if (form.get("intent") === "password") {
    const checked = checkForm(passwordChangeSchema, Object.fromEntries(form));
    if (!checked.ok)
      return data<ActionResult>({ form: "password", errors: checked.errors, values }, { status: 400 });
    const changed = await changeOwnPassword(db, me, checked.data.currentPassword, checked.data.newPassword);
    if (changed !== "changed") {
      const locked = changed === "locked";
      return data<ActionResult>(
        {
          form: "password",
          errors: {
            currentPassword: problem(
              locked ? AUTH_TEXT.tooManyAttempts : USER_FORM_TEXT.wrongCurrentPassword,
            ),
          },
          values,
        },
        { status: locked ? 429 : 400 },
      );
    }
    // Every session ended with the change; this browser gets a fresh one.
    const { token } = await createSession(db, me.id, {
      ipAddress: context.clientIp,
      userAgent: request.headers.get("User-Agent") ?? "",
    });
    return redirectWithToast(
      "/admin/profile",
      {
        type: "success",
        title: USER_FORM_TEXT.passwordChanged,
        message: "Your other sessions have been signed out.",
      },
      { headers: { "Set-Cookie": await commitSessionCookie(request, token) } },
    );
  }
  const checked = checkForm(profileSchema, Object.fromEntries(form));
  if (!checked.ok)
    return data<ActionResult>({ form: "profile", errors: checked.errors, values }, { status: 400 });
  try {
    await updateProfile(context.services, me, checked.data);
  } catch (error) {
    // A refusal (the account gone meanwhile) is told in its own words and status; anything else is
    // logged, and its text (perhaps a database message) replaced by the safe one.
    const refused = expectedError(error, "[profile] saving failed");
    if (refused)
      return data<ActionResult>(
        {
          form: "profile",
          errors: {
            form: refused.title
              ? { title: refused.title, message: refused.message }
              : { title: refused.message },
          },
          values,
        },
        { status: statusOf(refused) },
      );
    return data<ActionResult>(
      { form: "profile", errors: { form: { title: "Error updating profile. Please try again." } }, values },
      { status: 500 },
    );
  }
  return redirectWithToast("/admin/profile", { type: "success", title: USER_FORM_TEXT.profileUpdated });
});

export const meta: Route.MetaFunction = () => [{ title: "Your Profile - Admin" }];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, isEditing: editRequested } = loaderData;
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const profileErrors = actionData?.form === "profile" ? actionData.errors : {};
  const passwordErrors = actionData?.form === "password" ? actionData.errors : {};
  // A refused save stays in edit mode with what was typed.
  const isEditing = editRequested || actionData?.form === "profile";
  const shown = actionData?.form === "profile" ? { ...profile, ...actionData.values } : profile;

  return (
    <div className="max-w-3xl space-y-5">
      <Link
        to="/admin/dashboard"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </Link>
      <section className="rounded-lg border border-gray-200 bg-white">
        <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3 md:px-6">
          <h1 className="text-xl font-bold">Your Profile</h1>
          {isEditing ? (
            <Link
              to="/admin/profile"
              className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
            >
              Cancel
            </Link>
          ) : (
            <Link
              to="/admin/profile?edit=1"
              className="inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-900"
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
            </Link>
          )}
        </div>
        <div className="px-4 py-3 md:px-6">
          {isEditing ? (
            <Form method="post" noValidate className="space-y-4 py-2">
              {profileErrors.form ? (
                <p
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {profileErrors.form.title}
                </p>
              ) : null}
              <FormField id="profile-name" label="Full Name" problem={profileErrors.name}>
                <input
                  id="profile-name"
                  name="name"
                  required
                  defaultValue={shown.name}
                  className={inputClass}
                  {...describedBy("profile-name", profileErrors.name)}
                />
              </FormField>
              <FormField id="profile-email" label="Email" hint={USER_FORM_TEXT.emailReadOnly}>
                <input id="profile-email" value={profile.email} readOnly disabled className={inputClass} />
              </FormField>
              <FormField
                id="profile-bio"
                label="Bio"
                problem={profileErrors.bio}
                hint={`Up to ${USER_TEXT_LIMITS.bioMax} characters.`}
              >
                <textarea
                  id="profile-bio"
                  name="bio"
                  rows={4}
                  defaultValue={shown.bio}
                  className={inputClass}
                  {...describedBy("profile-bio", profileErrors.bio)}
                />
              </FormField>
              <FormField
                id="profile-avatar"
                label="Photo URL"
                problem={profileErrors.avatarUrl}
                hint="The photo on your author page and bylines: an https:// address, or a picture from the Media Library."
              >
                <input
                  id="profile-avatar"
                  name="avatarUrl"
                  // Text, not url: a photo of ours is kept by its path (/media/…), which a url field refuses.
                  type="text"
                  inputMode="url"
                  placeholder="https://"
                  defaultValue={shown.avatarUrl}
                  className={inputClass}
                  {...describedBy("profile-avatar", profileErrors.avatarUrl)}
                />
              </FormField>
              <div className="grid gap-4 md:grid-cols-2">
                <FormField id="profile-website" label="Website" problem={profileErrors.website}>
                  <input
                    id="profile-website"
                    name="website"
                    type="url"
                    placeholder="https://"
                    defaultValue={shown.website}
                    className={inputClass}
                    {...describedBy("profile-website", profileErrors.website)}
                  />
                </FormField>
                <FormField id="profile-location" label="Location" problem={profileErrors.location}>
                  <input
                    id="profile-location"
                    name="location"
                    defaultValue={shown.location}
                    className={inputClass}
                    {...describedBy("profile-location", profileErrors.location)}
                  />
                </FormField>
              </div>
              <button
                type="submit"
                name="intent"
                value="profile"
                disabled={isSaving}
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
              >
                {isSaving ? "Saving..." : "Save Changes"}
              </button>
            </Form>
          ) : (
            <ProfileDetails profile={profile} authorPage={loaderData.authorPage} />
          )}
        </div>
      </section>

      <PasswordChangeForm errors={passwordErrors} isBusy={isSaving} />

      <TwoFactorSummary isOn={loaderData.twoFactorOn} text={TWO_FACTOR_TEXT} />

      <ActiveSessions sessions={loaderData.sessions} isBusy={isSaving} />
    </div>
  );
}
