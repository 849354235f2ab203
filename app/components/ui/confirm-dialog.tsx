/**
 * A confirmation dialog built on <dialog>: focus moves into it, Escape cancels, and keyboard users can
 * answer it. Confirmations never auto-close.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";

interface ConfirmDialogProps {
  /** On a reader page the reader script opens it by this id (app/reader/confirm.ts). */
  id?: string;
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "default";
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  id,
  open,
  title,
  message,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "default",
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // One page may hold several dialogs (delete and leave-without-saving on the article editor).
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      id={id}
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-gray-700">{message}</div>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            data-dialog-answer="cancel"
            onClick={onCancel}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50"
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            data-dialog-answer="confirm"
            autoFocus
            onClick={onConfirm}
            className={`rounded-md px-4 py-2 font-semibold text-white ${tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-900"}`}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
