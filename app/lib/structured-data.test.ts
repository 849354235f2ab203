import { expect, test } from "vitest";
import {
  breadcrumbLd,
  HEADLINE_MAX,
  headlineOf,
  newsArticleLd,
  sameAsOf,
  webSiteLd,
} from "./structured-data";

const site = { siteTitle: "Accra Daily", siteDescription: "News", origin: "https://news.example.com" };
const facts = {
  title: "Cocoa price rises",
  description: "Farmers will be paid more.",
  path: "/article/cocoa-price-rises",
  images: [],
  datePublished: "2026-11-20T10:00:00.000Z",
  dateModified: "2026-11-21T10:00:00.000Z",
  authorName: "",
  tags: [],
};

test("a headline is cut at a word to at most 110 characters, with an ellipsis; a short one is kept", () => {
  expect(headlineOf("  Short   title ")).toBe("Short title");
  const long = headlineOf("word ".repeat(40));
  expect(long.length).toBeLessThanOrEqual(HEADLINE_MAX);
  expect(long).toMatch(/^(word )+word…$/);
  // One unbroken word is cut where it must be.
  expect(headlineOf("x".repeat(200))).toBe(`${"x".repeat(109)}…`);
});

test("a story without a byline is the publication's; no image means no image property, never a made-up one", () => {
  const ld = newsArticleLd(site, facts);
  expect(ld.author).toEqual([
    { "@type": "Organization", name: "Accra Daily", url: "https://news.example.com/" },
  ]);
  expect(ld).not.toHaveProperty("image");
  expect(ld).not.toHaveProperty("keywords");
  expect(ld).not.toHaveProperty("articleSection");
});

test("images are absolute and listed once, best first", () => {
  const ld = newsArticleLd(site, {
    ...facts,
    images: ["/media/2026/a-share.jpg", "https://cdn.example.com/a.jpg", "/media/2026/a-share.jpg", ""],
  });
  expect(ld.image).toEqual([
    "https://news.example.com/media/2026/a-share.jpg",
    "https://cdn.example.com/a.jpg",
  ]);
});

test("sameAs takes only the social links that are web addresses", () => {
  expect(
    sameAsOf({
      facebook: " https://facebook.com/x ",
      twitter: "@x",
      instagram: "",
      linkedin: "javascript:alert(1)",
    }),
  ).toEqual(["https://facebook.com/x"]);
  expect(sameAsOf(undefined)).toEqual([]);
});

test("an edition's structured data names its pages inside it; the logo and images stay the site's", () => {
  const twi = { ...site, editionPrefix: "/tw" };
  const ld = newsArticleLd(twi, {
    ...facts,
    authorName: "Ama",
    authorPath: "/author/ama",
    images: ["/a.png"],
  });
  expect(ld.url).toBe("https://news.example.com/tw/article/cocoa-price-rises");
  expect(ld.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": ld.url });
  expect(ld.author).toEqual([
    { "@type": "Person", name: "Ama", url: "https://news.example.com/tw/author/ama" },
  ]);
  expect(ld.image).toEqual(["https://news.example.com/a.png"]);
  expect(ld.publisher).toMatchObject({
    url: "https://news.example.com/tw/",
    logo: { url: "https://news.example.com/images/logo-512.png" },
  });
  expect(breadcrumbLd(twi, [{ name: "Home", path: "/" }]).itemListElement).toEqual([
    { "@type": "ListItem", position: 1, name: "Home", item: "https://news.example.com/tw/" },
  ]);
  expect(webSiteLd(twi)).toMatchObject({
    url: "https://news.example.com/tw/",
    potentialAction: { target: { urlTemplate: "https://news.example.com/tw/search?q={search_term_string}" } },
  });
});
