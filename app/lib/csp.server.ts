/**
 * Content security policies for documents (decision record 008). The back office is strict: scripts only from
 * our own origin (the built bundles, loaded with `import()` as routes open) or carrying this response's nonce
 * (React Router's inline hydration data); no inline handlers, no eval, no plugins, no foreign <base>.
 */
import { randomBytes } from "node:crypto";

export const newNonce = () => randomBytes(18).toString("base64");

export function backOfficeCsp(nonce: string): string {
  return [
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join("; ");
}
