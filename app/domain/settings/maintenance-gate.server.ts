/**
 * The maintenance gate every reader request passes (deviations.md: in maintenance anonymous readers get
 * a 503 with the message; signed-in staff browse normally).
 *
 * Why actions call it themselves: React Router runs a POST's action *before* any loader, so the site
 * layout's loader alone would refuse the page only after a comment or a message had been stored. Every
 * reader action (comment, contact, view count, and any new reader form) starts with
 * `refuseReadersInMaintenance` so that, in maintenance, nothing a reader sends is stored.
 */
import { data, type AppLoadContext } from "react-router";
import type { Settings } from "#app/db/schema";
import { MAINTENANCE_TITLE } from "./maintenance-text";
import { hasPersonalCookie, passesMaintenance } from "./public-delivery.server";
import { getSettings } from "./settings.server";

/**
 * How long a client should wait before asking again (RFC 9110 §10.2.3), in seconds: the page cache's
 * duration, which is also how long a shared cache may keep pages once the site is back.
 */
export const maintenanceRetryAfter = (s: Pick<Settings, "cacheDuration">) => String(s.cacheDuration);

/** The 503 a reader gets in maintenance: the message, never stored by any cache, and Retry-After. */
export function maintenanceResponse(s: Pick<Settings, "maintenanceMessage" | "cacheDuration">) {
  return data(
    { title: MAINTENANCE_TITLE, message: s.maintenanceMessage },
    { status: 503, headers: { "Retry-After": maintenanceRetryAfter(s), "Cache-Control": "no-store" } },
  );
}

/**
 * Throws the maintenance 503 unless the site is open to this request: maintenance off, or signed-in
 * staff. Only a request that carries a session cookie is looked up. Returns the settings it read.
 */
export async function refuseReadersInMaintenance(
  request: Request,
  context: Pick<AppLoadContext, "db" | "currentUser">,
): Promise<Settings> {
  const settings = await getSettings(context.db);
  if (!settings.maintenanceEnabled) return settings;
  const personal = hasPersonalCookie(request.headers.get("Cookie"));
  const user = personal ? await context.currentUser() : null;
  if (!passesMaintenance(true, user)) throw maintenanceResponse(settings);
  return settings;
}
