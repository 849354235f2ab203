/**
 * A story's body as an e-mail carries it (the breaking-news e-mail mails its story whole, decision record
 * 021): our sanitiser's HTML turned into what mail clients keep — text blocks with every style inline,
 * links made absolute — and a plain-text twin. Photos and embedded videos stay on the site (a mail shows
 * the lead picture, sized, above the story); the reader's "Read on the site" link is where they are.
 */
import sanitizeHtml from "sanitize-html";
import { absoluteUrl } from "#app/lib/seo";
import { escapeHtml, stripHtml } from "#app/lib/text";

export interface MailBody {
  html: string;
  text: string;
}

/** A body over this many bytes of mail HTML is not mailed whole: the mail keeps within Gmail's clip. */
export const MAIL_BODY_MAX_BYTES = 60_000;

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = `font-family:${FONT};font-size:16px;line-height:1.5;color:#1f2937;`;
const BLOCK_STYLES: Record<string, string> = {
  p: `margin:0 0 16px;${TEXT}`,
  h2: `margin:24px 0 8px;font-family:${FONT};font-size:20px;line-height:1.3;font-weight:700;color:#111827;`,
  h3: `margin:20px 0 8px;font-family:${FONT};font-size:18px;line-height:1.3;font-weight:700;color:#111827;`,
  ul: `margin:0 0 16px;padding-left:24px;${TEXT}`,
  ol: `margin:0 0 16px;padding-left:24px;${TEXT}`,
  li: `margin:0 0 4px;${TEXT}`,
  blockquote: `margin:0 0 16px;padding-left:16px;border-left:3px solid #d1d5db;${TEXT}`,
  pre: `margin:0 0 16px;white-space:pre-wrap;font-family:Menlo,Consolas,monospace;font-size:14px;color:#1f2937;`,
};
const LINK_STYLE = "color:#b91c1c;text-decoration:underline;";
/** Headings below the story's title all read as the mail's sub-headings. */
const HEADING_AS: Record<string, string> = { h4: "h3", h5: "h3", h6: "h3" };
const BLOCKS = new Set(["figcaption", "caption", "td", "th"]);

const styled = (tagName: string) => ({ tagName, attribs: { style: BLOCK_STYLES[tagName] ?? "" } });

/**
 * The mail's HTML and text of a sanitised body, or null when it would not fit in a mail (the mail then
 * keeps the story's summary and its link).
 */
export function mailBodyOf(body: string, siteUrl: string): MailBody | null {
  const html = sanitizeHtml(body, {
    allowedTags: [...Object.keys(BLOCK_STYLES), "br", "strong", "b", "em", "i", "a", "code"],
    allowedAttributes: { "*": ["style"], a: ["href", "style"] },
    allowedSchemes: ["http", "https", "mailto"],
    // Photos, videos and rules go; their captions and table cells keep their words as paragraphs.
    nonTextTags: ["script", "style", "textarea", "option", "iframe", "noscript"],
    transformTags: {
      ...Object.fromEntries(Object.keys(BLOCK_STYLES).map((tag) => [tag, () => styled(tag)])),
      ...Object.fromEntries(Object.entries(HEADING_AS).map(([from, to]) => [from, () => styled(to)])),
      ...Object.fromEntries([...BLOCKS].map((tag) => [tag, () => styled("p")])),
      a: (_tag, attribs) => ({ tagName: "a", attribs: linkAttributes(attribs.href ?? "", siteUrl) }),
    },
    exclusiveFilter: (frame) => frame.tag === "p" && !frame.text.trim() && !frame.mediaChildren.length,
  }).trim();
  if (!html || new TextEncoder().encode(html).length > MAIL_BODY_MAX_BYTES) return null;
  return { html, text: plainTextOf(html) };
}

/** A link of the body: a path on the site made absolute; anything not http(s) or mailto loses its href. */
function linkAttributes(href: string, siteUrl: string): Record<string, string> {
  const address = /^\/(?![/\\])/.test(href) ? absoluteUrl(siteUrl, href) : href;
  return /^(https?:\/\/|mailto:)/i.test(address)
    ? { href: address, style: LINK_STYLE }
    : { style: LINK_STYLE };
}

/** The plain-text part: a paragraph per block, list items with a dash, each link's address after its words. */
function plainTextOf(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, "\uE001")
    .replace(/<li\b[^>]*>/gi, "\uE002- ")
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, words: string) =>
      linkText(words, href),
    )
    .replace(/<\/(p|h2|h3|ul|ol|blockquote|pre)>/gi, "\uE003");
  return marked
    .split("\uE003")
    .map((block) =>
      block
        .split("\uE002")
        .map((item) =>
          stripHtml(item)
            .replace(/\uE001/g, "\n")
            .replace(/ *\n */g, "\n"),
        )
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}

function linkText(words: string, href: string): string {
  const address = href.replace(/&amp;/g, "&");
  const shown = stripHtml(words);
  return shown === address ? escapeHtml(address) : `${words} (${escapeHtml(address)})`;
}
