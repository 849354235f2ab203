/**
 * The add-snippet form. It is a real form posting intent=add (so it works without JavaScript: the
 * server adds and saves at once); once the page runs in the browser, `onAdd` takes the new snippet
 * into the screen's unsaved list instead and nothing is posted.
 */
import { useState, type FormEvent } from "react";
import {
  DEVICE_DISPLAYS,
  newSnippetId,
  SITE_DISPLAYS,
  SNIPPET_DEFAULTS,
  SNIPPET_LABELS,
  SNIPPET_LIMITS,
  SNIPPET_LOCATIONS,
  SNIPPET_STATUSES,
  SNIPPET_TYPES,
  snippetFieldsFrom,
  snippetFromForm,
  type CodeSnippet,
  type SnippetFormFields,
} from "#app/domain/snippets/snippet-rules";
import { inputClass } from "./form-field";

function Select<K extends keyof typeof SNIPPET_LABELS>({
  name,
  label,
  options,
  defaultValue,
}: {
  name: K;
  label: string;
  options: readonly (keyof (typeof SNIPPET_LABELS)[K] & string)[];
  defaultValue: string;
}) {
  const labels = SNIPPET_LABELS[name] as Record<string, string>;
  return (
    <div>
      <label htmlFor={`snippet-${name}`} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <select id={`snippet-${name}`} name={name} defaultValue={defaultValue} className={inputClass}>
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SnippetForm({
  onAdd,
  serverError,
  values = {},
}: {
  onAdd: (snippet: CodeSnippet) => void;
  /** The server's answer to a post made without JavaScript. */
  serverError?: string;
  values?: SnippetFormFields;
}) {
  const [clientError, setClientError] = useState<string | undefined>();
  const error = clientError ?? serverError;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const built = snippetFromForm(snippetFieldsFrom(new FormData(form)), newSnippetId());
    if (!built.ok) {
      setClientError(built.error);
      return;
    }
    setClientError(undefined);
    onAdd(built.snippet);
    form.reset();
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="add-snippet-heading"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="add-snippet-heading" className="text-lg font-semibold">
        Add Snippet
      </h2>
      <input type="hidden" name="intent" value="add" />
      {error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor="snippet-name" className="block text-sm font-medium text-gray-700">
            Name
          </label>
          <input
            id="snippet-name"
            name="name"
            defaultValue={values.name ?? ""}
            maxLength={SNIPPET_LIMITS.name}
            placeholder="e.g. Google Analytics"
            className={inputClass}
          />
        </div>
        <Select
          name="type"
          label="Type"
          options={SNIPPET_TYPES}
          defaultValue={values.type ?? SNIPPET_DEFAULTS.type}
        />
        <Select
          name="location"
          label="Location"
          options={SNIPPET_LOCATIONS}
          defaultValue={values.location ?? SNIPPET_DEFAULTS.location}
        />
        <Select
          name="siteDisplay"
          label="Site display"
          options={SITE_DISPLAYS}
          defaultValue={values.siteDisplay ?? SNIPPET_DEFAULTS.siteDisplay}
        />
        <Select
          name="deviceDisplay"
          label="Device"
          options={DEVICE_DISPLAYS}
          defaultValue={values.deviceDisplay ?? SNIPPET_DEFAULTS.deviceDisplay}
        />
        <div>
          <label htmlFor="snippet-includePaths" className="block text-sm font-medium text-gray-700">
            Include paths
          </label>
          <input
            id="snippet-includePaths"
            name="includePaths"
            defaultValue={values.includePaths ?? SNIPPET_DEFAULTS.includePaths.join(", ")}
            className={inputClass}
            aria-describedby="snippet-paths-hint"
          />
        </div>
        <div>
          <label htmlFor="snippet-excludePaths" className="block text-sm font-medium text-gray-700">
            Exclude paths
          </label>
          <input
            id="snippet-excludePaths"
            name="excludePaths"
            defaultValue={values.excludePaths ?? ""}
            placeholder="e.g. /article/*, /contact"
            className={inputClass}
            aria-describedby="snippet-paths-hint"
          />
        </div>
        <p id="snippet-paths-hint" className="-mt-2 text-xs text-gray-500 sm:col-span-2">
          Comma-separated. A trailing * matches every path that starts with the text before it; otherwise the
          path must match exactly. Excludes win over includes.
        </p>
        <Select
          name="status"
          label="Status"
          options={SNIPPET_STATUSES}
          defaultValue={values.status ?? SNIPPET_DEFAULTS.status}
        />
        <div className="sm:col-span-2">
          <label htmlFor="snippet-code" className="block text-sm font-medium text-gray-700">
            Code
          </label>
          <textarea
            id="snippet-code"
            name="code"
            rows={6}
            defaultValue={values.code ?? ""}
            maxLength={SNIPPET_LIMITS.code}
            spellCheck={false}
            placeholder={'<meta name="example" content="…">'}
            className={`${inputClass} font-mono text-xs`}
          />
        </div>
      </div>
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
      >
        Add Snippet
      </button>
    </form>
  );
}
