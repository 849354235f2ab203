-- Featured and Breaking News wait for publication: a scheduled or draft story may hold a flag, and the
-- live story keeps its own until the flagged one goes live (app/domain/articles/admin.server.ts, takeFlag).
DROP INDEX "articles_one_featured";--> statement-breakpoint
DROP INDEX "articles_one_top_story";--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_featured" ON "articles" USING btree ("featured") WHERE featured and status = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_top_story" ON "articles" USING btree ("is_top_story") WHERE is_top_story and status = 'published';