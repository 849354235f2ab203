/**
 * An article body on a lite page (decision record 019): each photo becomes the same "Show photo · 31 KB"
 * link as the page's other photos (app/components/site/lite-photo.tsx), to the upload's smallest copy
 * when it is one, and each embedded video a link. The body is our sanitiser's output (app/lib/sanitize.server.ts), whose `<img>` tags
 * carry only double-quoted, escaped attributes: they can be read by pattern.
 */
import type { Translate } from "#app/i18n/use-messages";
import { showPhotoLabel } from "./lite-mode";
import { escapeHtml } from "./text";
import type { PageImages } from "./responsive-image";

const IMG = /<img\b([^>]*?)\/?>/gi;
const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/gi;

/** The address of every photo in a body, for looking up their copies. */
export function bodyPhotoSources(html: string): string[] {
  return [...html.matchAll(IMG)].map((m) => unescapeAmp(attributesOf(m[1] ?? "").src ?? "")).filter(Boolean);
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(ATTRIBUTE)) attributes[name!.toLowerCase()] = value!;
  return attributes;
}

const unescapeAmp = (value: string) => value.replace(/&amp;/g, "&");

const IFRAME = /<iframe\b([^>]*)>\s*<\/iframe>/gi;

/**
 * The body with each photo as a tap-to-show link (`images` are the uploads' copies, smallest first) and
 * each embedded video (an iframe, megabytes before it plays) as a link to it, in the page's words (`t`).
 */
export function liteArticleBody(html: string, images: PageImages, t: Translate): string {
  const watch = escapeHtml(t("lite.watchVideo"));
  return litePhotos(html, images, t).replace(IFRAME, (_tag, text: string) => {
    const { src } = attributesOf(text);
    return src ? `<p><a href="${src}" rel="noopener noreferrer" target="_blank">${watch}</a></p>` : "";
  });
}

/** Whether `offset` is inside a link of the body: an `<a` opened before it and not closed since. */
function insideLink(html: string, offset: number): boolean {
  const before = html.slice(0, offset).toLowerCase();
  return before.lastIndexOf("<a ") > before.lastIndexOf("</a>");
}

function litePhotos(html: string, images: PageImages, t: Translate): string {
  return html.replace(IMG, (_tag, text: string, offset: number) => {
    const { src = "", alt = "", width, height } = attributesOf(text);
    if (!src) return "";
    const copy = images[unescapeAmp(src)];
    // A language's words, escaped: a catalogue is text, not HTML.
    const label = escapeHtml(showPhotoLabel(copy?.size, t));
    // A photo the author linked: a link cannot hold another, so the photo is named and the author's
    // link kept (tapping it goes where the author meant).
    if (insideLink(html, offset)) return `<span class="${LITE_PHOTO_CLASS}">${label}</span>`;
    const w = copy?.width ?? Number(width || 0);
    const h = copy?.height ?? Number(height || 0);
    const shape =
      w > 0 && h > 0 ? ` data-width="${w}" data-height="${h}" style="aspect-ratio:${w} / ${h}"` : "";
    // `src` and `alt` stay escaped as they came.
    const href = copy ? copy.src.replace(/&/g, "&amp;").replace(/"/g, "&quot;") : src;
    return (
      `<a href="${href}" data-lite-photo="" data-alt="${alt}" data-photo-class=""${shape}` +
      ` aria-label="${alt ? `${label}: ${alt}` : label}" class="my-4 ${LITE_PHOTO_CLASS}">${label}</a>`
    );
  });
}

/** The look of a lite photo's placeholder, in a body as on the page (lite-photo.tsx). */
export const LITE_PHOTO_CLASS =
  "relative z-10 flex w-full items-center justify-center gap-2 rounded-md border border-dashed border-slate-300 bg-slate-100 p-2 text-center text-sm font-semibold text-slate-700 no-underline hover:bg-slate-200";
