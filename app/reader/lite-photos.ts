/**
 * Lite pages (decision record 019) draw each photo as a link to its smallest copy, with its size:
 * "Show photo · 31 KB". Without a script the link opens the photo; with it, a tap puts the photo in the
 * link's place, at the size and shape the page had kept for it.
 */
import { isPlainClick } from "./dom";

export function wireLitePhotos() {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-lite-photo]");
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    const photo = document.createElement("img");
    photo.src = link.href;
    photo.alt = link.dataset.alt ?? "";
    photo.className = link.dataset.photoClass ?? "";
    photo.style.aspectRatio = link.style.aspectRatio;
    for (const side of ["width", "height"] as const) {
      const value = link.dataset[side];
      if (value) photo.setAttribute(side, value);
    }
    link.replaceWith(photo);
  });
}
