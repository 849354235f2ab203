import { expect, test } from "vitest";
import { pageMeta, siteMetaFrom } from "./seo";

const site = {
  siteTitle: "Daily Ghana",
  siteDescription: "Your Trusted Source for News",
  origin: "https://news.example.com",
};
const find = (tags: ReturnType<typeof pageMeta>, key: string) =>
  tags.find((t) => ("property" in t && t.property === key) || ("name" in t && t.name === key));

test("home: site title and description, website type, default 1200x630 image, large card", () => {
  const tags = pageMeta({ site, path: "/" });
  expect(tags[0]).toEqual({ title: "Daily Ghana - Your Trusted Source for News" });
  expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://news.example.com/" });
  expect(find(tags, "og:type")).toMatchObject({ content: "website" });
  expect(find(tags, "og:image")).toMatchObject({
    content: "https://news.example.com/images/social-default.png",
  });
  expect(find(tags, "og:image:width")).toMatchObject({ content: "1200" });
  expect(find(tags, "og:image:height")).toMatchObject({ content: "630" });
  expect(find(tags, "twitter:card")).toMatchObject({ content: "summary_large_image" });
  expect(find(tags, "article:section")).toBeUndefined();
});

test("an article page is of type article with its time and section", () => {
  const tags = pageMeta({
    site,
    title: "Cocoa harvest",
    description: "Farmers expect more.",
    path: "/article/abc",
    image: "https://cdn.example.com/a.webp",
    article: { publishedTime: "2026-03-05T10:00:00.000Z", section: "Business" },
  });
  expect(tags[0]).toEqual({ title: "Cocoa harvest - Daily Ghana" });
  expect(find(tags, "description")).toMatchObject({ content: "Farmers expect more." });
  expect(find(tags, "og:type")).toMatchObject({ content: "article" });
  expect(find(tags, "og:image")).toMatchObject({ content: "https://cdn.example.com/a.webp" });
  expect(find(tags, "article:published_time")).toMatchObject({ content: "2026-03-05T10:00:00.000Z" });
  expect(find(tags, "article:section")).toMatchObject({ content: "Business" });
});

test("siteMetaFrom reads the site layout's data, with a default when absent", () => {
  expect(siteMetaFrom([{ id: "root" }, { id: "routes/site/layout", loaderData: { site } }])).toBe(site);
  expect(siteMetaFrom([]).siteTitle).toBe("Newsdesk");
});

test("SVG images are not used as share images", () => {
  const tags = pageMeta({ site, path: "/", image: "/images/sample/accra-market.svg" });
  expect(find(tags, "og:image")).toMatchObject({
    content: "https://news.example.com/images/social-default.png",
  });
  expect(find(tags, "twitter:image")).toMatchObject({
    content: "https://news.example.com/images/social-default.png",
  });
});

test("an upload's share image claims its real size; any other URL claims none", () => {
  const shared = pageMeta({
    site,
    path: "/",
    image: { url: "/media/0123456789abcdef01234567-share.jpg", width: 1200, height: 630 },
  });
  expect(find(shared, "og:image")).toMatchObject({
    content: "https://news.example.com/media/0123456789abcdef01234567-share.jpg",
  });
  expect(find(shared, "twitter:image")).toMatchObject({
    content: "https://news.example.com/media/0123456789abcdef01234567-share.jpg",
  });
  expect(find(shared, "og:image:width")).toMatchObject({ content: "1200" });
  expect(find(shared, "og:image:height")).toMatchObject({ content: "630" });

  for (const image of ["https://cdn.example.com/a.webp", { url: "https://cdn.example.com/b.jpg" }]) {
    const external = pageMeta({ site, path: "/", image });
    expect(find(external, "og:image")).toMatchObject({ content: expect.stringMatching(/^https:\/\/cdn/) });
    expect(find(external, "og:image:width")).toBeUndefined();
    expect(find(external, "og:image:height")).toBeUndefined();
  }
});

test("Settings → SEO: the meta description wins over the tagline; keywords and verification tags when set", () => {
  const site = { siteTitle: "Desk", siteDescription: "Tagline", origin: "https://x.test" };
  const plain = pageMeta({ site, path: "/" });
  expect(plain).toContainEqual({ name: "description", content: "Tagline" });
  expect(plain.some((t) => "name" in t && t.name === "keywords")).toBe(false);
  const seo = pageMeta({
    site: {
      ...site,
      metaDescription: "Our own description",
      metaKeywords: "a, b",
      googleSiteVerification: "g1",
      bingSiteVerification: "b1",
    },
    path: "/",
  });
  expect(seo).toContainEqual({ name: "description", content: "Our own description" });
  expect(seo).toContainEqual({ name: "keywords", content: "a, b" });
  expect(seo).toContainEqual({ name: "google-site-verification", content: "g1" });
  expect(seo).toContainEqual({ name: "msvalidate.01", content: "b1" });
});

test("an edition's page names its own addresses: canonical, og:url and feeds, but a live story's feed", () => {
  const tags = pageMeta({
    site: { ...site, editionPrefix: "/tw" },
    path: "/article/abc",
    feeds: [
      { title: "Business", path: "/category/business/rss.xml" },
      { title: "Live", path: "/article/abc/updates.rss", everyEdition: true },
    ],
  });
  expect(tags).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: "https://news.example.com/tw/article/abc",
  });
  expect(find(tags, "og:url")).toMatchObject({ content: "https://news.example.com/tw/article/abc" });
  const feeds = tags
    .filter((tag) => "type" in tag && tag.type === "application/rss+xml")
    .map((tag) => ("href" in tag ? tag.href : undefined));
  expect(feeds).toEqual([
    "https://news.example.com/tw/rss.xml",
    "https://news.example.com/tw/category/business/rss.xml",
    // Slugs are global: the live feed has one address (decision record 022, point 2).
    "https://news.example.com/article/abc/updates.rss",
  ]);
  // The images are the site's, whatever the edition.
  expect(find(tags, "og:image")).toMatchObject({
    content: "https://news.example.com/images/social-default.png",
  });
  expect(pageMeta({ site: { ...site, editionPrefix: "/tw" }, path: "/" })).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: "https://news.example.com/tw/",
  });
});

test("a page's versions are absolute hreflang links beside its own canonical; a lite page has none", () => {
  const alternates = [
    { hreflang: "en", path: "/article/floods" },
    { hreflang: "tw", path: "/tw/article/nsuyiri" },
    { hreflang: "x-default", path: "/article/floods" },
  ];
  const tags = pageMeta({ site: { ...site, editionPrefix: "/tw" }, path: "/article/nsuyiri", alternates });
  expect(tags.filter((tag) => "hrefLang" in tag)).toEqual([
    { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://news.example.com/article/floods" },
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "tw",
      href: "https://news.example.com/tw/article/nsuyiri",
    },
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: "https://news.example.com/article/floods",
    },
  ]);
  expect(tags).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: "https://news.example.com/tw/article/nsuyiri",
  });
  const lite = pageMeta({ site: { ...site, lite: true }, path: "/article/floods", alternates });
  expect(lite.filter((tag) => "hrefLang" in tag)).toEqual([]);
});
