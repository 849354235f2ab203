import { describe, expect, test } from "vitest";
import { messagesFor } from "#app/i18n/messages.server";
import { bodyPhotoSources, liteArticleBody } from "./lite-body";

const body =
  '<p>Before</p><img src="/media/abc.jpg" alt="Traders at &quot;Makola&quot;" loading="lazy" />' +
  '<p>Mid</p><img src="https://example.com/x.png?a=1&amp;b=2" alt="" width="600" height="400" loading="lazy" /><p>After</p>';

const english = messagesFor("en").t;

describe("an article body on a lite page", () => {
  test("finds each photo's address, as stored", () => {
    expect(bodyPhotoSources(body)).toEqual(["/media/abc.jpg", "https://example.com/x.png?a=1&b=2"]);
  });

  test("each photo becomes a link to its smallest copy that tells its size; no <img> is left", () => {
    const html = liteArticleBody(
      body,
      { "/media/abc.jpg": { src: "/media/abc-400.webp", width: 400, height: 267, size: 31_744 } },
      english,
    );
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('<a href="/media/abc-400.webp" data-lite-photo=""');
    expect(html).toContain(">Show photo · 31 KB</a>");
    expect(html).toContain('aria-label="Show photo · 31 KB: Traders at &quot;Makola&quot;"');
    expect(html).toContain('style="aspect-ratio:400 / 267"');
    // A photo from elsewhere: its own address, its own size attributes, no size claimed.
    expect(html).toContain('<a href="https://example.com/x.png?a=1&amp;b=2" data-lite-photo=""');
    expect(html).toContain('data-width="600" data-height="400"');
    expect(html).toContain('aria-label="Show photo"');
    expect(html.startsWith("<p>Before</p>")).toBe(true);
    expect(html.endsWith("<p>After</p>")).toBe(true);
  });

  test("an embedded video becomes a link to it", () => {
    const html = liteArticleBody(
      '<p>Watch</p><iframe src="https://www.youtube-nocookie.com/embed/abc" allowfullscreen="true"></iframe>',
      {},
      english,
    );
    expect(html).toBe(
      '<p>Watch</p><p><a href="https://www.youtube-nocookie.com/embed/abc" rel="noopener noreferrer" target="_blank">Watch the video</a></p>',
    );
  });

  test("a photo the author linked keeps the author's link, with the photo named inside it", () => {
    const html = liteArticleBody(
      '<p><a href="https://example.com/report"><img src="/media/abc.jpg" alt="Chart" /></a></p>',
      {
        "/media/abc.jpg": { src: "/media/abc-400.webp", width: 400, height: 267, size: 2048 },
      },
      english,
    );
    expect(html).toMatch(
      /^<p><a href="https:\/\/example.com\/report"><span class="[^"]*">Show photo · 2 KB<\/span><\/a><\/p>$/,
    );
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  test("the placeholder and the video link are in the page's language, escaped as text", () => {
    const html = liteArticleBody(
      '<img src="/media/abc.jpg" alt="" /><iframe src="https://example.com/v"></iframe>',
      { "/media/abc.jpg": { src: "/media/abc-400.webp", width: 400, height: 267, size: 2048 } },
      (key, values) => `<${key}> "${values?.size ?? ""}"`,
    );
    expect(html).toContain('aria-label="&lt;lite.showPhotoSize&gt; &quot;2&quot;"');
    expect(html).toContain(">&lt;lite.showPhotoSize&gt; &quot;2&quot;</a>");
    expect(html).toContain('target="_blank">&lt;lite.watchVideo&gt; &quot;&quot;</a>');
  });
});
