/**
 * The content security policy of a public page (decision record 008): our own scripts ('self': the reader
 * script), plus exactly what the admins' code on that page needs, derived from it: each inline <script> it
 * holds by its SHA-256 hash, each external script by its origin, and the hosts the known third parties
 * (Google Analytics, the Facebook Pixel, AdSense) load more scripts from. An injected script or handler that
 * is not the admins' does not run.
 *
 * Hashes rather than a nonce: public pages are kept whole in the page cache and served to every reader,
 * and a nonce shared by everyone who got the cached page would be no secret.
 */
import { createHash } from "node:crypto";
import type { Settings } from "#app/db/schema";
import { ADSENSE_UNIT_SCRIPT } from "#app/domain/ads/ad-placement.server";
import { readStoredAdUnits } from "#app/domain/ads/ad-units";
import { adsScript, analyticsScript } from "./page-code.server";
import { readStoredSnippets } from "./snippet-rules";

/** Script hosts a third party's loader pulls further scripts from (its own documentation's lists). */
const LOADED_BY: ReadonlyArray<{ when: RegExp; hosts: string[] }> = [
  { when: /^https:\/\/www\.googletagmanager\.com$/, hosts: ["https://www.google-analytics.com"] },
  { when: /connect\.facebook\.net/, hosts: ["https://connect.facebook.net"] },
  {
    when: /^https:\/\/pagead2\.googlesyndication\.com$/,
    hosts: [
      "https://pagead2.googlesyndication.com",
      "https://tpc.googlesyndication.com",
      "https://googleads.g.doubleclick.net",
      "https://www.googletagservices.com",
      "https://adservice.google.com",
      "https://partner.googleadservices.com",
      "https://fundingchoicesmessages.google.com",
      "https://ep1.adtrafficquality.google",
      "https://ep2.adtrafficquality.google",
    ],
  },
];

export interface ScriptSources {
  /** 'sha256-…' of each inline script's text, as the browser hashes it. */
  hashes: string[];
  /** Origins (scheme://host[:port]) of external scripts and of what their loaders pull in. */
  hosts: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/** Script types the browser runs; anything else (application/ld+json, text/template) is data. */
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const RUNS = /^(|text\/javascript|application\/javascript|module)$/i;

/** The scripts in `html` (the admins' code: snippets, custom code, analytics and ad tags). */
export function scriptSourcesOf(html: string): ScriptSources {
  const hashes = new Set<string>();
  const hosts = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    const type = TYPE.exec(attributes);
    if (type && !RUNS.test((type[1] ?? type[2] ?? type[3] ?? "").trim())) continue;
    const src = SRC.exec(attributes);
    if (src) {
      const origin = originOf((src[1] ?? src[2] ?? src[3] ?? "").trim());
      if (origin) hosts.add(origin);
      continue;
    }
    if (body.trim()) hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  // An inline loader (the Facebook Pixel) names its host in its text.
  for (const origin of [...hosts, html]) {
    for (const rule of LOADED_BY) if (rule.when.test(origin)) rule.hosts.forEach((h) => hosts.add(h));
  }
  return { hashes: [...hashes].sort(), hosts: [...hosts].sort() };
}

/** `https://a.example/x.js` → `https://a.example`; `//a.example/x.js` → `https://a.example`; ours → null. */
function originOf(src: string): string | null {
  if (!/^(https?:)?\/\//i.test(src)) return null; // a path on our own origin: 'self'
  try {
    const url = new URL(src, "https://placeholder.invalid");
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

export function publicCsp({ hashes, hosts }: ScriptSources): string {
  return [
    ["script-src", "'self'", ...hashes, ...hosts].join(" "),
    "script-src-attr 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * Every script source any public page may get from the settings (each page's policy holds only its own
 * share): what Settings → Advanced lists, so an admin sees what the site lets run.
 */
export function siteScriptSources(
  s: Pick<
    Settings,
    | "googleAnalyticsId"
    | "facebookPixelId"
    | "adsEnabled"
    | "adsPublisherId"
    | "adsNonPersonalized"
    | "adSlots"
    | "customHeadHtml"
    | "customBodyStartHtml"
    | "customBodyEndHtml"
    | "codeSnippets"
  >,
): ScriptSources {
  const snippets = readStoredSnippets(s.codeSnippets)
    .filter((snippet) => snippet.status === "active")
    .map((snippet) => snippet.code);
  const units = s.adsEnabled
    ? readStoredAdUnits(s.adSlots)
        .filter((unit) => unit.active && unit.placement)
        .map((unit) => (unit.source === "code" ? unit.code : ADSENSE_UNIT_SCRIPT))
    : [];
  return scriptSourcesOf(
    [
      analyticsScript(s),
      adsScript(s),
      s.customHeadHtml,
      s.customBodyStartHtml,
      s.customBodyEndHtml,
      ...snippets,
      ...units,
    ].join("\n"),
  );
}
