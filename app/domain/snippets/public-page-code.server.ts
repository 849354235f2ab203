/**
 * What a public page carries besides its own markup: the admins' code (analytics, ads, custom code and
 * matching snippets) and the script policy that lets exactly it run. Shared by both renderers of public
 * pages (app/reader-pages.server.tsx and app/entry.server.tsx).
 */
import type { RequestContext } from "#app/context";
import { adsForRequest, adsLoaderAllowed } from "#app/domain/ads/page-ads.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { hasPersonalCookie } from "#app/domain/settings/public-delivery.server";
import { publicCsp, scriptSourcesOf } from "./public-csp.server";
import { injectPageCode } from "./html-injector.server";
import { pageCode, type PageCode } from "./page-code.server";
import { logFailure } from "#app/lib/log.server";

/**
 * Whether this request is signed-in staff's (an enabled account with a role). Only a request that carries
 * a session cookie is looked up; such pages are never cached (decision record 006), so leaving the
 * analytics out of them cannot reach a reader.
 */
async function isSignedInStaff(request: Request, context: RequestContext): Promise<boolean> {
  if (!hasPersonalCookie(request.headers.get("Cookie"))) return false;
  const user = await context.currentUser();
  return Boolean(user && user.status === "active" && user.role);
}

/**
 * The admins' code for a public page, and the script policy that lets exactly it run (with the ad units
 * the page shows). A settings read that fails must not take the page down with it: the page goes out
 * without extras, under the strict policy.
 */
export async function publicPageCode(
  request: Request,
  pathname: string,
  context: RequestContext,
): Promise<{ code: PageCode | null; csp: string }> {
  const strict = { code: null, csp: publicCsp({ hashes: [], hosts: [] }) };
  try {
    const settings = await getSettings(context.db);
    const adsAllowed = await adsLoaderAllowed(settings, request, context);
    const withAnalytics = !(settings.analyticsExcludeStaff && (await isSignedInStaff(request, context)));
    const code = pageCode(settings, pathname, request.headers.get("user-agent"), {
      adsAllowed,
      withAnalytics,
    });
    const ads = Object.values(await adsForRequest(settings, request, context)).flat();
    const pageScripts = [code?.head, code?.bodyStart, code?.bodyEnd, ...ads.map((ad) => ad.html)].join("");
    return { code, csp: publicCsp(scriptSourcesOf(pageScripts)) };
  } catch (error) {
    logFailure("[page-code] could not read settings; page sent without custom code", error);
    return strict;
  }
}

/** A public document as it goes out: the admins' code in place, its headers set. */
export function publicDocument(
  html: string,
  { code, csp }: { code: PageCode | null; csp: string },
  headers: Headers,
): string {
  if (code?.variesByDevice) headers.append("Vary", "User-Agent");
  headers.set("Content-Security-Policy", csp);
  headers.set("Content-Type", "text/html");
  return `<!DOCTYPE html>${code ? injectPageCode(html, code) : html}`;
}
