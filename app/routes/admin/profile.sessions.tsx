/**
 * Ending sessions from Profile's Active Sessions ("Sign out", "Sign out everywhere else"). The list itself
 * is shown on /admin/profile, the spec's one address for the profile, so this route has no page: a GET
 * goes back there.
 */
import { redirect } from "react-router";
import { requireUser } from "#app/auth/guard.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { endSessions } from "./profile-sessions.server";
import type { Route } from "./+types/profile.sessions";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  await requireUser(context);
  return redirect("/admin/profile");
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const me = await requireUser(context);
  return endSessions(request, context.db, me.id, await request.formData());
});
