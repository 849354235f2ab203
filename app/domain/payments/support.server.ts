/**
 * What the support page shows (decision record 021): the passes' prices from Settings, whether payments
 * are set up, and where to send the reader back to (a path on this site only).
 */
import { getSettings } from "#app/domain/settings/settings.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import type { Services } from "#app/services.server";

export async function supportPageData(services: Pick<Services, "db" | "payments">, returnTo: string | null) {
  const settings = await getSettings(services.db);
  return {
    prices: { day: settings.passDayPrice, week: settings.passWeekPrice, month: settings.passMonthPrice },
    paymentsReady: services.payments !== null,
    returnTo: safeRedirectPath(returnTo) ?? "/",
  };
}
