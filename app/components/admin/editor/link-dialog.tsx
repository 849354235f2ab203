/**
 * The editor's link dialog: takes an address as people type it (kma.gov.gh gets https://) and, when it
 * cannot be a link, says why beside the field (app/lib/editor-links.ts) instead of dropping it.
 * A modal <dialog>: focus moves to the field, Escape cancels, focus goes back to the text afterwards.
 */
import { useEffect, useId, useRef, useState } from "react";
import { normalizeLinkUrl } from "#app/lib/editor-links";

interface LinkDialogProps {
  open: boolean;
  /** The href of the link at the cursor, when there is one. */
  currentHref: string;
  onApply(href: string): void;
  onRemove(): void;
  onClose(): void;
}

export function LinkDialog({ open, currentHref, onApply, onRemove, onClose }: LinkDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState(currentHref);
  const [error, setError] = useState("");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setValue(currentHref);
      setError("");
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, currentHref]);

  const apply = () => {
    const checked = normalizeLinkUrl(value);
    if (!checked.ok) {
      setError(checked.reason);
      return;
    }
    onApply(checked.href);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/40"
    >
      {/* Not a <form>: the dialog sits inside the article form, and forms cannot nest. */}
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {currentHref ? "Edit link" : "Insert link"}
        </h2>
        <label htmlFor={fieldId} className="mt-3 mb-1 block text-sm font-medium">
          Link address
        </label>
        <input
          id={fieldId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError("");
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
          placeholder="kma.gov.gh or https://..."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-full rounded border px-2 py-1.5 text-sm ${error ? "border-red-500" : "border-gray-300"}`}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p className="mt-1 text-xs text-gray-500">
            A web address, an e-mail address or a page of this site.
          </p>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {currentHref ? (
            <button
              type="button"
              onClick={onRemove}
              className="mr-auto rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50"
            >
              Remove link
            </button>
          ) : null}
          <button
            type="button"
            onClick={onClose}
            className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={apply}
            className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
          >
            Apply link
          </button>
        </div>
      </div>
    </dialog>
  );
}
