CREATE TABLE "category_names" (
	"category_id" text NOT NULL,
	"edition" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "category_names_category_id_edition_pk" PRIMARY KEY("category_id","edition")
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"tag" text PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_tag" CHECK ("editions"."tag" ~ '^[a-z]{2,3}(-[a-z0-9]{2,8})*$')
);
--> statement-breakpoint
-- The main edition (decision record 022): Settings → General's language, named in its own language.
INSERT INTO "editions" ("tag", "name", "enabled")
  SELECT tag, CASE tag WHEN 'es' THEN 'Español' WHEN 'fr' THEN 'Français' WHEN 'de' THEN 'Deutsch'
    WHEN 'it' THEN 'Italiano' WHEN 'pt' THEN 'Português' WHEN 'ru' THEN 'Русский' WHEN 'zh' THEN '中文'
    WHEN 'ja' THEN '日本語' WHEN 'ko' THEN '한국어' ELSE 'English' END, true
  FROM (SELECT coalesce((SELECT "language" FROM "settings" LIMIT 1), 'en') AS tag) AS main;
--> statement-breakpoint
DROP INDEX "articles_one_featured";
--> statement-breakpoint
DROP INDEX "articles_one_top_story";
--> statement-breakpoint
DROP INDEX "articles_published_listing_idx";
--> statement-breakpoint
DROP INDEX "articles_category_listing_idx";
--> statement-breakpoint
DROP INDEX "articles_author_listing_idx";
--> statement-breakpoint
DROP INDEX "articles_status_created_idx";
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_of" text;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "is_original" boolean GENERATED ALWAYS AS (translation_of IS NULL) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "names_original" boolean GENERATED ALWAYS AS (CASE WHEN translation_of IS NOT NULL THEN true END) STORED;
--> statement-breakpoint
-- Every story so far is in the main edition (a site whose language is not English included).
UPDATE "articles" SET "language" = (SELECT "tag" FROM "editions" LIMIT 1) WHERE "language" <> (SELECT "tag" FROM "editions" LIMIT 1);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_language_editions_tag_fk" FOREIGN KEY ("language") REFERENCES "public"."editions"("tag") ON DELETE no action ON UPDATE cascade;
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_id_original" ON "articles" USING btree ("id","is_original");
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_translation_names_original" FOREIGN KEY ("translation_of","names_original") REFERENCES "public"."articles"("id","is_original") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "category_names" ADD CONSTRAINT "category_names_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "category_names" ADD CONSTRAINT "category_names_edition_editions_tag_fk" FOREIGN KEY ("edition") REFERENCES "public"."editions"("tag") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_version_per_language" ON "articles" USING btree ((coalesce(translation_of, id)),"language");
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_featured" ON "articles" USING btree ("language") WHERE featured and status = 'published';
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_one_top_story" ON "articles" USING btree ("language") WHERE is_top_story and status = 'published';
--> statement-breakpoint
CREATE INDEX "articles_published_listing_idx" ON "articles" USING btree ("language","status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"published_at");
--> statement-breakpoint
CREATE INDEX "articles_category_listing_idx" ON "articles" USING btree ("category_id","language","status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"published_at");
--> statement-breakpoint
CREATE INDEX "articles_author_listing_idx" ON "articles" USING btree ("author_id","language","status","display_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"published_at");
--> statement-breakpoint
CREATE INDEX "articles_status_created_idx" ON "articles" USING btree ("language","status","created_at" DESC NULLS FIRST);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_not_own_translation" CHECK (translation_of <> id);
