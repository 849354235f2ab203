/**
 * The header and page chrome: the phone menu, the search button's spinner and the
 * back-to-top button (decision record 011 for the header). The phone menu is a <details>
 * disclosure that works without this; a link in it loads a new page, where it starts closed. (The
 * desktop News menu is gone: the categories bar lists the same, decision record 011.)
 */
import { element, icon, isPlainClick } from "./dom";

const SEARCH_SPINNER_MS = 100;
export const BACK_TO_TOP_AFTER_PX = 300;

/** Open: the page behind does not scroll, Escape closes, and the button says what it does. */
function wirePhoneMenu(menu: HTMLDetailsElement) {
  const summary = menu.querySelector("summary");
  let previousOverflow = "";
  const update = () => {
    summary?.setAttribute("aria-label", menu.open ? "Close menu" : "Open menu");
    if (menu.open) {
      previousOverflow = document.body.style.overflow;
      document.body.style.overflow = "hidden";
    } else {
      document.body.style.overflow = previousOverflow;
    }
  };
  menu.addEventListener("toggle", update);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    summary?.focus();
  });
  // Opened before this script ran.
  if (menu.open) update();
}

function wireSearchButton(link: HTMLAnchorElement) {
  link.addEventListener("click", (event) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    link.dataset.busy = "";
    setTimeout(() => window.location.assign(link.href), SEARCH_SPINNER_MS);
  });
}

/** Shown only while the reader is more than 300 px down the page. */
function wireBackToTop() {
  let button: HTMLButtonElement | null = null;
  const update = () => {
    const isWanted = window.scrollY > BACK_TO_TOP_AFTER_PX;
    if (isWanted && !button) {
      button = element(
        "button",
        "fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-900 focus-visible:ring-4 focus-visible:ring-brand-600/40 focus-visible:outline-none",
        { type: "button", "aria-label": "Back to top" },
      );
      button.innerHTML = icon('<path d="m5 12 7-7 7 7"/><path d="M12 19V5"/>', 22);
      button.addEventListener("click", () => window.scrollTo({ top: 0, behavior: "smooth" }));
      document.body.append(button);
    } else if (!isWanted && button) {
      button.remove();
      button = null;
    }
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}

export function wireMenus() {
  const menus = document.querySelectorAll<HTMLDetailsElement>("details[data-menu]");
  for (const menu of menus) wirePhoneMenu(menu);
  // A page restored from the back/forward cache comes back as it was left: menu open, spinner spinning.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const menu of menus) menu.open = false;
    document.querySelectorAll<HTMLElement>("[data-busy]").forEach((node) => delete node.dataset.busy);
  });
  document.querySelectorAll<HTMLAnchorElement>("a[data-search-button]").forEach(wireSearchButton);
  wireBackToTop();
}
