/**
 * A back-office list's search and filter bar as a plain GET form: the query lives in the URL, so a
 * filtered list can be bookmarked and works without JavaScript. The search field is always `q`.
 */
import { Search } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";

const FIELD_LABEL = "mb-1 block text-xs font-medium text-gray-600";

export function ListSearchForm({
  label,
  defaultValue,
  maxLength,
  submitLabel,
  fieldClassName = "min-w-0 flex-1",
  onInput,
  hidden,
  children,
}: {
  /** The search field's visible label ("Search articles"). */
  label: string;
  defaultValue: string;
  maxLength: number;
  /** "Filter" where the form has filters, "Search" where it has none. */
  submitLabel: "Filter" | "Search";
  fieldClassName?: string;
  onInput?: FormEventHandler<HTMLInputElement>;
  /** Kept as hidden fields before the search field (a status chosen outside the form). */
  hidden?: ReactNode;
  /** The filters, between the search field and the button. */
  children?: ReactNode;
}) {
  return (
    <form
      method="get"
      role="search"
      className="mb-3 flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-3"
    >
      {hidden}
      <div className={fieldClassName}>
        <label htmlFor="q" className={FIELD_LABEL}>
          {label}
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={maxLength}
          onInput={onInput}
          className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
        />
      </div>
      {children}
      <button
        type="submit"
        className="rounded border border-gray-300 bg-gray-50 px-3 py-1.5 text-sm font-medium hover:bg-gray-100"
      >
        {submitLabel}
      </button>
    </form>
  );
}

/** One labelled filter of a `ListSearchForm`: the first option is the unfiltered one ("All statuses"). */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  className = "rounded border border-gray-300 px-2 py-1.5 text-sm",
  wrapperClassName,
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  /** The select's look, where it differs (a width limit). */
  className?: string;
  wrapperClassName?: string;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={className}>
        {children}
      </select>
    </div>
  );
}

/** The search field of a filter bar that applies itself (`useAutoSubmit`): a magnifier, a hidden label. */
export function IconSearchField({
  id,
  label,
  defaultValue,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  defaultValue: string;
  placeholder: string;
  /** Where the field sits in its bar. */
  className: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-2 left-2 h-4 w-4 text-gray-400" aria-hidden />
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={defaultValue}
        placeholder={placeholder}
        className="w-full rounded-md border border-gray-300 py-1.5 pr-2 pl-8 text-sm"
      />
    </div>
  );
}
