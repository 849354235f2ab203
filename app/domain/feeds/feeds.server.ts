/**
 * Machine-read files: robots.txt, ads.txt, sitemaps and the RSS feeds (the site's, a category's, a live
 * story's updates). Published content only.
 */
import { and, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles, categories, liveUpdates, users, type Settings } from "#app/db/schema";
import { bodyHead, listedSummary } from "#app/domain/articles/article-cards.server";
import { inLanguage, isPublished } from "#app/domain/articles/published.server";
import {
  ARTICLE_FAMILY,
  publishedVersionsColumn,
  translatedFamilies,
  type PublishedVersion,
} from "#app/domain/articles/story-versions.server";
import { editionPrefix, inEdition, type PageEdition } from "#app/lib/editions";
import { articlePath, authorPath, storyPath } from "#app/lib/paths";
import { categoryFeedPath, liveFeedPath, liveFeedTitle } from "#app/lib/seo";
import { alternatesOf, type Alternate } from "#app/lib/story-versions";
import { stripHtml, truncate } from "#app/lib/text";

/**
 * Characters XML 1.0 forbids anywhere, even escaped (control characters other than tab, newline and
 * carriage return, lone surrogates, U+FFFE and U+FFFF): one pasted into a title (a \x0b from a word
 * processor) would make the whole feed or sitemap unreadable to every parser, so they are dropped.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text or an attribute value for XML: forbidden characters dropped, markup characters escaped. */
