-- The newsletter per edition (decision record 022, point 11): a subscriber reads it in the editions they
-- ticked, a row each; every issue is one edition's, written in its language and mailed to its subscribers;
-- the daily digest is one per edition and day. Whatever was there before is the main edition's: the
-- subscribers, and every issue (the digest and breaking e-mails carried the main edition's stories only).
CREATE TABLE "newsletter_subscriber_editions" (
	"subscriber_id" text NOT NULL,
	"edition" text NOT NULL,
	CONSTRAINT "newsletter_subscriber_editions_subscriber_id_edition_pk" PRIMARY KEY("subscriber_id","edition")
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriber_editions" ADD CONSTRAINT "newsletter_subscriber_editions_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriber_editions" ADD CONSTRAINT "newsletter_subscriber_editions_edition_editions_tag_fk" FOREIGN KEY ("edition") REFERENCES "public"."editions"("tag") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_editions_edition_idx" ON "newsletter_subscriber_editions" USING btree ("edition","subscriber_id");--> statement-breakpoint
-- The main edition: Settings' language, as migration 0027 made its row.
INSERT INTO "newsletter_subscriber_editions" ("subscriber_id", "edition")
  SELECT s."id", e."tag" FROM "newsletter_subscribers" s
  JOIN "editions" e ON e."tag" = coalesce((SELECT "language" FROM "settings" LIMIT 1), 'en');--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "edition" text;--> statement-breakpoint
UPDATE "newsletter_issues" SET "edition" = coalesce((SELECT "language" FROM "settings" LIMIT 1), 'en');--> statement-breakpoint
ALTER TABLE "newsletter_issues" ALTER COLUMN "edition" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_edition_editions_tag_fk" FOREIGN KEY ("edition") REFERENCES "public"."editions"("tag") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
DROP INDEX "newsletter_issues_digest_once";--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_digest_once" ON "newsletter_issues" USING btree ("digest_day","edition");
