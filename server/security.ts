/**
 * HTTP hardening shared by every response: security headers and the cross-site write check.
 */
import type { NextFunction, Request, Response } from "express";

/** Sent with every response, also with the page cache's hits, which are written before Express. */
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

export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return refuse(res);
    const source = req.get("origin") ?? req.get("referer");
    if (source !== undefined) {
      let host: string | undefined;
      try {
        host = new URL(source).host;
      } catch {
        return refuse(res);
      }
      const ownHosts = [req.get("x-forwarded-host"), req.get("host"), publicHost].filter(Boolean);
      if (!ownHosts.includes(host)) return refuse(res);
    }
    next();
  };
}

function refuse(res: Response) {
  res.status(403).type("text/plain").send("Forbidden: cross-site request refused.");
}

/**
 * The request body limit. React Router reads the body itself (request.formData()), so the limit is
 * applied here, by the declared length; a body without a length (chunked) is refused, since browsers
 * always declare one for form posts and fetch calls.
 */
export function limitRequestBody(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    if (declared !== undefined) {
      if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) {
        res.status(413).type("text/plain").send("Payload Too Large: the upload limit is 32 MB.");
        return;
      }
      return next();
    }
    if (req.get("transfer-encoding")) {
      res.status(411).type("text/plain").send("Length Required.");
      return;
    }
    next();
  };
}
