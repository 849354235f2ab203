/**
 * Toasts that survive a redirect: the action (or loader) puts the toast in a short-lived cookie, the root
 * loader reads it once, clears it, and hands it to the ToastProvider. A redirect carrying Set-Cookie makes
 * React Router revalidate every loader, so the root loader sees the toast on client navigations too.
 */
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "#app/components/ui/toast";
import { FLASH_COOKIE_NAME } from "./flash-cookie";

const FLASH_MAX_AGE_SECONDS = 60;

const flashCookie = createCookie(FLASH_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: FLASH_MAX_AGE_SECONDS,
});

const toastSchema = z.object({
  type: z.enum(["info", "success", "warning", "error"]),
  title: z.string().max(200),
  message: z.string().max(500).optional(),
});

/** The Set-Cookie value that carries a toast to the next page. */
const serializeToast = (toast: Toast) => flashCookie.serialize(toast);

/** A redirect that shows `toast` on the page it leads to. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await serializeToast(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast (or null) and the header that clears it; a tampered cookie is ignored. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | undefined }> {
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers: undefined };
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers({
    "Set-Cookie": await flashCookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  });
  return { toast: parsed.success ? parsed.data : null, headers };
}
