import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { analyticsScript, adsScript } from "./page-code.server";
import { publicCsp, scriptSourcesOf, siteScriptSources } from "./public-csp.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the scripts a public page's admin code needs", () => {
  test("an inline script by the hash of its exact text; data blocks and empty scripts are not scripts", () => {
    const body = "window.ndRan = true;\n";
    const sources = scriptSourcesOf(
      `<p>x</p><SCRIPT type="text/javascript">${body}</SCRIPT>` +
        `<script type="application/ld+json">{"@type":"Thing"}</script><script></script>`,
    );
    expect(sources).toEqual({ hashes: [sha(body)], hosts: [] });
  });

  test("an external script by its origin; our own paths are 'self' already", () => {
    const sources = scriptSourcesOf(
      `<script async src="https://cdn.example.com/a.js?x=1"></script>` +
        `<script src='//widgets.example.org/w.js'></script><script src=/assets/ours.js></script>` +
        `<script src="javascript:alert(1)"></script>`,
    );
    expect(sources).toEqual({
      hashes: [],
      hosts: ["https://cdn.example.com", "https://widgets.example.org"],
    });
  });

  test("Google Analytics, the Facebook Pixel and AdSense get the hosts their loaders pull scripts from", () => {
    const analytics = scriptSourcesOf(
      analyticsScript({ googleAnalyticsId: "G-TEST12345", facebookPixelId: "123456789012" }),
    );
    expect(analytics.hosts).toEqual([
      "https://connect.facebook.net",
      "https://www.google-analytics.com",
      "https://www.googletagmanager.com",
    ]);
    expect(analytics.hashes).toHaveLength(2); // gtag's config and the Pixel's loader
    const ads = scriptSourcesOf(
      adsScript({ adsEnabled: true, adsPublisherId: "pub-1234567890123456", adsNonPersonalized: true }),
    );
    expect(ads.hosts).toContain("https://pagead2.googlesyndication.com");
    expect(ads.hosts).toContain("https://googleads.g.doubleclick.net");
    expect(ads.hashes).toEqual([sha("(adsbygoogle=window.adsbygoogle||[]).requestNonPersonalizedAds=1")]);
  });

  test("the policy: ours, the derived sources, no inline handlers, no plugins, no foreign base", () => {
    expect(publicCsp({ hashes: [], hosts: [] })).toBe(
      "script-src 'self'; script-src-attr 'none'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'",
    );
    expect(publicCsp({ hashes: ["'sha256-abc='"], hosts: ["https://cdn.example.com"] })).toMatch(
      /^script-src 'self' 'sha256-abc=' https:\/\/cdn\.example\.com; /,
    );
  });
});

describe("what Settings → Advanced lists", () => {
  const none = {
    googleAnalyticsId: "",
    facebookPixelId: "",
    adsEnabled: false,
    adsPublisherId: "",
    adsNonPersonalized: false,
    adSlots: [],
    customHeadHtml: "",
    customBodyStartHtml: "",
    customBodyEndHtml: "",
    codeSnippets: [],
  };

  test("nothing configured: only the site's own scripts", () => {
    expect(siteScriptSources(none)).toEqual({ hashes: [], hosts: [] });
  });

  test("active snippets, custom code, analytics and ad units; inactive ones are left out", () => {
    const snippet = (code: string, status: "active" | "inactive") => ({
      id: `s-${status}`,
      name: "Widget",
      code,
      type: "script",
      location: "body_end",
      status,
      siteDisplay: "sitewide",
      deviceDisplay: "all",
      includePaths: [],
      excludePaths: [],
    });
    const sources = siteScriptSources({
      ...none,
      googleAnalyticsId: "G-TEST12345",
      customBodyEndHtml: "<script>window.a=1</script>",
      codeSnippets: [
        snippet('<script src="https://widgets.example.org/w.js"></script>', "active"),
        snippet('<script src="https://off.example.net/x.js"></script>', "inactive"),
      ],
      adsEnabled: true,
      adsPublisherId: "pub-1234567890123456",
      adSlots: [
        {
          id: "u1",
          name: "Header",
          placement: "header",
          afterParagraph: 2,
          size: "728x90",
          source: "code",
          code: "<script>window.ad=1</script>",
          unitId: "",
          active: true,
        },
      ],
    } as unknown as Parameters<typeof siteScriptSources>[0]);
    expect(sources.hosts).toContain("https://widgets.example.org");
    expect(sources.hosts).not.toContain("https://off.example.net");
    expect(sources.hosts).toContain("https://www.googletagmanager.com");
    expect(sources.hosts).toContain("https://pagead2.googlesyndication.com");
    expect(sources.hashes).toContain(sha("window.a=1"));
    expect(sources.hashes).toContain(sha("window.ad=1"));
  });
});
