/**
 * HTTP hardening shared by every response: security headers and the cross-site write check.
 */
import type { NextFunction, Request, Response } from "express";
import { ONE_CLICK_UNSUBSCRIBE_PATH, pagePath, PAYSTACK_WEBHOOK_PATH } from "#app/lib/paths";
import { requestUrl } from "./router-handler";

/**
 * Sent with every response, also with the page cache's hits, which are written before Express. A
 * 304 from the cache leaves them out: it confirms a copy the browser holds with these headers and
 * keeps (RFC 9110, section 15.4.5; `sendNotModified` in page-cache.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
  // Every response; documents add their own script policy (decision record 008: a nonce on the back
  // office, the admins' code by hash and origin on public pages).
  "Content-Security-Policy": "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Browsers that reached us over https keep to https for 180 days (not on plain http: it would be ignored). */
export const HSTS = "max-age=15552000";

/** Headers only a document obeys: framing, its script policy, its features, its opener. */
export const DOCUMENT_ONLY_HEADERS = [
  "X-Frame-Options",
  "Content-Security-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
];

/**
 * Answers no browser shows as a page of its own: a script, a stylesheet, JSON, a font, a raster image,
 * or no body at all. (An SVG, HTML, XML or plain text can be opened as a document and keeps them.)
 */
const NOT_A_DOCUMENT =
  /^(text\/css|text\/javascript|application\/(javascript|json|manifest\+json)|font\/|image\/(png|jpeg|webp|gif|avif|x-icon))/i;

export function isNotADocument(status: number, contentType: string | undefined): boolean {
  return status === 204 || status === 304 || NOT_A_DOCUMENT.test(contentType ?? "");
}

export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  // `secure` follows X-Forwarded-Proto when TRUST_PROXY says the proxy in front may set it.
  if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
  // Decided when the headers go out, once the type is known: a photo, a script or a view count is
  // a quarter of a kilobyte lighter without what only a page obeys (decision record 019).
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    const contentType = this.getHeader("Content-Type");
    if (isNotADocument(args[0], typeof contentType === "string" ? contentType : undefined))
      for (const header of DOCUMENT_ONLY_HEADERS)
        // Only our defaults: a route's own (media's `sandbox` policy) stays.
        if (this.getHeader(header) === SECURITY_HEADERS[header]) this.removeHeader(header);
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
}

/**
 * Requests the app cannot read as a form: a NUL anywhere in the address (PostgreSQL text cannot hold
 * one, so a query with it fails), an address that is not valid percent-encoding, or a body that is
 * neither of the two form encodings every page and script of ours sends (save Paystack's webhook, whose
 * JSON is read raw: its signature is over the exact bytes, decision record 021). A clear 400, before any
 * route runs; nothing is stored.
 */
export function refuseUnreadableRequests(req: Request, res: Response, next: NextFunction) {
  const address = req.originalUrl;
  // eslint-disable-next-line no-control-regex -- the NUL is what this refuses
  if (/%00|\u0000/i.test(address) || !decodable(address)) {
    res
      .status(400)
      .type("text/plain")
      .send("Bad Request: the address contains characters that are not allowed.");
    return;
  }
  if (
    !SAFE_METHODS.has(req.method) &&
    hasBody(req) &&
    !isFormBody(req.get("content-type")) &&
    !isWebhookJson(req)
  ) {
    res
      .status(400)
      .type("text/plain")
      .send("Bad Request: send the form as application/x-www-form-urlencoded or multipart/form-data.");
    return;
  }
  next();
}

function decodable(address: string): boolean {
  try {
    decodeURIComponent(address);
    return true;
  } catch {
    return false;
  }
}

const hasBody = (req: Request) =>
  Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;

const isFormBody = (contentType: string | undefined) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(contentType ?? "");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const isWebhook = (req: Request) => pagePath(req.path) === PAYSTACK_WEBHOOK_PATH;
const isWebhookJson = (req: Request) =>
  isWebhook(req) && /^application\/json\s*(;|$)/i.test(req.get("content-type") ?? "");

/**
 * Cross-site request forgery: a state-changing request must come from our own pages. Browsers mark
 * every request with Sec-Fetch-Site and every form post with Origin; a cross-site one is refused.
 * (Session cookies are SameSite=Lax as a second line.) Clients that send neither header are not
 * browsers and cannot carry a victim's cookies.
 */
export function rejectCrossSiteWrites(publicUrl?: string) {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // A mail client's one-click unsubscribe (RFC 8058) posts from wherever it runs; the secret token in
    // the address, not the page it came from, is what allows it.
    if (req.path === ONE_CLICK_UNSUBSCRIBE_PATH) return next();
    // Paystack posts from its servers; the signature over the body is the authority (decision record 021).
    if (isWebhook(req)) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return refuse(res);
    const source = req.get("origin") ?? req.get("referer");
    if (source !== undefined) {
      let host: string | undefined;
      let origin: string | undefined;
      try {
        ({ host, origin } = new URL(source));
      } catch {
        return refuse(res);
      }
      // The origin React Router checks the action against (it refuses others with a 400 and a stack
      // in the log), and the public address.
      if (origin !== requestUrl(req).origin && host !== publicHost) return refuse(res);
    }
    next();
  };
}

function refuse(res: Response) {
  res.status(403).type("text/plain").send("Forbidden: cross-site request refused.");
}
