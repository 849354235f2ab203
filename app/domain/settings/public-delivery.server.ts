/**
 * How a public page is delivered: the cache header from the settings (Settings → Performance's cache
 * flag and duration, which we honour: docs/architecture.md) and who may pass while the site is in
 * maintenance.
 */
import { SESSION_COOKIE_NAME } from "#app/auth/session.server";
import { readCookie } from "#app/lib/cookie-header";
import { FLASH_COOKIE_NAME } from "#app/lib/flash-cookie";

/** Cookies that make a page personal: a staff session or a one-time message. */
const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, FLASH_COOKIE_NAME];

export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  // Read as the app reads its session (app/lib/cookie-header.ts): the two must agree.
  return PERSONAL_COOKIES.some((name) => readCookie(cookieHeader, name) !== undefined);
}

/** How long shared caches may serve a page stale: while one request refreshes it, and while the app is down. */
export const SHARED_STALENESS = "stale-while-revalidate=60, stale-if-error=86400";

interface CacheSettings {
  cacheEnabled: boolean;
  cacheDuration: number;
}

/**
 * Shared caches (a CDN, a proxy) may keep an anonymous GET for the configured duration and serve it
 * a minute stale while they refresh, and for a day while the app cannot answer (readers keep reading
 * when it is down; a change purges them exactly, decision record 023); browsers always revalidate, so
 * a reader who reloads sees news at once. Anything personal or any other method: never stored. The cache switched off: `no-cache`,
 * every use checked with the server, so no cache answers for it; the page stays one anyone may be
 * shown, which the service worker keeps for offline reading (decision record 019: it keeps no
 * `private` or `no-store` page).
 */
export function publicCacheControl(settings: CacheSettings, request: { method: string; personal: boolean }) {
  if (request.personal || !["GET", "HEAD"].includes(request.method)) return "private, no-store";
  if (!settings.cacheEnabled) return "no-cache";
  return `public, max-age=0, s-maxage=${settings.cacheDuration}, ${SHARED_STALENESS}`;
}

/** In maintenance only signed-in staff with an enabled account and a known role browse the site. */
export function passesMaintenance(
  maintenanceEnabled: boolean,
  user: { status: string; role: string | null } | null,
): boolean {
  if (!maintenanceEnabled) return true;
  return Boolean(user && user.status === "active" && user.role);
}
