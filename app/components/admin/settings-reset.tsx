/**
 * Reset to Defaults, which asks first (spec: confirmation with Reset and Cancel). In the browser the
 * question is a dialog; without JavaScript the button posts, the server answers with the confirmation
 * step (ResetConfirmStep), and only its Reset button resets.
 */
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { parseSettingsTab, SETTINGS_TEXT } from "#app/domain/settings/settings-form";

export function ResetToDefaults({ tab, disabled }: { tab: string; disabled: boolean }) {
  const [isAsking, setIsAsking] = useState(false);
  const submit = useSubmit();
  return (
    <>
      <Form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          setIsAsking(true);
        }}
      >
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="tab" value={tab} />
        <button
          type="submit"
          disabled={disabled}
          className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50"
        >
          <RotateCcw className="h-4 w-4" aria-hidden /> Reset to Defaults
        </button>
      </Form>
      <ConfirmDialog
        open={isAsking}
        title="Reset to Defaults"
        message={`${SETTINGS_TEXT.resetConfirm} ${SETTINGS_TEXT.resetKeeps}`}
        confirmLabel="Reset"
        cancelLabel="Cancel"
        tone="danger"
        onCancel={() => setIsAsking(false)}
        onConfirm={() => {
          setIsAsking(false);
          // The tab shown now (the tabs switch in the browser without a new page).
          const current = parseSettingsTab(new URLSearchParams(window.location.search).get("tab"));
          void submit({ intent: "reset", confirmed: "yes", tab: current }, { method: "post" });
        }}
      />
    </>
  );
}

/** The confirmation the server renders when a reset arrives unconfirmed (no JavaScript). */
export function ResetConfirmStep({ tab, cancelTo }: { tab: string; cancelTo: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      <Form
        method="post"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reset-confirm-title"
        aria-describedby="reset-confirm-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id="reset-confirm-title" className="text-lg font-semibold">
          Reset to Defaults
        </h2>
        <p id="reset-confirm-message" className="mt-2 text-gray-700">
          {SETTINGS_TEXT.resetConfirm} {SETTINGS_TEXT.resetKeeps}
        </p>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="confirmed" value="yes" />
        <input type="hidden" name="tab" value={tab} />
        <div className="mt-6 flex justify-end gap-3">
          <Link
            to={cancelTo}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50"
          >
            Cancel
          </Link>
          <button
            type="submit"
            autoFocus
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Reset
          </button>
        </div>
      </Form>
    </div>
  );
}
