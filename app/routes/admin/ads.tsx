import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { AdUnitDeleteStep, AdUnitForm, AdUnitList } from "#app/components/admin/ad-units";
import { AdsSettingsForm } from "#app/components/admin/settings-ads-form";
import { FormProblem } from "#app/components/admin/settings-fields";
import {
  AD_UNIT_TEXT,
  adUnitFieldsFrom,
  adUnitFormValues,
  EMPTY_AD_UNIT_FORM,
  readStoredAdUnits,
  type AdUnitErrors,
  type AdUnitFormValues,
} from "#app/domain/ads/ad-units";
import { deleteAdUnit, saveAdUnit, setAdUnitActive } from "#app/domain/ads/ad-units.server";
import {
  ADS_FIELDS,
  ADS_TEXT,
  adsFormSchema,
  adsFormValues,
  type AdsField,
} from "#app/domain/settings/ads-form";
import { getSettings } from "#app/domain/settings/settings.server";
import { updateAdsSettings } from "#app/domain/settings/update.server";
import { checkForm, type FieldErrors, type FieldProblem } from "#app/domain/users/user-form";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/ads";
import { formText } from "#app/lib/form";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(context, "settings", "view");
  const settings = await getSettings(context.db);
  const units = readStoredAdUnits(settings.adSlots);
  const editId = new URL(request.url).searchParams.get("edit");
  const editing = editId ? units.find((unit) => unit.id === editId) : undefined;
  return {
    saved: adsFormValues(settings),
    savedAt: new Date(settings.updatedAt).getTime(),
    units,
    editing: editing ? { id: editing.id, values: adUnitFormValues(editing) } : null,
  };
});

interface AdsActionData {
  errors?: FieldErrors;
  values?: Record<AdsField, string>;
  formError?: FieldProblem;
  /** The unit form refused: its problems and what was typed. */
  unitErrors?: AdUnitErrors;
  unitValues?: AdUnitFormValues;
  /** A delete posted without the dialog's confirmation (no JavaScript): ask first. */
  confirmDelete?: { id: string; name: string };
}

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "settings", "manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  if (intent.startsWith("unit-")) return unitAction(intent, form, context.db, actor);
  const values = Object.fromEntries(
    ADS_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, formText(value)];
    }),
  ) as Record<AdsField, string>;
  const checked = checkForm(adsFormSchema, values);
  if (!checked.ok) return data<AdsActionData>({ errors: checked.errors, values }, { status: 400 });
  try {
    await updateAdsSettings(context.db, actor, checked.data);
  } catch (error) {
    expectedError(error, "[ads] save failed");
    return data<AdsActionData>({ values, formError: { title: ADS_TEXT.saveFailed } }, { status: 500 });
  }
  return redirectWithToast("/admin/ads", { type: "success", title: ADS_TEXT.saved });
});

type Actor = Awaited<ReturnType<typeof requirePermission>>;

/** Add or edit (unit-save), switch (unit-toggle) and delete (unit-delete, confirmed) one ad unit. */
async function unitAction(
  intent: string,
  form: FormData,
  db: Route.ActionArgs["context"]["db"],
  actor: Actor,
) {
  const id = String(form.get("id") ?? "");
  const unitValues = adUnitFieldsFrom(form);
  try {
    switch (intent) {
      case "unit-save": {
        await saveAdUnit(db, actor, unitValues, id || undefined);
        return redirectWithToast("/admin/ads", { type: "success", title: AD_UNIT_TEXT.saved });
      }
      case "unit-toggle": {
        const active = form.get("active") === "on";
        await setAdUnitActive(db, actor, id, active);
        const title = active ? AD_UNIT_TEXT.switchedOn : AD_UNIT_TEXT.switchedOff;
        return redirectWithToast("/admin/ads", { type: "success", title });
      }
      case "unit-delete": {
        if (form.get("confirmed") !== "yes") {
          const unit = readStoredAdUnits((await getSettings(db)).adSlots).find((u) => u.id === id);
          if (!unit)
            return data<AdsActionData>({ formError: { title: AD_UNIT_TEXT.notFound } }, { status: 404 });
          return data<AdsActionData>({ confirmDelete: { id: unit.id, name: unit.name } });
        }
        await deleteAdUnit(db, actor, id);
        return redirectWithToast("/admin/ads", { type: "success", title: AD_UNIT_TEXT.deleted });
      }
      default:
        return data<AdsActionData>({ formError: { title: ADS_TEXT.saveFailed } }, { status: 400 });
    }
  } catch (error) {
    const known = expectedError(error, "[ads] saving an ad unit failed", { intent, id });
    if (isDomainError(known, "invalid", "not_found")) {
      if (known.code === "not_found")
        return data<AdsActionData>({ formError: { title: known.message } }, { status: 404 });
      return data<AdsActionData>(
        known.fieldErrors
          ? { unitErrors: known.fieldErrors as AdUnitErrors, unitValues }
          : { formError: { title: known.message }, unitValues },
        { status: 400 },
      );
    }
    if (known) throw known;
    return data<AdsActionData>({ formError: { title: ADS_TEXT.saveFailed }, unitValues }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Ads - Admin" }];

export default function AdsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, savedAt, units, editing } = loaderData;
  const unitValues = actionData?.unitValues ?? editing?.values ?? EMPTY_AD_UNIT_FORM;
  return (
    <section className="max-w-4xl">
      <Link
        to="/admin/settings"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Settings
      </Link>
      <h1 className="mt-2 mb-4 text-2xl font-bold">Ads</h1>
      <FormProblem problem={actionData?.formError} />
      {/* A new key after a save: the inputs start again from the stored values, unedited. */}
      <AdsSettingsForm
        key={savedAt}
        values={actionData?.values ?? saved}
        saved={saved}
        serverErrors={actionData?.errors}
      />
      <AdUnitList units={units} />
      <AdUnitForm
        key={`${savedAt}-${editing?.id ?? "new"}`}
        values={unitValues}
        errors={actionData?.unitErrors}
        editingId={editing?.id}
      />
      {actionData?.confirmDelete ? <AdUnitDeleteStep unit={actionData.confirmDelete} /> : null}
    </section>
  );
}
