import { describe, expect, test } from "vitest";
import { ISSUE_MAIL_MAX_BYTES, renderIssueMail } from "#app/domain/newsletter/issue-mail";
import { checkEmailHtml } from "./email-html-check";

const SITE = "https://news.example.com";

const good = renderIssueMail(
  {
    siteTitle: "Newsdesk",
    siteUrl: SITE,
    streetAddress: "12 Independence Avenue, Accra",
    subject: "Tuesday's briefing",
    intro: "Good morning.",
    stories: [1, 2].map((n) => ({
      title: `Story ${n}`,
      excerpt: "What happened.",
      url: `${SITE}/article/story-${n}`,
      image: { url: `${SITE}/media/${n}.jpg`, width: 800, height: 450, alt: `Picture ${n}` },
    })),
  },
  {
    email: "ama@example.com",
    unsubscribeUrl: `${SITE}/newsletter/unsubscribe?token=abc`,
    openPixelUrl: `${SITE}/newsletter/open/abc.gif`,
  },
);

const inBody = (markup: string) => good.html.replace("</body>", `${markup}\n</body>`);
const inHead = (markup: string) => good.html.replace("</head>", `${markup}\n</head>`);

describe("the e-mail check", () => {
  test("passes the newsletter issue's own mail", () => {
    expect(checkEmailHtml(good.html, good.text)).toEqual([]);
  });

  // Each broken mail differs from the good one by one fault, and the check names exactly that fault.
  test.each([
    [
      "an external stylesheet",
      inHead('<link rel="stylesheet" href="https://cdn.example.com/mail.css">'),
      /external stylesheet/,
    ],
    [
      "a stylesheet listed after its address",
      inHead('<link href="https://cdn.example.com/a.css" rel=stylesheet>'),
      /external stylesheet/,
    ],
    ["an @import", inHead("<style>@import url(https://fonts.example.com/css);</style>"), /@import/],
    ["a script", inBody('<script>document.write("hi")</script>'), /script/],
    ["an image without width", inBody(`<img src="${SITE}/a.png" height="10" alt="">`), /image without width/],
    [
      "an image without height",
      inBody(`<img src="${SITE}/a.png" width="10" alt="">`),
      /image without height/,
    ],
    ["an image without alt", inBody(`<img src="${SITE}/a.png" width="10" height="10">`), /image without alt/],
    ["a relative src", inBody('<img src="/media/a.png" width="10" height="10" alt="">'), /non-http\(s\) src/],
    [
      "a protocol-relative src",
      inBody('<img src="//cdn.example.com/a.png" width="1" height="1" alt="">'),
      /src/,
    ],
    ["a data: src", inBody('<img src="data:image/png;base64,AAAA" width="1" height="1" alt="">'), /src/],
    ["a relative href", inBody('<a href="/article/x">x</a>'), /non-http\(s\) href/],
    ["a javascript: href", inBody("<a href='javascript:alert(1)'>x</a>"), /non-http\(s\) href/],
    [
      "a fixed width attribute over 600px",
      good.html.replace('width="100%"', 'width="640"'),
      /fixed width over 600px/,
    ],
    [
      "a fixed width style over 600px",
      inBody('<div style="padding:0;width: 720px">x</div>'),
      /fixed width over 600px in a style/,
    ],
    [
      "a min-width style over 600px",
      inBody('<table style="min-width:700px"><tr><td>x</td></tr></table>'),
      /in a style/,
    ],
    ["no viewport", good.html.replace(/<meta name="viewport"[^>]*>/, ""), /viewport/],
    ["too many bytes", inBody(`<p>${"x".repeat(ISSUE_MAIL_MAX_BYTES)}</p>`), /over the budget of 100000/],
  ])("finds %s", (_fault, html, problem) => {
    const problems = checkEmailHtml(html, good.text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  test("finds a missing or empty plain-text part", () => {
    for (const text of ["", " \n\t"]) {
      expect(checkEmailHtml(good.html, text)).toEqual(["The plain-text part is missing or empty."]);
    }
  });

  test("allows mailto: links, max-width over 600px and widths in percent; ignores comments", () => {
    const html = inBody(
      [
        '<a href="mailto:news@example.com">Write to us</a>',
        '<div style="max-width:900px;width:100%">x</div>',
        '<table width="100%" style="width:600px"><tr><td>x</td></tr></table>',
        '<!-- <script src="/old.js"></script> -->',
      ].join("\n"),
    );
    expect(checkEmailHtml(html, good.text)).toEqual([]);
  });

  test("reports every fault of a mail that has several", () => {
    const html = `<html><body><script></script><img src="a.png"></body></html>`;
    expect(checkEmailHtml(html, "")).toHaveLength(7);
  });
});
