/**
 * Toasts on reader pages: the server renders the first ones (a toast handed over by a redirect, see
 * app/components/ui/toast.tsx); this closes them on time or on request and shows new ones, with the
 * same look and timings.
 */
import {
  isToastType,
  TOAST_CLASS,
  TOAST_DURATION_MS,
  TOAST_STYLES,
  toastRole,
  type Toast,
} from "#app/components/ui/toast-look";
import { element } from "./dom";

function wireToast(item: HTMLElement) {
  const type = item.dataset.toast;
  const duration = isToastType(type) ? TOAST_DURATION_MS[type] : null;
  if (duration !== null) setTimeout(() => item.remove(), duration);
  item.querySelector("[data-toast-dismiss]")?.addEventListener("click", () => item.remove());
}

export function showToast(toast: Toast) {
  let list = document.querySelector("[data-toasts]");
  if (!list) {
    list = element("div", TOAST_CLASS.list, { "data-toasts": "", "aria-live": "polite" });
    document.body.append(list);
  }
  const item = element("div", `${TOAST_CLASS.item} ${TOAST_STYLES[toast.type]}`, {
    "data-toast": toast.type,
    role: toastRole(toast.type),
  });
  const body = element("div", TOAST_CLASS.body);
  body.append(element("p", TOAST_CLASS.title, {}, toast.title));
  if (toast.message) body.append(element("p", TOAST_CLASS.message, {}, toast.message));
  const dismiss = element(
    "button",
    TOAST_CLASS.dismiss,
    { type: "button", "aria-label": "Dismiss", "data-toast-dismiss": "" },
    "×",
  );
  item.append(body, dismiss);
  list.append(item);
  wireToast(item);
}

export function wireToasts() {
  document.querySelectorAll<HTMLElement>("[data-toast]").forEach(wireToast);
}
