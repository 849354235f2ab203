CREATE TABLE "member_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sign_in_links" (
	"id" text PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" text PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_email_lowercase" CHECK ("members"."email" = lower("members"."email"))
);
--> statement-breakpoint
CREATE TABLE "metered_reads" (
	"member_id" text NOT NULL,
	"article_id" text NOT NULL,
	"month" date NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metered_reads_member_id_month_article_id_pk" PRIMARY KEY("member_id","month","article_id")
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"plan" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passes_plan" CHECK (plan IN ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"member_id" text,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"plan" text,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'GHS' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" varchar(20) NOT NULL,
	"channel" varchar(40) DEFAULT '' NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"provider_transaction_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	CONSTRAINT "payments_kind" CHECK (kind IN ('pass', 'donation')),
	CONSTRAINT "payments_plan" CHECK (plan IN ('day', 'week', 'month')),
	CONSTRAINT "payments_status" CHECK (status IN ('pending', 'paid', 'failed', 'mismatch', 'refunded')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "access" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pass_day_price" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pass_week_price" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pass_month_price" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "meter_paid_stories" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_reads" ADD CONSTRAINT "metered_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_reads" ADD CONSTRAINT "metered_reads_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_sign_in_links_email_idx" ON "member_sign_in_links" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_unique" ON "members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "passes_payment_unique" ON "passes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "passes_member_ends_idx" ON "passes" USING btree ("member_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_unique" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_member_idx" ON "payments" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_access" CHECK (access IN ('public', 'members', 'paid'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_pass_prices" CHECK ("settings"."pass_day_price" >= 0 AND "settings"."pass_week_price" >= 0 AND "settings"."pass_month_price" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_meter_paid_stories" CHECK ("settings"."meter_paid_stories" BETWEEN 0 AND 100);