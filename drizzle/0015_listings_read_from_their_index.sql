DROP INDEX "articles_author_idx";--> statement-breakpoint
DROP INDEX "articles_published_listing_idx";--> statement-breakpoint
DROP INDEX "articles_category_listing_idx";--> statement-breakpoint
CREATE INDEX "articles_author_listing_idx" ON "articles" USING btree ("author_id","status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"published_at");--> statement-breakpoint
CREATE INDEX "articles_published_listing_idx" ON "articles" USING btree ("status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"published_at");--> statement-breakpoint
CREATE INDEX "articles_category_listing_idx" ON "articles" USING btree ("category_id","status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"published_at");