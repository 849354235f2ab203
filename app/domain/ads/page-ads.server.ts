/**
 * The ads of the page a request asks for: who is reading (staff or not) is looked up only when it can
 * matter, i.e. ads are on, hidden for staff, and the request carries a session cookie. Pages for signed-in
 * staff are never cached (decision 006), so a reader never gets a staff member's ad-free page or back.
 * Lite pages (a reader saving data) have no ads at all, nor the ad network's script.
 */
import type { RequestContext } from "#app/context";
import type { Settings } from "#app/db/schema";
import { hasPersonalCookie } from "#app/domain/settings/public-delivery.server";
import { isLiteRequest } from "#app/lib/lite-mode";
import {
  adsAllowed,
  insertAdsIntoBody,
  pageAds,
  type AdSettings,
  type PageAds,
  type Viewer,
} from "./ad-placement.server";

type StaffLookup = Pick<RequestContext, "currentUser">;

export async function viewerOf(
  s: Pick<Settings, "adsEnabled" | "adsHideForStaff">,
  request: Request,
  context: StaffLookup,
): Promise<Viewer> {
  const path = new URL(request.url).pathname;
  const isLite = isLiteRequest(request.headers);
  if (!s.adsEnabled || !s.adsHideForStaff || !hasPersonalCookie(request.headers.get("Cookie")))
    return { path, isStaff: false, isLite };
  const user = await context.currentUser();
  return { path, isStaff: Boolean(user && user.status === "active" && user.role), isLite };
}

export async function adsForRequest(s: AdSettings, request: Request, context: StaffLookup): Promise<PageAds> {
  return pageAds(s, await viewerOf(s, request, context));
}

/** Whether the ad network's loader tag belongs on this page (the same rules as the units). */
export async function adsLoaderAllowed(
  s: Omit<AdSettings, "adSlots" | "adsPublisherId">,
  request: Request,
  context: StaffLookup,
): Promise<boolean> {
  return adsAllowed(s, await viewerOf(s, request, context));
}

/** The article body with its in-article ads placed (the body is already sanitised). */
export async function articleBodyWithAds(
  s: AdSettings,
  request: Request,
  context: StaffLookup,
  html: string,
): Promise<string> {
  const ads = await adsForRequest(s, request, context);
  return insertAdsIntoBody(html, ads.in_article);
}
