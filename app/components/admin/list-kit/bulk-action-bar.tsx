/**
 * A list's bulk-action bar: the form the ticked rows' checkboxes belong to (`useRowSelection(formId)`),
 * its action select and Apply, a "Select all" and how many are ticked. It posts `intent=bulk`,
 * `bulkAction` and the ticked `ids`, with or without JavaScript.
 */
import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";

export function BulkActionBar({
  formId,
  onSubmit,
  allSelected,
  onSelectAll,
  selectedCount,
  onNothingChosen,
  inset = false,
  hasHeaderSelectAll = true,
  children,
}: {
  formId: string;
  /** Where a destructive choice asks first. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  allSelected: boolean;
  onSelectAll(on: boolean): void;
  selectedCount: number;
  /**
   * Says so when Apply is pressed with no action chosen or no row ticked (the post does not go). Without
   * it the select is required and the browser asks for a choice; the server refuses either way.
   */
  onNothingChosen?(): void;
  /** Inside the list's card, as its top strip, rather than above it. */
  inset?: boolean;
  /** The table's header has its own select-all, which the cards below md do not show. */
  hasHeaderSelectAll?: boolean;
  /** The actions this list offers, as options. */
  children: ReactNode;
}) {
  const submitChosen = (event: FormEvent<HTMLFormElement>) => {
    const isIncomplete = !new FormData(event.currentTarget).get("bulkAction") || selectedCount === 0;
    if (onNothingChosen && isIncomplete) {
      event.preventDefault();
      onNothingChosen();
      return;
    }
    onSubmit(event);
  };
  return (
    <Form
      method="post"
      id={formId}
      onSubmit={submitChosen}
      className={`flex flex-wrap items-center gap-2 ${inset ? "border-b border-gray-100 px-3 py-2" : "mb-2"}`}
    >
      <input type="hidden" name="intent" value="bulk" />
      <label htmlFor={`${formId}-action`} className="sr-only">
        Bulk action
      </label>
      <select
        id={`${formId}-action`}
        name="bulkAction"
        defaultValue=""
        required={!onNothingChosen}
        className="rounded border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        <option value="" disabled={!onNothingChosen}>
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
      <label className={`flex items-center gap-1.5 text-sm ${hasHeaderSelectAll ? "md:hidden" : ""}`}>
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
