/**
 * The admin-configured code that goes into a public page's HTML, computed per request: the ad network
 * tag, the custom head / body start / body end HTML, and the snippets that match the path and device
 * (deviations.md: "Custom code snippets injected by the browser", "Ads script added by the browser").
 * The server puts it into the document (see html-injector.server.ts), so crawlers see it too.
 */
import type { Settings } from "#app/db/schema";
import { isBackOfficePath } from "#app/lib/paths";
import { readStoredSnippets, snippetsForPage, type CodeSnippet } from "./snippet-rules";

export interface PageCode {
  head: string;
  bodyStart: string;
  bodyEnd: string;
  /** A device-specific snippet is active: the page differs by user agent. */
  variesByDevice: boolean;
}

/**
 * Public pages only: a broken snippet must never lock staff out of the back office, so nothing is
 * injected under /admin.
 */
export const isPublicPagePath = (pathname: string) => !isBackOfficePath(pathname);

/** The AdSense client id ('ca-pub-…') for a publisher id given as 'pub-…' or 'ca-pub-…', or null. */
export function adSenseClientId(publisherId: string): string | null {
  const id = publisherId.trim().replace(/^ca-/, "");
  return /^pub-\d{6,20}$/.test(id) ? `ca-${id}` : null;
}

/** Spec "Ads loading": only when ads are enabled and a publisher id is set; non-personalised first. */
export function adsScript(s: Pick<Settings, "adsEnabled" | "adsPublisherId" | "adsNonPersonalized">): string {
  const client = s.adsEnabled ? adSenseClientId(s.adsPublisherId) : null;
  if (!client) return "";
  const personalisationOff = s.adsNonPersonalized
    ? "<script>(adsbygoogle=window.adsbygoogle||[]).requestNonPersonalizedAds=1</script>"
    : "";
  return `${personalisationOff}<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${client}" crossorigin="anonymous"></script>`;
}

type PageCodeSettings = Pick<
  Settings,
  | "adsEnabled"
  | "adsPublisherId"
  | "adsNonPersonalized"
  | "customHeadHtml"
  | "customBodyStartHtml"
  | "customBodyEndHtml"
  | "codeSnippets"
>;

/**
 * What to inject into the page at `pathname` for this user agent; null for back-office pages.
 * `adsAllowed` false leaves the ad network's tag out (excluded path, or staff with ads hidden:
 * app/domain/ads/page-ads.server.ts decides).
 */
export function pageCode(
  s: PageCodeSettings,
  pathname: string,
  userAgent: string | null | undefined,
  options: { adsAllowed?: boolean } = {},
): PageCode | null {
  if (!isPublicPagePath(pathname)) return null;
  const snippets = readStoredSnippets(s.codeSnippets);
  const slots = snippetsForPage(snippets, { path: pathname, userAgent });
  return {
    head: [options.adsAllowed === false ? "" : adsScript(s), s.customHeadHtml, ...slots.head]
      .filter(Boolean)
      .join("\n"),
    bodyStart: [s.customBodyStartHtml, ...slots.body_start].filter(Boolean).join("\n"),
    bodyEnd: [s.customBodyEndHtml, ...slots.body_end].filter(Boolean).join("\n"),
    variesByDevice: anyDeviceRule(snippets),
  };
}

const anyDeviceRule = (snippets: CodeSnippet[]) =>
  snippets.some((x) => x.status === "active" && x.deviceDisplay !== "all");

const deviceRuleByStoredList = new WeakMap<object, boolean>();

/**
 * Whether an active snippet shows on one kind of device only, so that pages differ by user agent. Asked
 * on every page-cache lookup: remembered per stored list, which is replaced whenever snippets are saved.
 */
export function snippetsVaryByDevice(s: Pick<Settings, "codeSnippets">): boolean {
  const stored = s.codeSnippets;
  if (!stored || typeof stored !== "object") return false;
  let varies = deviceRuleByStoredList.get(stored);
  if (varies === undefined) {
    varies = anyDeviceRule(readStoredSnippets(stored));
    deviceRuleByStoredList.set(stored, varies);
  }
  return varies;
}
