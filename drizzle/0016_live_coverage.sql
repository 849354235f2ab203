CREATE TABLE "live_updates" (
	"id" text PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"author_id" text,
	"author_name" varchar(100) DEFAULT '' NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"content_safe_hash" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_alert" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "live_updates_status" CHECK (status IN ('published', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "writers_post_live_directly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_updates" ADD CONSTRAINT "live_updates_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_updates" ADD CONSTRAINT "live_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_updates_stream_idx" ON "live_updates" USING btree ("article_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);