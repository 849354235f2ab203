/**
 * GET /admin/subscribers/export.csv?q=&status= — the subscribers the list shows (every page), as a CSV
 * file for a spreadsheet or a mailing service. Admins and editors; signed out goes to the sign-in page.
 */
import { requirePermission } from "#app/auth/guard.server";
import { SUBSCRIBERS_SEARCH_LIMIT } from "#app/domain/newsletter/newsletter-form";
import { exportSubscribersCsv, parseStatusFilter } from "#app/domain/newsletter/subscribers.server";
import { adminSearchTerm } from "#app/lib/admin-search";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/subscribers-export";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "subscribers", "view");
  const params = new URL(request.url).searchParams;
  const csv = await exportSubscribersCsv(context.db, user, {
    q: adminSearchTerm(params.get("q"), SUBSCRIBERS_SEARCH_LIMIT),
    status: parseStatusFilter(params.get("status")),
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      // Readers' addresses: never kept by a cache on the way.
      "Cache-Control": "private, no-store",
    },
  });
});
