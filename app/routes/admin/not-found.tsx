import { data } from "react-router";
import { requireAdminPath } from "#app/auth/guard.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/not-found";

/** /admin/* paths that have no screen: the guard first, then a 404. */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdminPath(context, request);
  throw data(
    { title: "Page not found", message: "The page you are looking for does not exist." },
    { status: 404 },
  );
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  await requireAdminPath(context, request);
  throw data(
    { title: "Page not found", message: "The page you are looking for does not exist." },
    { status: 404 },
  );
});

export default function AdminNotFound() {
  return null;
}
