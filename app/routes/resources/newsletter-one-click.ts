/**
 * /newsletter/one-click?token=…: the `List-Unsubscribe` address of every newsletter issue (decision record
 * 018). A mail client's "Unsubscribe" button POSTs `List-Unsubscribe=One-Click` here (RFC 8058) and the
 * reader is out of the edition (`&edition=`, decision record 022, point 11; out altogether when it
 * was their last, or for an address mailed without one), with no page to visit: the token in the address is the authority, so the cross-site check
 * lets it through (server/security.ts), and it works in maintenance and while the newsletter is off, as every
 * way to leave does. A person who opens the address gets the unsubscribe page instead: a GET changes nothing
 * (mail scanners open links).
 */
import { redirect } from "react-router";
import { unsubscribe, unsubscribeFromEdition } from "#app/domain/newsletter/signup.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/newsletter-one-click";

const text = (body: string, status: number) =>
  new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export const loader = withDomainErrors(async ({ request }: Route.LoaderArgs) =>
  redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(tokenOf(request))}`),
);

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return text("Method not allowed.", 405);
  const edition = new URL(request.url).searchParams.get("edition");
  const isOut = edition
    ? await unsubscribeFromEdition(context.db, tokenOf(request), edition)
    : await unsubscribe(context.db, tokenOf(request));
  return isOut
    ? text("You are unsubscribed from the newsletter.", 200)
    : text("This unsubscribe link is not valid.", 404);
});
