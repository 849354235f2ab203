/** /manifest.webmanifest: the site as an installable app (app/lib/web-app-manifest.ts). */
import { getSettings } from "#app/domain/settings/settings.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { webAppManifest } from "#app/lib/web-app-manifest";
import type { Route } from "./+types/web-app-manifest";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const settings = await getSettings(context.db);
  return new Response(JSON.stringify(webAppManifest(settings)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600, s-maxage=300",
    },
  });
});
