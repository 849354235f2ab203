/**
 * Pages whose address holds a secret (`?token=`): the newsletter's confirm and unsubscribe links, the
 * set-password link of an invitation or reset, and a reader's sign-in link (decision record 021). A third party's script on such a page reads the token
 * from `location`, and a request to another site could carry it as the referrer, so these pages get none
 * of the admins' page code (analytics, ads, custom code, snippets) and a referrer policy that keeps their
 * address on this site.
 */
import { pagePath } from "./paths";

const SECRET_LINK_PAGES: ReadonlySet<string> = new Set([
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/admin/set-password",
  "/account/verify",
]);

/** Whether `pathname` opens one of those pages, however it is spelt (`pagePath`). */
export const isSecretLinkPage = (pathname: string) => SECRET_LINK_PAGES.has(pagePath(pathname));

/**
 * The headers of those pages: no cache keeps them, and only this site is told their address. Not
 * `no-referrer`: Chromium then sends a form posted from the page with `Origin: null`, which the
 * cross-site write check (server/security.ts) refuses, so the page's own button would fail before
 * its script has loaded.
 */
export const SECRET_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
} as const;
