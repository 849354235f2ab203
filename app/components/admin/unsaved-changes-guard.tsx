/**
 * Asks before unsaved work is left behind: a link or Back inside the back office opens the app's
 * confirmation dialog (React Router's blocker), and closing or reloading the tab gets the browser's own
 * prompt (beforeunload). Both only while `when` is true, so a saved form leaves without a question.
 * The form's own post stays on its path and is never blocked.
 */
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { AUTOSAVE_TEXT } from "#app/lib/article-autosave";

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  // Saved (by the autosave) while the question was open: nothing would be lost any more.
  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={AUTOSAVE_TEXT.unsavedTitle}
      message={AUTOSAVE_TEXT.unsavedMessage}
      confirmLabel={AUTOSAVE_TEXT.leave}
      cancelLabel={AUTOSAVE_TEXT.stay}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
