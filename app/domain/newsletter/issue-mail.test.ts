import { describe, expect, test } from "vitest";
import {
  ISSUE_MAIL_MAX_BYTES,
  ISSUE_MAIL_TEXT,
  renderIssueMail,
  type IssueMailContent,
  type IssueMailRecipient,
  type IssueMailStory,
} from "./issue-mail";
import { checkEmailHtml } from "#test-support/email-html-check";

const SITE = "https://news.example.com";

const story = (n: number, overrides: Partial<IssueMailStory> = {}): IssueMailStory => ({
  title: `Story ${n}: Accra's markets reopen`,
  excerpt: `Traders in Makola returned on day ${n}.`,
  url: `${SITE}/article/story-${n}`,
  image: { url: `${SITE}/media/story-${n}-1200x675.jpg`, width: 1200, height: 675, alt: `Picture ${n}` },
  ...overrides,
});

const issue = (overrides: Partial<IssueMailContent> = {}): IssueMailContent => ({
  siteTitle: "Newsdesk",
  siteUrl: SITE,
  streetAddress: "12 Independence Avenue, Accra, Ghana",
  subject: "Tuesday's briefing",
  intro: "Good morning from the newsroom.\nHere is what matters today.\n\nA second paragraph.",
  stories: [story(1), story(2, { image: null }), story(3)],
  ...overrides,
});

const reader: IssueMailRecipient = {
  email: "ama@example.com",
  unsubscribeUrl: `${SITE}/newsletter/unsubscribe?token=abc123`,
};

