/**
 * Add / edit category form. The slug follows the name while typing until the slug is edited by hand;
 * the server cleans and checks it again (lib/category-form.ts).
 */
import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import {
  CATEGORY_TEXT,
  DEFAULT_CATEGORY_COLOR,
  slugFromName,
  type CategoryFieldErrors,
} from "#app/lib/category-form";
import { useFieldState } from "./use-field-state";

export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  color?: string;
}

const inputClass = (invalid?: string) =>
  `w-full rounded border px-2 py-1.5 text-sm ${invalid ? "border-red-500" : "border-gray-300"}`;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export function CategoryForm({
  mode,
  values,
  fieldErrors = {},
  submitting,
}: {
  mode: "add" | "edit";
  values: CategoryFormValues;
  fieldErrors?: CategoryFieldErrors;
  submitting: boolean;
}) {
  const nameField = useRef<HTMLInputElement>(null);
  const slugField = useRef<HTMLInputElement>(null);
  const [name, setName] = useFieldState(values.name, nameField);
  const [slug, setSlug] = useFieldState(values.slug, slugField);
  const [slugTouched, setSlugTouched] = useState(
    mode === "edit" && values.slug !== slugFromName(values.name),
  );
  const [clientError, setClientError] = useState<string | undefined>();
  const nameError = clientError ?? fieldErrors.name;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        if (!name.trim()) {
          event.preventDefault();
          setClientError(CATEGORY_TEXT.nameRequired);
        }
      }}
      className="max-w-2xl space-y-4 rounded border border-gray-200 bg-white p-4"
    >
      <div>
        <label htmlFor="name" className="mb-1 block text-sm font-medium">
          Name
        </label>
        <input
          id="name"
          name="name"
          ref={nameField}
          value={name}
          maxLength={100}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? "name-error" : undefined}
          onChange={(event) => {
            const next = event.target.value.replace(/[<>]/g, "");
            setName(next);
            setClientError(undefined);
            if (!slugTouched) setSlug(slugFromName(next));
          }}
          className={inputClass(nameError)}
        />
        <FieldError id="name-error" message={nameError} />
      </div>
      <div>
        <label htmlFor="slug" className="mb-1 block text-sm font-medium">
          Slug
        </label>
        <input
          id="slug"
          name="slug"
          ref={slugField}
          value={slug}
          maxLength={120}
          aria-invalid={fieldErrors.slug ? true : undefined}
          aria-describedby="slug-hint"
          onChange={(event) => {
            setSlugTouched(true);
            setSlug(event.target.value);
          }}
          className={inputClass(fieldErrors.slug)}
        />
        <p id="slug-hint" className="mt-1 text-xs text-gray-500">
          Used in the address: /category/{slug || "…"}
        </p>
        <FieldError id="slug-error" message={fieldErrors.slug} />
      </div>
      <div>
        <label htmlFor="description" className="mb-1 block text-sm font-medium">
          Description
        </label>
        <textarea
          id="description"
          name="description"
          rows={3}
          maxLength={500}
          defaultValue={values.description}
          className={inputClass()}
        />
      </div>
      {mode === "add" ? (
        <div>
          <label htmlFor="color" className="mb-1 block text-sm font-medium">
            Color
          </label>
          <input
            id="color"
            name="color"
            type="color"
            defaultValue={values.color ?? DEFAULT_CATEGORY_COLOR}
            className="h-9 w-16 rounded border border-gray-300"
          />
          <FieldError id="color-error" message={fieldErrors.color} />
        </div>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={submitting}
          className="rounded bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {submitting ? "Saving..." : mode === "add" ? "Add Category" : "Update Category"}
        </button>
        <Link to="/admin/categories" className="rounded border border-gray-300 px-4 py-1.5 text-sm">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
