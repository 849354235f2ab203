/**
 * A list's bulk-action bar: the form the ticked rows' checkboxes belong to (`useRowSelection(formId)`),
 * its action select and Apply, a "Select all" for the cards of narrow screens and how many are ticked.
 * It posts `intent=bulk`, `bulkAction` and the ticked `ids`, with or without JavaScript.
 */
import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";

export function BulkActionBar({
  formId,
  onSubmit,
  allSelected,
  onSelectAll,
  selectedCount,
  children,
}: {
  formId: string;
  /** Where a destructive choice asks first. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  allSelected: boolean;
  onSelectAll(on: boolean): void;
  selectedCount: number;
  /** The actions this list offers, as options. */
  children: ReactNode;
}) {
  return (
    <Form method="post" id={formId} onSubmit={onSubmit} className="mb-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="bulk" />
      <label htmlFor="bulkAction" className="sr-only">
        Bulk action
      </label>
      <select
        id="bulkAction"
        name="bulkAction"
        defaultValue=""
        required
        className="rounded border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        <option value="" disabled>
          Bulk actions
        </option>
        {children}
      </select>
      <button
        type="submit"
        className="rounded border border-gray-300 bg-white px-3 py-1 text-sm font-medium hover:bg-gray-50"
      >
        Apply
      </button>
      {/* The table's own select-all is in its header, which the cards below md do not show. */}
      <label className="flex items-center gap-1.5 text-sm md:hidden">
        <input
          type="checkbox"
          checked={allSelected}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all
      </label>
      {selectedCount > 0 ? <span className="text-sm text-gray-600">{selectedCount} selected</span> : null}
    </Form>
  );
}
