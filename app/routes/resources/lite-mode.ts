/**
 * POST /lite: the reader's choice of lite pages, or of the full site (decision record 019), remembered a
 * year in a cookie that is no one's identity (app/lib/lite-mode.ts), and back to the page they were on.
 * A plain form, so it works without a script. A GET only leads home.
 */
import { redirect } from "react-router";
import { wantsSecureCookie } from "#app/auth/session.server";
import { liteChoiceCookie } from "#app/lib/lite-mode";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import type { Route } from "./+types/lite-mode";

export const loader = withDomainErrors(async () => redirect("/"));

export const action = withDomainErrors(async ({ request }: Route.ActionArgs) => {
  const form = await request.formData();
  const back = safeRedirectPath(String(form.get("back") ?? "")) ?? "/";
  const lite = form.get("lite") === "on";
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": liteChoiceCookie(lite, { secure: wantsSecureCookie(request) }) },
  });
});
