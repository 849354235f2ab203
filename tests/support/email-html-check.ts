/**
 * The check an HTML e-mail must pass before it is sent (decision record 018;
 * tests/e2e/newsletter-mail.spec.ts): what mail clients refuse or mangle (external CSS, scripts, relative
 * links), what breaks the layout on a phone (no viewport, fixed widths over 600px, images without their size)
 * and what Gmail clips (size).
 *
 * A handful of regular expressions over the markup, not an HTML parser: it is meant for mails we build
 * ourselves (`issue-mail.ts`), where tags are well formed, and it errs towards reporting. Comments are
 * removed first, so markup inside one is neither a problem nor a pass.
 */
import { ISSUE_MAIL_MAX_BYTES } from "#app/domain/newsletter/issue-mail";

export const MAIL_CHECK_LIMITS = {
  /** The widest fixed width a phone can be asked to scroll sideways for: the mail's content column. */
  maxFixedWidth: 600,
} as const;

interface Tag {
  name: string;
  attributes: Map<string, string>;
  source: string;
}

const TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// `width` and `min-width` force a width; `max-width` only limits one. The look-behind skips `max-`.
const CSS_WIDTH = /(?<![\w-])(?:min-)?width\s*:\s*(\d+(?:\.\d+)?)px/gi;

function tagsOf(html: string): Tag[] {
  return [...html.matchAll(TAG)].map(([source, name = "", attributeText = ""]) => ({
    name: name.toLowerCase(),
    source: source.length > 100 ? `${source.slice(0, 97)}...` : source,
    attributes: new Map(
      [...attributeText.matchAll(ATTRIBUTE)].map(([, key = "", double, single, bare]) => [
        key.toLowerCase(),
        double ?? single ?? bare ?? "",
      ]),
    ),
  }));
}

/** Absolute http(s) only: a mail has no base address, and `javascript:` or `data:` are refused or worse. */
function isAllowedAddress(attribute: "src" | "href", value: string): boolean {
  const address = value.trim();
  return /^https?:\/\/[^/\s]/i.test(address) || (attribute === "href" && /^mailto:\S/i.test(address));
}

export function checkEmailHtml(html: string, text: string): string[] {
  const problems: string[] = [];
  const markup = html.replace(/<!--[\s\S]*?-->/g, "");
  const tags = tagsOf(markup);

  const bytes = new TextEncoder().encode(html).length;
  if (bytes > ISSUE_MAIL_MAX_BYTES) {
    problems.push(
      `The HTML is ${bytes} bytes, over the budget of ${ISSUE_MAIL_MAX_BYTES}: Gmail clips longer mails, the unsubscribe link with them.`,
    );
  }
  if (!text.trim()) problems.push("The plain-text part is missing or empty.");
  if (!tags.some((tag) => tag.name === "meta" && tag.attributes.get("name")?.toLowerCase() === "viewport")) {
    problems.push('There is no <meta name="viewport">: phones would show the mail zoomed out.');
  }
  if (/@import\b/i.test(markup))
    problems.push("The CSS loads a stylesheet with @import: mail clients drop it.");

  for (const tag of tags) {
    const { name, attributes, source } = tag;
    if (name === "script") problems.push(`A script: mail clients remove it (${source}).`);
    if (name === "link" && /\bstylesheet\b/i.test(attributes.get("rel") ?? "")) {
      problems.push(`An external stylesheet: mail clients drop it, so all CSS must be inline (${source}).`);
    }
    if (name === "img") {
      for (const required of ["width", "height", "alt"]) {
        if (!attributes.has(required)) problems.push(`An image without ${required}: ${source}`);
      }
    }
    for (const attribute of ["src", "href"] as const) {
      const value = attributes.get(attribute);
      if (value !== undefined && !isAllowedAddress(attribute, value)) {
        problems.push(`A relative or non-http(s) ${attribute}: ${source}`);
      }
    }
    const width = attributes.get("width")?.trim() ?? "";
    if (/^\d+(px)?$/i.test(width) && parseInt(width, 10) > MAIL_CHECK_LIMITS.maxFixedWidth) {
      problems.push(`A fixed width over ${MAIL_CHECK_LIMITS.maxFixedWidth}px: ${source}`);
    }
    for (const [, pixels = "0"] of (attributes.get("style") ?? "").matchAll(CSS_WIDTH)) {
      if (Number(pixels) > MAIL_CHECK_LIMITS.maxFixedWidth) {
        problems.push(`A fixed width over ${MAIL_CHECK_LIMITS.maxFixedWidth}px in a style: ${source}`);
      }
    }
  }
  return problems;
}
