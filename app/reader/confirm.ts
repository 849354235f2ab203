/**
 * Forms that ask first (the database setup's Clear): without scripts a tick box confirms; with this,
 * the box gives way to a dialog (app/components/ui/confirm-dialog.tsx, rendered closed by the server)
 * that asks when the form is sent. Also: a form's button says it is busy while its page loads, and a
 * verdict marked data-toast-on-load is told as a toast too.
 */
import { isToastType } from "#app/components/ui/toast-look";
import { element } from "./dom";
import { showToast } from "./toasts";

function wireConfirmation(form: HTMLFormElement, dialog: HTMLDialogElement) {
  form
    .querySelector("[data-confirm-box]")
    ?.replaceWith(element("input", "", { type: "hidden", name: "confirm", value: "yes" }));
  let isConfirmed = false;
  form.addEventListener("submit", (event) => {
    if (isConfirmed) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    dialog.showModal();
  });
  dialog.addEventListener("click", (event) => {
    const answer = (event.target as Element).closest<HTMLElement>("[data-dialog-answer]")?.dataset
      .dialogAnswer;
    if (!answer) return;
    dialog.close();
    if (answer !== "confirm") return;
    isConfirmed = true;
    form.requestSubmit();
    isConfirmed = false;
  });
}

function wireBusyLabel(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    const button = form.querySelector<HTMLButtonElement>("button[data-busy-label]");
    if (event.defaultPrevented || !button) return;
    // Disabled after the form's data is taken, so that the button still counts as the submitter.
    setTimeout(() => {
      button.textContent = button.dataset.busyLabel ?? "";
      button.disabled = true;
    });
  });
}

export function wireConfirmations() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-confirm-with]")) {
    const dialog = document.getElementById(form.dataset.confirmWith ?? "");
    if (dialog instanceof HTMLDialogElement) wireConfirmation(form, dialog);
  }
  document.querySelectorAll<HTMLFormElement>("form[data-busy-form]").forEach(wireBusyLabel);
  for (const verdict of document.querySelectorAll<HTMLElement>("[data-toast-on-load]")) {
    const type = verdict.dataset.toastOnLoad;
    if (isToastType(type))
      showToast({ type, title: verdict.dataset.toastTitle ?? "", message: verdict.textContent ?? "" });
  }
}
