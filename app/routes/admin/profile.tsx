import { ArrowLeft, LogOut, Pencil } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireUser } from "#app/auth/guard.server";
import { AUTH_TEXT } from "#app/auth/messages";
import {
  commitSessionCookie,
  createSession,
  endOtherSessions,
  endUserSession,
  listActiveSessions,
  sessionIdOf,
} from "#app/auth/session.server";
import { describedBy, FormField, inputClass } from "#app/components/admin/form-field";
import { RoleBadge } from "#app/components/admin/role-badge";
import {
  checkForm,
  PASSWORD_RULE_TEXT,
  passwordChangeSchema,
  problem,
  profileSchema,
  typedValues,
  USER_FORM_TEXT,
  USER_TEXT_LIMITS,
  type FieldErrors,
} from "#app/domain/users/user-form";
import { changeOwnPassword, getUserById, updateProfile } from "#app/domain/users/users.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { TWO_FACTOR_TEXT } from "#app/auth/two-factor-text";
import { twoFactorState } from "#app/auth/two-factor.server";
import { commentDate, relativeDate } from "#app/lib/dates";
import { deviceName } from "#app/lib/device-name";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { authorPath } from "#app/lib/paths";
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

/**
 * The user's active sessions as Profile lists them. Times are written here, once, so that the page and
 * its hydration agree; the id is the stored hash, which cannot be turned back into a cookie.
 */
async function sessionsShown(request: Request, db: Route.LoaderArgs["context"]["db"], userId: string) {
  const [active, currentId, { timezone }] = await Promise.all([
    listActiveSessions(db, userId),
    sessionIdOf(request.headers.get("Cookie")),
    getSettings(db),
  ]);
  const now = new Date();
  return active.map((session) => ({
    id: session.id,
    device: deviceName(session.userAgent),
    address: session.ipAddress || "Unknown address",
    signedIn: commentDate(session.createdAt, timezone),
    lastSeen: relativeDate(session.lastSeenAt, { now, style: "back-office", timeZone: timezone }),
    isCurrent: session.id === currentId,
  }));
}

export const SESSIONS_TEXT = {
  heading: "Active Sessions",
  intro: "The browsers signed in to your account. Sign out any you do not recognise.",
  thisDevice: "This browser",
  signOut: "Sign out",
  signOutOthers: "Sign out everywhere else",
  ended: "Session signed out",
  endedMessage: "That browser will have to sign in again.",
  alreadyEnded: "That session had already ended.",
  othersEnded: (count: number) =>
    count === 0
      ? "No other sessions were open."
      : `${count} other session${count === 1 ? "" : "s"} signed out.`,
  othersEndedTitle: "Signed out everywhere else",
} as const;

