CREATE TABLE "newsletter_deliveries" (
	"issue_id" text NOT NULL,
	"subscriber_id" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_issue_id_subscriber_id_pk" PRIMARY KEY("issue_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_status" CHECK (status IN ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'issue' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"subject" varchar(200) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"stories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digest_day" text,
	"breaking_article_id" text,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_kind" CHECK (kind IN ('issue', 'digest', 'breaking')),
	CONSTRAINT "newsletter_issues_status" CHECK (status IN ('draft', 'scheduled', 'sending', 'paused', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_status";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounce_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_work_idx" ON "newsletter_deliveries" USING btree ("issue_id","status","position");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_digest_once" ON "newsletter_issues" USING btree ("digest_day");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_breaking_once" ON "newsletter_issues" USING btree ("breaking_article_id");--> statement-breakpoint
CREATE INDEX "newsletter_issues_status_idx" ON "newsletter_issues" USING btree ("status");--> statement-breakpoint
CREATE INDEX "newsletter_issues_created_idx" ON "newsletter_issues" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status" CHECK (status IN ('pending', 'confirmed', 'unsubscribed', 'bounced'));