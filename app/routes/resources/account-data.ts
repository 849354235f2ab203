/**
 * /account/data.json: everything kept about the signed-in reader, as a file to keep (decision record 021,
 * point 6: a reader may take their data). Personal: never cached. Signed out: sent to sign in.
 */
import { memberData } from "#app/domain/members/account.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { PERSONAL_HEADERS, requireMember } from "#app/routes/site/account-http.server";
import type { Route } from "./+types/account-data";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const member = await requireMember(context, "/account");
  const body = JSON.stringify(await memberData(context.db, member), null, 2);
  return new Response(body, {
    headers: {
      ...PERSONAL_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-account-data.json"',
    },
  });
});
