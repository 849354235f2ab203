/**
 * The admin-configured code that goes into a public page's HTML, computed per request: the ad network
 * tag, the custom head / body start / body end HTML, and the snippets that match the path and device
 * (decision record 002: the observed app injected snippets and the ads script in the browser).
 * The server puts it into the document (see html-injector.server.ts), so crawlers see it too.
 */
import type { Settings } from "#app/db/schema";
import { isFacebookPixelId, isGoogleAnalyticsId } from "#app/domain/settings/analytics-ids";
import { isBackOfficePath } from "#app/lib/paths";
import { isSecretLinkPage } from "#app/lib/secret-link-pages";
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

/**
 * Settings → Analytics: the Google Analytics (gtag.js, loaded async) and Facebook Pixel tags. The ids
 * are checked on save (settings-form.ts); they are checked again here so that only an id of the known
 * shape, never arbitrary text, reaches a script.
 */
export function analyticsScript(s: Partial<Pick<Settings, "googleAnalyticsId" | "facebookPixelId">>): string {
  const tags: string[] = [];
  const ga = (s.googleAnalyticsId ?? "").trim();
  if (isGoogleAnalyticsId(ga)) {
    tags.push(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${ga}"></script>`,
      `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${ga}');</script>`,
    );
  }
  const pixel = (s.facebookPixelId ?? "").trim();
  if (isFacebookPixelId(pixel)) {
    tags.push(
      `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${pixel}');fbq('track','PageView');</script>`,
      `<noscript><img height="1" width="1" style="display:none" alt="" src="https://www.facebook.com/tr?id=${pixel}&amp;ev=PageView&amp;noscript=1"></noscript>`,
    );
  }
  return tags.join("\n");
}

type PageCodeSettings = Partial<Pick<Settings, "googleAnalyticsId" | "facebookPixelId">> &
  Pick<
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
 * What to inject into the page at `pathname` for this user agent; null for back-office pages and pages
 * whose address holds a secret (`isSecretLinkPage`: a third party's script would read the token).
 * `withAnalytics: false` leaves the analytics tags out (signed-in staff, when Settings → Analytics
 * excludes them; such pages are never cached, decision record 006). `adsAllowed` false leaves the ad
 * network's tag out (excluded path, or staff with ads hidden: app/domain/ads/page-ads.server.ts decides).
 */
export function pageCode(
  s: PageCodeSettings,
  pathname: string,
  userAgent: string | null | undefined,
  options: { adsAllowed?: boolean; withAnalytics?: boolean } = {},
): PageCode | null {
  if (!isPublicPagePath(pathname) || isSecretLinkPage(pathname)) return null;
  const analytics = options.withAnalytics === false ? "" : analyticsScript(s);
  const snippets = readStoredSnippets(s.codeSnippets);
  const slots = snippetsForPage(snippets, { path: pathname, userAgent });
  return {
    head: [analytics, options.adsAllowed === false ? "" : adsScript(s), s.customHeadHtml, ...slots.head]
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
