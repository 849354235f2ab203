/**
 * The public site's own address, for every absolute link it hands out (canonical and share URLs,
 * feeds, sitemaps, robots.txt): the Site URL of the settings, else PUBLIC_URL, else the address the
 * request came to when its host is trusted (decision record 009). A value that is not an http(s) address (an
 * imported "news.example.com") is passed over rather than put in front of every link.
 */
import { config, type Config } from "#app/config.server";
import type { Settings } from "#app/db/schema";
import { logFor } from "#app/lib/log.server";

const HTTP_ADDRESS = /^https?:\/\/[^\s/]/i;

/** This machine's own names: a request to them comes from here (development, tests, a local proxy). */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Whether absolute links may be built from this Host: a loopback name or one of ALLOWED_HOSTS. */
export function isTrustedHost(host: string, allowedHosts: readonly string[]): boolean {
  const name = host.toLowerCase();
  return LOOPBACK.test(name) || allowedHosts.includes(name);
}

const warnedHosts = new Set<string>();

/**
 * Absolute origin without a trailing slash, e.g. https://news.example.com. Never an unchecked Host: a
 * request's Host is anyone's to write, and a page or feed built with it would be kept by shared caches
 * (and this app's page cache) for every reader. Without a Site URL, PUBLIC_URL or a matching
 * ALLOWED_HOSTS entry, links point at this machine, and the operator is told once per host.
 */
export function siteOrigin(
  settings: Pick<Settings, "siteUrl">,
  request: Request,
  cfg: Pick<Config, "publicUrl" | "allowedHosts" | "port"> = config(),
): string {
  const configured = configuredAddress(settings, cfg);
  if (configured) return configured;
  const url = new URL(request.url);
  if (isTrustedHost(url.host, cfg.allowedHosts)) return url.origin;
  if (!warnedHosts.has(url.host) && warnedHosts.size < 100) {
    warnedHosts.add(url.host);
    logFor("server").warn(
      { host: url.host },
      `A request came for host "${url.host}", which is not in ALLOWED_HOSTS, and no Site URL or PUBLIC_URL is set: links are built for http://localhost:${cfg.port}. Set PUBLIC_URL (or ALLOWED_HOSTS).`,
    );
  }
  return `http://localhost:${cfg.port}`;
}

/**
 * The origin for links made with no request to go by (mail sent by a background loop): the Site URL,
 * else PUBLIC_URL, else this machine's own address.
 */
export function configuredOrigin(
  settings: Pick<Settings, "siteUrl">,
  cfg: Pick<Config, "publicUrl" | "port"> = config(),
): string {
  return configuredAddress(settings, cfg) ?? `http://localhost:${cfg.port}`;
}

/** The Site URL, else PUBLIC_URL, when either is an http(s) address; without its trailing slash. */
function configuredAddress(settings: Pick<Settings, "siteUrl">, cfg: Pick<Config, "publicUrl">) {
  return [settings.siteUrl, cfg.publicUrl ?? ""]
    .map((value) => value.trim())
    .find((value) => HTTP_ADDRESS.test(value))
    ?.replace(/\/+$/, "");
}