/** Ends one session, or all but this one, of the signed-in user only. */
async function endSessions(
  request: Request,
  db: Route.ActionArgs["context"]["db"],
  userId: string,
  form: FormData,
) {
  const currentId = await sessionIdOf(request.headers.get("Cookie"));
  if (form.get("intent") === "end-other-sessions") {
    const count = currentId ? await endOtherSessions(db, userId, currentId) : 0;
    return redirectWithToast("/admin/profile", {
      type: "success",
      title: SESSIONS_TEXT.othersEndedTitle,
      message: SESSIONS_TEXT.othersEnded(count),
    });
  }
  const sessionId = form.get("sessionId");
  // This browser's own session is ended by signing out, which also clears its cookie.
  const ended =
    typeof sessionId === "string" && sessionId !== currentId && (await endUserSession(db, userId, sessionId));
  return redirectWithToast(
    "/admin/profile",
    ended
      ? { type: "success", title: SESSIONS_TEXT.ended, message: SESSIONS_TEXT.endedMessage }
      : { type: "error", title: SESSIONS_TEXT.alreadyEnded },
  );
}

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
  const intent = form.get("intent");
  if (intent === "end-session" || intent === "end-other-sessions")
    return endSessions(request, db, me.id, form);
  if (intent === "password") {
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
    await updateProfile(db, me, checked.data);
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

function ViewRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-3">
      <dt className="text-sm font-medium text-gray-500">{label}</dt>
      <dd className="text-sm sm:col-span-2">{children}</dd>
    </div>
  );
}

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
            <dl className="divide-y divide-gray-100">
              <ViewRow label="Full Name">{profile.name}</ViewRow>
              <ViewRow label="Email">
                {profile.email}{" "}
                <span className="block text-xs text-gray-500">{USER_FORM_TEXT.emailReadOnly}</span>
              </ViewRow>
              <ViewRow label="Role">
                <RoleBadge role={profile.role} />
              </ViewRow>
              <ViewRow label="Bio">{profile.bio || <span className="text-gray-500">Not set</span>}</ViewRow>
              <ViewRow label="Photo">
                {profile.avatarUrl ? (
                  <img
                    src={profile.avatarUrl}
                    alt=""
                    width={48}
                    height={48}
                    className="size-12 rounded-full object-cover"
                  />
                ) : (
                  <span className="text-gray-500">Not set</span>
                )}
              </ViewRow>
              {loaderData.authorPage ? (
                <ViewRow label="Author page">
                  <a href={loaderData.authorPage} className="text-brand-700 hover:underline">
                    {loaderData.authorPage}
                  </a>
                </ViewRow>
              ) : null}
              <ViewRow label="Website">
                {profile.website ? (
                  <a
                    href={profile.website}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className="text-brand-700 hover:underline"
                  >
                    {profile.website}
                  </a>
                ) : (
                  <span className="text-gray-500">Not set</span>
                )}
              </ViewRow>
              <ViewRow label="Location">
                {profile.location || <span className="text-gray-500">Not set</span>}
              </ViewRow>
            </dl>
          )}
        </div>
      </section>

      <section className="rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6">
        <h2 className="text-lg font-semibold">Change Password</h2>
        <p className="text-sm text-gray-600">Changing your password signs you out on every other device.</p>
        <Form method="post" noValidate className="mt-3 grid gap-4 md:grid-cols-3">
          <FormField id="current-password" label="Current Password" problem={passwordErrors.currentPassword}>
            <input
              id="current-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              className={inputClass}
              {...describedBy("current-password", passwordErrors.currentPassword)}
            />
          </FormField>
          <FormField
            id="new-password"
            label="New Password"
            problem={passwordErrors.newPassword}
            hint={PASSWORD_RULE_TEXT}
          >
            <input
              id="new-password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              className={inputClass}
              {...describedBy("new-password", passwordErrors.newPassword)}
            />
          </FormField>
          <FormField
            id="confirm-password"
            label="Confirm New Password"
            problem={passwordErrors.confirmPassword}
          >
            <input
              id="confirm-password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              className={inputClass}
              {...describedBy("confirm-password", passwordErrors.confirmPassword)}
            />
          </FormField>
          <div className="md:col-span-3">
            <button
              type="submit"
              name="intent"
              value="password"
              disabled={isSaving}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
            >
              Change Password
            </button>
          </div>
        </Form>
      </section>

      <section
        aria-labelledby="two-factor-heading"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6"
      >
        <div>
          <h2 id="two-factor-heading" className="text-lg font-semibold">
            {TWO_FACTOR_TEXT.sectionHeading}
          </h2>
          <p className="text-sm text-gray-600">
            {loaderData.twoFactorOn ? TWO_FACTOR_TEXT.sectionOn : TWO_FACTOR_TEXT.sectionOff}
          </p>
        </div>
        <Link
          to="/admin/profile/two-factor"
          className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
        >
          {loaderData.twoFactorOn ? TWO_FACTOR_TEXT.manage : TWO_FACTOR_TEXT.setUp}
        </Link>
      </section>

      <ActiveSessions sessions={loaderData.sessions} isBusy={isSaving} />
    </div>
  );
}

type ShownSession = Route.ComponentProps["loaderData"]["sessions"][number];

function ActiveSessions({ sessions, isBusy }: { sessions: ShownSession[]; isBusy: boolean }) {
  const others = sessions.filter((session) => !session.isCurrent);
  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            {SESSIONS_TEXT.heading}
          </h2>
          <p className="text-sm text-gray-600">{SESSIONS_TEXT.intro}</p>
        </div>
        {others.length > 0 ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="end-other-sessions"
              disabled={isBusy}
              className="inline-flex items-center gap-1.5 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              <LogOut className="h-4 w-4" aria-hidden /> {SESSIONS_TEXT.signOutOthers}
            </button>
          </Form>
        ) : null}
      </div>
      <ul className="mt-3 divide-y divide-gray-100">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="text-sm">
              <p className="font-medium">
                {session.device}
                {session.isCurrent ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    {SESSIONS_TEXT.thisDevice}
                  </span>
                ) : null}
              </p>
              <p className="text-gray-600">
                {session.address} · Signed in {session.signedIn} · Last seen {session.lastSeen}
              </p>
            </div>
            {session.isCurrent ? null : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  name="intent"
                  value="end-session"
                  disabled={isBusy}
                  aria-label={`${SESSIONS_TEXT.signOut}: ${session.device}, ${session.address}`}
                  className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-60"
                >
                  {SESSIONS_TEXT.signOut}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
