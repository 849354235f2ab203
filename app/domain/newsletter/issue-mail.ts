/**
 * One newsletter issue as the e-mail one subscriber receives (decision record 018): its HTML and plain-text
 * parts, built as strings from plain data, so the sending queue calls it once per recipient and the tests
 * read it without a database. `tests/support/email-html-check.ts` holds the rules this output is checked against.
 *
 * Mail clients are not browsers: Gmail drops `<style>` in some views and Outlook lays out with Word, so
 * the layout is nested tables with every style inline and no media query at all; the content table is
 * `width="100%"` with a 600px `max-width`, which is what lets it shrink on a phone without one.
 */
import { absoluteUrl } from "#app/lib/seo";
import { escapeHtml, truncate } from "#app/lib/text";

export interface IssueMailStory {
  title: string;
  /** Plain text. */
  excerpt: string;
  /** Absolute http(s) URL of the story. */
  url: string;
  /**
   * Absolute, or a path on the site (an upload of ours: made absolute with `siteUrl` when the mail is
   * made, so a site that moved mails its new address); width and height are the picture's own, in pixels.
   */
  image?: { url: string; width: number; height: number; alt: string } | null;
  /**
   * The story whole, or its preview with `offer` naming who may read the rest (decision record 021):
   * mailed in place of the excerpt. Mail HTML (app/domain/newsletter/mail-body.server.ts) and its text.
   */
  body?: { html: string; text: string; offer?: "members" | "paid" };
}

export interface IssueMailContent {
  siteTitle: string;
  /** Absolute origin, e.g. "https://news.example.com". */
  siteUrl: string;
  /** The outlet's postal address; may be "". */
  streetAddress: string;
  /** The issue's title. */
  subject: string;
  /** Plain text, paragraphs separated by blank lines; may be "". */
  intro: string;
  stories: IssueMailStory[];
  /**
   * The issue's edition's language (decision record 022, point 11): `<html lang>`, and the mail's own
   * words from its catalogue (`issueMailWords`, server-side). English's when not given.
   */
  lang?: string;
  words?: IssueMailWords;
}

/** The mail's own words (not the issue's, which its editor or its stories wrote). */
export interface IssueMailWords {
  readMore: string;
  readOnSite: string;
  offer: { members: string; paid: string };
  continueReading: string;
  unsubscribe: string;
  reason: (siteTitle: string, email: string) => string;
}

export interface IssueMailRecipient {
  email: string;
  /** Absolute; the footer's link, and the address the one-click unsubscribe POST goes to. */
  unsubscribeUrl: string;
  /** Only when an admin turned open counts on: otherwise the mail loads no image of ours but the stories'. */
  openPixelUrl?: string;
  /**
   * Only with open counts on: the address a story's links go to instead of the story (a counted
   * redirect to it), by the story's place in the issue.
   */
  linkFor?: (storyIndex: number) => string;
}

/** Gmail clips a message whose HTML is over 102 KB behind "[Message clipped]", footer and unsubscribe link included. */
export const ISSUE_MAIL_MAX_BYTES = 100_000;

export const ISSUE_MAIL_LIMITS = {
  /** The content column, as wide as most mail clients' reading pane. */
  maxWidth: 600,
  /** Padding either side of the content column. */
  padding: 24,
  /** An excerpt is a teaser: 20 stories of this length stay far inside ISSUE_MAIL_MAX_BYTES. */
  excerptLength: 300,
} as const;

