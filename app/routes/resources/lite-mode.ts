/**
 * POST /lite: the reader's choice of lite pages, or of the full site (decision record 019), remembered a
 * year in a cookie that is no one's identity (app/lib/lite-mode.ts), and back to the page they were on
 * (the form's page, as the browser's Referer names it: pages carry no address of their own for it;
 * without one, home). A plain form, so it works without a script. A GET only leads home.
 */
import { redirect } from "react-router";
import { wantsSecureCookie } from "#app/auth/session.server";
import { liteChoiceCookie } from "#app/lib/lite-mode";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import type { Route } from "./+types/lite-mode";

export const loader = withDomainErrors(async (_args: Route.LoaderArgs) => redirect("/"));

export const action = withDomainErrors(async ({ request }: Route.ActionArgs) => {
  const form = await request.formData();
  const lite = form.get("lite") === "on";
  const back = pageOf(request.headers.get("Referer"), new URL(request.url).origin) ?? "/";
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": liteChoiceCookie(lite, { secure: wantsSecureCookie(request) }) },
  });
});

/** The path of a page of this site, from a Referer; null for another site's or none. */
function pageOf(referer: string | null, origin: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === origin ? safeRedirectPath(`${url.pathname}${url.search}`) : null;
  } catch {
    return null;
  }
}
