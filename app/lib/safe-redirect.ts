/**
 * Where a redirect that names its own target may go (`?redirect=`, a form's `returnTo`): only a path on
 * this site, judged after URL parsing as a browser does it. Browsers drop tabs and newlines from URLs and
 * read a backslash as a slash, so `/\t/evil.example` and `/\evil.example` lead off-site; such values, any
 * whitespace or control character, and anything that parses to another origin are refused (null).
 */
const PROBE_ORIGIN = "http://newsdesk.invalid";

export function safeRedirectPath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u0020\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
