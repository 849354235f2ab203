/**
 * The Ads screen's ad units: the list (slot, size, ad, status) with Edit, Switch on/off and Delete, and
 * the form that adds or edits one unit. Plain forms that work without JavaScript; with it, Delete asks
 * in a dialog first (without it, the server answers with the confirmation step, AdUnitDeleteStep).
 */
import { Pencil, Power, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import {
  AD_PLACEMENT_LABELS,
  AD_PLACEMENTS,
  AD_SIZES,
  AD_UNIT_LIMITS,
  AD_UNIT_TEXT,
  type AdUnit,
  type AdUnitErrors,
  type AdUnitFormValues,
} from "#app/domain/ads/ad-units";
import { SettingsCheckbox, SettingsSelect, SettingsText } from "./settings-fields";

const slotText = (unit: AdUnit) =>
  unit.placement === "in_article"
    ? `In article, after paragraph ${unit.afterParagraph}`
    : unit.placement
      ? AD_PLACEMENT_LABELS[unit.placement]
      : "No slot (edit to place it)";

const buttonClass =
  "inline-flex min-h-9 items-center gap-1 rounded-md border border-gray-300 bg-white px-2.5 text-xs font-medium text-gray-800 hover:bg-gray-50";

export function AdUnitList({ units }: { units: AdUnit[] }) {
  const [deleting, setDeleting] = useState<AdUnit | null>(null);
  const submit = useSubmit();
  return (
    <section aria-labelledby="ad-units" className="mt-8">
      <h2 id="ad-units" className="mb-2 text-lg font-semibold">
        Ad units
      </h2>
      {units.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-6 text-center text-sm text-gray-600">
          No ad units are configured.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-gray-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Name
                </th>
                <th scope="col" className="px-4 py-2">
                  Slot
                </th>
                <th scope="col" className="px-4 py-2">
                  Size
                </th>
                <th scope="col" className="px-4 py-2">
                  Ad
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {units.map((unit) => (
                <tr key={unit.id} data-ad-unit-row={unit.id}>
                  <td className="px-4 py-2 font-medium">{unit.name}</td>
                  <td className="px-4 py-2">{slotText(unit)}</td>
                  <td className="px-4 py-2">{unit.size}</td>
                  <td className="px-4 py-2">
                    {unit.source === "code" ? (
                      "Ad code"
                    ) : (
                      <span className="font-mono text-xs">{unit.unitId || "—"}</span>
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${unit.active ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-700"}`}
                    >
                      {unit.active ? "Active" : "Inactive"}
                    </span>
                  </td>
                  <td className="px-4 py-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Link
                        to={`/admin/ads?edit=${encodeURIComponent(unit.id)}#ad-unit-form`}
                        className={buttonClass}
                        aria-label={`Edit ${unit.name}`}
                      >
                        <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="unit-toggle" />
                        <input type="hidden" name="id" value={unit.id} />
                        <input type="hidden" name="active" value={unit.active ? "" : "on"} />
                        <button
                          type="submit"
                          className={buttonClass}
                          aria-label={`${unit.active ? "Switch off" : "Switch on"} ${unit.name}`}
                        >
                          <Power className="h-3.5 w-3.5" aria-hidden />{" "}
                          {unit.active ? "Switch off" : "Switch on"}
                        </button>
                      </Form>
                      <Form
                        method="post"
                        onSubmit={(event) => {
                          event.preventDefault();
                          setDeleting(unit);
                        }}
                      >
                        <input type="hidden" name="intent" value="unit-delete" />
                        <input type="hidden" name="id" value={unit.id} />
                        <button
                          type="submit"
                          className={`${buttonClass} text-red-800`}
                          aria-label={`Delete ${unit.name}`}
                        >
                          <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
                        </button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete ad unit"
        message={
          <>
            <strong>{deleting?.name}</strong>: {AD_UNIT_TEXT.deleteConfirm}
          </>
        }
        confirmLabel="Delete"
        cancelLabel="Cancel"
        tone="danger"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting?.id ?? "";
          setDeleting(null);
          void submit({ intent: "unit-delete", id, confirmed: "yes" }, { method: "post" });
        }}
      />
    </section>
  );
}

/** The confirmation the server renders when a delete arrives unconfirmed (no JavaScript). */
export function AdUnitDeleteStep({ unit }: { unit: Pick<AdUnit, "id" | "name"> }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      <Form
        method="post"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="ad-delete-title"
        aria-describedby="ad-delete-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id="ad-delete-title" className="text-lg font-semibold">
          Delete ad unit
        </h2>
        <p id="ad-delete-message" className="mt-2 text-gray-700">
          <strong>{unit.name}</strong>: {AD_UNIT_TEXT.deleteConfirm}
        </p>
        <input type="hidden" name="intent" value="unit-delete" />
        <input type="hidden" name="id" value={unit.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <div className="mt-6 flex justify-end gap-3">
          <Link
            to="/admin/ads"
            className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50"
          >
            Cancel
          </Link>
          <button
            type="submit"
            autoFocus
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Delete
          </button>
        </div>
      </Form>
    </div>
  );
}

const PLACEMENT_OPTIONS = AD_PLACEMENTS.map((value) => ({ value, label: AD_PLACEMENT_LABELS[value] }));
const SIZE_OPTIONS = AD_SIZES.map((value) => ({
  value,
  label: value === "responsive" ? "Responsive (fills the slot's width)" : value.replace("x", " × "),
}));
const SOURCE_OPTIONS = [
  { value: "unit", label: "The publisher's ad unit ID" },
  { value: "code", label: "Ad code (HTML)" },
];

/** Adds a unit, or edits the one given (`editingId`); what was typed comes back with the problems. */
export function AdUnitForm({
  values,
  errors = {},
  editingId,
}: {
  values: AdUnitFormValues;
  errors?: AdUnitErrors;
  editingId?: string;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "unit-save";
  const problem = (field: keyof AdUnitErrors) => {
    const title = errors[field];
    return title ? { title } : undefined;
  };
  return (
    <section aria-labelledby="ad-unit-form" className="mt-8">
      <h2 id="ad-unit-form" className="mb-2 text-lg font-semibold">
        {editingId ? `Edit ad unit: ${values.name}` : "Add ad unit"}
      </h2>
      <Form
        method="post"
        noValidate
        action={editingId ? `/admin/ads?edit=${encodeURIComponent(editingId)}` : "/admin/ads"}
        className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 md:p-6"
      >
        <input type="hidden" name="intent" value="unit-save" />
        {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
        <SettingsText
          field="name"
          label="Name"
          value={values.name}
          problem={problem("name")}
          maxLength={AD_UNIT_LIMITS.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingsSelect
            field="placement"
            label="Slot"
            value={values.placement}
            problem={problem("placement")}
            options={PLACEMENT_OPTIONS}
          />
          <SettingsText
            field="afterParagraph"
            label="After paragraph"
            value={values.afterParagraph}
            problem={problem("afterParagraph")}
            hint="In-article units only: the ad follows this paragraph (at the end of shorter stories)."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingsSelect
            field="size"
            label="Size"
            value={values.size}
            problem={problem("size")}
            options={SIZE_OPTIONS}
          />
          <SettingsSelect
            field="source"
            label="Ad from"
            value={values.source}
            problem={problem("source")}
            options={SOURCE_OPTIONS}
          />
        </div>
        <SettingsText
          field="unitId"
          label="Ad unit ID"
          value={values.unitId}
          problem={problem("unitId")}
          maxLength={AD_UNIT_LIMITS.unitId}
          placeholder="1234567890"
          hint="The digits of data-ad-slot in AdSense. Used when the ad comes from the unit ID; needs the publisher ID above."
        />
        <SettingsText
          field="code"
          label="Ad code"
          value={values.code}
          problem={problem("code")}
          maxLength={AD_UNIT_LIMITS.code}
          multiline
          hint="HTML from the ad network, placed as it is. Used when the ad comes from code."
        />
        <SettingsCheckbox
          field="active"
          label="Active"
          value={values.active === "on"}
          hint="Inactive units stay here and show nowhere."
        />
        <div className="flex flex-wrap justify-end gap-3">
          {editingId ? (
            <Link
              to="/admin/ads"
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
            >
              Cancel
            </Link>
          ) : null}
          <button
            type="submit"
            disabled={isSaving}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
          >
            {isSaving ? "Saving..." : editingId ? "Save Ad Unit" : "Add Ad Unit"}
          </button>
        </div>
      </Form>
    </section>
  );
}
