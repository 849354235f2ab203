/**
 * Lite mode (decision record 019): pages for readers who save data. On when the browser sends
 * `Save-Data: on` (Chrome's Lite mode, Opera Mini, Samsung Internet, many Android data savers) or the
 * reader chose "Lite" on the site (the `nd_lite` cookie, remembered a year); the reader's own choice of
 * the full site (`nd_lite=off`) wins over the browser's header. A lite page shows no photo until it is
 * tapped, no ads, the smallest copy of every image, and loads a smaller script. The page cache keeps
 * the two versions apart by this answer, and pages say `Vary: Save-Data, Cookie`.
 */
import type { Translate } from "#app/i18n/use-messages";
import { readCookie } from "./cookie-header";

export const LITE_COOKIE = "nd_lite";
/** The cookie's life: a year, renewed each time the reader chooses. */
export const LITE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type LiteReason = "chosen" | "save-data";

/** Why a page is lite, or null when it is the full page. */
export function liteReason(
  saveData: string | null | undefined,
  cookieHeader: string | null | undefined,
): LiteReason | null {
  const chosen = readCookie(cookieHeader, LITE_COOKIE);
  if (chosen === "on") return "chosen";
  if (chosen === "off") return null;
  return saveDataIsOn(saveData) ? "save-data" : null;
}

/** Whether a request gets the lite page. */
export function isLiteRequest(headers: Headers): boolean {
  return liteReason(headers.get("Save-Data"), headers.get("Cookie")) !== null;
}

/** Whether a `Save-Data` header's value asks to save data: the token `on`. */
export function saveDataIsOn(value: string | null | undefined): boolean {
  if (!value) return false;
  // The header is a list of tokens (on, or a future extension); "on" is the only one defined.
  return value.split(/[;,]/).some((token) => token.trim().toLowerCase() === "on");
}

/** The reader's choice as a Set-Cookie value: lite on, or the full site even when the browser saves data. */
export function liteChoiceCookie(lite: boolean, { secure }: { secure: boolean }): string {
  return [
    `${LITE_COOKIE}=${lite ? "on" : "off"}`,
    "Path=/",
    `Max-Age=${LITE_COOKIE_MAX_AGE_S}`,
    "SameSite=Lax",
    // No script reads it: the server decides what a page is.
    "HttpOnly",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * "Show photo · 31 KB": a lite photo's placeholder, with the photo's size when it is known, in the page's
 * language (decision record 022, point 6); written into a story's body by `liteArticleBody` too.
 */
export function showPhotoLabel(bytes: number | undefined, t: Translate): string {
  if (!bytes || bytes <= 0) return t("lite.showPhoto");
  return t("lite.showPhotoSize", { size: Math.max(1, Math.round(bytes / 1024)) });
}
