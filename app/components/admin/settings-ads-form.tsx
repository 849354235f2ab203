/**
 * The Ads screen: enable ads, publisher id, auto ads, non-personalised ads, and the ad units as a
 * read-only list (key, slot id, active/inactive, formats).
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { AdSlot } from "#app/db/schema";
import {
  ADS_FIELDS,
  ADS_LABELS,
  adsFormSchema,
  PUBLISHER_ID_MAX,
  type AdsField,
} from "#app/domain/settings/ads-form";
import { checkForm, type FieldErrors } from "#app/domain/users/user-form";
import {
  SaveBar,
  SettingsCheckbox,
  SettingsText,
  settingsInputId,
  useUnsavedChanges,
} from "./settings-fields";

export function AdsSettingsForm({
  values,
  saved,
  serverErrors,
}: {
  values: Record<AdsField, string>;
  saved: Record<AdsField, string>;
  serverErrors?: FieldErrors;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const { formRef, isDirty, onChange } = useUnsavedChanges(ADS_FIELDS, saved);
  return (
    <Form
      method="post"
      noValidate
      ref={formRef}
      onChange={onChange}
      onSubmit={(event) => {
        const result = checkForm(adsFormSchema, Object.fromEntries(new FormData(event.currentTarget)));
        if (result.ok) {
          setClientErrors(null);
          return;
        }
        event.preventDefault();
        setClientErrors(result.errors);
        const [first] = Object.keys(result.errors);
        if (first !== undefined) document.getElementById(settingsInputId(first))?.focus();
      }}
      className="rounded-lg border border-gray-200 bg-white px-4 pt-4 md:px-6 md:pt-6"
    >
      <div className="grid gap-4">
        <SettingsCheckbox
          field="adsEnabled"
          label={ADS_LABELS.adsEnabled}
          value={values.adsEnabled === "on"}
          problem={errors.adsEnabled}
          hint="The ad network script loads only when ads are enabled and a publisher ID is set."
        />
        <SettingsText
          field="adsPublisherId"
          label={ADS_LABELS.adsPublisherId}
          value={values.adsPublisherId}
          problem={errors.adsPublisherId}
          maxLength={PUBLISHER_ID_MAX}
          placeholder="ca-pub-1234567890123456"
          hint="Empty, or ca-pub- followed by digits."
        />
        <SettingsCheckbox
          field="adsAutoAdsEnabled"
          label={ADS_LABELS.adsAutoAdsEnabled}
          value={values.adsAutoAdsEnabled === "on"}
          problem={errors.adsAutoAdsEnabled}
          hint="Lets the ad network place ads automatically as well as in the ad units."
        />
        <SettingsCheckbox
          field="adsNonPersonalized"
          label={ADS_LABELS.adsNonPersonalized}
          value={values.adsNonPersonalized === "on"}
          problem={errors.adsNonPersonalized}
          hint="Asks the ad network for ads that are not based on the reader's history."
        />
      </div>
      <SaveBar isDirty={isDirty} isSaving={isSaving} label="Save Ads Settings" />
    </Form>
  );
}

export function AdUnitList({ slots }: { slots: AdSlot[] }) {
  return (
    <section aria-labelledby="ad-units" className="mt-6">
      <h2 id="ad-units" className="mb-2 text-lg font-semibold">
        Ad units
      </h2>
      {slots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-6 text-center text-sm text-gray-600">
          No ad units are configured.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-gray-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Key
                </th>
                <th scope="col" className="px-4 py-2">
                  Slot ID
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Formats
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {slots.map((slot, index) => (
                <tr key={`${slot.key}-${index}`}>
                  <td className="px-4 py-2 font-medium">{slot.key}</td>
                  <td className="px-4 py-2 font-mono text-xs">{slot.slotId}</td>
                  <td className="px-4 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${slot.active ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-700"}`}
                    >
                      {slot.active ? "Active" : "Inactive"}
                    </span>
                  </td>
                  <td className="px-4 py-2">{formatsOf(slot) || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The spec's "sizes or format": whichever the unit has, both when it has both. */
const formatsOf = (slot: AdSlot) =>
  [slot.format, ...(Array.isArray(slot.sizes) ? slot.sizes : [])].filter(Boolean).join(", ");