export const escapeXml = (value: string) =>
  value
    .replace(NOT_XML, "")
    .replace(
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

/** At most this many author and tag pages each: the rest of the 50,000 addresses are stories. */
const SITEMAP_AUTHORS_AND_TAGS = 2_000;

/**
 * The editions readers can open (decision record 022): their stories are listed at their own addresses;
 * a switched-off edition's pages answer 404, so its stories are left out.
 */
export interface FeedEditions {
  mainTag: string;
  enabledTags: string[];
}

export async function sitemapXml(db: DbOrTx, baseUrl: string, editions: FeedEditions): Promise<string> {
  const [categoryRows, authorRows, tagRows] = await Promise.all([
    db.select({ slug: categories.slug, updatedAt: categories.updatedAt }).from(categories).limit(500),
    // Author pages with a published story (the page lists the stories of the account).
    db
      .selectDistinct({ slug: users.slug })
      .from(users)
      .innerJoin(articles, and(eq(articles.authorId, users.id), isPublished()))
      .where(isNotNull(users.slug))
      .orderBy(users.slug)
      .limit(SITEMAP_AUTHORS_AND_TAGS),
    // Tag pages: every tag slug a published story has.
    db
      .selectDistinct({ slug: sql<string>`unnest(${articles.tagSlugs})` })
      .from(articles)
      .where(isPublished())
      .orderBy(sql`1`)
      .limit(SITEMAP_AUTHORS_AND_TAGS),
  ]);
  const tagSlugs = tagRows.map((r) => r.slug).filter(Boolean);
  const editionHomes = editions.enabledTags
    .filter((tag) => tag !== editions.mainTag)
    .map((tag) => inEdition(editionPrefix(tag, editions.mainTag), "/"));
  const articleRows = await sitemapStories(
    db,
    editions,
    SITEMAP_LIMIT -
      STATIC_PATHS.length -
      editionHomes.length -
      categoryRows.length -
      authorRows.length -
      tagSlugs.length,
  );
  const url = (loc: string, lastmod?: Date, alternates: Alternate[] = []) =>
    `  <url><loc>${escapeXml(baseUrl + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}${alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(baseUrl + a.path)}"/>`).join("")}</url>`;
  // The editions' homes name each other, `/` the x-default (as their pages' heads do).
  const homes = alternatesOf(
    editions.enabledTags.map((tag) => ({
      tag,
      path: inEdition(editionPrefix(tag, editions.mainTag), "/"),
      isOriginal: tag === editions.mainTag,
    })),
  );
  const storyAlternates = (versions: PublishedVersion[] | null) =>
    alternatesOf(
      (versions ?? []).map((v) => ({
        tag: v.language,
        path: storyPath(v, editions.mainTag),
        isOriginal: v.isOriginal,
      })),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...STATIC_PATHS.map((p) => url(p, undefined, p === "/" ? homes : [])),
    ...editionHomes.map((p) => url(p, undefined, homes)),
    ...categoryRows.map((c) => url(`/category/${c.slug}`, c.updatedAt)),
    ...authorRows.map((a) => url(authorPath(a.slug ?? ""))),
    ...tagSlugs.map((slug) => url(`/tag/${encodeURIComponent(slug)}`)),
    ...articleRows.map((a) => url(storyPath(a, editions.mainTag), a.updatedAt, storyAlternates(a.versions))),
    "</urlset>",
  ].join("\n");
}

/**
 * The sitemap's stories, newest first, each with its published versions when it has another (decision
 * record 022, point 8). One statement: the families with a published translation are found first (a
 * handful among 100,000 stories, through the `(id, is_original)` index), and only their stories read
 * their versions. At 100,000 stories (one in a hundred translated) on the test's PGlite, best of six: the
 * statement 2.10 s against 2.12 s without versions; a versions column on every row read the family index
 * 50,000 times, 2.78 s.
 */
function sitemapStories(db: DbOrTx, editions: FeedEditions, limit: number) {
  const translated = translatedFamilies(db, editions.enabledTags);
  return db
    .with(translated)
    .select({
      id: articles.id,
      slug: articles.slug,
      language: articles.language,
      updatedAt: articles.updatedAt,
      versions: sql<PublishedVersion[] | null>`case when ${translated.family} is not null
        then ${publishedVersionsColumn(ARTICLE_FAMILY)} end`,
    })
    .from(articles)
    .leftJoin(translated, eq(translated.family, ARTICLE_FAMILY))
    .where(and(isPublished(), inArray(articles.language, editions.enabledTags)))
    .orderBy(desc(articles.displayDate))
    .limit(limit);
}

/** Google News sitemap: articles published in the last two days (at most 1000), each in its own language. */
export async function newsSitemapXml(
  db: DbOrTx,
  baseUrl: string,
  siteTitle: string,
  editions: FeedEditions,
): Promise<string> {
  const since = new Date(Date.now() - 2 * 24 * 3600_000);
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      language: articles.language,
      title: articles.title,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(
      and(isPublished(), gte(articles.publishedAt, since), inArray(articles.language, editions.enabledTags)),
    )
    .orderBy(desc(articles.publishedAt))
    .limit(1000);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...rows.map(
      (a) =>
        `  <url><loc>${escapeXml(`${baseUrl}${storyPath(a, editions.mainTag)}`)}</loc><news:news><news:publication><news:name>${escapeXml(siteTitle)}</news:name><news:language>${escapeXml(a.language)}</news:language></news:publication><news:publication_date>${a.publishedAt?.toISOString()}</news:publication_date><news:title>${escapeXml(a.title)}</news:title></news:news></url>`,
    ),
    "</urlset>",
  ].join("\n");
}

/** How many stories a feed lists, newest first. */
const RSS_ITEMS = 20;

type FeedSettings = Pick<Settings, "siteTitle" | "siteDescription" | "language">;

/** The edition a feed is of: its stories, its addresses and its `<language>` (decision record 022). */
type FeedEdition = Pick<PageEdition, "tag" | "prefix">;

/** The category a per-category feed is for: found by its slug exactly, as the category page links it. */
export interface FeedCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
}

/** The feed of one category's stories (null when there is no such category: the route answers 404). */
export async function feedCategory(db: DbOrTx, slug: string): Promise<FeedCategory | null> {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row ?? null;
}

/**
 * RSS 2.0 (https://www.rssboard.org/rss-specification): an edition's newest published stories, or one
 * category's with `category`. Every text goes through `escapeXml`; dates are RFC 822 (`toUTCString`).
 */
export async function rssXml(
  db: DbOrTx,
  baseUrl: string,
  settings: FeedSettings,
  edition: FeedEdition,
  category?: FeedCategory,
) {
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      // An excerpt nobody wrote is the body's opening, read for the listed rows only.
      contentHead: bodyHead,
      authorName: articles.authorName,
      displayDate: articles.displayDate,
      updatedAt: articles.updatedAt,
      categoryName: categories.name,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      and(
        isPublished(),
        inLanguage(edition.tag),
        category ? eq(articles.categoryId, category.id) : undefined,
      ),
    )
    .orderBy(desc(articles.displayDate))
    .limit(RSS_ITEMS);
  const items = rows.map((a) => {
    const link = escapeXml(baseUrl + inEdition(edition.prefix, articlePath(a)));
    return [
      "    <item>",
      `      <title>${escapeXml(a.title)}</title>`,
      `      <link>${link}</link>`,
      // The id's address stays the item's identity when an editor changes the slug (it redirects).
      `      <guid isPermaLink="true">${escapeXml(`${baseUrl}/article/${a.id}`)}</guid>`,
      `      <description>${escapeXml(a.excerpt || listedSummary({ contentHead: a.contentHead, excerpt: "" }))}</description>`,
      a.categoryName ? `      <category>${escapeXml(a.categoryName)}</category>` : "",
      a.authorName ? `      <dc:creator>${escapeXml(a.authorName)}</dc:creator>` : "",
      `      <pubDate>${a.displayDate.toUTCString()}</pubDate>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  // The channel changed when its newest-edited story did; an empty feed was built now.
  const lastBuild = rows.reduce<Date | null>(
    (latest, a) => (!latest || a.updatedAt > latest ? a.updatedAt : latest),
    null,
  );
  const title = category ? `${settings.siteTitle} - ${category.name}` : settings.siteTitle;
  const description = (category?.description.trim() || settings.siteDescription).trim() || title;
  const home =
    baseUrl + inEdition(edition.prefix, category ? `/category/${encodeURIComponent(category.slug)}` : "/");
  const self = baseUrl + inEdition(edition.prefix, category ? categoryFeedPath(category.slug) : "/rss.xml");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(home)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    `    <language>${escapeXml(edition.tag)}</language>`,
    `    <lastBuildDate>${(lastBuild ?? new Date()).toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
  ].join("\n");
}

/** How many updates a live story's feed lists, newest first (the reader page shows 20 a page). */
const LIVE_FEED_ITEMS = 50;
/** An untitled update's item title: the opening of its text, cut at a word. */
const LIVE_ITEM_TITLE_LENGTH = 100;

export const LIVE_FEED_TEXT = {
  /** An item's title for an update with neither a title nor text: the form refuses one, a row written by hand may be. */
  untitledUpdate: "Live update",
} as const;

/** The story a live feed is for: published, and its coverage started at some time (ended or not). */
export interface LiveFeedStory {
  id: string;
  slug: string | null;
  language: string;
  title: string;
  excerpt: string;
  liveStartedAt: Date;
}

/**
 * The published story with this id whose coverage has started, live or ended (ended coverage keeps its
 * page, so its feed stays); null for a draft or a story never live: the route answers 404.
 */
export async function liveFeedStory(db: DbOrTx, articleId: string): Promise<LiveFeedStory | null> {
  const [row] = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      language: articles.language,
      title: articles.title,
      excerpt: articles.excerpt,
      liveStartedAt: articles.liveStartedAt,
    })
    .from(articles)
    // A gated story's updates are for readers with access, and a feed reader is none (decision record 021).
    .where(and(eq(articles.id, articleId), isPublished(), eq(articles.access, "public")))
    .limit(1);
  // Never live: no feed (a null start is also what narrows the type).
  return row?.liveStartedAt ? { ...row, liveStartedAt: row.liveStartedAt } : null;
}

/**
 * RSS 2.0 of a live story's published updates, newest first: each item is an update, at its anchor on
 * the story's page. Pending updates (a writer's, waiting for review) never appear. Read straight from
 * `live_updates` by its stream index rather than `publicLiveStream`: the feed wants 50 and no key
 * points or count, and it shows plain text, so the stored HTML is never rendered here.
 */
export async function liveUpdatesRss(
  db: DbOrTx,
  baseUrl: string,
  settings: FeedSettings,
  story: LiveFeedStory,
) {
  const rows = await db
    .select({
      id: liveUpdates.id,
      title: liveUpdates.title,
      content: liveUpdates.content,
      authorName: liveUpdates.authorName,
      createdAt: liveUpdates.createdAt,
      editedAt: liveUpdates.editedAt,
    })
    .from(liveUpdates)
    .where(and(eq(liveUpdates.articleId, story.id), eq(liveUpdates.status, "published")))
    .orderBy(desc(liveUpdates.createdAt), desc(liveUpdates.id))
    .limit(LIVE_FEED_ITEMS);
  // The story's page in its own edition; the feed's own address stays bare (slugs are global).
  const storyUrl = baseUrl + storyPath(story, settings.language);
  const items = rows.map((update) => {
    const text = stripHtml(update.content);
    const title =
      update.title.trim() || truncate(text, LIVE_ITEM_TITLE_LENGTH) || LIVE_FEED_TEXT.untitledUpdate;
    // The anchor the story's page gives each update (id="update-<id>"): a reader lands on it.
    const link = escapeXml(`${storyUrl}#update-${update.id}`);
    return [
      "    <item>",
      `      <title>${escapeXml(title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <description>${escapeXml(text)}</description>`,
      update.authorName ? `      <dc:creator>${escapeXml(update.authorName)}</dc:creator>` : "",
      `      <pubDate>${update.createdAt.toUTCString()}</pubDate>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  // The channel changed when its newest update arrived or an update was last edited; before the first
  // update, when the coverage started.
  const lastBuild = rows.reduce((latest, update) => {
    const changed =
      update.editedAt && update.editedAt > update.createdAt ? update.editedAt : update.createdAt;
    return changed > latest ? changed : latest;
  }, story.liveStartedAt);
  const title = liveFeedTitle(settings.siteTitle, story.title);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(storyUrl)}</link>`,
    `    <description>${escapeXml(stripHtml(story.excerpt) || title)}</description>`,
    `    <language>${escapeXml(story.language)}</language>`,
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(baseUrl + liveFeedPath(articlePath(story)))}" rel="self" type="application/rss+xml"/>`,
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
