ALTER TABLE "settings" ADD COLUMN "newsletter_digest_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "newsletter_digest_hour" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "newsletter_breaking_email" boolean DEFAULT false NOT NULL;