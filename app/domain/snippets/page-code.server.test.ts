import { describe, expect, test } from "vitest";
import { injectPageCode, wrapBodyStart } from "./html-injector.server";
import { adSenseClientId, adsScript, analyticsScript, pageCode } from "./page-code.server";
import { SNIPPET_DEFAULTS, type CodeSnippet } from "./snippet-rules";

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36";

const snippet = (over: Partial<CodeSnippet>): CodeSnippet => ({
  id: "s",
  name: "S",
  ...SNIPPET_DEFAULTS,
  includePaths: ["*"],
  excludePaths: [],
  code: "",
  ...over,
});

const base = {
  adsEnabled: false,
  adsPublisherId: "",
  adsNonPersonalized: false,
  customHeadHtml: "",
  customBodyStartHtml: "",
  customBodyEndHtml: "",
  codeSnippets: [] as CodeSnippet[],
};

describe("page code", () => {
  const settings = {
    ...base,
    customHeadHtml: '<meta name="custom-head">',
    customBodyEndHtml: "<p>custom end</p>",
    codeSnippets: [
      snippet({ id: "a", code: '<meta name="site-verify" content="v">', excludePaths: ["/article/*"] }),
      snippet({ id: "b", code: "<p>phones</p>", location: "body_start", deviceDisplay: "mobile" }),
    ],
  };

  test("a public page gets the matching snippets and the custom code", () => {
    expect(pageCode(settings, "/", DESKTOP)).toEqual({
      head: '<meta name="custom-head">\n<meta name="site-verify" content="v">',
      bodyStart: "",
      bodyEnd: "<p>custom end</p>",
      variesByDevice: true,
    });
    expect(pageCode(settings, "/", PHONE)?.bodyStart).toBe("<p>phones</p>");
    expect(pageCode(settings, "/article/42", DESKTOP)?.head).toBe('<meta name="custom-head">');
  });

  test("the back office gets nothing, so a broken snippet cannot lock staff out", () => {
    expect(pageCode(settings, "/admin", DESKTOP)).toBeNull();
    expect(pageCode(settings, "/admin/code", DESKTOP)).toBeNull();
    expect(pageCode(settings, "/admin/login", DESKTOP)).toBeNull();
    expect(pageCode(settings, "/administrators-guide", DESKTOP)).not.toBeNull();
  });
});

describe("the ad network script (Ads loading)", () => {
  const src = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890";

  test("loads with the publisher id only when ads are enabled and an id is set", () => {
    expect(adsScript({ ...base, adsEnabled: true, adsPublisherId: "pub-1234567890" })).toBe(
      `<script async src="${src}" crossorigin="anonymous"></script>`,
    );
    expect(adsScript({ ...base, adsEnabled: true, adsPublisherId: "ca-pub-1234567890" })).toContain(src);
    expect(adsScript({ ...base, adsEnabled: false, adsPublisherId: "pub-1234567890" })).toBe("");
    expect(adsScript({ ...base, adsEnabled: true, adsPublisherId: "" })).toBe("");
    expect(adSenseClientId('pub-1"><script>')).toBeNull();
  });

  test("non-personalised sets the personalisation-off flag before the script", () => {
    const html = adsScript({
      ...base,
      adsEnabled: true,
      adsPublisherId: "pub-1234567890",
      adsNonPersonalized: true,
    });
    expect(html).toMatch(
      /^<script>\(adsbygoogle=window\.adsbygoogle\|\|\[\]\)\.requestNonPersonalizedAds=1<\/script><script async src=/,
    );
  });

  test("goes first in the head of public pages, never in the back office", () => {
    const s = { ...base, adsEnabled: true, adsPublisherId: "pub-1234567890", customHeadHtml: "<meta>" };
    expect(pageCode(s, "/contact", DESKTOP)?.head).toMatch(/^<script async src=.*<\/script>\n<meta>$/);
    expect(pageCode(s, "/admin/ads", DESKTOP)).toBeNull();
  });
});

describe("putting the code into a document", () => {
  const doc =
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Ghana – news</title></head>' +
    '<body class="min-h-screen"><div id="app">Akwaaba ✓</div><script>window.x="</bo"</script></body></html>';
  const html = { head: "<meta name=h>", bodyStart: "<p>start</p>", bodyEnd: "<p>end</p>" };
  const expected =
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Ghana – news</title><meta name=h></head>' +
    `<body class="min-h-screen">${wrapBodyStart("<p>start</p>")}<div id="app">Akwaaba ✓</div>` +
    '<script>window.x="</bo"</script><p>end</p></body></html>';

  test("puts the code before </head>, right after <body …> and before </body>", () => {
    expect(injectPageCode(doc, html)).toBe(expected);
  });

  test("the body's end is the document's last </body>, not one an article quotes", () => {
    const quoting = doc.replace("Akwaaba ✓", "write &lt;/body&gt; or </body>");
    expect(injectPageCode(quoting, html)).toMatch(/or <\/body><\/div><script>.*<p>end<\/p><\/body><\/html>$/);
  });

  test("leaves the document as it is when there is nothing to add", () => {
    expect(injectPageCode(doc, { head: "", bodyStart: "", bodyEnd: "" })).toBe(doc);
  });

  test("body-start code that is empty adds no wrapper", () => {
    expect(injectPageCode(doc, { ...html, bodyStart: "" })).not.toContain("nd-snippets");
  });
});

describe("analytics tags (Settings → Analytics)", () => {
  const base = {
    adsEnabled: false,
    adsPublisherId: "",
    adsNonPersonalized: false,
    customHeadHtml: "",
    customBodyStartHtml: "",
    customBodyEndHtml: "",
    codeSnippets: [],
  };
  const ids = { googleAnalyticsId: "G-ABC123XYZ", facebookPixelId: "1234567890" };

  test("gtag.js loads async with its config, and the pixel comes with its noscript image", () => {
    const head = analyticsScript(ids);
    expect(head).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ">');
    expect(head).toContain("gtag('config','G-ABC123XYZ')");
    expect(head).toContain("fbq('init','1234567890')");
    expect(head).toContain('<noscript><img height="1" width="1" style="display:none" alt=""');
  });

  test("an id of the wrong shape never reaches a script; empty ids add nothing", () => {
    expect(analyticsScript({ googleAnalyticsId: "G-1');alert(1)//", facebookPixelId: "12<script>" })).toBe(
      "",
    );
    expect(analyticsScript({ googleAnalyticsId: "", facebookPixelId: "" })).toBe("");
    expect(analyticsScript({ googleAnalyticsId: "UA-1234567-1", facebookPixelId: "" })).toContain(
      "UA-1234567-1",
    );
  });

  test("public pages only, and left out when the page is for excluded staff", () => {
    expect(pageCode({ ...base, ...ids }, "/", DESKTOP)?.head).toContain("googletagmanager");
    expect(pageCode({ ...base, ...ids }, "/", DESKTOP, { withAnalytics: false })?.head).toBe("");
    expect(pageCode({ ...base, ...ids }, "/Admin/Settings", DESKTOP)).toBeNull();
  });
});
