/**
 * GET /account/me.json: what is personal on a reader page (decision record 021, point 4): whether the
 * reader is signed in, their name, the meter's stories left this month and when their passes end.
 * Pages vary by access class only; the reader script asks for this, uncached, on a gated story's offer
 * and, for the site's account link, when the signed-in hint says a session may exist. The answer keeps
 * the hint true to the session it found: set for a member (one signed in before the hint existed gets
 * it here), cleared when the session is gone, so a stale hint costs one request, not one per page.
 */
import { clearMemberHintCookieHeader, memberHintCookieHeader } from "#app/auth/member-session.server";
import { readerStanding } from "#app/domain/access/story-access.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { readCookie } from "#app/lib/cookie-header";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { MEMBER_HINT_COOKIE_NAME } from "#app/lib/member-hint";
import type { Route } from "./+types/account-me";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const [member, settings] = await Promise.all([context.currentMember(), getSettings(context.db)]);
  const standing = await readerStanding(context.db, member, { now: context.services.clock.now(), settings });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const hinted = readCookie(request.headers.get("Cookie"), MEMBER_HINT_COOKIE_NAME) !== undefined;
  if (member && !hinted) headers.append("Set-Cookie", memberHintCookieHeader(request));
  if (!member && hinted) headers.append("Set-Cookie", clearMemberHintCookieHeader(request));
  return Response.json(
    {
      signedIn: member !== null,
      name: member?.name ?? "",
      meterLeft: standing.meterLeft,
      passUntil: standing.passUntil?.toISOString() ?? null,
    },
    { headers },
  );
});
