CREATE TABLE "activity_log" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" text,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"action" varchar(100) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_type" CHECK (type IN ('article', 'comment', 'user', 'media', 'settings'))
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"category_id" text,
	"author_id" text,
	"author_name" text DEFAULT '' NOT NULL,
	"author_image" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"is_top_story" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"read_time" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"youtube_url" text DEFAULT '' NOT NULL,
	"use_manual_date" boolean DEFAULT false NOT NULL,
	"manual_date" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"display_date" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN use_manual_date AND manual_date IS NOT NULL THEN manual_date ELSE COALESCE(published_at, created_at) END) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '') || ' ' || coalesce(author_name, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "articles_status" CHECK (status IN ('draft', 'published', 'pending')),
	CONSTRAINT "articles_views_non_negative" CHECK ("articles"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" varchar(20) DEFAULT '#1e3a8a' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"parent_id" text,
	"author_name" varchar(100) NOT NULL,
	"author_email" varchar(254) NOT NULL,
	"text" varchar(5000) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_status" CHECK (status IN ('pending', 'approved', 'rejected', 'spam'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"message" varchar(5000) NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status" CHECK (status IN ('new', 'read', 'replied', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" text DEFAULT 'image' NOT NULL,
	"url" text NOT NULL,
	"storage_key" text DEFAULT '' NOT NULL,
	"alt" varchar(200) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by_id" text,
	"uploaded_by" text DEFAULT '' NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"mime_type" text DEFAULT '' NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_type" CHECK (type IN ('image', 'video', 'document', 'audio')),
	CONSTRAINT "media_status" CHECK (status IN ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"message" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type" CHECK (type IN ('comment', 'user', 'article', 'system', 'other'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_title" varchar(100) DEFAULT 'Newsdesk' NOT NULL,
	"site_description" varchar(200) DEFAULT 'Your Trusted Source for News' NOT NULL,
	"site_url" text DEFAULT '' NOT NULL,
	"admin_email" text DEFAULT '' NOT NULL,
	"street_address" varchar(200) DEFAULT '' NOT NULL,
	"contact_number" varchar(20) DEFAULT '' NOT NULL,
	"posts_per_page" integer DEFAULT 10 NOT NULL,
	"allow_comments" boolean DEFAULT true NOT NULL,
	"moderate_comments" boolean DEFAULT true NOT NULL,
	"auto_approve_comments" boolean DEFAULT false NOT NULL,
	"show_rejected_comments" boolean DEFAULT false NOT NULL,
	"show_spam_comments" boolean DEFAULT false NOT NULL,
	"enable_newsletter" boolean DEFAULT true NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"date_format" text DEFAULT 'F j, Y' NOT NULL,
	"time_format" text DEFAULT 'g:i a' NOT NULL,
	"start_of_week" integer DEFAULT 1 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"social_media" jsonb DEFAULT '{"facebook":"","twitter":"","instagram":"","youtube":"","linkedin":"","tiktok":"","telegram":"","whatsapp":"","pinterest":""}'::jsonb NOT NULL,
	"google_analytics_id" varchar(20) DEFAULT '' NOT NULL,
	"facebook_pixel_id" varchar(20) DEFAULT '' NOT NULL,
	"seo_meta_description" varchar(300) DEFAULT '' NOT NULL,
	"seo_meta_keywords" varchar(200) DEFAULT '' NOT NULL,
	"google_site_verification" varchar(100) DEFAULT '' NOT NULL,
	"bing_site_verification" varchar(100) DEFAULT '' NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"maintenance_message" varchar(500) DEFAULT 'Site is under maintenance. Please check back soon.' NOT NULL,
	"cache_enabled" boolean DEFAULT true NOT NULL,
	"cache_duration" integer DEFAULT 3600 NOT NULL,
	"ads_enabled" boolean DEFAULT false NOT NULL,
	"ads_publisher_id" text DEFAULT '' NOT NULL,
	"ads_auto_ads_enabled" boolean DEFAULT false NOT NULL,
	"ads_non_personalized" boolean DEFAULT false NOT NULL,
	"ad_slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_head_html" text DEFAULT '' NOT NULL,
	"custom_body_start_html" text DEFAULT '' NOT NULL,
	"custom_body_end_html" text DEFAULT '' NOT NULL,
	"code_snippets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_posts_per_page" CHECK ("settings"."posts_per_page" BETWEEN 1 AND 100),
	CONSTRAINT "settings_cache_duration" CHECK ("settings"."cache_duration" BETWEEN 300 AND 86400),
	CONSTRAINT "settings_start_of_week" CHECK ("settings"."start_of_week" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(100) NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'writer' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"bio" varchar(500) DEFAULT '' NOT NULL,
	"avatar_url" varchar(2048) DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role" CHECK (role IN ('admin', 'editor', 'writer', 'subscriber', 'author')),
	CONSTRAINT "users_status" CHECK (status IN ('active', 'inactive', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_featured" ON "articles" USING btree ("featured") WHERE featured;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_top_story" ON "articles" USING btree ("is_top_story") WHERE is_top_story;--> statement-breakpoint
CREATE INDEX "articles_status_date_idx" ON "articles" USING btree ("status","display_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_category_date_idx" ON "articles" USING btree ("category_id","status","display_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_views_idx" ON "articles" USING btree ("status","views" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "comments_article_idx" ON "comments" USING btree ("article_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_status_idx" ON "comments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_uploaded_idx" ON "media" USING btree ("uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");