-- The slug rule of app/lib/slug.ts (`slugify`): lower case, '&' to 'and', other non-alphanumerics to single
-- dashes. IMMUTABLE so the generated tag_slugs column and the backfills below can use it; a change to the rule
-- is a new migration that redefines it (and rewrites tag_slugs with it).
CREATE FUNCTION newsdesk_slug(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trim(both '-' from regexp_replace(replace(lower(value), '&', ' and '), '[^a-z0-9]+', '-', 'g'))
$$;--> statement-breakpoint
CREATE FUNCTION newsdesk_tag_slugs(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT s), '{}'::text[]) FROM (SELECT newsdesk_slug(t) AS s FROM unnest(tags) AS t) AS x WHERE s <> ''
$$;--> statement-breakpoint
CREATE TABLE "article_slugs" (
	"slug" varchar(120) PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token" text NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"ip_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_lowercase" CHECK ("newsletter_subscribers"."email" = lower("newsletter_subscribers"."email")),
	CONSTRAINT "newsletter_subscribers_status" CHECK (status IN ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_status";--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "timezone" SET DEFAULT 'Africa/Accra';--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "slug" varchar(120);--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "seo_title" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "seo_description" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "tag_slugs" text[] GENERATED ALWAYS AS (newsdesk_tag_slugs(tags)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "analytics_exclude_staff" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "ads_excluded_paths" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "ads_hide_for_staff" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slug" varchar(120);--> statement-breakpoint
ALTER TABLE "article_slugs" ADD CONSTRAINT "article_slugs_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_slugs_article_idx" ON "article_slugs" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_unique" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_unique" ON "newsletter_subscribers" USING btree ("token");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_unique" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_tag_slugs_idx" ON "articles" USING gin ("tag_slugs");--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("scheduled_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_unique" ON "users" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_status" CHECK (status IN ('draft', 'published', 'pending', 'scheduled'));--> statement-breakpoint
-- Every existing story and staff member gets a readable address: the slug of the title or name, cut to 60
-- characters, with the start of the id added where two would be the same.
UPDATE "articles" AS a SET "slug" = x.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY created_at, id) = 1 THEN base
    ELSE base || '-' || left(id, 8) END AS slug
  FROM (SELECT id, created_at, coalesce(nullif(trim(both '-' from left(newsdesk_slug(title), 60)), ''), 'story') AS base FROM "articles") AS b
) AS x WHERE a.id = x.id;--> statement-breakpoint
UPDATE "users" AS u SET "slug" = x.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY created_at, id) = 1 THEN base
    ELSE base || '-' || left(id, 8) END AS slug
  FROM (SELECT id, created_at, coalesce(nullif(trim(both '-' from left(newsdesk_slug(name), 60)), ''), 'staff') AS base FROM "users") AS b
) AS x WHERE u.id = x.id;
