/**
 * The public site's own address, for every absolute link it hands out (canonical and share URLs,
 * feeds, sitemaps, robots.txt): the Site URL of the settings, else PUBLIC_URL, else the address the
 * request came to. A value that is not an http(s) address (an imported "news.example.com") is passed
 * over rather than put in front of every link.
 */
import { config, type Config } from "#app/config.server";
import type { Settings } from "#app/db/schema";

const HTTP_ADDRESS = /^https?:\/\/[^\s/]/i;

/** Absolute origin without a trailing slash, e.g. https://news.example.com. */
export function siteOrigin(
  settings: Pick<Settings, "siteUrl">,
  request: Request,
  cfg: Pick<Config, "publicUrl"> = config(),
): string {
  const configured = [settings.siteUrl, cfg.publicUrl ?? ""]
    .map((value) => value.trim())
    .find((value) => HTTP_ADDRESS.test(value));
  return configured ? configured.replace(/\/+$/, "") : new URL(request.url).origin;
}