export const ISSUE_MAIL_TEXT = {
  readMore: "Read more",
  readOnSite: "Read it on the site",
  offer: {
    members:
      "The rest of this story is for members. Sign in on the site with this e-mail address to read it.",
    paid: "The rest of this story is for readers with a pass. Get a pass on the site to read it.",
  },
  continueReading: "Continue reading",
  unsubscribe: "Unsubscribe",
  reason: (siteTitle: string, email: string) =>
    `You are receiving this because you subscribed to the ${siteTitle} newsletter at ${email}.`,
} as const satisfies IssueMailWords;

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
// Every size is at least 16px, the footer included: iOS Mail enlarges smaller text itself, unevenly.
const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f4f6;",
  cell: `font-family:${FONT};font-size:16px;line-height:1.5;color:#1f2937;`,
  masthead: `font-family:${FONT};font-size:26px;line-height:1.25;font-weight:700;color:#111827;text-decoration:none;`,
  heading: `font-family:${FONT};font-size:24px;line-height:1.3;font-weight:700;color:#111827;`,
  title: `font-family:${FONT};font-size:20px;line-height:1.3;font-weight:700;color:#111827;text-decoration:none;`,
  link: "color:#b91c1c;text-decoration:underline;",
  footer: `font-family:${FONT};font-size:16px;line-height:1.5;color:#4b5563;`,
  // A table grows to fit its longest word: a long headline or address would widen the mail past a
  // phone's screen unless words may break (inherited by every cell; break-word is what older WebKit reads).
  column: `max-width:${ISSUE_MAIL_LIMITS.maxWidth}px;background-color:#ffffff;word-break:break-word;overflow-wrap:anywhere;`,
  image: "display:block;max-width:100%;height:auto",
  // Shown by inbox lists beside the subject, hidden in the message itself (mso-hide for Outlook).
  preheader:
    "display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:#ffffff;",
} as const;

const TABLE = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';

