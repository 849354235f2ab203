/**
 * Header & Footer Code's site-wide HTML: three textareas (head, body start, body end) saved together.
 * A plain form posting intent=custom-code, so it works before and without JavaScript. Editors see the
 * code but only admins may change it (permissions: "plugins" manage).
 */
import { Form, useNavigation } from "react-router";
import {
  CUSTOM_CODE_FIELDS,
  CUSTOM_CODE_LABELS,
  CUSTOM_CODE_MAX,
  type CustomCodeField,
  type CustomCodeValues,
} from "#app/domain/snippets/custom-code";
import { describedBy, FormField, inputClass } from "./form-field";

const HINTS: Record<CustomCodeField, string> = {
  customHeadHtml: "Meta tags, styles or scripts for every public page's head.",
  customBodyStartHtml: "Markup that must come first in the body, e.g. a tag manager's noscript frame.",
  customBodyEndHtml: "Scripts that may wait until the page has been read, e.g. chat widgets.",
};

export function CustomCodeForm({
  values,
  errors,
  canManage,
}: {
  values: CustomCodeValues;
  errors?: Partial<Record<CustomCodeField, string>>;
  canManage: boolean;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "custom-code";
  const limit = `Up to ${CUSTOM_CODE_MAX.toLocaleString("en-US")} characters. Added to public pages only, never to the back office.`;
  return (
    <section
      aria-labelledby="custom-code-heading"
      className="mb-6 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="custom-code-heading" className="text-lg font-semibold">
        Site-wide HTML
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        On every public page. For code on some pages or devices only, add a snippet below.
      </p>
      <Form method="post" className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="custom-code" />
        {CUSTOM_CODE_FIELDS.map((field) => {
          const id = `custom-code-${field}`;
          const problem = errors?.[field] ? { title: errors[field] } : undefined;
          return (
            <FormField
              key={field}
              id={id}
              label={CUSTOM_CODE_LABELS[field]}
              problem={problem}
              hint={`${HINTS[field]} ${limit}`}
            >
              <textarea
                id={id}
                name={field}
                defaultValue={values[field]}
                rows={5}
                maxLength={CUSTOM_CODE_MAX}
                readOnly={!canManage}
                spellCheck={false}
                className={`${inputClass} font-mono`}
                {...describedBy(id, problem)}
              />
            </FormField>
          );
        })}
        {canManage ? (
          <div>
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {saving ? "Saving..." : "Save code"}
            </button>
          </div>
        ) : (
          <p className="text-sm text-gray-600">Only administrators can change this code.</p>
        )}
      </Form>
    </section>
  );
}
