import { Megaphone } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { FormProblem } from "#app/components/admin/settings-fields";
import { SettingsForm, settingsTabHref } from "#app/components/admin/settings-form";
import { ResetConfirmStep, ResetToDefaults } from "#app/components/admin/settings-reset";
import {
  parseSettingsTab,
  SETTINGS_FIELDS,
  SETTINGS_TEXT,
  settingsFormSchema,
  settingsFormValues,
  tabOfField,
  type SettingsField,
  type SettingsTab,
} from "#app/domain/settings/settings-form";
import { getSettings } from "#app/domain/settings/settings.server";
import { resetSettingsToDefaults, updateSettings } from "#app/domain/settings/update.server";
import { checkForm, type FieldErrors, type FieldProblem } from "#app/domain/users/user-form";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import { siteScriptSources } from "#app/domain/snippets/public-csp.server";
import type { Route } from "./+types/settings";
import { formText } from "#app/lib/form";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "settings", "view");
  const settings = await getSettings(context.db);
  return {
    saved: settingsFormValues(settings),
    savedAt: new Date(settings.updatedAt).getTime(),
    tab: parseSettingsTab(new URL(request.url).searchParams.get("tab")),
    canManage: can(user.role, "settings", "manage"),
    scriptSources: siteScriptSources(settings),
  };
});

interface SettingsActionData {
  errors?: FieldErrors;
  /** What was typed, kept when a save is refused. */
  values?: Record<SettingsField, string>;
  formError?: FieldProblem;
  /** A reset arrived without its confirmation (no JavaScript): ask first. */
  confirmReset?: boolean;
  tab: SettingsTab;
}

const typedSettings = (form: FormData) =>
  Object.fromEntries(
    SETTINGS_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, formText(value)];
    }),
  ) as Record<SettingsField, string>;

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "settings", "manage");
  const form = await request.formData();
  const tab = parseSettingsTab(String(form.get("tab") ?? ""));
  const back = settingsTabHref(tab);
  const db = context.db;

  if (form.get("intent") === "reset") {
    if (form.get("confirmed") !== "yes") return data<SettingsActionData>({ confirmReset: true, tab });
    try {
      // The spec's site URL on reset: the current origin.
      await resetSettingsToDefaults(db, actor, { siteUrl: new URL(request.url).origin });
    } catch (error) {
      const known = expectedError(error, "[settings] reset failed");
      // The default language is already another edition (decision record 022): say so, change nothing.
      if (isDomainError(known, "conflict"))
        return data<SettingsActionData>(
          { formError: { title: SETTINGS_TEXT.resetFailed, message: known.message }, tab },
          { status: 409 },
        );
      return data<SettingsActionData>(
        { formError: { title: SETTINGS_TEXT.resetFailed }, tab },
        { status: 500 },
      );
    }
    return redirectWithToast(back, { type: "success", title: SETTINGS_TEXT.resetDone });
  }

  const values = typedSettings(form);
  const checked = checkForm(settingsFormSchema, values);
  if (!checked.ok) {
    const firstTab = tabOfField(Object.keys(checked.errors)[0] ?? "") ?? tab;
    return data<SettingsActionData>({ errors: checked.errors, values, tab: firstTab }, { status: 400 });
  }
  try {
    await updateSettings(db, actor, checked.data);
  } catch (error) {
    const known = expectedError(error, "[settings] save failed");
    // A language that is already another edition is refused beside its field (decision record 022).
    if (isDomainError(known, "conflict") && known.fieldErrors) {
      const errors = Object.fromEntries(
        Object.entries(known.fieldErrors).map(([field, title]) => [field, { title }]),
      );
      const firstTab = tabOfField(Object.keys(errors)[0] ?? "") ?? tab;
      return data<SettingsActionData>({ errors, values, tab: firstTab }, { status: 409 });
    }
    return data<SettingsActionData>(
      { values, formError: { title: SETTINGS_TEXT.saveFailed }, tab },
      { status: 500 },
    );
  }
  return redirectWithToast(back, { type: "success", title: SETTINGS_TEXT.saved });
});

export const meta: Route.MetaFunction = () => [{ title: "Settings - Admin" }];

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, savedAt, tab, canManage } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle";
  const shownTab = actionData?.tab ?? tab;
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Settings</h1>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Link
            to="/admin/ads"
            className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            <Megaphone className="h-4 w-4" aria-hidden /> Ads
          </Link>
          {canManage ? <ResetToDefaults tab={shownTab} disabled={isBusy} /> : null}
        </div>
      </div>
      <FormProblem problem={actionData?.formError} />
      {actionData?.confirmReset ? (
        <ResetConfirmStep tab={actionData.tab} cancelTo={settingsTabHref(actionData.tab)} />
      ) : null}
      {/* A new key after a save or reset: the inputs start again from the stored values, unedited. */}
      <SettingsForm
        key={savedAt}
        values={actionData?.values ?? saved}
        saved={saved}
        serverErrors={actionData?.errors}
        initialTab={shownTab}
        scriptSources={loaderData.scriptSources}
      />
    </section>
  );
}
