/**
 * A slot of the public pages where the ad units placed there appear (header, sidebar, footer). The ads
 * come from the site layout's loader as server-built HTML (app/domain/ads/ad-placement.server.ts):
 * reader pages are not hydrated, so their code runs as the page is parsed.
 */
import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/routes/site/layout";

type SlotName = "header" | "sidebar" | "footer";

export function AdSpace({ slot, className = "" }: { slot: SlotName; className?: string }) {
  const data = useRouteLoaderData<typeof loader>("routes/site/layout");
  const ads = data?.ads?.[slot] ?? [];
  if (ads.length === 0) return null;
  return (
    <div
      data-ad-slot-name={slot}
      className={className}
      dangerouslySetInnerHTML={{ __html: ads.map((ad) => ad.html).join("") }}
    />
  );
}
