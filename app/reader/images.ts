/**
 * Images that fail to load give way to their placeholder (app/components/site/image-fallback.ts).
 * An image that failed before this script ran is found by its state; later failures by their error
 * event, which does not bubble but can be caught on its way down.
 */
import { FALLBACK_CLASS, initialOf } from "#app/components/site/image-fallback";
import { element, icon } from "./dom";
import { text } from "./text";

const NEWSPAPER =
  '<path d="M15 18h-5"/><path d="M18 14h-8"/><path d="M4 22h16a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H8a2 2 0 0 0-2 2v16a2 2 0 0 1-4 0v-9a2 2 0 0 1 2-2h2"/><rect width="8" height="4" x="10" y="6" rx="1"/>';
const IMAGE_OFF =
  '<line x1="2" x2="22" y1="2" y2="22"/><path d="M10.41 10.41a2 2 0 1 1-2.83-2.83"/><line x1="13.5" x2="6" y1="13.5" y2="21"/><line x1="18" x2="21" y1="12" y2="15"/><path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59"/><path d="M21 15V5a2 2 0 0 0-2-2H9"/>';

function placeholderFor(img: HTMLImageElement): HTMLElement | null {
  switch (img.dataset.fallback) {
    case "card": {
      const extra = img.dataset.fallbackClass ? ` ${img.dataset.fallbackClass}` : "";
      const node = element("div", FALLBACK_CLASS.card + extra, {
        role: "img",
        "aria-label": img.alt || text("script.imageNotAvailable"),
      });
      node.style.aspectRatio = img.style.aspectRatio;
      node.innerHTML = icon(NEWSPAPER, 36);
      return node;
    }
    case "article": {
      const words = text("script.imageNotAvailable");
      const node = element("div", FALLBACK_CLASS.article, { role: "img", "aria-label": words });
      node.innerHTML = icon(IMAGE_OFF, 40);
      node.append(element("span", FALLBACK_CLASS.articleText, {}, words));
      return node;
    }
    case "avatar":
      return element(
        "span",
        FALLBACK_CLASS.avatar,
        { "aria-hidden": "true" },
        initialOf(img.dataset.initial ?? ""),
      );
    default:
      return null;
  }
}

function replace(img: HTMLImageElement) {
  const placeholder = placeholderFor(img);
  if (placeholder) img.replaceWith(placeholder);
}

export function wireImageFallbacks() {
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.dataset.fallback) replace(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fallback]"))
    if (img.complete && img.naturalWidth === 0) replace(img);
}
