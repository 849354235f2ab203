import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { AdsSettingsForm, AdUnitList } from "#app/components/admin/settings-ads-form";
import { FormProblem } from "#app/components/admin/settings-fields";
import type { AdSlot } from "#app/db/schema";
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
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/ads";

/** Ad units are stored as JSON: only the fields the list shows, as text, reach the page. */
const readSlots = (slots: unknown): AdSlot[] =>
  (Array.isArray(slots) ? slots : []).map((slot: Partial<Record<keyof AdSlot, unknown>>) => ({
    key: String(slot?.key ?? ""),
    slotId: String(slot?.slotId ?? ""),
    active: slot?.active === true,
    format: typeof slot?.format === "string" ? slot.format : "",
    sizes: Array.isArray(slot?.sizes) ? slot.sizes.map(String) : undefined,
  }));

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  await requirePermission(context, "settings", "view");
  const settings = await getSettings(context.db);
  return {
    saved: adsFormValues(settings),
    savedAt: new Date(settings.updatedAt).getTime(),
    slots: readSlots(settings.adSlots),
  };
});

interface AdsActionData {
  errors?: FieldErrors;
  values?: Record<AdsField, string>;
  formError?: FieldProblem;
}

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "settings", "manage");
  const form = await request.formData();
  const values = Object.fromEntries(
    ADS_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
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

export const meta: Route.MetaFunction = () => [{ title: "Ads - Admin" }];

export default function AdsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, savedAt, slots } = loaderData;
  return (
    <section className="max-w-3xl">
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
      <AdUnitList slots={slots} />
    </section>
  );
}
