import { describe, expect, test } from "vitest";
import { safeBody } from "#app/lib/sanitize.server";
import { MAIL_BODY_MAX_BYTES, mailBodyOf } from "./mail-body.server";
import { NO_ACCESS, storyForReader } from "./mail-readers.server";

const SITE = "https://news.example.com";
const body = (html: string) => safeBody(html).content;

describe("a story's body as a mail carries it", () => {
  test("text blocks keep their words with inline styles; photos, videos and rules stay on the site", () => {
    const mail = mailBodyOf(
      body(
        '<h2>Sub</h2><p>One <strong>bold</strong> <a href="/article/x">link</a></p><figure><img src="https://x.test/a.jpg" alt="A"><figcaption>Caption</figcaption></figure><hr><ul><li>first</li><li>second</li></ul><h4>Small</h4><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/abc"></iframe></div><blockquote><p>Quote</p></blockquote>',
      ),
      SITE,
    )!;
    expect(mail.html).not.toMatch(/<(img|iframe|hr|figure|div)\b/);
    expect(mail.html).toContain('<a href="https://news.example.com/article/x" style="');
    expect(mail.html).toMatch(/<h2 style="[^"]+">Sub<\/h2>/);
    expect(mail.html).toMatch(/<h3 style="[^"]+">Small<\/h3>/);
    expect(mail.html).toMatch(/<p style="[^"]+">Caption<\/p>/);
    expect(mail.text).toBe(
      [
        "Sub",
        "One bold link (https://news.example.com/article/x)",
        "Caption",
        "- first\n- second",
        "Small",
        "Quote",
      ].join("\n\n"),
    );
  });

  test("a link that is not http(s) or mailto loses its address; a line break stays one", () => {
    const mail = mailBodyOf(body('<p>a<br>b <a href="ftp://x.test/f">file</a></p>'), SITE)!;
    expect(mail.html).not.toContain("ftp:");
    expect(mail.text).toBe("a\nb file");
  });

  test("a body too long for a mail, or an empty one, is not mailed whole", () => {
    expect(mailBodyOf(body(`<p>${"word ".repeat(MAIL_BODY_MAX_BYTES / 5)}</p>`), SITE)).toBeNull();
    expect(mailBodyOf(body('<p><img src="https://x.test/a.jpg" alt=""></p>'), SITE)).toBeNull();
  });

  test("a members' story goes whole to a member, as its preview with the members' offer to anyone else", () => {
    const story = {
      articleId: "a",
      title: "T",
      excerpt: "E",
      url: `${SITE}/article/t`,
      image: null,
      body: {
        access: "members" as const,
        full: { html: "<p>all</p>", text: "all" },
        preview: { html: "<p>some</p>", text: "some" },
      },
    };
    expect(storyForReader(story, { isMember: true, hasPass: false }).body).toEqual(story.body.full);
    expect(storyForReader(story, NO_ACCESS).body).toEqual({ ...story.body.preview, offer: "members" });
    expect(storyForReader({ ...story, body: { ...story.body, access: "public" } }, NO_ACCESS).body).toEqual(
      story.body.full,
    );
  });
});
