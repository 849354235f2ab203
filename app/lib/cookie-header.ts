/**
 * The one reading of a Cookie header. The app finds the session in it, and the page cache and the
 * public pages' cache header decide from it whether a request is personal: if the two read it
 * differently, a staff member's page is kept and served to readers (`nd_session =<token>`, with a
 * space before the `=`, was the staff member to the app and an anonymous reader to the cache).
 *
 * It reads as React Router's cookies do (the `cookie` package): pairs split at `;`, name and value
 * trimmed of spaces and tabs, a pair without `=` ignored, the first of a repeated name kept.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1) continue;
    if (trimSpaces(pair.slice(0, equals)) === name) return trimSpaces(pair.slice(equals + 1));
  }
  return undefined;
}

const trimSpaces = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, "");
