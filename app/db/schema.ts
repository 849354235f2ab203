/**
 * The whole data model of Newsdesk, PostgreSQL dialect (PGlite embedded or a PostgreSQL server).
 * One canonical column per field, never the same field under two names. Enum-like fields are text columns
 * typed with the lists of app/lib/enums.ts and checked by the database with a CHECK constraint built from the
 * same list: changing a list is one generated migration (drop and add the constraint), where a PostgreSQL
 * enum type could not drop a value and needs a rewrite of every column that uses it.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import * as enums from "#app/lib/enums";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
/** 24 random bytes as base64url (32 characters): a newsletter link's token. */
export const newLinkToken = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Builds `CHECK (column IN (...))` for an enum-like text column. */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(", ")})`);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export interface SocialLinks {
  facebook: string;
  twitter: string;
  instagram: string;
  youtube: string;
  linkedin: string;
  tiktok: string;
  telegram: string;
  whatsapp: string;
  pinterest: string;
}

/**
 * An ad unit, kept in settings.adSlots (jsonb). `key`, `slotId`, `format` and `sizes` are the spec's
 * fields (name, the publisher's unit id, the size); the optional rest came with placing units on pages
 * (app/domain/ads/ad-units.ts reads old entries without them).
 */
export interface AdSlot {
  key: string;
  slotId: string;
  active: boolean;
  format: string;
  sizes?: string[];
  id?: string;
  name?: string;
  /** Where the unit goes: header, in_article, sidebar or footer. */
  placement?: string;
  /** In-article units: after this paragraph of the body. */
  afterParagraph?: number;
  size?: string;
  /** The ad code pasted by an admin (HTML), used instead of the unit id when set. */
  code?: string;
}

export interface CodeSnippet {
  id: string;
  name: string;
  type: "script" | "html" | "meta";
  siteDisplay: "sitewide" | "homepage" | "posts" | "pages";
  includePaths: string[];
  excludePaths: string[];
  location: "head" | "body_start" | "body_end";
  deviceDisplay: "all" | "desktop" | "mobile";
  status: "active" | "inactive";
  code: string;
}

/** The one settings record ('general'); the check keeps it to a single row. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    siteTitle: varchar("site_title", { length: 100 }).notNull().default("Newsdesk"),
    siteDescription: varchar("site_description", { length: 200 })
      .notNull()
      .default("Your Trusted Source for News"),
    siteUrl: text("site_url").notNull().default(""),
    adminEmail: text("admin_email").notNull().default(""),
    streetAddress: varchar("street_address", { length: 200 }).notNull().default(""),
    contactNumber: varchar("contact_number", { length: 20 }).notNull().default(""),
    postsPerPage: integer("posts_per_page").notNull().default(10),
    allowComments: boolean("allow_comments").notNull().default(true),
    moderateComments: boolean("moderate_comments").notNull().default(true),
    autoApproveComments: boolean("auto_approve_comments").notNull().default(false),
    showRejectedComments: boolean("show_rejected_comments").notNull().default(false),
    showSpamComments: boolean("show_spam_comments").notNull().default(false),
    enableNewsletter: boolean("enable_newsletter").notNull().default(true),
    /**
     * Decision record 018: a daily digest mailed at this hour of the site's time zone, and an e-mail per
     * Breaking News story.
     */
    newsletterDigestEnabled: boolean("newsletter_digest_enabled").notNull().default(false),
    newsletterDigestHour: integer("newsletter_digest_hour").notNull().default(7),
    newsletterBreakingEmail: boolean("newsletter_breaking_email").notNull().default(false),
    /** Off by default: issues then carry no pixel and no counted links; on, the signup form says so. */
    newsletterOpenCounts: boolean("newsletter_open_counts").notNull().default(false),
    /** New installs read Ghana time; UTC stays for installs made before (decision record 007). */
    timezone: text("timezone").notNull().default("Africa/Accra"),
    dateFormat: text("date_format").notNull().default("F j, Y"),
    timeFormat: text("time_format").notNull().default("g:i a"),
    startOfWeek: integer("start_of_week").notNull().default(1),
    language: text("language").notNull().default("en"),
    socialMedia: jsonb("social_media").$type<SocialLinks>().notNull().default({
      facebook: "",
      twitter: "",
      instagram: "",
      youtube: "",
      linkedin: "",
      tiktok: "",
      telegram: "",
      whatsapp: "",
      pinterest: "",
    }),
    googleAnalyticsId: varchar("google_analytics_id", { length: 20 }).notNull().default(""),
    facebookPixelId: varchar("facebook_pixel_id", { length: 20 }).notNull().default(""),
    /** Analytics tags are left out of pages served to signed-in staff (their visits are not readers'). */
    analyticsExcludeStaff: boolean("analytics_exclude_staff").notNull().default(true),
    /** Admins and editors must set up two-factor sign-in before using the back office. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    seoMetaDescription: varchar("seo_meta_description", { length: 300 }).notNull().default(""),
    seoMetaKeywords: varchar("seo_meta_keywords", { length: 200 }).notNull().default(""),
    googleSiteVerification: varchar("google_site_verification", { length: 100 }).notNull().default(""),
    bingSiteVerification: varchar("bing_site_verification", { length: 100 }).notNull().default(""),
    maintenanceEnabled: boolean("maintenance_enabled").notNull().default(false),
    maintenanceMessage: varchar("maintenance_message", { length: 500 })
      .notNull()
      .default("Site is under maintenance. Please check back soon."),
    cacheEnabled: boolean("cache_enabled").notNull().default(true),
    cacheDuration: integer("cache_duration").notNull().default(3600),
    adsEnabled: boolean("ads_enabled").notNull().default(false),
    adsPublisherId: text("ads_publisher_id").notNull().default(""),
    adsAutoAdsEnabled: boolean("ads_auto_ads_enabled").notNull().default(false),
    adsNonPersonalized: boolean("ads_non_personalized").notNull().default(false),
    adSlots: jsonb("ad_slots").$type<AdSlot[]>().notNull().default([]),
    /** Paths (prefixes, as snippets read them) where no ad is placed. */
    adsExcludedPaths: text("ads_excluded_paths")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Signed-in staff see pages without ads. */
    adsHideForStaff: boolean("ads_hide_for_staff").notNull().default(true),
    customHeadHtml: text("custom_head_html").notNull().default(""),
    customBodyStartHtml: text("custom_body_start_html").notNull().default(""),
    customBodyEndHtml: text("custom_body_end_html").notNull().default(""),
    codeSnippets: jsonb("code_snippets").$type<CodeSnippet[]>().notNull().default([]),
    /**
     * Reader revenue (decision record 021): each pass's price in pesewas (GHS 1 = 100 pesewas; 0: that
     * pass is not sold), and how many paid stories a month a free member may read (0: no meter).
     */
    passDayPrice: integer("pass_day_price").notNull().default(200),
    passWeekPrice: integer("pass_week_price").notNull().default(1000),
    passMonthPrice: integer("pass_month_price").notNull().default(3000),
    meterPaidStories: integer("meter_paid_stories").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check("settings_posts_per_page", sql`${t.postsPerPage} BETWEEN 1 AND 100`),
    check("settings_cache_duration", sql`${t.cacheDuration} BETWEEN 300 AND 86400`),
    check("settings_start_of_week", sql`${t.startOfWeek} IN (0, 1)`),
    check(
      "settings_pass_prices",
      sql`${t.passDayPrice} >= 0 AND ${t.passWeekPrice} >= 0 AND ${t.passMonthPrice} >= 0`,
    ),
    check("settings_meter_paid_stories", sql`${t.meterPaidStories} BETWEEN 0 AND 100`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: varchar("email", { length: 254 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    /** Null for accounts imported from the old system: they must set a password first. */
    passwordHash: text("password_hash"),
    role: text("role", { enum: enums.USER_ROLES }).notNull().default("writer"),
    status: text("status", { enum: enums.USER_STATUSES }).notNull().default("active"),
    bio: varchar("bio", { length: 500 }).notNull().default(""),
    avatarUrl: varchar("avatar_url", { length: 2048 }).notNull().default(""),
    /** The author page's address, /author/<slug>; null until the person is given one. */
    slug: varchar("slug", { length: 120 }),
    website: text("website").notNull().default(""),
    location: text("location").notNull().default(""),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_slug_unique").on(t.slug),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_role", oneOf("role", enums.USER_ROLES)),
    check("users_status", oneOf("status", enums.USER_STATUSES)),
  ],
);

/** Sign-in sessions. The cookie holds a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address").notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Single-use links e-mailed to staff (app/auth/account-links.server.ts): a password reset or an
 * invitation to choose a first password. Only the token's SHA-256 is stored; using a link deletes it.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 20 }).$type<enums.AccountLinkPurpose>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("account_links_user_idx").on(t.userId),
    check("account_links_purpose", oneOf("purpose", enums.ACCOUNT_LINK_PURPOSES)),
  ],
);

/**
 * Two-factor sign-in (app/auth/two-factor.server.ts): the account's authenticator secret, kept apart from
 * `users` so that no query of users ever carries it. `pendingSecret` is the one shown during set-up, until
 * a code from the app confirms it; `lastStep` is the time step of the last code accepted, so no code
 * works twice.
 */
export const twoFactor = pgTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret"),
  pendingSecret: text("pending_secret"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: integer("last_step"),
});

/** One-time recovery codes for two-factor sign-in; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in half done: the password was right and the account has two-factor sign-in, so the browser
 * holds this challenge's token (not a session) until it sends a code. Short-lived, a few tries each.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failures: integer("failures").notNull().default(0),
  },
  (t) => [index("sign_in_challenges_user_idx").on(t.userId)],
);

/**
 * Browsers that have signed in to an account before (OWASP's "device cookie"): the cookie carries a
 * random token, this table its SHA-256 and the accounts it has signed in to. Such a browser is not
 * held back by the lockouts an attacker elsewhere sets off (app/auth/throttle.server.ts).
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.email] })],
);

/**
 * Failed sign-in counters: per account and client address ('pair:<email>|<addr>'), per address
 * ('ip:<addr>'), per account from unknown browsers ('account:<email>', a high ceiling) and per known
 * browser ('device:<hash>|<email>').
 */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * The languages the site publishes in (decision record 022). The main edition is the row whose tag is
 * Settings → General's language, at the root of the site; every other one lives under `/{tag}/`. An
 * edition is added switched off: its pages answer 404 until an admin switches it on.
 */
export const editions = pgTable(
  "editions",
  {
    /** A BCP 47 tag (`tw`, `gaa`, `ee`, `ha`, `dag`): the address prefix, `<html lang>` and `hreflang`. */
    tag: text("tag").primaryKey(),
    /** The edition's name in its own language, as the readers' switcher shows it. */
    name: varchar("name", { length: 60 }).notNull(),
    position: integer("position").notNull().default(0),
    enabled: boolean("enabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("editions_tag", sql`${t.tag} ~ '^[a-z]{2,3}(-[a-z0-9]{2,8})*$'`)],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    slug: varchar("slug", { length: 120 }).notNull(),
    description: text("description").notNull().default(""),
    color: varchar("color", { length: 20 }).notNull().default("#1e3a8a"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_name_unique").on(t.name), uniqueIndex("categories_slug_unique").on(t.slug)],
);

/** A category's name and description in an edition; without a row the main edition's are shown. */
export const categoryNames = pgTable(
  "category_names",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    edition: text("edition")
      .notNull()
      .references(() => editions.tag, { onUpdate: "cascade", onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.edition] })],
);

export const articles = pgTable(
  "articles",
  {
    id: id(),
    title: text("title").notNull(),
    /** The readable address, /article/<slug>; earlier slugs live in `article_slugs` and redirect here. */
    slug: varchar("slug", { length: 120 }),
    /** Overrides for the page title and description search engines and shares show (empty: the story's own). */
    seoTitle: varchar("seo_title", { length: 120 }).notNull().default(""),
    seoDescription: varchar("seo_description", { length: 300 }).notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    /**
     * md5 of the sanitiser's version and the body, written only by code that sanitised it
     * (app/lib/sanitize.server.ts): pages trust a body whose hash matches and sanitise any other (a row
     * written by hand or before this column) on the spot; start-up re-sanitises those rows.
     */
    contentSafeHash: text("content_safe_hash").notNull().default(""),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull().default(""),
    authorImage: text("author_image").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The tags' slugs (/tag/<slug>), computed by the database with `tagSlug`'s rule (app/lib/slug.ts). */
    tagSlugs: text("tag_slugs")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`newsdesk_tag_slugs(tags)`),
    status: text("status", { enum: enums.ARTICLE_STATUSES }).notNull().default("draft"),
    /** Who reads it in full (decision record 021); the rest get the preview, up to the body's cut. */
    access: text("access", { enum: enums.ARTICLE_ACCESS }).notNull().default("public"),
    featured: boolean("featured").notNull().default(false),
    isTopStory: boolean("is_top_story").notNull().default(false),
    /**
     * Views counted before per-day counting began (migrated and imported totals, whose days are
     * unknown). New views go to `article_views`; an article's total is this plus its days there
     * (`totalViews` in app/domain/articles/views.server.ts), so a view never rewrites the article row.
     */
    views: integer("views").notNull().default(0),
    readTime: text("read_time").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    youtubeUrl: text("youtube_url").notNull().default(""),
    useManualDate: boolean("use_manual_date").notNull().default(false),
    manualDate: timestamp("manual_date", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The minute a `scheduled` story goes live; the scheduler publishes it then (one instance does). */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** When the live text last changed after publication: readers see "Updated <time>". */
    revisedAt: timestamp("revised_at", { withTimezone: true }),
    /** Shown to readers under the story when an editor marked the latest live change as a correction. */
    correctionNote: varchar("correction_note", { length: 500 }).notNull().default(""),
    /**
     * Live coverage (decision record 016): the story is live from `liveStartedAt` until `liveEndedAt`; its
     * updates are in `live_updates`. Ended coverage keeps both times (LiveBlogPosting's coverage start and
     * end).
     */
    liveStartedAt: timestamp("live_started_at", { withTimezone: true }),
    liveEndedAt: timestamp("live_ended_at", { withTimezone: true }),
    /** An editor let writers' updates to this published live story go out without review. */
    writersPostLiveDirectly: boolean("writers_post_live_directly").notNull().default(false),
    /** The edition the story is in (decision record 022): the site's language unless written in another. */
    language: text("language")
      .notNull()
      .default("en")
      .references(() => editions.tag, { onUpdate: "cascade" }),
    /**
     * The original this story translates; null for an original. A translation of a translation is refused by
     * the key onto `(id, is_original)` below: the row it names must be an original.
     */
    translationOf: text("translation_of"),
    isOriginal: boolean("is_original")
      .notNull()
      .generatedAlwaysAs(sql`translation_of IS NULL`),
    /** True for a translation, null for an original: the key below then checks nothing for an original. */
    namesOriginal: boolean("names_original").generatedAlwaysAs(
      sql`CASE WHEN translation_of IS NOT NULL THEN true END`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The date readers see: the manual date when set, else the publish date, else the creation date. */
    displayDate: timestamp("display_date", { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN use_manual_date AND manual_date IS NOT NULL THEN manual_date ELSE COALESCE(published_at, created_at) END`,
      ),
    /**
     * Stored, weighted search document; ranking on it avoids recomputing to_tsvector per row. Made in the
     * story's language: its stemmer, or folded letters where PostgreSQL has none (drizzle/0029, decision
     * record 022, point 9); search.server.ts makes its queries with the same two functions.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(newsdesk_search_config(language), newsdesk_search_text(language, coalesce(title, ''))), 'A') || setweight(to_tsvector(newsdesk_search_config(language), newsdesk_search_text(language, coalesce(excerpt, '') || ' ' || coalesce(author_name, ''))), 'B') || setweight(to_tsvector(newsdesk_search_config(language), newsdesk_search_text(language, coalesce(content, ''))), 'C')`,
      ),
  },
  (t) => [
    check("articles_status", oneOf("status", enums.ARTICLE_STATUSES)),
    check("articles_access", oneOf("access", enums.ARTICLE_ACCESS)),
    check("articles_views_non_negative", sql`${t.views} >= 0`),
    // At most one published featured and one published breaking (top story) article, whatever path sets
    // the flag. A story not yet live may hold a flag: it takes it from the live one when it is published.
    // Per edition (decision record 022).
    uniqueIndex("articles_one_featured")
      .on(t.language)
      .where(sql`featured and status = 'published'`),
    uniqueIndex("articles_one_top_story")
      .on(t.language)
      .where(sql`is_top_story and status = 'published'`),
    // One version of a story per language; every translation names an original (decision record 022).
    uniqueIndex("articles_one_version_per_language").on(sql`(coalesce(translation_of, id))`, t.language),
    check("articles_not_own_translation", sql`translation_of <> id`),
    uniqueIndex("articles_id_original").on(t.id, t.isOriginal),
    foreignKey({
      name: "articles_translation_names_original",
      columns: [t.translationOf, t.namesOriginal],
      foreignColumns: [t.id, t.isOriginal],
    }),
    // Listings order by the displayed date with the id as tie-break; the index serves both, so a page
    // reads its rows in order instead of sorting every published article. The publish date comes last
    // (a column of the index, not of its order) so that "published and its date has come" is answered
    // from the index alone: a deep page's ids and a listing's marks (page-marks.server.ts) skip tens of
    // thousands of entries without reading their rows (PostgreSQL, page 5,000 of 100,000: 82 ms to 7).
    // Each edition lists its own stories: the language leads the main listing and trending, and comes second
    // where a category or an author leads (decision record 022, point 4).
    index("articles_published_listing_idx").on(
      t.language,
      t.status,
      t.displayDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.publishedAt,
    ),
    index("articles_category_listing_idx").on(
      t.categoryId,
      t.language,
      t.status,
      t.displayDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.publishedAt,
    ),
    // An author page in date order (it sorted all of a prolific author's stories); also serves the
    // author's foreign key when an account is deleted.
    index("articles_author_listing_idx").on(
      t.authorId,
      t.language,
      t.status,
      t.displayDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.publishedAt,
    ),
    // Trending reads the newest articles by creation date. (ORDER BY ... DESC puts nulls first: so must the index.)
    index("articles_status_created_idx").on(t.language, t.status, t.createdAt.desc().nullsFirst()),
    // The news sitemap reads the last two days of publishing.
    index("articles_status_published_idx").on(t.status, t.publishedAt.desc().nullsFirst()),
    uniqueIndex("articles_slug_unique").on(t.slug),
    index("articles_tag_slugs_idx").using("gin", t.tagSlugs),
    // The scheduler reads the stories whose minute has come.
    index("articles_scheduled_idx")
      .on(t.scheduledAt)
      .where(sql`status = 'scheduled'`),
    index("articles_search_idx").using("gin", t.searchVector),
  ],
);

/**
 * Views per article per day (UTC): the view counter adds 1 to today's row with one upsert instead of
 * rewriting the article row and every index on it; totals and trending sum these, the newsroom charts them.
 */
