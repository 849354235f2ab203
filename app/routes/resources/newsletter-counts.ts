/**
 * /newsletter/opened and /newsletter/clicked: the open image and the counted links of an issue, present
 * only while open counts are on (app/domain/newsletter/engagement.server.ts). Never kept by any cache:
 * each load is one reader's.
 */
import { redirect } from "react-router";
import { followClick, OPENED_PATH, recordOpen } from "#app/domain/newsletter/engagement.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/newsletter-counts";
import { logFailure } from "#app/lib/log.server";

/** The smallest transparent GIF (43 bytes). */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NOT_KEPT = { "Cache-Control": "private, no-store" };

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const issue = url.searchParams.get("issue") ?? "";
  const token = url.searchParams.get("token") ?? "";
  if (url.pathname === OPENED_PATH) {
    await recordOpen(context.db, issue, token).catch((error: unknown) =>
      logFailure("[newsletter] counting an open failed", error),
    );
    return new Response(PIXEL, { headers: { "Content-Type": "image/gif", ...NOT_KEPT } });
  }
  const target = await followClick(context.db, issue, token, Number(url.searchParams.get("story")));
  if (!target) return new Response("This link is not valid.\n", { status: 404, headers: NOT_KEPT });
  throw redirect(target, { headers: NOT_KEPT });
});
