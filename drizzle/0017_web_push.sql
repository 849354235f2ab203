CREATE TABLE "push_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"article_id" text,
	"update_id" text,
	"title" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_alerts_kind" CHECK (kind IN ('breaking', 'update')),
	CONSTRAINT "push_alerts_status" CHECK (status IN ('sending', 'sent', 'capped'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "web_push_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_alerts" ADD CONSTRAINT "push_alerts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_alerts" ADD CONSTRAINT "push_alerts_update_id_live_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."live_updates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_alerts_breaking_once" ON "push_alerts" USING btree ("article_id") WHERE "push_alerts"."kind" = 'breaking';--> statement-breakpoint
CREATE UNIQUE INDEX "push_alerts_update_once" ON "push_alerts" USING btree ("update_id");--> statement-breakpoint
CREATE INDEX "push_alerts_created_idx" ON "push_alerts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");