const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("an issue's e-mail", () => {
  test("is a complete HTML document with the subject as its title, checked clean", () => {
    const mail = renderIssueMail(issue(), reader);
    expect(mail.subject).toBe("Tuesday's briefing");
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(mail.html).toContain('<meta charset="utf-8">');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain("<title>Tuesday's briefing</title>");
    expect(mail.html).toContain('role="presentation" width="100%"');
    expect(mail.html).toContain("max-width:600px");
    expect(mail.html).not.toMatch(/<link\b|<style\b|@import|font-face/i);
    expect(checkEmailHtml(mail.html, mail.text)).toEqual([]);
  });

  test("opens with the site's name linking to the site, and hides the intro's first line as the preheader", () => {
    const { html } = renderIssueMail(issue(), reader);
    expect(html).toMatch(new RegExp(`<a href="${SITE}/" style="[^"]*">Newsdesk</a>`));
    expect(html).toMatch(/<div style="display:none;[^"]*">Good morning from the newsroom\.<\/div>/);
    // The intro's paragraphs stay paragraphs; a single line break stays a line break.
    expect(html).toContain(">Good morning from the newsroom.<br>Here is what matters today.</p>");
    expect(html).toContain(">A second paragraph.</p>");
  });

  test("shows each story's title, excerpt and 'Read more', linked to the story, with its picture when it has one", () => {
    const { html } = renderIssueMail(issue(), reader);
    for (const n of [1, 2, 3]) {
      const url = `${SITE}/article/story-${n}`;
      expect(html).toContain(`<a href="${url}" style=`);
      expect(html).toContain(`>Story ${n}: Accra's markets reopen</a>`);
      expect(html).toContain(`>Traders in Makola returned on day ${n}.</p>`);
      expect(html).toContain(
        `<a href="${url}" style="color:#b91c1c;text-decoration:underline;">${ISSUE_MAIL_TEXT.readMore}</a>`,
      );
    }
    // Story 2 has no picture: two images, each linked to its story.
    expect(imgTags(html)).toHaveLength(2);
    expect(html).toContain(`<a href="${SITE}/article/story-1"><img src="${SITE}/media/story-1-1200x675.jpg"`);
  });

  test("every image has width, height, alt and the shrinking style; a wide picture is sized to the column", () => {
    const { html } = renderIssueMail(issue(), { ...reader, openPixelUrl: `${SITE}/newsletter/open/p1.gif` });
    const images = imgTags(html);
    expect(images).toHaveLength(3);
    for (const img of images) {
      expect(img).toMatch(
        / width="\d+" height="\d+" alt="[^"]*" style="display:block;max-width:100%;height:auto"/,
      );
    }
    // 1200x675 into the 552px column (600 minus 24px padding either side), in proportion.
    expect(images[0]).toContain('width="552" height="311" alt="Picture 1"');
    const small = renderIssueMail(
      issue({ stories: [story(1, { image: { url: `${SITE}/a.png`, width: 320, height: 200, alt: "" } })] }),
      reader,
    );
    // Without an alt, the picture's link is named by the story's title.
    expect(imgTags(small.html)[0]).toContain(
      `width="320" height="200" alt="Story 1: Accra's markets reopen"`,
    );
  });

  test("a photo of ours kept by its path is mailed with the site's address as it is at sending", () => {
    const path = "/media/0123456789abcdef01234567.jpg";
    const moved = "https://moved.example.org";
    const { html } = renderIssueMail(
      issue({
        siteUrl: moved,
        stories: [story(1, { image: { url: path, width: 1200, height: 675, alt: "Boats" } })],
      }),
      reader,
    );
    expect(imgTags(html)[0]).toContain(`src="${moved}${path}"`);
    // A photo elsewhere (a CDN) keeps its own address.
    const cdn = "https://cdn.example.net/0123456789abcdef01234567.jpg";
    const elsewhere = renderIssueMail(
      issue({ stories: [story(1, { image: { url: cdn, width: 1200, height: 675, alt: "Boats" } })] }),
      reader,
    );
    expect(imgTags(elsewhere.html)[0]).toContain(`src="${cdn}"`);
  });

  test("the footer names the site, its address and why the reader gets it, with the unsubscribe link", () => {
    const { html } = renderIssueMail(issue(), reader);
    const footer = html.slice(html.lastIndexOf("border-top:1px solid"));
    expect(footer).toContain("<strong>Newsdesk</strong><br>12 Independence Avenue, Accra, Ghana</p>");
    expect(footer).toContain(
      ">You are receiving this because you subscribed to the Newsdesk newsletter at ama@example.com.</p>",
    );
    expect(footer).toMatch(
      new RegExp(`<a href="${SITE}/newsletter/unsubscribe\\?token=abc123" style="[^"]*">Unsubscribe</a>`),
    );
    const noAddress = renderIssueMail(issue({ streetAddress: "" }), reader);
    expect(noAddress.html).toContain("<strong>Newsdesk</strong></p>");
  });

  test("the plain-text part has the subject, intro, each story's title, excerpt and URL, and the unsubscribe URL", () => {
    const { text } = renderIssueMail(issue(), reader);
    expect(text.startsWith("Tuesday's briefing\n\nGood morning from the newsroom.\n")).toBe(true);
    expect(text).toContain("A second paragraph.");
    for (const n of [1, 2, 3]) {
      expect(text).toContain(
        `Story ${n}: Accra's markets reopen\nTraders in Makola returned on day ${n}.\nRead more: ${SITE}/article/story-${n}\n`,
      );
    }
    expect(text).toContain("Newsdesk\n12 Independence Avenue, Accra, Ghana\n");
    expect(text).toContain(ISSUE_MAIL_TEXT.reason("Newsdesk", "ama@example.com"));
    expect(text).toContain(`Unsubscribe: ${SITE}/newsletter/unsubscribe?token=abc123`);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  test("loads no image of ours unless open counts are on; then a 1x1 pixel with an empty alt, last", () => {
    const without = renderIssueMail(issue(), reader);
    expect(imgTags(without.html).filter((img) => !img.includes("/media/"))).toEqual([]);
    expect(without.html).not.toContain("/newsletter/open/");

    const pixel = `${SITE}/newsletter/open/p1.gif`;
    const counted = renderIssueMail(issue(), { ...reader, openPixelUrl: pixel });
    expect(counted.html).toMatch(
      new RegExp(`<img src="${pixel}" width="1" height="1" alt="" style="[^"]*">\\n</body>`),
    );
    expect(counted.text).not.toContain(pixel);
  });

  test("escapes text and attributes: a title that is markup shows as text", () => {
    const hostile = story(9, {
      title: '<script>alert("x")</script> & more',
      excerpt: "<img src=x onerror=alert(1)>",
      url: `${SITE}/article/a?b="><script>alert(1)</script>`,
      image: { url: `${SITE}/i.png`, width: 10, height: 10, alt: '"><script>' },
    });
    const { html } = renderIssueMail(
      issue({ siteTitle: "News <b>desk</b>", subject: "</title><script>", stories: [hostile] }),
      { ...reader, email: '"><script>@example.com' },
    );
    expect(html).not.toMatch(/<script|<b>|<img src=x|<\/title><script/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("News &lt;b&gt;desk&lt;/b&gt;");
    expect(checkEmailHtml(html, "text")).toEqual([]);
  });

  test("never writes a javascript: (or other non-http) address: such a story, picture or pixel is left out", () => {
    const { html, text } = renderIssueMail(
      issue({
        stories: [
          story(1, { url: "javascript:alert(1)" }),
          story(2, { url: " JavaScript:alert(2)" }),
          story(3, { url: "/relative/story" }),
          story(4, { image: { url: "javascript:alert(4)", width: 10, height: 10, alt: "x" } }),
          story(5, { image: { url: "data:image/png;base64,AAAA", width: 10, height: 10, alt: "x" } }),
        ],
      }),
      { ...reader, openPixelUrl: "javascript:alert(6)" },
    );
    expect(`${html}\n${text}`).not.toMatch(/javascript:|data:|\/relative\//i);
    for (const n of [1, 2, 3]) expect(html).not.toContain(`Story ${n}:`);
    expect(html).toContain(`<a href="${SITE}/article/story-4" style=`);
    expect(imgTags(html)).toEqual([]);
  });

  test("refuses to build a mail without an http(s) site or unsubscribe address", () => {
    expect(() => renderIssueMail(issue(), { ...reader, unsubscribeUrl: "javascript:alert(1)" })).toThrow(
      /unsubscribe address/,
    );
    expect(() =>
      renderIssueMail(issue(), { ...reader, unsubscribeUrl: "/newsletter/unsubscribe" }),
    ).toThrow();
    expect(() => renderIssueMail(issue({ siteUrl: "news.example.com" }), reader)).toThrow(/site address/);
  });

  test(`20 stories with long excerpts stay within ${ISSUE_MAIL_MAX_BYTES} bytes, and pass the check`, () => {
    // Twi letters (ɛ, ɔ) take two bytes each in UTF-8, as a Ghanaian outlet's text does.
    const long = "Ɔmanpanin no kasaa wɔ Accra ɛnnɛ, na ɔkae sɛ ".repeat(80);
    const stories = Array.from({ length: 20 }, (_, n) =>
      story(n, {
        title: `${"A long headline about the economy and the cedi ".repeat(3)}${n}`,
        excerpt: long,
        url: `${SITE}/article/${"a-long-article-slug-".repeat(5)}${n}?utm_source=newsletter&utm_medium=email`,
      }),
    );
    const mail = renderIssueMail(issue({ stories, intro: long }), {
      ...reader,
      openPixelUrl: `${SITE}/newsletter/open/${"x".repeat(64)}.gif`,
    });
    expect(bytes(mail.html)).toBeLessThanOrEqual(ISSUE_MAIL_MAX_BYTES);
    expect(bytes(mail.text)).toBeLessThanOrEqual(ISSUE_MAIL_MAX_BYTES);
    expect(mail.html.match(/>Read more<\/a>/g)).toHaveLength(20);
    expect(checkEmailHtml(mail.html, mail.text)).toEqual([]);
  });
});
