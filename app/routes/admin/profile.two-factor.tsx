import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { renderSVG } from "uqr";
import { requireUser } from "#app/auth/guard.server";
import { AUTH_TEXT } from "#app/auth/messages";
import { checkCurrentPassword } from "#app/auth/throttle.server";
import { TWO_FACTOR_TEXT as T } from "#app/auth/two-factor-text";
import { otpauthUri } from "#app/auth/totp.server";
import {
  confirmSetup,
  isTwoFactorRequiredOf,
  replaceRecoveryCodes,
  startSetup,
  turnOffTwoFactor,
  twoFactorState,
} from "#app/auth/two-factor.server";
import { describedBy, FormField, inputClass } from "#app/components/admin/form-field";
import { PasswordField } from "#app/components/admin/password-field";
import { getSettings } from "#app/domain/settings/settings.server";
import { problem, USER_FORM_TEXT, type FieldErrors } from "#app/domain/users/user-form";
import { redirectWithToast } from "#app/lib/flash.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/profile.two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Two-Factor Sign-In - Admin" }];

/** The set-up page is reachable before set-up, even when the site requires it (the guard sends people here). */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const me = await requireUser(context, { settingUpTwoFactor: true });
  const db = context.db;
  const state = await twoFactorState(db, me.id);
  const required = await isTwoFactorRequiredOf(db, me.role);
  if (state.enabled) return { enabled: true as const, required, recoveryCodesLeft: state.recoveryCodesLeft };
  // The key being set up stays the same across reloads, so a code from an earlier scan still works.
  const secret = state.pendingSecret ?? (await startSetup(db, me.id));
  const { siteTitle } = await getSettings(db);
  return {
    enabled: false as const,
    required,
    qrSvg: renderSVG(otpauthUri(secret, me.email, siteTitle || "Newsdesk"), { border: 2 }),
    key: secret.replace(/(.{4})/g, "$1 ").trim(),
  };
});

type ActionData = { errors: FieldErrors } | { recoveryCodes: string[]; justTurnedOn: boolean };

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const me = await requireUser(context, { settingUpTwoFactor: true });
  const db = context.db;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "confirm") {
    const codes = await confirmSetup(db, me.id, String(form.get("code") ?? "").slice(0, 40));
    if (!codes) return data<ActionData>({ errors: { code: problem(T.setupCodeWrong) } }, { status: 400 });
    return data<ActionData>({ recoveryCodes: codes, justTurnedOn: true });
  }

  // Changing two-factor sign-in once it is on asks for the password: a session left open is not enough,
  // and the check is throttled so that it is no way to guess the password either.
  const check = await checkCurrentPassword(db, me.id, String(form.get("currentPassword") ?? ""));
  if (check !== "right") {
    const locked = check === "locked";
    return data<ActionData>(
      {
        errors: {
          currentPassword: problem(locked ? AUTH_TEXT.tooManyAttempts : USER_FORM_TEXT.wrongCurrentPassword),
        },
      },
      { status: locked ? 429 : 400 },
    );
  }
  if (intent === "new-codes") {
    return data<ActionData>({ recoveryCodes: await replaceRecoveryCodes(db, me.id), justTurnedOn: false });
  }
  if (intent === "turn-off") {
    if (await isTwoFactorRequiredOf(db, me.role)) {
      return data<ActionData>({ errors: { form: problem(T.turnOffRequired) } }, { status: 403 });
    }
    await turnOffTwoFactor(db, me.id);
    return redirectWithToast("/admin/profile", { type: "success", title: T.turnedOff });
  }
  return data<ActionData>({ errors: { form: problem("Unknown action.") } }, { status: 400 });
});

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const isBusy = useNavigation().state === "submitting";
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const shownCodes = actionData && "recoveryCodes" in actionData ? actionData : null;

  return (
    <div className="max-w-3xl space-y-5">
      <Link
        to="/admin/profile"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Profile
      </Link>
      <h1 className="text-2xl font-bold">{T.setupHeading}</h1>
      {loaderData.required && !loaderData.enabled ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {T.required}
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form.title}
        </p>
      ) : null}

      {shownCodes ? (
        <RecoveryCodes codes={shownCodes.recoveryCodes} justTurnedOn={shownCodes.justTurnedOn} />
      ) : loaderData.enabled ? (
        <ManageTwoFactor
          recoveryCodesLeft={loaderData.recoveryCodesLeft}
          required={loaderData.required}
          errors={errors}
          isBusy={isBusy}
        />
      ) : (
        <section className="space-y-4 rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6">
          <p className="text-sm">{T.scanStep}</p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="size-48 [&>svg]:size-full"
            dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
          />
          <p className="text-sm text-gray-600">
            {T.manualKey}{" "}
            <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm">{loaderData.key}</code>
          </p>
          <Form method="post" noValidate className="space-y-3">
            <p className="text-sm">{T.confirmStep}</p>
            <FormField id="setup-code" label={T.codeLabel} problem={errors.code}>
              <input
                id="setup-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                className={`${inputClass} max-w-48`}
                {...describedBy("setup-code", errors.code)}
              />
            </FormField>
            <button
              type="submit"
              name="intent"
              value="confirm"
              disabled={isBusy}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {T.turnOn}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}

function RecoveryCodes({ codes, justTurnedOn }: { codes: string[]; justTurnedOn: boolean }) {
  return (
    <section
      aria-labelledby="recovery-heading"
      className="space-y-3 rounded-lg border border-green-300 bg-white px-4 py-4 md:px-6"
    >
      {justTurnedOn ? <p className="font-semibold text-green-800">{T.turnedOnTitle}</p> : null}
      {!justTurnedOn ? <p className="font-semibold text-green-800">{T.newRecoveryCodesDone}</p> : null}
      <h2 id="recovery-heading" className="text-lg font-semibold">
        {T.recoveryHeading}
      </h2>
      <p className="text-sm text-gray-600">{T.recoveryIntro}</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-gray-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Link to="/admin/dashboard" className="inline-block text-sm font-medium text-brand-700 hover:underline">
        I have saved them: continue
      </Link>
    </section>
  );
}

function ManageTwoFactor({
  recoveryCodesLeft,
  required,
  errors,
  isBusy,
}: {
  recoveryCodesLeft: number;
  required: boolean;
  errors: FieldErrors;
  isBusy: boolean;
}) {
  return (
    <section className="space-y-4 rounded-lg border border-gray-200 bg-white px-4 py-4 md:px-6">
      <p className="text-sm">
        {T.sectionOn} {T.recoveryLeft(recoveryCodesLeft)}
      </p>
      <Form method="post" noValidate className="space-y-3">
        <PasswordField
          id="tf-password"
          name="currentPassword"
          label="Current Password"
          autoComplete="current-password"
          problem={errors.currentPassword}
          hint={T.passwordToChange}
          className={`${inputClass} max-w-sm`}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="new-codes"
            disabled={isBusy}
            className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
          >
            {T.newRecoveryCodes}
          </button>
          {required ? null : (
            <button
              type="submit"
              name="intent"
              value="turn-off"
              disabled={isBusy}
              className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              {T.turnOff}
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}
