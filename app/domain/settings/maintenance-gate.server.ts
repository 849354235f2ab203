/**
 * The maintenance gate every reader request passes (decision record 007: in maintenance anonymous readers get
 * a 503 with the message; signed-in staff browse normally).
 *
 * Why actions call it themselves: React Router runs a POST's action *before* any loader, so the site
 * layout's loader alone would refuse the page only after a comment or a message had been stored. Every
 * reader action (comment, contact, view count, and any new reader form) starts with
 * `refuseReadersInMaintenance` so that, in maintenance, nothing a reader sends is stored.
 */
import type { RequestContext } from "#app/context";
import type { Settings } from "#app/db/schema";
import { unavailable } from "#app/lib/errors";
import { MAINTENANCE_TITLE } from "./maintenance-text";
import { hasPersonalCookie, passesMaintenance } from "./public-delivery.server";
import { getSettings } from "./settings.server";

/**
 * The refusal a reader gets in maintenance ('unavailable': a 503 with the message, never stored by any
 * cache). It says to ask again after the page cache's duration, which is also how long a shared cache
 * may keep pages once the site is back.
 */
export const maintenanceRefusal = (s: Pick<Settings, "maintenanceMessage" | "cacheDuration">) =>
  unavailable(s.maintenanceMessage, { title: MAINTENANCE_TITLE, retryAfter: s.cacheDuration });

/**
 * Throws the maintenance refusal unless the site is open to this request: maintenance off, or signed-in
 * staff. Only a request that carries a session cookie is looked up. Returns the settings it read.
 */
export async function refuseReadersInMaintenance(
  request: Request,
  context: Pick<RequestContext, "db" | "currentUser">,
): Promise<Settings> {
  const settings = await getSettings(context.db);
  if (!settings.maintenanceEnabled) return settings;
  const personal = hasPersonalCookie(request.headers.get("Cookie"));
  const user = personal ? await context.currentUser() : null;
  if (!passesMaintenance(true, user)) throw maintenanceRefusal(settings);
  return settings;
}
