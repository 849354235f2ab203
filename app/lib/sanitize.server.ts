/**
 * The allowlist for article bodies: no scripts, no event handlers, no javascript: or data: links,
 * only http(s) images and YouTube embeds. Applied when a body is saved; a page sanitises a body again
 * only when its stored hash says the saved text did not come from this sanitiser (see `safeBody`).
 */
import { createHash } from "node:crypto";
import sanitizeHtml from "sanitize-html";

const YOUTUBE_EMBED = /^https:\/\/(www\.)?(youtube\.com|youtube-nocookie\.com)\/embed\/[\w-]+(\?[\w=&%-]*)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "code",
    "pre",
    "iframe",
    "div",
    "span",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    iframe: ["src", "width", "height", "title", "allow", "allowfullscreen", "frameborder"],
    div: ["data-youtube-video"],
    // The editor's "Preview ends here" marker (app/lib/story-preview.ts, decision record 021).
    hr: ["data-preview-cut"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com"],
  exclusiveFilter: (frame) => frame.tag === "iframe" && !YOUTUBE_EMBED.test(frame.attribs.src ?? ""),
  transformTags: {
    // A link that opens another window (`_blank` in any letter case, or any named target) never gives
    // that page a handle on ours: rel is ours to set, whatever the author wrote (say, rel="opener").
    a: (tagName, attribs) => {
      const target = (attribs.target ?? "").trim();
      if (!target || /^_(self|parent|top)$/i.test(target)) {
        const rel = (attribs.rel ?? "").split(/\s+/).filter((word) => word && !/^opener$/i.test(word));
        const { rel: _written, ...rest } = attribs;
        return { tagName, attribs: rel.length > 0 ? { ...rest, rel: rel.join(" ") } : rest };
      }
      return { tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/** Relative image paths served by this site (e.g. /images/...) are allowed too. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Bump when OPTIONS change: every stored body is then re-sanitised at the next start-up
 * (app/domain/articles/body-safety.server.ts) and shown sanitised until it is.
 */
export const SANITIZER_VERSION = "1";

/** md5(version + ":" + body), as PostgreSQL's md5() computes it over the same UTF-8 text. */
export function safeBodyHash(content: string): string {
  return createHash("md5").update(`${SANITIZER_VERSION}:${content}`).digest("hex");
}

/** A sanitised body and the hash that vouches for it, for every write of an article body. */
export function safeBody(html: string): { content: string; contentSafeHash: string } {
  const content = sanitizeArticleHtml(html);
  return { content, contentSafeHash: safeBodyHash(content) };
}
