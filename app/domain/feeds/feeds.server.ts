/**
 * Machine-read files: robots.txt, ads.txt, sitemaps and the RSS feed. Published content only.
 */
import { and, desc, eq, gte } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, categories, type Settings } from "#app/db/schema";
import { isPublished } from "#app/domain/articles/published.server";
import { articlePath } from "#app/lib/paths";

export const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

const SITEMAP_LIMIT = 50_000;
const STATIC_PATHS = [
  "/",
  "/all-articles",
  "/latest-news",
  "/featured-news",
  "/search",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
];

export async function sitemapXml(db: DbOrTx, baseUrl: string): Promise<string> {
  const [articleRows, categoryRows] = await Promise.all([
    db
      .select({ id: articles.id, slug: articles.slug, updatedAt: articles.updatedAt })
      .from(articles)
      .where(isPublished())
      .orderBy(desc(articles.displayDate))
      .limit(SITEMAP_LIMIT - STATIC_PATHS.length - 500),
    db.select({ slug: categories.slug, updatedAt: categories.updatedAt }).from(categories).limit(500),
  ]);
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(baseUrl + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((p) => url(p)),
    ...categoryRows.map((c) => url(`/category/${c.slug}`, c.updatedAt)),
    ...articleRows.map((a) => url(articlePath(a), a.updatedAt)),
    "</urlset>",
  ].join("\n");
}

/** Google News sitemap: articles published in the last two days (at most 1000). */
export async function newsSitemapXml(
  db: DbOrTx,
  baseUrl: string,
  siteTitle: string,
  language: string,
): Promise<string> {
  const since = new Date(Date.now() - 2 * 24 * 3600_000);
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(and(isPublished(), gte(articles.publishedAt, since)))
    .orderBy(desc(articles.publishedAt))
    .limit(1000);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...rows.map(
      (a) =>
        `  <url><loc>${escapeXml(`${baseUrl}${articlePath(a)}`)}</loc><news:news><news:publication><news:name>${escapeXml(siteTitle)}</news:name><news:language>${escapeXml(language)}</news:language></news:publication><news:publication_date>${a.publishedAt?.toISOString()}</news:publication_date><news:title>${escapeXml(a.title)}</news:title></news:news></url>`,
    ),
    "</urlset>",
  ].join("\n");
}

export async function rssXml(
  db: DbOrTx,
  baseUrl: string,
  settings: Pick<Settings, "siteTitle" | "siteDescription" | "language">,
) {
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      authorName: articles.authorName,
      displayDate: articles.displayDate,
      categoryName: categories.name,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(isPublished())
    .orderBy(desc(articles.displayDate))
    .limit(20);
  const items = rows.map((a) =>
    [
      "    <item>",
      `      <title>${escapeXml(a.title)}</title>`,
      `      <link>${escapeXml(`${baseUrl}${articlePath(a)}`)}</link>`,
      // The id's address stays the item's identity when an editor changes the slug (it redirects).
      `      <guid isPermaLink="true">${escapeXml(`${baseUrl}/article/${a.id}`)}</guid>`,
      `      <description>${escapeXml(a.excerpt)}</description>`,
      a.categoryName ? `      <category>${escapeXml(a.categoryName)}</category>` : "",
      a.authorName ? `      <dc:creator>${escapeXml(a.authorName)}</dc:creator>` : "",
      `      <pubDate>${a.displayDate.toUTCString()}</pubDate>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(settings.siteTitle)}</title>`,
    `    <link>${escapeXml(baseUrl)}/</link>`,
    `    <description>${escapeXml(settings.siteDescription)}</description>`,
    `    <language>${escapeXml(settings.language)}</language>`,
    `    <atom:link href="${escapeXml(baseUrl)}/rss.xml" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
  ].join("\n");
}

export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /database-setup",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    `Sitemap: ${baseUrl}/news-sitemap.xml`,
    "",
  ].join("\n");
}

/** ads.txt from the publisher id, only when ads are on (null: no file). */
export function adsTxt(settings: Pick<Settings, "adsEnabled" | "adsPublisherId">): string | null {
  const id = settings.adsPublisherId.trim().replace(/^ca-/, "");
  if (!settings.adsEnabled || !/^pub-\d{6,20}$/.test(id)) return null;
  return `google.com, ${id}, DIRECT, f08c47fec0942fa0\n`;
}
