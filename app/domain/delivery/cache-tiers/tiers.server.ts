/**
 * The caches in front this process purges, from its configuration (decision record 023): one sender per
 * Varnish server in VARNISH_URLS, then Cloudflare's zone and Fastly's service when set; none by default.
 */
import type { Config } from "#app/config.server";
import { cloudflareTier } from "./cloudflare.server";
import { fastlyTier } from "./fastly.server";
import type { CacheTier } from "./tier.server";
import { varnishTier } from "./varnish.server";

export type { CacheTier };

export function cacheTiersFor(settings: Config["cacheTiers"]): CacheTier[] {
  return [
    ...settings.varnishUrls.map((url) => varnishTier(url)),
    ...(settings.cloudflare ? [cloudflareTier(settings.cloudflare)] : []),
    ...(settings.fastly ? [fastlyTier(settings.fastly)] : []),
  ];
}
