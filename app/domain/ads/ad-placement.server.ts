/**
 * Which ads a public page shows, as HTML rendered by the server (decision record 002: "ads script added by
 * the browser" → rendered by the server). Reader pages are not hydrated (decision 005), so the ad
 * code runs as the browser parses the page, like a hand-written tag; no other script is added.
 */
import type { Settings } from "#app/db/schema";
import { adSenseClientId } from "#app/domain/snippets/page-code.server";
import { pathMatches } from "#app/domain/snippets/snippet-rules";
import { isBackOfficePath, pagePath } from "#app/lib/paths";
import { isSecretLinkPage } from "#app/lib/secret-link-pages";
import { escapeHtml } from "#app/lib/text";
import { readStoredAdUnits, type AdPlacement, type AdUnit } from "./ad-units";

export type AdSettings = Pick<
  Settings,
  "adsEnabled" | "adsPublisherId" | "adSlots" | "adsExcludedPaths" | "adsHideForStaff"
>;

export interface Viewer {
  path: string;
  /** A signed-in staff member (enabled account with a role). */
  isStaff: boolean;
  /** A lite page (the reader saves data: app/lib/lite-mode.ts): never ads. */
  isLite?: boolean;
}

/** One ad ready for the page: the labelled, size-reserving container with the ad inside. */
export interface PlacedAd {
  id: string;
  afterParagraph: number;
  html: string;
}

export type PageAds = Record<AdPlacement, PlacedAd[]>;

export const NO_ADS: PageAds = { header: [], in_article: [], sidebar: [], footer: [] };

/**
 * No ad at all (units or the loader tag) when ads are off, in the back office (any letter case), on a
 * page whose address holds a secret (`isSecretLinkPage`), on a path the admin excluded (prefixes with
 * '*', as snippets read them), or for staff when so set.
 */
export function adsAllowed(s: Omit<AdSettings, "adSlots" | "adsPublisherId">, viewer: Viewer): boolean {
  if (!s.adsEnabled || viewer.isLite || isBackOfficePath(viewer.path) || isSecretLinkPage(viewer.path))
    return false;
  if (s.adsHideForStaff && viewer.isStaff) return false;
  return !(s.adsExcludedPaths ?? []).some((pattern) => excludes(pattern, viewer.path));
}

/**
 * '/tag' excludes '/tag' and everything under it; '/tag*' any path starting so; '/' only the home page.
 * Read as the router reads paths (`pagePath`), so '/TAG/x' and '/%74ag' are excluded too.
 */
function excludes(pattern: string, path: string): boolean {
  const p = pattern.trim();
  if (!p) return false;
  if (p.endsWith("*") || pagePath(p) === "/") return pathMatches(p, path);
  return pathMatches(p, path) || pagePath(path).startsWith(`${pagePath(p)}/`);
}

/** Width and height of a fixed size; responsive reserves a height that fits the slot. */
function reservedBox(unit: AdUnit): { width: number | null; height: number } {
  const fixed = /^(\d+)x(\d+)$/.exec(unit.size);
  if (fixed) return { width: Number(fixed[1]), height: Number(fixed[2]) };
  return { width: null, height: unit.placement === "header" || unit.placement === "footer" ? 90 : 250 };
}

/** The script every AdSense unit tag ends with: it asks the loader to fill the unit. */
export const ADSENSE_UNIT_SCRIPT = "<script>(adsbygoogle=window.adsbygoogle||[]).push({});</script>";

/** The standard AdSense unit tag for the publisher's unit id, or null without a valid publisher id. */
function adSenseUnitHtml(unit: AdUnit, client: string | null): string | null {
  if (!client || !unit.unitId) return null;
  const { width, height } = reservedBox(unit);
  const shape = width
    ? `style="display:inline-block;width:${width}px;height:${height}px"`
    : `style="display:block" data-ad-format="auto" data-full-width-responsive="true"`;
  return (
    `<ins class="adsbygoogle" ${shape} data-ad-client="${escapeHtml(client)}" data-ad-slot="${escapeHtml(unit.unitId)}"></ins>` +
    ADSENSE_UNIT_SCRIPT
  );
}

/** The container every ad sits in: a visible label, and the ad's size kept free before it loads. */
function labelled(unit: AdUnit, inner: string): string {
  const { width, height } = reservedBox(unit);
  const box = `min-height:${height}px;${width ? `width:${width}px;` : ""}max-width:100%;margin:0 auto`;
  return (
    `<div class="nd-ad not-prose my-6 text-center" data-ad-unit="${escapeHtml(unit.id)}" data-ad-placement="${unit.placement}">` +
    `<p class="mb-1 text-xs font-medium tracking-wide text-gray-600 uppercase">Advertisement</p>` +
    `<div class="overflow-hidden" style="${box}">${inner}</div></div>`
  );
}

/** The active units placed on this page, by slot; nothing when ads are not allowed here. */
export function pageAds(s: AdSettings, viewer: Viewer): PageAds {
  if (!adsAllowed(s, viewer)) return NO_ADS;
  const client = adSenseClientId(s.adsPublisherId);
  const ads: PageAds = { header: [], in_article: [], sidebar: [], footer: [] };
  for (const unit of readStoredAdUnits(s.adSlots)) {
    if (!unit.active || !unit.placement) continue;
    const inner = unit.source === "code" ? unit.code : adSenseUnitHtml(unit, client);
    if (!inner) continue;
    ads[unit.placement].push({
      id: unit.id,
      afterParagraph: unit.afterParagraph,
      html: labelled(unit, inner),
    });
  }
  return ads;
}

// Elements that never have a closing tag, so they do not open a level.
const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)(?:\s(?:[^"'>]|"[^"]*"|'[^']*')*)?>/g;

/**
 * The offsets just after each top-level paragraph's `</p>` in (sanitised) body HTML. A `</p>` inside a
 * list, figure, blockquote or table is not top level, so an ad never lands inside one of them.
 */
export function topLevelParagraphEnds(html: string): number[] {
  const ends: number[] = [];
  let depth = 0;
  for (const match of html.matchAll(TAG)) {
    const [text, closing, rawName] = match;
    if (rawName === undefined) continue; // a comment
    const name = rawName.toLowerCase();
    if (closing) {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && name === "p") ends.push((match.index ?? 0) + text.length);
    } else if (!VOID_ELEMENTS.has(name) && !text.endsWith("/>")) {
      depth += 1;
    }
  }
  return ends;
}

/**
 * The body with each ad after its paragraph N (top-level paragraphs, counted from 1); a body with
 * fewer paragraphs gets the ad at its end. Ads for the same paragraph keep their list order.
 */
export function insertAdsIntoBody(html: string, ads: PlacedAd[]): string {
  if (ads.length === 0) return html;
  const ends = topLevelParagraphEnds(html);
  const at = (ad: PlacedAd) => ends[ad.afterParagraph - 1] ?? html.length;
  const ordered = ads.map((ad, order) => ({ ad, offset: at(ad), order }));
  ordered.sort((a, b) => a.offset - b.offset || a.order - b.order);
  let out = "";
  let from = 0;
  for (const { ad, offset } of ordered) {
    out += html.slice(from, offset) + ad.html;
    from = offset;
  }
  return out + html.slice(from);
}
