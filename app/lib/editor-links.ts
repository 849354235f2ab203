/**
 * What the editor's link dialog accepts as a link address, and why it refuses the rest. People type
 * addresses as they say them ("kma.gov.gh"), so an address without a scheme gets https://; a scheme other
 * than http, https or mailto (javascript:, data:, file:) is refused with the reason, because the server's
 * sanitiser would drop such a link silently. Shared by the dialog and its tests; imports nothing.
 */

export const LINK_TEXT = {
  empty: "Type the address the link should open, for example kma.gov.gh.",
  badScheme: "Links must start with http:// or https://",
  spaces: "A web address cannot contain spaces.",
  notAddress: "This is not a web address. Type one like kma.gov.gh or https://kma.gov.gh/news.",
  badEmail: "This is not an e-mail address. Type one like news@kma.gov.gh.",
} as const;

export type LinkCheck = { ok: true; href: string } | { ok: false; reason: string };

// "kma.gov.gh:8080/news" has a port, not a scheme: a scheme is never followed by digits alone.
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d+(?:[/?#]|$))/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/** A host readers can reach: a dotted name or address, or localhost (for previews on a laptop). */
function isPlausibleHost(hostname: string): boolean {
  if (hostname === "localhost") return true;
  if (hostname.startsWith("[")) return true; // IPv6, already validated by the URL parser
  const labels = hostname.split(".");
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

function checkWebAddress(candidate: string): LinkCheck {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, reason: LINK_TEXT.notAddress };
  }
  if (!isPlausibleHost(url.hostname)) return { ok: false, reason: LINK_TEXT.notAddress };
  return { ok: true, href: url.href };
}

/** The href to store for what was typed, or the reason it cannot be a link. */
export function normalizeLinkUrl(typed: string): LinkCheck {
  const value = typed.trim();
  if (!value) return { ok: false, reason: LINK_TEXT.empty };

  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === "mailto") {
    const address = value.slice("mailto:".length).split("?")[0] ?? "";
    return EMAIL.test(decodeURIComponent(address))
      ? { ok: true, href: value }
      : { ok: false, reason: LINK_TEXT.badEmail };
  }
  if (scheme && scheme !== "http" && scheme !== "https") return { ok: false, reason: LINK_TEXT.badScheme };
  if (/\s/.test(value)) return { ok: false, reason: LINK_TEXT.spaces };
  if (scheme) return checkWebAddress(value);

  // A page of this site ("/article/..."): kept relative, so it survives a change of domain.
  if (value.startsWith("/") && !value.startsWith("//")) return { ok: true, href: value };
  if (value.startsWith("//")) return checkWebAddress(`https:${value}`);
  if (EMAIL.test(value)) return { ok: true, href: `mailto:${value}` };
  return checkWebAddress(`https://${value}`);
}
