/**
 * /newsletter/one-click?token=…: the `List-Unsubscribe` address of every newsletter issue (decision record
 * 018). A mail client's "Unsubscribe" button POSTs `List-Unsubscribe=One-Click` here (RFC 8058) and the
 * reader is out of the edition (`&edition=`, decision record 022, point 11; out altogether when it
 * was their last, or for an address mailed without one), with no page to visit: the token in the address is the authority, so the cross-site check
 * lets it through (server/security.ts), and it works in maintenance and while the newsletter is off, as every
 * way to leave does. A person who opens the address gets the unsubscribe page in the edition
 * instead: a GET changes nothing (mail scanners open links).
 */
import { redirect } from "react-router";
import { unsubscribe, unsubscribeFromEdition } from "#app/domain/newsletter/signup.server";
import type { Db } from "#app/db/client.server";
import { allEditions } from "#app/domain/editions/editions.server";
import { editionOrMain } from "#app/domain/editions/page-edition.server";
import { EDITION_TAG_PATTERN, inEdition } from "#app/lib/editions";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/newsletter-one-click";

const text = (body: string, status: number) =>
  new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";
/** The edition, for addresses mailed with one (a tag as editions have, else none). */
const editionOf = (request: Request) => {
  const edition = new URL(request.url).searchParams.get("edition")?.toLowerCase() ?? "";
  return EDITION_TAG_PATTERN.test(edition) ? edition : undefined;
};

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  // The edition while readers can open it, else the main one's page.
  const edition = await editionOrMain(context.db, { edition: editionOf(request) });
  const page = inEdition(edition.prefix, "/newsletter/unsubscribe");
  return redirect(`${page}?token=${encodeURIComponent(tokenOf(request))}`);
});

/** What the mail client is told: whether the reader still receives the newsletter in another edition. */
async function answerFor(
  db: Db,
  outcome: "unknown-token" | "left-edition" | "unsubscribed",
  edition: string,
) {
  if (outcome === "unknown-token") return text("This unsubscribe link is not valid.", 404);
  if (outcome === "unsubscribed") return text("You are unsubscribed from the newsletter.", 200);
  const name = (await allEditions(db)).find((row) => row.tag === edition)?.name ?? edition;
  return text(`You no longer receive the newsletter in ${name}; your other editions still come.`, 200);
}

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return text("Method not allowed.", 405);
  const edition = editionOf(request);
  if (!edition) {
    const isOut = await unsubscribe(context.db, tokenOf(request));
    return answerFor(context.db, isOut ? "unsubscribed" : "unknown-token", "");
  }
  return answerFor(context.db, await unsubscribeFromEdition(context.db, tokenOf(request), edition), edition);
});
