/**
 * The Ads screen's settings form: enable ads, publisher id, auto ads, non-personalised ads, the pages
 * without ads and hiding ads for staff. The ad units have their own list and form (ad-units.tsx).
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
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
        <SettingsCheckbox
          field="adsHideForStaff"
          label={ADS_LABELS.adsHideForStaff}
          value={values.adsHideForStaff === "on"}
          problem={errors.adsHideForStaff}
          hint="Staff signed in to the back office see the site without ads (and do not click their own ads)."
        />
        <SettingsText
          field="adsExcludedPaths"
          label={ADS_LABELS.adsExcludedPaths}
          value={values.adsExcludedPaths}
          problem={errors.adsExcludedPaths}
          multiline
          placeholder={"/about\n/category/sport*"}
          hint="One path a line: the page and the pages under it get no ads; a trailing * matches any path that starts so."
        />
      </div>
      <SaveBar isDirty={isDirty} isSaving={isSaving} label="Save Ads Settings" />
    </Form>
  );
}