export const articleViews = pgTable(
  "article_views",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day] }), index("article_views_day_idx").on(t.day)],
);

/** What a revision keeps of an article: the fields a save writes (the article form's values). */
export interface RevisionSnapshot {
  title: string;
  excerpt: string;
  content: string;
  categoryId: string | null;
  tags: string[];
  imageUrl: string;
  youtubeUrl: string;
  authorName: string;
  useManualDate: boolean;
  /** ISO date-time, or null. */
  manualDate: string | null;
  status: string;
  /** Search & sharing overrides; absent in revisions saved before they existed (read as unchanged). */
  seoTitle?: string;
  seoDescription?: string;
}

/**
 * Every save of an article keeps a revision (who, when, what changed). A writer's change to a published
 * story is stored here as `proposed` and reaches the article row only when an editor approves it.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: id(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: varchar("author_name", { length: 100 }).notNull().default(""),
    state: text("state", { enum: enums.REVISION_STATES }).notNull().default("applied"),
    snapshot: jsonb("snapshot").$type<RevisionSnapshot>().notNull(),
    /** The snapshot's fields that differ from the revision before it. */
    changedFields: text("changed_fields")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Saved by the editor's autosave: the next autosave by the same person replaces it. */
    autosave: boolean("autosave").notNull().default(false),
    isCorrection: boolean("is_correction").notNull().default(false),
    correctionNote: varchar("correction_note", { length: 500 }).notNull().default(""),
    reviewedById: text("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    reviewedByName: varchar("reviewed_by_name", { length: 100 }).notNull().default(""),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** The editor's note to the writer when a proposal is rejected. */
    reviewNote: varchar("review_note", { length: 500 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("article_revisions_state", oneOf("state", enums.REVISION_STATES)),
    index("article_revisions_article_idx").on(t.articleId, t.createdAt.desc()),
    // The dashboard and the notifications count proposals waiting for review.
    index("article_revisions_proposed_idx")
      .on(t.createdAt.desc())
      .where(sql`state = 'proposed'`),
  ],
);

/**
 * The updates of a live story (decision record 016), shown newest first under its key points (`isPinned`, at
 * most three a story). The body is sanitised HTML with its hash, as an article's (`contentSafeHash`).
 */
export const liveUpdates = pgTable(
  "live_updates",
  {
    id: id(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: varchar("author_name", { length: 100 }).notNull().default(""),
    title: varchar("title", { length: 200 }).notNull().default(""),
    content: text("content").notNull(),
    contentSafeHash: text("content_safe_hash").notNull().default(""),
    status: text("status", { enum: enums.LIVE_UPDATE_STATUSES }).notNull().default("published"),
    isPinned: boolean("is_pinned").notNull().default(false),
    /** Sent as a breaking-news alert to the story's subscribers when published. */
    isAlert: boolean("is_alert").notNull().default(false),
    createdAt: createdAt(),
    /** Set when an editor changes a published update: readers see it marked as edited. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [
    check("live_updates_status", oneOf("status", enums.LIVE_UPDATE_STATUSES)),
    // The stream reads one story's published updates newest first, a page at a time.
    index("live_updates_stream_idx").on(
      t.articleId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The site's VAPID key pair (RFC 8292) for web push: made on first use and kept here, so every instance
 * signs with the one key browsers subscribed with (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY replace it).
 */
export const webPushKeys = pgTable("web_push_keys", {
  id: integer("id").primaryKey().default(1),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
});

/**
 * A reader's browser that asked for alerts: its push service endpoint and keys, and what it follows:
 * `breaking` (Breaking News) and `story:<article id>` (a live story).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    topics: text("topics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastDeliveredAt: timestamp("last_delivered_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint)],
);

/**
 * Every alert the newsroom's actions made, sent or held back by the hourly cap, with what its sending
 * did: the back office's counts, the cap's clock, and the guarantee that a story or update alerts once.
 */
export const pushAlerts = pgTable(
  "push_alerts",
  {
    id: id(),
    kind: text("kind", { enum: enums.PUSH_ALERT_KINDS }).notNull(),
    articleId: text("article_id").references(() => articles.id, { onDelete: "set null" }),
    updateId: text("update_id").references(() => liveUpdates.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status", { enum: enums.PUSH_ALERT_STATUSES }).notNull().default("sending"),
    recipients: integer("recipients").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Subscriptions the push service said are gone (404/410), deleted while sending. */
    removed: integer("removed").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("push_alerts_kind", oneOf("kind", enums.PUSH_ALERT_KINDS)),
    check("push_alerts_status", oneOf("status", enums.PUSH_ALERT_STATUSES)),
    // A story alerts as Breaking News once, an update once, whatever saves or instances race.
    uniqueIndex("push_alerts_breaking_once")
      .on(t.articleId)
      .where(sql`${t.kind} = 'breaking'`),
    uniqueIndex("push_alerts_update_once").on(t.updateId),
    index("push_alerts_created_idx").on(t.createdAt.desc()),
  ],
);

/** Slugs an article had before: /article/<old slug> answers 301 to the current one. */
export const articleSlugs = pgTable(
  "article_slugs",
  {
    slug: varchar("slug", { length: 120 }).primaryKey(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("article_slugs_article_idx").on(t.articleId)],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    parentId: text("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    authorName: varchar("author_name", { length: 100 }).notNull(),
    authorEmail: varchar("author_email", { length: 254 }).notNull(),
    text: varchar("text", { length: 5000 }).notNull(),
    status: text("status", { enum: enums.COMMENT_STATUSES }).notNull().default("pending"),
    likes: integer("likes").notNull().default(0),
    ipAddress: text("ip_address").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("comments_status", oneOf("status", enums.COMMENT_STATUSES)),
    index("comments_article_idx").on(t.articleId, t.createdAt.desc()),
    index("comments_status_idx").on(t.status, t.createdAt.desc()),
    // The back office's article filter reads the newest comments.
    index("comments_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export interface MediaVariant {
  width: number;
  height: number;
  url: string;
  key: string;
  format: string;
  /**
   * The stored copy's size in bytes, for a reader who chooses whether to load it ("Show photo · 31 KB").
   * Absent on copies made before it was recorded until the start-up backfill reaches them.
   */
  size?: number;
}

export const media = pgTable(
  "media",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    type: text("type", { enum: enums.MEDIA_TYPES }).notNull().default("image"),
    url: text("url").notNull(),
    /** Where the file lives in the storage adapter; empty for media added by URL. */
    storageKey: text("storage_key").notNull().default(""),
    alt: varchar("alt", { length: 200 }).notNull().default(""),
    description: varchar("description", { length: 500 }).notNull().default(""),
    /** Shown under the image on the article page, with the credit. */
    caption: varchar("caption", { length: 500 }).notNull().default(""),
    credit: varchar("credit", { length: 200 }).notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featured: boolean("featured").notNull().default(false),
    status: text("status", { enum: enums.MEDIA_STATUSES }).notNull().default("active"),
    size: integer("size").notNull().default(0),
    width: integer("width"),
    height: integer("height"),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default([]),
    uploadedById: text("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    uploadedBy: text("uploaded_by").notNull().default(""),
    originalName: text("original_name").notNull().default(""),
    mimeType: text("mime_type").notNull().default(""),
    /**
     * SHA-256 (hex) of the stored bytes, for items the importer made from an inline data-URL image: a
     * second import of the same export finds the item by its content (the old app's images have no id
     * or address of their own) instead of storing the image again. Null for everything else.
     */
    contentHash: text("content_hash"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("media_type", oneOf("type", enums.MEDIA_TYPES)),
    check("media_status", oneOf("status", enums.MEDIA_STATUSES)),
    index("media_uploaded_idx").on(t.uploadedAt.desc()),
    // Reader pages find the copies of the images they show by the key in each URL, in one query.
    index("media_storage_key_idx").on(t.storageKey),
    // One item per image: two imports running at once cannot both store it.
    uniqueIndex("media_content_hash_idx").on(t.contentHash),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    type: text("type", { enum: enums.NOTIFICATION_TYPES }).notNull().default("other"),
    message: text("message").notNull(),
    link: text("link").notNull().default(""),
    /** Set for a notification meant for one person (a writer's rejected proposal); else everyone in `audience`. */
    recipientId: text("recipient_id").references(() => users.id, { onDelete: "cascade" }),
    /** The roles that may open the link; nobody else sees the notification. */
    audience: text("audience")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_type", oneOf("type", enums.NOTIFICATION_TYPES)),
    index("notifications_created_idx").on(t.createdAt.desc()),
  ],
);

/** One staff member's state of one notification: read and dismissed are per person. */
export const notificationReceipts = pgTable(
  "notification_receipts",
  {
    notificationId: text("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index("notification_receipts_user_idx").on(t.userId),
  ],
);

export const activityLog = pgTable(
  "activity_log",
  {
    id: id(),
    type: text("type", { enum: enums.ACTIVITY_TYPES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: varchar("user_name", { length: 50 }).notNull().default(""),
    action: varchar("action", { length: 100 }).notNull(),
    title: varchar("title", { length: 100 }).notNull().default(""),
    description: varchar("description", { length: 200 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("activity_log_type", oneOf("type", enums.ACTIVITY_TYPES)),
    index("activity_log_created_idx").on(t.createdAt.desc()),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull().default(""),
    message: varchar("message", { length: 5000 }).notNull(),
    status: text("status", { enum: enums.CONTACT_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_messages_status", oneOf("status", enums.CONTACT_STATUSES)),
    index("contact_messages_created_idx").on(t.createdAt.desc()),
  ],
);

/** Readers who asked for the newsletter, with the moment they consented (the signup form's tick). */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: varchar("email", { length: 254 }).notNull(),
    status: text("status", { enum: enums.SUBSCRIBER_STATUSES }).notNull().default("pending"),
    /**
     * Each link a reader is mailed carries a random token that does that link's one thing
     * (`app/domain/newsletter/signup.server.ts`): an image proxy that loads the open image, or a
     * scanner that follows the confirmation, learns nothing that unsubscribes. `token` unsubscribes (the
     * footer's link, `List-Unsubscribe`); before migration 0022 every link carried it.
     */
    token: text("token").notNull(),
    /** Only in the confirmation e-mail's link: confirms a pending signup. */
    confirmToken: text("confirm_token").notNull().$defaultFn(newLinkToken),
    /** Only in the open image and counted story links (while open counts are on): counts, nothing else. */
    countsToken: text("counts_token").notNull().$defaultFn(newLinkToken),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When their mail server refused an issue for good (status `bounced`), and what it said. */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    bounceReason: text("bounce_reason").notNull().default(""),
    ipAddress: text("ip_address").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.token),
    uniqueIndex("newsletter_subscribers_confirm_token_unique").on(t.confirmToken),
    uniqueIndex("newsletter_subscribers_counts_token_unique").on(t.countsToken),
    check("newsletter_subscribers_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("newsletter_subscribers_status", oneOf("status", enums.SUBSCRIBER_STATUSES)),
    index("newsletter_subscribers_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * The editions a subscriber reads the newsletter in (decision record 022, point 11): the signup's ticked
 * editions, a row each. The main tag's rename cascades; a subscriber left with none is unsubscribed.
 */
export const newsletterSubscriberEditions = pgTable(
  "newsletter_subscriber_editions",
  {
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    edition: text("edition")
      .notNull()
      .references(() => editions.tag, { onUpdate: "cascade", onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.edition] }),
    // An issue's recipients are read from its edition's side, as a rename's or a removal's cascade is.
    index("newsletter_subscriber_editions_edition_idx").on(t.edition, t.subscriberId),
  ],
);

/** The frozen content of an issue, as it is mailed (app/domain/newsletter/issue-mail.ts renders it). */
export interface NewsletterIssueStory {
  articleId: string;
  title: string;
  excerpt: string;
  url: string;
  image: { url: string; width: number; height: number; alt: string } | null;
  /**
   * The breaking-news e-mail's story, whole, as mail HTML and text (app/domain/newsletter/mail-body.server.ts),
   * with its access and, for a gated story, its preview: each reader is mailed what they may read
   * (decision record 021). Absent in composed issues and digests, which mail summaries.
   */
  body?: {
    access: enums.ArticleAccess;
    full: { html: string; text: string };
    preview: { html: string; text: string } | null;
  };
}

/**
 * Background jobs that one instance at a time runs (server/site-jobs.ts): the holder (`owner`) until
 * `lease_until`, renewed while it runs; a holder that dies leaves its lease to run out and another instance
 * takes it over. A newsletter send keeps its lease on its issue row (`newsletter_issues.lease_owner`).
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  owner: text("owner").notNull(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
});

/**
 * Issues of the newsletter (decision record 018): composed ones, the daily digest (one row per edition and
 * day in the site's time zone, `digest_day`, whoever makes it) and breaking-news e-mails (one per story). While
 * `sending`, one instance holds the lease (`lease_owner` until `lease_until`) and works its deliveries.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: id(),
    kind: text("kind", { enum: enums.NEWSLETTER_ISSUE_KINDS }).notNull().default("issue"),
    status: text("status", { enum: enums.NEWSLETTER_ISSUE_STATUSES }).notNull().default("draft"),
    subject: varchar("subject", { length: 200 }).notNull(),
    intro: text("intro").notNull().default(""),
    /** The chosen stories in order; frozen with their texts when the issue is queued. */
    stories: jsonb("stories").$type<NewsletterIssueStory[]>().notNull().default([]),
    digestDay: text("digest_day"),
    breakingArticleId: text("breaking_article_id"),
    /** The edition whose subscribers it goes to, written in its language (decision record 022, point 11). */
    edition: text("edition")
      .notNull()
      .references(() => editions.tag, { onUpdate: "cascade" }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("newsletter_issues_kind", oneOf("kind", enums.NEWSLETTER_ISSUE_KINDS)),
    check("newsletter_issues_status", oneOf("status", enums.NEWSLETTER_ISSUE_STATUSES)),
    uniqueIndex("newsletter_issues_digest_once").on(t.digestDay, t.edition),
    uniqueIndex("newsletter_issues_breaking_once").on(t.breakingArticleId),
    index("newsletter_issues_status_idx").on(t.status),
    index("newsletter_issues_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * One row per subscriber per issue, made when the issue is queued: the primary key is the promise
 * that nobody gets an issue twice. Worked in `position` order; a temporary failure waits until
 * `next_attempt_at`.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: text("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    status: text("status", { enum: enums.NEWSLETTER_DELIVERY_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Only while open counts are on: the first time the mail's pixel loaded, or one of its links was followed. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    check("newsletter_deliveries_status", oneOf("status", enums.NEWSLETTER_DELIVERY_STATUSES)),
    index("newsletter_deliveries_work_idx").on(t.issueId, t.status, t.position),
  ],
);

/** Rate-limit buckets shared by every instance (view counter, comment and contact posts). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Backups that finished whole (`npm run backup`, from whichever process wrote them: the command itself on
 * PostgreSQL, the server through its control socket on the embedded database), so the dashboard can say
 * when the last one was. Not in a backup itself: a restored site took none of them.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: id(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    folder: text("folder").notNull(),
    tables: integer("tables").notNull(),
    rows: integer("rows").notNull(),
    files: integer("files").notNull(),
    missingFiles: integer("missing_files").notNull().default(0),
  },
  (t) => [index("backup_runs_finished_idx").on(t.finishedAt.desc())],
);

/**
 * Reader accounts (decision record 021): a member signs in by an e-mailed link, never a password, and
 * is never staff: members and their sessions are apart from `users` and `sessions`, so no reader cookie
 * can name a staff account.
 */
export const members = pgTable(
  "members",
  {
    id: id(),
    email: varchar("email", { length: 254 }).notNull(),
    name: varchar("name", { length: 100 }).notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("members_email_unique").on(t.email),
    check("members_email_lowercase", sql`${t.email} = lower(${t.email})`),
  ],
);

/** A member's signed-in browser. The cookie carries a random token; only its SHA-256 is stored. */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("member_sessions_member_idx").on(t.memberId)],
);

/**
 * A mailed sign-in link (30 minutes, single use: following it deletes the row). It names an address,
 * not a member: an address with no account becomes a member when its link is followed.
 */
export const memberSignInLinks = pgTable(
  "member_sign_in_links",
  {
    id: text("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull(),
    /** Where the reader was when they asked (a site path), to take them back there. */
    returnTo: text("return_to").notNull().default("/"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("member_sign_in_links_email_idx").on(t.email)],
);

/**
 * Every payment asked for at checkout, by our own `reference`. Kept when its member deletes their account
 * (the books need it), with the member and address removed.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    reference: text("reference").notNull(),
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    email: varchar("email", { length: 254 }).notNull().default(""),
    kind: text("kind", { enum: enums.PAYMENT_KINDS }).notNull(),
    plan: text("plan", { enum: enums.PASS_PLANS }),
    /** In the currency's smallest unit (pesewas for GHS), as asked at checkout. */
    amount: integer("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("GHS"),
    status: text("status", { enum: enums.PAYMENT_STATUSES }).notNull().default("pending"),
    provider: varchar("provider", { length: 20 }).notNull(),
    /** How the reader paid, as the provider names it (`mobile_money`, `card`); empty until confirmed. */
    channel: varchar("channel", { length: 40 }).notNull().default(""),
    /** A donor's note. */
    message: varchar("message", { length: 500 }).notNull().default(""),
    providerTransactionId: text("provider_transaction_id").notNull().default(""),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_reference_unique").on(t.reference),
    index("payments_member_idx").on(t.memberId),
    index("payments_paid_idx").on(t.paidAt.desc()),
    check("payments_kind", oneOf("kind", enums.PAYMENT_KINDS)),
    check("payments_plan", oneOf("plan", enums.PASS_PLANS)),
    check("payments_status", oneOf("status", enums.PAYMENT_STATUSES)),
    check("payments_amount", sql`${t.amount} > 0`),
  ],
);

/** A pass a payment bought: at most one per payment, so a confirmation that arrives twice grants once. */
export const passes = pgTable(
  "passes",
  {
    id: id(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: enums.PASS_PLANS }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("passes_payment_unique").on(t.paymentId),
    index("passes_member_ends_idx").on(t.memberId, t.endsAt),
    check("passes_plan", oneOf("plan", enums.PASS_PLANS)),
  ],
);

/** Paid stories a free member read on the meter, one row per story and month (`month`: its first day). */
export const meteredReads = pgTable(
  "metered_reads",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.month, t.articleId] })],
);

export type Settings = typeof settings.$inferSelect;
export type User = typeof users.$inferSelect;
export type Article = typeof articles.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Media = typeof media.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewsletterIssue = typeof newsletterIssues.$inferSelect;
export type ArticleRevision = typeof articleRevisions.$inferSelect;
export type Member = typeof members.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Pass = typeof passes.$inferSelect;
