DROP INDEX "articles_status_date_idx";--> statement-breakpoint
DROP INDEX "articles_category_date_idx";--> statement-breakpoint
CREATE INDEX "articles_published_listing_idx" ON "articles" USING btree ("status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_category_listing_idx" ON "articles" USING btree ("category_id","status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_status_created_idx" ON "articles" USING btree ("status","created_at" DESC NULLS FIRST);