/** The URL, normalised, when it is an absolute http(s) address; anything else (`javascript:`, relative) is null. */
function httpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The site's and the unsubscribe address come from configuration: a mail without them must not go out. */
function requiredHttpUrl(url: string, what: string): string {
  const safe = httpUrl(url);
  if (!safe) throw new Error(`[newsletter] the issue mail needs an absolute http(s) ${what}`);
  return safe;
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The excerpt on one line, cut at a word: the HTML and the plain text show the same words. */
const teaser = (excerpt: string) =>
  truncate(excerpt.replace(/\s+/g, " ").trim(), ISSUE_MAIL_LIMITS.excerptLength);

const image = (src: string, width: number, height: number, alt: string) =>
  `<img src="${escapeHtml(src)}" width="${width}" height="${height}" alt="${escapeHtml(alt)}" style="${STYLE.image}">`;

function storyHtml(story: IssueMailStory, url: string, siteUrl: string, words: IssueMailWords): string {
  const href = escapeHtml(url);
  const column = ISSUE_MAIL_LIMITS.maxWidth - 2 * ISSUE_MAIL_LIMITS.padding;
  const picturedAt = story.image?.url ?? "";
  // A path on the site (one of our uploads) takes the site's address; anything else must be http(s) itself.
  const src = httpUrl(/^\/(?![/\\])/.test(picturedAt) ? absoluteUrl(siteUrl, picturedAt) : picturedAt);
  let picture = "";
  if (story.image && src && story.image.width > 0 && story.image.height > 0) {
    // The attributes are what Outlook lays out with (it ignores max-width): never wider than the column.
    const width = Math.min(Math.round(story.image.width), column);
    const height = Math.round((story.image.height * width) / story.image.width);
    // A linked picture is the link's only content: without an alt the link would have no name.
    picture = `<a href="${href}">${image(src, width, height, story.image.alt || story.title)}</a>`;
  }
  return `<tr><td style="padding:0 ${ISSUE_MAIL_LIMITS.padding}px 32px;${STYLE.cell}">
${picture}<h2 style="margin:${picture ? "16px" : "0"} 0 8px;${STYLE.title}"><a href="${href}" style="${STYLE.title}">${escapeHtml(story.title)}</a></h2>
${story.body ? wholeHtml(story.body, href, words) : teaserHtml(story.excerpt, href, words)}
</td></tr>`;
}

function teaserHtml(excerpt: string, href: string, words: IssueMailWords): string {
  return `<p style="margin:0 0 8px;${STYLE.cell}">${escapeHtml(teaser(excerpt))}</p>
<p style="margin:0;${STYLE.cell}"><a href="${href}" style="${STYLE.link}">${escapeHtml(words.readMore)}</a></p>`;
}

/** The story whole, or its preview and who may read the rest, then the way to the site. */
function wholeHtml(body: NonNullable<IssueMailStory["body"]>, href: string, words: IssueMailWords): string {
  const offer = body.offer
    ? `<p style="margin:0 0 8px;padding:12px 16px;background-color:#fef2f2;${STYLE.cell}">${escapeHtml(words.offer[body.offer])}</p>\n`
    : "";
  const link = body.offer ? words.continueReading : words.readOnSite;
  return `${body.html}
${offer}<p style="margin:0;${STYLE.cell}"><a href="${href}" style="${STYLE.link}">${escapeHtml(link)}</a></p>`;
}

/** The plain-text part of one story: its excerpt or its body, then the way to the site. */
function storyText(story: IssueMailStory, url: string, words: IssueMailWords): string[] {
  const { body } = story;
  if (!body) return [story.title, teaser(story.excerpt), `${words.readMore}: ${url}`, ""];
  const offer = body.offer ? ["", words.offer[body.offer]] : [];
  const link = body.offer ? words.continueReading : words.readOnSite;
  return [story.title, "", body.text, ...offer, "", `${link}: ${url}`, ""];
}

export function renderIssueMail(
  content: IssueMailContent,
  recipient: IssueMailRecipient,
): { subject: string; html: string; text: string } {
  const siteUrl = requiredHttpUrl(content.siteUrl, "site address");
  const unsubscribeUrl = requiredHttpUrl(recipient.unsubscribeUrl, "unsubscribe address");
  const pixelUrl = httpUrl(recipient.openPixelUrl);
  // A story whose address is not http(s) has nowhere safe to send the reader: it is left out.
  const stories = content.stories.flatMap((story, index) => {
    const url = httpUrl(story.url);
    if (!url) return [];
    return [{ story, url: (recipient.linkFor && httpUrl(recipient.linkFor(index))) || url }];
  });
  const intro = paragraphsOf(content.intro);
  const preheader = content.intro.trim().split("\n")[0]?.trim() ?? "";
  const words = content.words ?? ISSUE_MAIL_TEXT;
  const reason = words.reason(content.siteTitle, recipient.email);
  const pad = ISSUE_MAIL_LIMITS.padding;

  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(content.lang ?? "en")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="${STYLE.body}">
<div style="${STYLE.preheader}">${escapeHtml(preheader)}</div>
<table ${TABLE} style="${STYLE.body}">
<tr><td align="center" style="padding:16px 8px;">
<table ${TABLE} style="${STYLE.column}">
<tr><td style="padding:24px ${pad}px 16px;border-bottom:3px solid #b91c1c;${STYLE.cell}"><a href="${escapeHtml(siteUrl)}" style="${STYLE.masthead}">${escapeHtml(content.siteTitle)}</a></td></tr>
<tr><td style="padding:24px ${pad}px 8px;${STYLE.cell}">
<h1 style="margin:0 0 16px;${STYLE.heading}">${escapeHtml(content.subject)}</h1>
${intro.map((p) => `<p style="margin:0 0 16px;${STYLE.cell}">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
</td></tr>
${stories.map(({ story, url }) => storyHtml(story, url, siteUrl, words)).join("\n")}
<tr><td style="padding:24px ${pad}px;border-top:1px solid #e5e7eb;${STYLE.footer}">
<p style="margin:0 0 8px;${STYLE.footer}"><strong>${escapeHtml(content.siteTitle)}</strong>${content.streetAddress ? `<br>${escapeHtml(content.streetAddress)}` : ""}</p>
<p style="margin:0 0 8px;${STYLE.footer}">${escapeHtml(reason)}</p>
<p style="margin:0;${STYLE.footer}"><a href="${escapeHtml(unsubscribeUrl)}" style="${STYLE.link}">${escapeHtml(words.unsubscribe)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
${pixelUrl ? image(pixelUrl, 1, 1, "") : ""}
</body>
</html>
`;

  const text = [
    content.subject,
    "",
    ...intro.flatMap((p) => [p, ""]),
    ...stories.flatMap(({ story, url }) => storyText(story, url, words)),
    "--",
    content.siteTitle,
    ...(content.streetAddress ? [content.streetAddress] : []),
    siteUrl,
    "",
    reason,
    `${words.unsubscribe}: ${unsubscribeUrl}`,
    "",
  ].join("\n");

  return { subject: content.subject, html, text };
}
