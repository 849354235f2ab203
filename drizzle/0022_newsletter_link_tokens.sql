-- One token per purpose (issue 40): the old token stays the unsubscribe token, so the footer link and the
-- one-click List-Unsubscribe of every issue already sent keep working. A pending reader's old token was
-- only ever mailed in their confirmation e-mail: it becomes their confirm token, so that link still
-- confirms, and they get a new unsubscribe token. Every open image and counted link mailed before counts
-- nothing from now on (the counted links still lead to their stories).
ALTER TABLE "newsletter_deliveries" DROP CONSTRAINT "newsletter_deliveries_status";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "counts_token" text;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET
	"confirm_token" = CASE WHEN "status" = 'pending' THEN "token"
		ELSE replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') END,
	"token" = CASE WHEN "status" = 'pending'
		THEN replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') ELSE "token" END,
	"counts_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "confirm_token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "counts_token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token_unique" ON "newsletter_subscribers" USING btree ("confirm_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_counts_token_unique" ON "newsletter_subscribers" USING btree ("counts_token");--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_status" CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped'));
