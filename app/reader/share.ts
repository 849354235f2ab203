/**
 * The article's share buttons that need a script: copy link, Instagram (copies the text) and the
 * device's share sheet. The server renders them hidden (the plain share links work without scripts);
 * this shows them, the share sheet only where the browser has one.
 */
import { text } from "./text";
import { showToast } from "./toasts";

/** The Clipboard API where allowed, else the older selection-and-copy method. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }
}

async function copyAndTell(value: string, title: string, message: string) {
  const copied = await copyText(value);
  showToast(
    copied
      ? { type: "success", title, message }
      : {
          type: "error",
          title: text("script.share.copyFailedTitle"),
          message: text("script.share.copyFailed"),
        },
  );
}

function wireShare(section: HTMLElement) {
  const title = section.dataset.shareTitle ?? document.title;
  const url = section.dataset.shareUrl ?? window.location.href;
  const fallback = section.querySelector<HTMLAnchorElement>("a[data-share-fallback]")?.href;
  const actions: Record<string, (() => Promise<void>) | undefined> = {
    copy: () => copyAndTell(url, text("script.share.copiedTitle"), text("script.share.copied")),
    instagram: () =>
      copyAndTell(`${title} ${url}`, text("script.share.instagramTitle"), text("script.share.instagram")),
    native:
      typeof navigator.share === "function"
        ? async () => {
            try {
              await navigator.share({ title, text: title, url });
            } catch (error) {
              // The reader closing the sheet is not a failure; anything else falls back to Facebook.
              if (error instanceof DOMException && error.name === "AbortError") return;
              if (fallback) window.open(fallback, "_blank", "noopener,noreferrer");
            }
          }
        : undefined,
  };
  for (const button of section.querySelectorAll<HTMLButtonElement>("button[data-share-action]")) {
    const action = actions[button.dataset.shareAction ?? ""];
    if (!action) continue;
    button.addEventListener("click", () => void action());
    // The list item is what the server hid, so that no empty cell is left in the grid.
    (button.closest("li") ?? button).hidden = false;
  }
}

export function wireSharing() {
  document.querySelectorAll<HTMLElement>("[data-share-url]").forEach(wireShare);
}
