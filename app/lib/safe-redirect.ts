/**
 * Where a redirect that names its own target may go (`?redirect=`, a form's `returnTo`): only a path on
 * this site, judged after URL parsing as a browser does it. Browsers drop tabs and newlines from URLs and
 * read a backslash as a slash, so `/\t/evil.example` and `/\evil.example` lead off-site; such values, any
 * whitespace or control character, and anything that parses to another origin are refused (null).
 * Parsing also resolves dot segments, and `/.//evil.example` resolves to the path `//evil.example`, which
 * a browser reads as another host when it comes back as `Location`; so a parsed path that opens with two
 * slashes is refused too, and what is returned is the parsed form, never the raw target.
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
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
