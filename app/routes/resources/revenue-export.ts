/**
 * GET /admin/revenue.csv?from=&to= — the range's paid and refunded payments, one line each, for the
 * books (decision record 021). Admins only; signed out goes to the sign-in page.
 */
import { requirePermission } from "#app/auth/guard.server";
import { revenueCsv } from "#app/domain/revenue/revenue.server";
import { revenueRange } from "#app/domain/revenue/revenue-text";
import { getSettings } from "#app/domain/settings/settings.server";
import { safeTimeZone } from "#app/lib/dates";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/revenue-export";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "revenue", "view");
  const params = new URL(request.url).searchParams;
  const timeZone = safeTimeZone((await getSettings(context.db)).timezone);
  const range = revenueRange({ from: params.get("from"), to: params.get("to") }, timeZone);
  const csv = await revenueCsv(context.db, user, range, timeZone);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="revenue-${range.from}-to-${range.to}.csv"`,
      // Readers' addresses and the house's money: never kept by a cache on the way.
      "Cache-Control": "private, no-store",
    },
  });
});
