/**
 * GET /account/me.json: what is personal on a gated story's page (decision record 021, point 4): whether
 * the reader is signed in, their name, the meter's stories left this month and when their passes end.
 * Pages vary by access class only; the reader script asks for this, uncached, on the pages that show it.
 */
import { readerStanding } from "#app/domain/access/story-access.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/account-me";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const [member, settings] = await Promise.all([context.currentMember(), getSettings(context.db)]);
  const standing = await readerStanding(context.db, member, { now: context.services.clock.now(), settings });
  return Response.json(
    {
      signedIn: member !== null,
      name: member?.name ?? "",
      meterLeft: standing.meterLeft,
      passUntil: standing.passUntil?.toISOString() ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
